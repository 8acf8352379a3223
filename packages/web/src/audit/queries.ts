import { DateTime } from "effect"
import { useInfiniteQuery } from "@tanstack/react-query"
import { call } from "../api/client.js"
import { ApiFailure } from "../api/failure.js"
import { type AuditFilters, queryOfFilters } from "./auditFilters.js"

export const AUDIT_PAGE = 50

/** A time filter as the client sends it; one that is no time is refused here at its field, as the API would. */
const instant = (name: "from" | "to", iso: string): DateTime.Utc | undefined => {
  if (iso === "") return undefined
  const at = DateTime.make(iso)
  if (at._tag === "None")
    throw new ApiFailure("INVALID_INPUT", "The filters are not valid", [{ path: [name], message: "must be a date and time" }], undefined, undefined)
  return DateTime.toUtc(at.value)
}

const fetchPage = (filters: AuditFilters, offset: number, signal: AbortSignal) => {
  const { from, to, ...text } = queryOfFilters(filters)
  const fromAt = instant("from", from ?? "")
  const toAt = instant("to", to ?? "")
  return call((api) =>
    api.audit.listAudit({
      query: {
        limit: AUDIT_PAGE,
        offset,
        ...text,
        ...(fromAt === undefined ? {} : { from: fromAt }),
        ...(toAt === undefined ? {} : { to: toAt })
      }
    }), signal)
}
export type AuditPage = Awaited<ReturnType<typeof fetchPage>>
export type AuditEntry = AuditPage["data"][number]

/** `GET /audit` with `filters`, newest first, a page at a time: "Older" asks for the next. */
export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: ["audit", filters],
    queryFn: ({ pageParam, signal }) => fetchPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: AuditPage) => (last.meta.hasMore ? last.meta.offset + last.meta.limit : undefined)
  })
