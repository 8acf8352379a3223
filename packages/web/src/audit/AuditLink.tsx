import { Link } from "wouter"
import { useMe } from "../app/session.js"
import { audit as words } from "../strings/index.js"
import { auditHref } from "./auditFilters.js"

/**
 * A link from a record to its audit entries (`/audit?targetId=<id>`), for any room to render beside a
 * record; shown only to those holding `audit.view` (the log would refuse anyone else).
 */
export const AuditLink = ({ targetId, children = words.auditLink }: { readonly targetId: string; readonly children?: string }) => {
  const { data: me } = useMe()
  if (me === undefined || !me.permissions.includes("audit.view")) return null
  return <Link href={`~${auditHref({ targetId })}`} className="audit-link">{children}</Link>
}
