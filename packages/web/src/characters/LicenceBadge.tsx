import { licenceWords } from "../strings/index.js"
import type { Character } from "./queries.js"

type LicenceStatus = NonNullable<Character["licence"]>["status"]

const TONE: Readonly<Record<LicenceStatus, string>> = { VALID: "ok", EXPIRED: "warn", SUSPENDED: "danger", REVOKED: "danger" }

/** A licence's status: its word, and its colour. */
export const LicenceBadge = ({ status }: { readonly status: LicenceStatus }) => <span className={`badge ${TONE[status]}`}>{licenceWords[status]}</span>
