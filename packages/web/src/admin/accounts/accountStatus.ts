import type { AccountStatus } from "@bluelight/core/identity"

export const ACCOUNT_STATUSES: ReadonlyArray<AccountStatus> = ["ACTIVE", "SUSPENDED", "DISABLED"]

/** An account status's badge colour: active is well, suspended a warning, disabled stopped. */
export const accountTone = (status: AccountStatus) => (status === "ACTIVE" ? "ok" : status === "SUSPENDED" ? "warn" : "danger")
