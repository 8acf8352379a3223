import {
  CivilianId,
  CivilianStatus,
  EndorsementId,
  Gender,
  InsuranceStatus,
  LicenceCategory,
  LicenceId,
  LicenceStatus,
  MarkerId,
  MarkerType,
  MotStatus,
  RecordId,
  RecordStatus,
  RecordType,
  PncEventId,
  RegistrationStatus,
  TaxStatus,
  VehicleId,
  VehicleType,
  WarrantId,
  WarrantStatus
} from "@bluelight/core/civilians"
import { AccountId } from "@bluelight/core/identity"
import { CalendarDate, Id, IntegerBetween, Timestamp } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { Person } from "../identity/schemas.js"

/** The views of the civilian records, field for field as the API document lists them. */

/** A whole number from zero: points, counts, sequence numbers. */
const Count = IntegerBetween({ min: 0, max: Number.MAX_SAFE_INTEGER })

export const CivilianRef = Schema.Struct({
  id: CivilianId,
  reference: Schema.String.annotate({ description: "CIV- followed by 6 or more digits" }),
  fullName: Schema.String
}).annotate({ identifier: "CivilianRef" })

const RecordRef = Schema.Struct({ id: Id, reference: Schema.String }).annotate({ identifier: "RecordRef", description: "A record: its id and REC- reference" })
const VehicleRef = Schema.Struct({ id: VehicleId, plate: Schema.String }).annotate({ identifier: "VehicleRef" })

export const OfficialEndorsement = Schema.Struct({
  id: EndorsementId,
  code: Schema.String,
  reason: Schema.String,
  points: Count,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  active: Schema.Boolean,
  issuedBy: Person,
  removedAt: Schema.NullOr(Timestamp),
  removedBy: Schema.NullOr(Person),
  removalReason: Schema.NullOr(Schema.String),
  record: Schema.NullOr(RecordRef)
}).annotate({ identifier: "Endorsement", description: "An endorsement as the PNC shows it; `record` is null when it was not made by a record" })

export const HolderEndorsement = Schema.Struct({
  id: EndorsementId,
  code: Schema.String,
  reason: Schema.String,
  points: Count,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  active: Schema.Boolean
}).annotate({ identifier: "HolderEndorsement" })

const licenceFields = {
  id: LicenceId,
  number: Schema.String,
  categories: Schema.Array(LicenceCategory),
  status: LicenceStatus,
  suspendedUntil: Schema.NullOr(Timestamp),
  issuedAt: Timestamp,
  expiresAt: Timestamp,
  points: Count
}

export const OfficialLicence = Schema.Struct({ ...licenceFields, endorsements: Schema.Array(OfficialEndorsement) }).annotate({
  identifier: "Licence",
  description: "The official view: every endorsement, removed ones included, with who recorded each. Status and points are worked out when read."
})

export const HolderLicence = Schema.Struct({ ...licenceFields, endorsements: Schema.Array(HolderEndorsement) }).annotate({
  identifier: "HolderLicence",
  description: "The holder's view: removed endorsements left out, nobody named."
})

const vehicleFields = {
  id: VehicleId,
  plate: Schema.String,
  make: Schema.String,
  model: Schema.String,
  colour: Schema.String,
  type: VehicleType,
  registrationStatus: RegistrationStatus,
  insuranceStatus: InsuranceStatus,
  motStatus: MotStatus,
  taxStatus: TaxStatus,
  createdAt: Timestamp,
  updatedAt: Timestamp
}

export const Vehicle = Schema.Struct(vehicleFields).annotate({ identifier: "Vehicle" })

export const KeptVehicle = Schema.Struct({ ...vehicleFields, keeperSince: Timestamp }).annotate({ identifier: "KeptVehicle" })

export const Marker = Schema.Struct({
  id: MarkerId,
  reference: Schema.String.annotate({ description: "MRK- followed by 6 or more digits" }),
  type: MarkerType,
  civilian: Schema.NullOr(CivilianRef),
  vehicle: Schema.NullOr(VehicleRef),
  reason: Schema.String,
  details: Schema.NullOr(Schema.String),
  issuedBy: Person,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  active: Schema.Boolean,
  clearedAt: Schema.NullOr(Timestamp),
  clearedBy: Schema.NullOr(Person),
  clearReason: Schema.NullOr(Schema.String)
}).annotate({ identifier: "Marker", description: "A marker on a person or a vehicle; `active` is false once cleared or past `expiresAt`" })

export const Warrant = Schema.Struct({
  id: WarrantId,
  reference: Schema.String.annotate({ description: "WAR- followed by 6 or more digits" }),
  civilian: CivilianRef,
  reason: Schema.String,
  details: Schema.NullOr(Schema.String),
  status: WarrantStatus,
  issuedBy: Person,
  issuedAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  closedAt: Schema.NullOr(Timestamp),
  closedBy: Schema.NullOr(Person),
  closeNote: Schema.NullOr(Schema.String),
  updatedAt: Timestamp
}).annotate({ identifier: "Warrant", description: "A warrant for a person; an active warrant past `expiresAt` reads EXPIRED" })

const RecordReference = Schema.String.annotate({ description: "REC- followed by 6 or more digits" })

/** What a record says, as both the owner's entry and the PNC's record show it. */
const recordEntryFields = {
  type: RecordType,
  status: RecordStatus,
  title: Schema.String,
  description: Schema.String,
  location: Schema.String,
  occurredAt: Timestamp,
  fineAmount: Schema.Finite,
  points: Count,
  vehicle: Schema.NullOr(VehicleRef)
}

export const DisclosedRecord = Schema.Struct({
  id: RecordId,
  reference: RecordReference,
  ...recordEntryFields
}).annotate({ identifier: "DisclosedRecord", description: "A record as the character's owner sees it: never who recorded it" })

export const PncRecord = Schema.Struct({
  id: RecordId,
  reference: RecordReference,
  civilian: CivilianRef,
  ...recordEntryFields,
  disclosed: Schema.Boolean,
  endorsement: Schema.NullOr(Schema.Struct({ id: EndorsementId, code: Schema.String }).annotate({ identifier: "RecordEndorsement" })),
  recordedBy: Person,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  closedAt: Schema.NullOr(Timestamp),
  closedBy: Schema.NullOr(Person),
  closeReason: Schema.NullOr(Schema.String)
}).annotate({
  identifier: "PncRecord",
  description: "A record as the PNC shows it, with who recorded it; `endorsement` is the one it put on the licence, if any; " +
    "`closedAt`, `closedBy` and `closeReason` say who closed or voided it"
})

export const PncVehicleSummary = Schema.Struct({
  ...vehicleFields,
  stolen: Schema.Boolean,
  alerts: Schema.Struct({ markers: Count }),
  keeper: Schema.NullOr(CivilianRef)
}).annotate({ identifier: "PncVehicleSummary", description: "A vehicle with its keeper; `stolen` while an active STOLEN_VEHICLE marker exists" })

const Counts = Schema.Struct({ records: Count, warrants: Count, markers: Count })

export const OwnerCivilian = Schema.Struct({
  id: CivilianId,
  reference: Schema.String,
  ownerId: AccountId,
  fullName: Schema.String,
  dateOfBirth: CalendarDate,
  gender: Gender,
  address: Schema.String,
  phone: Schema.NullOr(Schema.String),
  occupation: Schema.NullOr(Schema.String),
  imageUrl: Schema.NullOr(Schema.String),
  notes: Schema.NullOr(Schema.String),
  status: CivilianStatus,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  identityLocked: Schema.Boolean,
  licence: Schema.NullOr(HolderLicence),
  vehicles: Schema.Array(KeptVehicle),
  records: Schema.Array(DisclosedRecord)
}).annotate({
  identifier: "OwnerCivilian",
  description: "A character as its owner sees it: the private notes, the holder's licence, disclosed records only. " +
    "`identityLocked` is true once the character has official history (a licence, a record, a warrant or a marker)."
})

export const OfficialCivilian = Schema.Struct({
  id: CivilianId,
  reference: Schema.String,
  fullName: Schema.String,
  dateOfBirth: CalendarDate,
  gender: Gender,
  address: Schema.String,
  status: CivilianStatus,
  phone: Schema.NullOr(Schema.String),
  occupation: Schema.NullOr(Schema.String),
  imageUrl: Schema.NullOr(Schema.String),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  owner: Schema.optionalKey(Person).annotateKey({ description: "Present only for callers holding civilians.manage" }),
  licence: Schema.NullOr(OfficialLicence),
  vehicles: Schema.Array(PncVehicleSummary),
  markers: Schema.Array(Marker),
  warrants: Schema.Array(Warrant),
  counts: Counts
}).annotate({ identifier: "OfficialCivilian", description: "A person as the PNC shows them; never the owner's notes" })

export const CivilianSearchHit = Schema.Struct({
  id: CivilianId,
  reference: Schema.String,
  fullName: Schema.String,
  dateOfBirth: CalendarDate,
  gender: Gender,
  status: CivilianStatus
}).annotate({ identifier: "CivilianSearchHit" })

export const PncVehicleRecord = Schema.Struct({
  ...vehicleFields,
  stolen: Schema.Boolean,
  alerts: Schema.Struct({ markers: Count }),
  keeper: Schema.NullOr(Schema.Struct({
    id: CivilianId,
    reference: Schema.String,
    fullName: Schema.String,
    dateOfBirth: CalendarDate,
    gender: Gender,
    address: Schema.String,
    status: CivilianStatus,
    licence: Schema.NullOr(Schema.Struct({ number: Schema.String, status: LicenceStatus })),
    alerts: Schema.Struct({ markers: Count, warrants: Count }),
    since: Timestamp
  }).annotate({ identifier: "VehicleKeeper" })),
  keepers: Schema.Array(Schema.Struct({ civilian: CivilianRef, startedAt: Timestamp, endedAt: Schema.NullOr(Timestamp) })),
  markers: Schema.Array(Marker),
  counts: Schema.Struct({ records: Count, markers: Count })
}).annotate({ identifier: "PncVehicleRecord", description: "The registration, keeper, licence and alert chain in one read; `keepers` the latest first" })

export const PncEvent = Schema.Struct({
  id: PncEventId,
  seq: Count,
  type: Schema.String,
  at: Timestamp,
  actor: Schema.Union([
    Person,
    Schema.Struct({ serviceId: Id }).annotate({ identifier: "ServiceActor" }),
    Schema.Struct({ owner: Schema.Literal(true) }).annotate({
      identifier: "CharacterOwnerActor",
      description: "A member's own change to their character, to a reader without civilians.manage: the character's owner, unnamed"
    })
  ]).annotate({
    description: "Who made the change: a member, a credential, or `{owner: true}` for a character owner's own change read without " +
      "civilians.manage (officers' changes always name the officer)"
  }),
  civilianId: Schema.NullOr(CivilianId),
  vehicleId: Schema.NullOr(VehicleId),
  licenceId: Schema.NullOr(LicenceId),
  data: Schema.Record(Schema.String, Schema.Unknown).annotate({
    description: "What changed; its shape depends on the type (VEHICLE_STATUS_CHANGED carries the reason)"
  })
}).annotate({ identifier: "PncEvent", description: "One entry of the PNC's permanent history" })
