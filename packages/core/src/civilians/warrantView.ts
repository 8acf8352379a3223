import { type DateTime, Schema } from "effect"
import { Person } from "../identity/index.js"
import { Timestamp } from "../kernel/index.js"
import { WarrantId } from "./ids.js"
import { CivilianRef } from "./refs.js"
import { type Warrant, warrantStatusAt, WarrantStatus } from "./Warrant.js"

/** A warrant for a person as the PNC shows it, its status worked out at `now`. */

/** A warrant as loaded: with its person, and who requested, issued, decided and closed it. */
export interface LoadedWarrant {
  readonly warrant: Warrant
  readonly civilian: CivilianRef
  readonly requestedBy: Person
  readonly issuedBy: Person
  readonly decidedBy: Person | null
  readonly closedBy: Person | null
}

/** A warrant as the PNC shows it; an active one past `expiresAt` reads `EXPIRED` (the API's `Warrant`). */
export const WarrantView = Schema.Struct({
  id: WarrantId,
  reference: Schema.String.annotate({ description: "WAR- followed by 6 or more digits" }),
  civilian: CivilianRef,
  reason: Schema.String,
  details: Schema.NullOr(Schema.String),
  status: WarrantStatus,
  requestedBy: Person,
  requestedAt: Timestamp,
  issuedBy: Person,
  issuedAt: Timestamp.annotateKey({ description: "When it took effect: issue, or approval; while pending or once rejected, when it was requested" }),
  expiresAt: Schema.NullOr(Timestamp),
  decidedBy: Schema.NullOr(Person).annotateKey({
    description: "Who approved or rejected the request; null while pending and for a warrant that needed no approval"
  }),
  decidedAt: Schema.NullOr(Timestamp),
  decisionNote: Schema.NullOr(Schema.String).annotateKey({ description: "The approval's note, or the rejection's reason" }),
  closedAt: Schema.NullOr(Timestamp),
  closedBy: Schema.NullOr(Person),
  closeNote: Schema.NullOr(Schema.String),
  updatedAt: Timestamp
}).annotate({
  identifier: "Warrant",
  description: "A warrant for a person; an active warrant past `expiresAt` reads EXPIRED. With approval on, it starts PENDING_APPROVAL " +
    "and counts nowhere until a second officer approves it (ACTIVE) or rejects it (REJECTED, final)."
})
export type WarrantView = typeof WarrantView.Type

export const warrantView = (loaded: LoadedWarrant, now: DateTime.Utc): WarrantView => ({
  id: loaded.warrant.id,
  reference: loaded.warrant.reference,
  civilian: loaded.civilian,
  reason: loaded.warrant.reason,
  details: loaded.warrant.details,
  status: warrantStatusAt(loaded.warrant, now),
  requestedBy: loaded.requestedBy,
  requestedAt: loaded.warrant.requestedAt,
  issuedBy: loaded.issuedBy,
  issuedAt: loaded.warrant.issuedAt,
  expiresAt: loaded.warrant.expiresAt,
  decidedBy: loaded.decidedBy,
  decidedAt: loaded.warrant.decidedAt,
  decisionNote: loaded.warrant.decisionNote,
  closedAt: loaded.warrant.closedAt,
  closedBy: loaded.closedBy,
  closeNote: loaded.warrant.closeNote,
  updatedAt: loaded.warrant.updatedAt
})
