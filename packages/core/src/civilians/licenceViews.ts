import { type DateTime, Schema } from "effect"
import { Person } from "../identity/index.js"
import { Timestamp } from "../kernel/index.js"
import { EndorsementId, LicenceId } from "./ids.js"
import { type Endorsement, endorsementActiveAt, type Licence, LicenceCategory, licenceStatusAt, LicenceStatus, pointsAt } from "./Licence.js"
import { RecordRef } from "./refs.js"
import { Count } from "./viewFields.js"

/**
 * A licence and its endorsements as the PNC shows them (every endorsement, with
 * who recorded and removed each) and as their holder sees them (removed ones
 * left out, nobody named); status and points worked out at `now`.
 */

/** An endorsement as loaded: with who recorded it and who removed it, and its record's reference. */
export interface EndorsementEntry {
  readonly endorsement: Endorsement
  readonly issuedBy: Person
  readonly removedBy: Person | null
  readonly record: RecordRef | null
}

/** A licence as loaded, with every endorsement it ever had, oldest first. */
export interface LoadedLicence {
  readonly licence: Licence
  readonly endorsements: ReadonlyArray<EndorsementEntry>
}

const holderEndorsementFields = {
  id: EndorsementId,
  code: Schema.String,
  reason: Schema.String,
  points: Count,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  active: Schema.Boolean
}

/** An endorsement as the PNC shows it (the API's `Endorsement`). */
export const OfficialEndorsement = Schema.Struct({
  ...holderEndorsementFields,
  issuedBy: Person,
  removedAt: Schema.NullOr(Timestamp),
  removedBy: Schema.NullOr(Person),
  removalReason: Schema.NullOr(Schema.String),
  record: Schema.NullOr(RecordRef)
}).annotate({ identifier: "Endorsement", description: "An endorsement as the PNC shows it; `record` is null when it was not made by a record" })
export type OfficialEndorsement = typeof OfficialEndorsement.Type

/** An endorsement as its holder sees it: nobody named. */
export const HolderEndorsement = Schema.Struct(holderEndorsementFields).annotate({ identifier: "HolderEndorsement" })
export type HolderEndorsement = typeof HolderEndorsement.Type

const licenceFields = {
  id: LicenceId,
  number: Schema.String,
  categories: Schema.Array(LicenceCategory),
  status: LicenceStatus,
  suspendedUntil: Schema.NullOr(Timestamp),
  suspensionReason: Schema.NullOr(Schema.String).annotateKey({
    description: "Why the licence is suspended, while it is stored suspended: TOTTING_UP, or the officer's reason"
  }),
  issuedAt: Timestamp,
  expiresAt: Timestamp,
  points: Count
}

/** The PNC's view of a licence (the API's `Licence`). */
export const OfficialLicence = Schema.Struct({ ...licenceFields, endorsements: Schema.Array(OfficialEndorsement) }).annotate({
  identifier: "Licence",
  description: "The official view: every endorsement, removed ones included, with who recorded each. Status and points are worked out when read."
})
export type OfficialLicence = typeof OfficialLicence.Type

export const HolderLicence = Schema.Struct({ ...licenceFields, endorsements: Schema.Array(HolderEndorsement) }).annotate({
  identifier: "HolderLicence",
  description: "The holder's view: removed endorsements left out, nobody named."
})
export type HolderLicence = typeof HolderLicence.Type

/** A suspension's end and reason are shown only while the licence is stored suspended. */
const licenceHead = (licence: Licence, endorsements: ReadonlyArray<Endorsement>, now: DateTime.Utc) => ({
  id: licence.id,
  number: licence.number,
  categories: licence.categories,
  status: licenceStatusAt(licence, now),
  suspendedUntil: licence.status === "SUSPENDED" ? licence.suspendedUntil : null,
  suspensionReason: licence.status === "SUSPENDED" ? licence.suspensionReason : null,
  issuedAt: licence.issuedAt,
  expiresAt: licence.expiresAt,
  points: pointsAt(endorsements, now)
})

/** The PNC's view: every endorsement, removed ones too, with who recorded and removed each. */
export const officialLicence = (loaded: LoadedLicence, now: DateTime.Utc): OfficialLicence => ({
  ...licenceHead(loaded.licence, loaded.endorsements.map((entry) => entry.endorsement), now),
  endorsements: loaded.endorsements.map(({ endorsement, issuedBy, record, removedBy }) => ({
    id: endorsement.id,
    code: endorsement.code,
    reason: endorsement.reason,
    points: endorsement.points,
    createdAt: endorsement.createdAt,
    expiresAt: endorsement.expiresAt,
    active: endorsementActiveAt(endorsement, now),
    issuedBy,
    removedAt: endorsement.removedAt,
    removedBy,
    removalReason: endorsement.removalReason,
    record
  }))
})

/** The holder's view: removed endorsements left out, and nobody named. */
export const holderLicence = (loaded: LoadedLicence, now: DateTime.Utc): HolderLicence => ({
  ...licenceHead(loaded.licence, loaded.endorsements.map((entry) => entry.endorsement), now),
  endorsements: loaded.endorsements
    .filter(({ endorsement }) => endorsement.removedAt === null)
    .map(({ endorsement }) => ({
      id: endorsement.id,
      code: endorsement.code,
      reason: endorsement.reason,
      points: endorsement.points,
      createdAt: endorsement.createdAt,
      expiresAt: endorsement.expiresAt,
      active: endorsementActiveAt(endorsement, now)
    }))
})
