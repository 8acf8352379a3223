import { DateTime, Effect, Schema } from "effect"
import { AccountId } from "../identity/index.js"
import { InvalidState, OneOf, Timestamp } from "../kernel/index.js"
import { SelfApproval } from "./errors.js"
import { CivilianId, WarrantId } from "./ids.js"
import { OfficialReason, OptionalDetails } from "./officialText.js"

/**
 * What is stored: expiry is worked out when read (`warrantStatusAt`). With
 * approval on, a warrant starts `PENDING_APPROVAL` and becomes `ACTIVE` or
 * `REJECTED` (final) by a second officer's decision (`decideWarrant`).
 */
export const StoredWarrantStatus = OneOf("PENDING_APPROVAL", "ACTIVE", "EXECUTED", "WITHDRAWN", "REJECTED")
export type StoredWarrantStatus = typeof StoredWarrantStatus.Type

/** What a reader sees: an active warrant past `expiresAt` reads `EXPIRED`. */
export const WarrantStatus = OneOf("PENDING_APPROVAL", "ACTIVE", "EXECUTED", "WITHDRAWN", "REJECTED", "EXPIRED").annotate({ identifier: "WarrantStatus" })
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

/** What the approving officer may add: an optional note, held to the reason's rule. */
export const WarrantApproval = Schema.Struct({ note: Schema.optional(OfficialReason) })
export type WarrantApproval = typeof WarrantApproval.Type

/** Why a warrant was rejected (3 to 500 characters). */
export const WarrantRejection = Schema.Struct({ reason: OfficialReason })
export type WarrantRejection = typeof WarrantRejection.Type

/** `WAR-` and six or more digits, from a sequence. */
export const warrantReference = (n: number): string => `WAR-${String(n).padStart(6, "0")}`

export const Warrant = Schema.Struct({
  id: WarrantId,
  reference: Schema.String,
  civilianId: CivilianId,
  reason: Schema.String,
  details: Schema.NullOr(Schema.String),
  status: StoredWarrantStatus,
  /** Who asked for it: the issuing officer (the same person, whether or not it needed approval). */
  requestedBy: AccountId,
  requestedAt: Timestamp,
  issuedBy: AccountId,
  /** When it took effect: issue, or approval; while pending or once rejected, when it was requested. */
  issuedAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  /** The second officer's decision on a request: who, when, and the note or the rejection's reason. */
  decidedBy: Schema.NullOr(AccountId),
  decidedAt: Schema.NullOr(Timestamp),
  decisionNote: Schema.NullOr(Schema.String),
  closedAt: Schema.NullOr(Timestamp),
  closedBy: Schema.NullOr(AccountId),
  closeNote: Schema.NullOr(Schema.String),
  updatedAt: Timestamp
}).annotate({ identifier: "WarrantRecord" })
export type Warrant = typeof Warrant.Type

/** A new warrant's status: with approval needed it waits for a second officer; otherwise it is in force at once. */
export const newWarrantStatus = (needsApproval: boolean): "PENDING_APPROVAL" | "ACTIVE" => (needsApproval ? "PENDING_APPROVAL" : "ACTIVE")

/**
 * Whether the warrant is, or has been, in force: not a request still waiting
 * for its decision, nor one rejected. Only these count anywhere (the person's
 * `counts`, the unfiltered list); a request is no warrant yet.
 */
export const warrantInForce = (warrant: Pick<Warrant, "status">): boolean => warrant.status !== "PENDING_APPROVAL" && warrant.status !== "REJECTED"

/**
 * The status at `at`: from the `expiresAt` instant on, an active warrant
 * reads `EXPIRED`. A pending request keeps reading `PENDING_APPROVAL`, past
 * its expiry too: it is no warrant yet (and can no longer be approved).
 */
export const warrantStatusAt = (warrant: Pick<Warrant, "status" | "expiresAt">, at: DateTime.Utc): WarrantStatus =>
  warrant.status === "ACTIVE" && warrant.expiresAt !== null && !DateTime.isLessThan(at, warrant.expiresAt) ? "EXPIRED" : warrant.status

/** A status as a sentence says it: `PENDING_APPROVAL` is "pending approval". */
export const warrantStatusWords = (status: WarrantStatus): string => status.toLowerCase().replace("_", " ")

/** Only a warrant that reads `ACTIVE` can be closed (executed or withdrawn). */
export const warrantActiveAt = (warrant: Pick<Warrant, "status" | "expiresAt">, at: DateTime.Utc): boolean => warrantStatusAt(warrant, at) === "ACTIVE"

/** A second officer's decision on a request: approval (with an optional note) or rejection (with its reason). */
export type WarrantDecision =
  | { readonly outcome: "APPROVED"; readonly note: string | null }
  | { readonly outcome: "REJECTED"; readonly reason: string }

/**
 * The request decided by `by` at `at`. The requester can never decide their
 * own (`SELF_APPROVAL`, whatever the warrant's state: a second officer signs
 * or nobody does); only a pending request is decided (`INVALID_STATE`), and
 * one whose expiry has passed can be rejected but not approved (it would be
 * in force for no time at all). Approved, it is `ACTIVE` from `at`
 * (`issuedAt`); rejected, it is `REJECTED` for good.
 */
export const decideWarrant = (
  warrant: Warrant,
  decision: WarrantDecision,
  by: AccountId,
  at: DateTime.Utc
): Effect.Effect<Warrant, SelfApproval | InvalidState> => {
  if (warrant.requestedBy === by) {
    return Effect.fail(new SelfApproval({ message: `You requested warrant ${warrant.reference}: another officer must decide it` }))
  }
  if (warrant.status !== "PENDING_APPROVAL") {
    return Effect.fail(
      new InvalidState({ message: `Warrant ${warrant.reference} is ${warrantStatusWords(warrantStatusAt(warrant, at))}, not pending approval` })
    )
  }
  const decided = { decidedBy: by, decidedAt: at, updatedAt: at }
  if (decision.outcome === "REJECTED") return Effect.succeed({ ...warrant, ...decided, status: "REJECTED", decisionNote: decision.reason })
  if (warrant.expiresAt !== null && !DateTime.isLessThan(at, warrant.expiresAt)) {
    return Effect.fail(new InvalidState({ message: `Warrant ${warrant.reference} expired before it was approved: reject it, or request it again` }))
  }
  return Effect.succeed({ ...warrant, ...decided, status: "ACTIVE", issuedAt: at, decisionNote: decision.note })
}
