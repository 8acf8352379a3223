/** Wire-shaped records of the portal's tests, as the API answers them (JSON). */
export const ACCOUNT = "01a2352a-d94e-7539-a6d0-e6e376d98952"
export const CHARACTER = "01a2352a-d94e-7539-a6d0-e6e376d99001"
export const VEHICLE = "01a2352a-d94e-7539-a6d0-e6e376d99101"
export const AT = "2026-12-02T05:00:00.000Z"

export const characterJson = (over: Record<string, unknown> = {}) => ({
  id: CHARACTER,
  reference: "CIV-000001",
  ownerId: ACCOUNT,
  fullName: "Jane Doe",
  dateOfBirth: "1990-05-14",
  gender: "FEMALE",
  address: "1 High Street, Anytown",
  phone: null,
  occupation: null,
  imageUrl: null,
  notes: null,
  status: "ACTIVE",
  createdAt: AT,
  updatedAt: AT,
  identityLocked: false,
  licence: null,
  vehicles: [],
  records: [],
  ...over
})

export const licenceJson = (over: Record<string, unknown> = {}) => ({
  id: "01a2352a-d94e-7539-a6d0-e6e376d99201",
  number: "DOE99905140JD9AB",
  categories: ["B"],
  status: "VALID",
  suspendedUntil: null,
  suspensionReason: null,
  issuedAt: AT,
  expiresAt: "2036-12-02T05:00:00.000Z",
  points: 0,
  endorsements: [],
  ...over
})

export const vehicleJson = (over: Record<string, unknown> = {}) => ({
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
  keeperSince: AT,
  ...over
})
