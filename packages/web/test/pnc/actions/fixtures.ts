import { OfficialCivilianView, PncVehicleRecord } from "@bluelight/core/civilians"
import { Schema } from "effect"
import type { OfficialPerson, VehicleRecord } from "../../../src/pnc/types.js"

/** Wire-shaped PNC records for the actions' tests, as the API answers them (JSON), and the person and vehicle decoded as the pages pass them. */
export const OFFICER = "01a2352a-d94e-7539-a6d0-e6e376d98952"
export const OTHER_OFFICER = "01a2352a-d94e-7539-a6d0-e6e376d98953"
export const PERSON = "01a2352a-d94e-7539-a6d0-e6e376d99001"
export const VEHICLE = "01a2352a-d94e-7539-a6d0-e6e376d99101"
export const LICENCE = "01a2352a-d94e-7539-a6d0-e6e376d99201"
export const ENDORSEMENT = "01a2352a-d94e-7539-a6d0-e6e376d99301"
export const RECORD = "01a2352a-d94e-7539-a6d0-e6e376d99401"
export const WARRANT = "01a2352a-d94e-7539-a6d0-e6e376d99501"
export const MARKER = "01a2352a-d94e-7539-a6d0-e6e376d99601"
export const SPEEDING = "01a2352a-d94e-7539-a6d0-e6e376d99701"
export const NO_INSURANCE = "01a2352a-d94e-7539-a6d0-e6e376d99702"
export const AT = "2026-12-02T05:00:00.000Z"

export const officer = { id: OFFICER, displayName: "Olly Officer" }
export const otherOfficer = { id: OTHER_OFFICER, displayName: "Sam Sergeant" }
export const personRef = { id: PERSON, reference: "CIV-000001", fullName: "Jamie Driver" }

export const chargeJson = (over: Record<string, unknown> = {}) => ({
  id: SPEEDING,
  code: "SP30",
  title: "Exceeding the speed limit",
  category: "Traffic",
  fineMin: 100,
  fineMax: 1000,
  points: 3,
  endorsementCode: "SP30",
  custodyMaxDays: null,
  warningApplicable: true,
  active: true,
  createdAt: AT,
  updatedAt: AT,
  ...over
})

export const noInsurance = chargeJson({
  id: NO_INSURANCE,
  code: "IN10",
  title: "Using a vehicle uninsured",
  fineMin: 300,
  fineMax: 5000,
  points: 6,
  endorsementCode: "IN10",
  warningApplicable: false
})

export const endorsementJson = (over: Record<string, unknown> = {}) => ({
  id: ENDORSEMENT,
  code: "SP30",
  reason: "Speeding",
  points: 3,
  createdAt: AT,
  expiresAt: "2029-12-02T05:00:00.000Z",
  active: true,
  issuedBy: officer,
  removedAt: null,
  removedBy: null,
  removalReason: null,
  record: null,
  ...over
})

export const licenceJson = (over: Record<string, unknown> = {}) => ({
  id: LICENCE,
  number: "DRIVE901015JD9AB",
  categories: ["B"],
  status: "VALID",
  suspendedUntil: null,
  suspensionReason: null,
  issuedAt: "2025-01-01T00:00:00.000Z",
  expiresAt: "2035-01-01T00:00:00.000Z",
  points: 3,
  endorsements: [endorsementJson()],
  ...over
})

const vehicleFields = {
  id: VEHICLE,
  plate: "AB12 CDE",
  make: "Ford",
  model: "Focus",
  colour: "Blue",
  type: "CAR",
  registrationStatus: "REGISTERED",
  insuranceStatus: "INSURED",
  motStatus: "VALID",
  taxStatus: "TAXED",
  createdAt: AT,
  updatedAt: AT
}

export const vehicleJson = (over: Record<string, unknown> = {}) => ({ ...vehicleFields, ...over })

export const markerJson = (over: Record<string, unknown> = {}) => ({
  id: MARKER,
  reference: "MRK-000001",
  type: "OFFICER_SAFETY",
  civilian: personRef,
  vehicle: null,
  reason: "Known to carry a knife",
  details: null,
  issuedBy: officer,
  createdAt: AT,
  expiresAt: null,
  active: true,
  clearedAt: null,
  clearedBy: null,
  clearReason: null,
  ...over
})

export const warrantJson = (over: Record<string, unknown> = {}) => ({
  id: WARRANT,
  reference: "WAR-000001",
  civilian: personRef,
  reason: "Failed to appear at court",
  details: null,
  status: "ACTIVE",
  requestedBy: officer,
  requestedAt: AT,
  issuedBy: officer,
  issuedAt: AT,
  expiresAt: null,
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  closedAt: null,
  closedBy: null,
  closeNote: null,
  updatedAt: AT,
  ...over
})

export const recordJson = (over: Record<string, unknown> = {}) => ({
  id: RECORD,
  reference: "REC-000001",
  civilian: personRef,
  type: "CITATION",
  status: "OPEN",
  title: "Speeding",
  description: "48 in a 30 zone",
  location: "High Street",
  occurredAt: AT,
  fineAmount: 100,
  points: 3,
  vehicle: null,
  disclosed: true,
  endorsement: { id: ENDORSEMENT, code: "SP30" },
  recordedBy: officer,
  createdAt: AT,
  updatedAt: AT,
  closedAt: null,
  closedBy: null,
  closeReason: null,
  charges: [],
  ...over
})

export const personJson = (over: Record<string, unknown> = {}) => ({
  ...personRef,
  dateOfBirth: "1990-10-15",
  gender: "MALE",
  address: "1 High Street",
  status: "ACTIVE",
  phone: null,
  occupation: null,
  imageUrl: null,
  createdAt: AT,
  updatedAt: AT,
  licence: licenceJson(),
  vehicles: [{ ...vehicleFields, stolen: false, alerts: { markers: 0 }, keeper: personRef }],
  markers: [markerJson()],
  warrants: [warrantJson()],
  counts: { records: 1, warrants: 1, markers: 1 },
  ...over
})

export const vehicleRecordJson = (over: Record<string, unknown> = {}) => ({
  ...vehicleFields,
  stolen: false,
  alerts: { markers: 0 },
  keeper: null,
  keepers: [],
  markers: [],
  counts: { records: 0, markers: 0 },
  ...over
})

/** The person and the vehicle as the pages hold them: decoded by the contract's own schemas, as the typed client decodes them. */
export const person = (over: Record<string, unknown> = {}): OfficialPerson =>
  Schema.decodeUnknownSync(Schema.toCodecJson(OfficialCivilianView))(personJson(over))
export const vehicle = (over: Record<string, unknown> = {}): VehicleRecord =>
  Schema.decodeUnknownSync(Schema.toCodecJson(PncVehicleRecord))(vehicleRecordJson(over))
