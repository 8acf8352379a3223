/** Wire-shaped PNC answers for the room's tests, as the API sends them (JSON). */
export const AT = "2026-12-02T05:00:00.000Z"
export const OFFICER = "01a2352a-d94e-7539-a6d0-e6e376d98952"
export const PERSON = "01a2352a-d94e-7539-a6d0-e6e376d99001"
export const OTHER_PERSON = "01a2352a-d94e-7539-a6d0-e6e376d99002"
export const VEHICLE = "01a2352a-d94e-7539-a6d0-e6e376d99101"
export const LICENCE = "01a2352a-d94e-7539-a6d0-e6e376d99201"

const officer = { id: OFFICER, displayName: "Olly Officer" }
const sergeant = { id: "01a2352a-d94e-7539-a6d0-e6e376d98953", displayName: "Sara Sergeant" }

export const personRef = { id: PERSON, reference: "CIV-000001", fullName: "Jane Keeper" }

export const vehicleSummary = (over: Record<string, unknown> = {}) => ({
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
  updatedAt: AT,
  stolen: false,
  alerts: { markers: 0 },
  keeper: personRef,
  ...over
})

export const personHit = { id: PERSON, reference: "CIV-000001", fullName: "Jane Keeper", dateOfBirth: "1990-05-14", gender: "FEMALE", status: "ACTIVE" }

export const marker = (type: string, over: Record<string, unknown> = {}) => ({
  id: `01a2352a-d94e-7539-a6d0-e6e376d993${type.length.toString().padStart(2, "0")}`,
  reference: "MRK-000001",
  type,
  civilian: personRef,
  vehicle: null,
  reason: `${type} reason`,
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

export const warrant = (over: Record<string, unknown> = {}) => ({
  id: "01a2352a-d94e-7539-a6d0-e6e376d99401",
  reference: "WAR-000001",
  civilian: personRef,
  reason: "Failed to appear",
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

const endorsement = (over: Record<string, unknown> = {}) => ({
  id: "01a2352a-d94e-7539-a6d0-e6e376d99501",
  code: "SP30",
  reason: "Speeding",
  points: 6,
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

export const licence = (over: Record<string, unknown> = {}) => ({
  id: LICENCE,
  number: "KEEPE905140J9",
  categories: ["B"],
  status: "VALID",
  suspendedUntil: null,
  suspensionReason: null,
  issuedAt: AT,
  expiresAt: "2036-12-02T05:00:00.000Z",
  points: 6,
  endorsements: [
    endorsement(),
    endorsement({
      id: "01a2352a-d94e-7539-a6d0-e6e376d99502",
      code: "CU80",
      points: 3,
      active: false,
      removedAt: AT,
      removedBy: sergeant,
      removalReason: "Appeal upheld"
    })
  ],
  ...over
})

export const person = (over: Record<string, unknown> = {}) => ({
  ...personHit,
  address: "1 High Street, Anytown",
  phone: null,
  occupation: "Baker",
  imageUrl: null,
  createdAt: AT,
  updatedAt: AT,
  licence: licence(),
  vehicles: [vehicleSummary()],
  markers: [],
  warrants: [],
  counts: { records: 1, warrants: 0, markers: 0 },
  ...over
})

export const record = (over: Record<string, unknown> = {}) => ({
  id: "01a2352a-d94e-7539-a6d0-e6e376d99601",
  reference: "REC-000001",
  civilian: personRef,
  type: "CITATION",
  status: "OPEN",
  title: "Speeding on the A1",
  description: "Seen at 45 in a 30",
  location: "A1 junction 4",
  occurredAt: AT,
  fineAmount: 100,
  points: 6,
  vehicle: { id: VEHICLE, plate: "AB12 CDE" },
  disclosed: true,
  endorsement: { id: "01a2352a-d94e-7539-a6d0-e6e376d99501", code: "SP30" },
  recordedBy: officer,
  createdAt: AT,
  updatedAt: AT,
  closedAt: null,
  closedBy: null,
  closeReason: null,
  charges: [{ chargeId: "01a2352a-d94e-7539-a6d0-e6e376d99701", code: "SP30", title: "Speeding", count: 2, fineMin: 5_000, fineMax: 20_000, points: 3 }],
  ...over
})

export const vehicleRecord = (over: Record<string, unknown> = {}) => ({
  ...vehicleSummary(),
  keeper: {
    ...personRef,
    dateOfBirth: "1990-05-14",
    gender: "FEMALE",
    address: "1 High Street, Anytown",
    status: "ACTIVE",
    licence: { number: "KEEPE905140J9", status: "VALID" },
    alerts: { markers: 0, warrants: 0 },
    since: AT
  },
  keepers: [
    { civilian: personRef, startedAt: AT, endedAt: null },
    { civilian: { id: OTHER_PERSON, reference: "CIV-000002", fullName: "Sam Seller" }, startedAt: "2026-01-02T05:00:00.000Z", endedAt: AT }
  ],
  markers: [],
  counts: { records: 1, markers: 0 },
  ...over
})

let seq = 0
export const event = (type: string, data: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  id: `01a2352a-d94e-7539-a6d0-e6e376d98${(++seq).toString().padStart(3, "0")}`,
  seq,
  type,
  at: AT,
  actor: officer,
  civilianId: PERSON,
  vehicleId: null,
  licenceId: null,
  data,
  ...over
})
