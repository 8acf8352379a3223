import { useSearch, useLocation } from "wouter"
import { ApiFailure } from "../api/failure.js"
import type { Me } from "../app/session.js"
import { audit as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { auditHref, FILTER_NAMES, filtersFromSearch, searchOfFilters } from "./auditFilters.js"
import { AuditEntries } from "./AuditEntries.js"
import { AuditFilterForm } from "./AuditFilterForm.js"
import { useAuditLog } from "./queries.js"
import "./audit.css"

/**
 * The audit log (`/audit`, `audit.view`): newest first, filtered by what the address says
 * (`/audit?action=role.permissions.changed&targetId=…`), so a filtered log is a link; "Older" reads on.
 */
const AuditRoom = (_: { readonly me: Me }) => {
  const search = useSearch()
  const [, navigate] = useLocation()
  const filters = filtersFromSearch(search)
  const log = useAuditLog(filters)
  const entries = log.data?.pages.flatMap((page) => page.data) ?? []
  const failure = log.error
  const invalid = failure instanceof ApiFailure
    ? failure.problems.map((problem) => (problem.path[0] === "query" ? problem.path[1] : problem.path[0]) ?? "")
    : []
  return (
    <div className="audit-room">
      <h1>{words.title}</h1>
      <AuditFilterForm key={searchOfFilters(filters)} filters={filters} invalid={invalid} onApply={(next) => navigate(`~${auditHref(next)}`)} />
      <section aria-label={words.entries} aria-live="polite" aria-busy={log.isFetching}>
        <FormProblem failure={failure} shownFields={[...FILTER_NAMES]} />
        {log.isPending && <p className="muted" role="status">{words.loading}</p>}
        {log.isSuccess && <p className="muted" role="status">{entries.length === 0 ? words.noEntries : words.count(entries.length, log.hasNextPage)}</p>}
        {entries.length > 0 && <AuditEntries entries={entries} />}
        {log.hasNextPage && (
          <div className="actions">
            <button type="button" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>{words.older}</button>
          </div>
        )}
      </section>
    </div>
  )
}

export default AuditRoom
