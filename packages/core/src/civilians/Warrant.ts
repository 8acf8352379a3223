import { DateTime, Schema } from "effect"
import { AccountId } from "../identity/index.js"
import { OneOf, Timestamp } from "../kernel/index.js"
import { CivilianId, WarrantId } from "./ids.js"
import { OfficialReason, OptionalDetails } from "./officialText.js"

/** What is stored: expiry is worked out when read (`warrantStatusAt`). */
export const StoredWarrantStatus = OneOf("ACTIVE", "EXECUTED", "WITHDRAWN")
export type StoredWarrantStatus = typeof StoredWarrantStatus.Type

/** What a reader sees: an active warrant past `expiresAt` reads `EXPIRED`. */
export const WarrantStatus = OneOf("ACTIVE", "EXECUTED", "WITHDRAWN", "EXPIRED").annotate({ identifier: "WarrantStatus" })
export type WarrantStatus = typeof WarrantStatus.Type

/** How a warrant is closed. */
export const WarrantOutcome = OneOf("EXECUTED", "WITHDRAWN").annotate({ identifier: "WarrantOutcome" })
export type WarrantOutcome = typeof WarrantOutcome.Type

/** What an officer writes of a new warrant: why, and its details if any. */
export const WarrantTerms = Schema.Struct({ reason: OfficialReason, details: OptionalDetails })
export type WarrantTerms = typeof WarrantTerms.Type

/** How a warrant is closed, with the officer's note (held to the reason's rule). */
export const WarrantClosing = Schema.Struct({ outcome: WarrantOutcome, note: OfficialReason })
export type WarrantClosing = typeof WarrantClosing.Type

/** `WAR-` and six or more digits, from a sequence. */
export const warrantReference = (n: number): string => `WAR-${String(n).padStart(6, "0")}`

export const Warrant = Schema.Struct({
  id: WarrantId,
  reference: Schema.String,
  civilianId: CivilianId,
  reason: Schema.String,
  details: Schema.NullOr(Schema.String),
  status: StoredWarrantStatus,
  issuedBy: AccountId,
  issuedAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  closedAt: Schema.NullOr(Timestamp),
  closedBy: Schema.NullOr(AccountId),
  closeNote: Schema.NullOr(Schema.String),
  updatedAt: Timestamp
}).annotate({ identifier: "WarrantRecord" })
export type Warrant = typeof Warrant.Type

/** The status at `at`: from the `expiresAt` instant on, an active warrant reads `EXPIRED`. */
export const warrantStatusAt = (warrant: Pick<Warrant, "status" | "expiresAt">, at: DateTime.Utc): WarrantStatus =>
  warrant.status === "ACTIVE" && warrant.expiresAt !== null && !DateTime.isLessThan(at, warrant.expiresAt) ? "EXPIRED" : warrant.status

/** Only a warrant that reads `ACTIVE` can be closed (executed or withdrawn). */
export const warrantActiveAt = (warrant: Pick<Warrant, "status" | "expiresAt">, at: DateTime.Utc): boolean => warrantStatusAt(warrant, at) === "ACTIVE"
