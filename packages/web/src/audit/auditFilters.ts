/** The audit log's filters as the page keeps them: the API's query parameters, each text or absent (`""`). */
export interface AuditFilters {
  readonly action: string
  readonly actorId: string
  readonly serviceId: string
  readonly targetId: string
  /** ISO 8601 instants: `from` inclusive, `to` exclusive. */
  readonly from: string
  readonly to: string
}

export const FILTER_NAMES = ["action", "actorId", "serviceId", "targetId", "from", "to"] as const satisfies ReadonlyArray<keyof AuditFilters>

export const NO_FILTERS: AuditFilters = { action: "", actorId: "", serviceId: "", targetId: "", from: "", to: "" }

/** The filters a query string holds (`?action=role.permissions.changed&targetId=…`); unknown parameters ignored. */
export const filtersFromSearch = (search: string): AuditFilters => {
  const params = new URLSearchParams(search)
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, params.get(name)?.trim() ?? ""])) as unknown as AuditFilters
}

/** The query string of `filters` (without `?`), only those set, in a fixed order: the same filters are the same address. */
export const searchOfFilters = (filters: Partial<AuditFilters>): string => {
  const params = new URLSearchParams()
  for (const name of FILTER_NAMES) {
    const value = filters[name]?.trim()
    if (value !== undefined && value !== "") params.set(name, value)
  }
  return params.toString()
}

/** The audit log's address opened with `filters`: `/audit?targetId=…`. */
export const auditHref = (filters: Partial<AuditFilters>): string => {
  const search = searchOfFilters(filters)
  return search === "" ? "/audit" : `/audit?${search}`
}

/** The API's query for `filters`: only the ones set. */
export const queryOfFilters = (filters: AuditFilters): Partial<AuditFilters> =>
  Object.fromEntries(FILTER_NAMES.filter((name) => filters[name] !== "").map((name) => [name, filters[name]]))

const pad = (n: number) => String(n).padStart(2, "0")

/** An ISO instant as a `datetime-local` control shows it, in the browser's zone (`2026-12-08T01:30`); "" when not a time. */
export const localInputOf = (iso: string): string => {
  if (iso === "") return ""
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ""
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A `datetime-local` value (the browser's zone) as an ISO instant; "" for none, and the text as typed when it is not a time (the API then says why). */
export const isoOfLocalInput = (local: string): string => {
  if (local === "") return ""
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? local : date.toISOString()
}
