import type { AccountStatus } from "@bluelight/core/identity"
import { ACCOUNT_STATUSES } from "./accountStatus.js"

/** Which accounts the list shows: display names containing `search`, one status or any, from `offset`. */
export interface AccountFilter {
  readonly search: string
  readonly status: AccountStatus | ""
  readonly offset: number
}

/** The filter a query string holds (`?search=sam&status=SUSPENDED&offset=25`); anything else is no filter. */
export const accountFilterOf = (search: string): AccountFilter => {
  const params = new URLSearchParams(search)
  const status = params.get("status") ?? ""
  const offset = Number(params.get("offset") ?? "0")
  return {
    search: params.get("search") ?? "",
    status: (ACCOUNT_STATUSES as ReadonlyArray<string>).includes(status) ? status as AccountStatus : "",
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0
  }
}

/** The query string of a filter (without `?`), only what is set: the list's address. */
export const searchOfAccountFilter = (filter: AccountFilter): string => {
  const params = new URLSearchParams()
  if (filter.search !== "") params.set("search", filter.search)
  if (filter.status !== "") params.set("status", filter.status)
  if (filter.offset > 0) params.set("offset", String(filter.offset))
  return params.toString()
}
