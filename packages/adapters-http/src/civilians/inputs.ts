import { CivilianStatus, Gender, InsuranceStatus, LicenceCategory, MotStatus, plateKey, RegistrationStatus, TaxStatus, VehicleType } from "@bluelight/core/civilians"
import { CalendarDate, IntegerBetween, Timestamp, TrimmedText } from "@bluelight/core/kernel"
import { Schema } from "effect"

/** The fields clients send to the civilian portal and the PNC, each bounded. */

export const FullName = TrimmedText({ min: 2, max: 100 })
export const Address = TrimmedText({ min: 2, max: 200 })
export const Phone = Schema.NullOr(TrimmedText({ min: 1, max: 30 }))
export const Occupation = Schema.NullOr(TrimmedText({ min: 1, max: 100 }))
export const Notes = Schema.NullOr(TrimmedText({ max: 2000 }))

const isWebAddress = (text: string): boolean => {
  try {
    const url = new URL(text)
    return url.protocol === "https:" || url.protocol === "http:"
  } catch {
    return false
  }
}

export const ImageUrl = Schema.NullOr(
  TrimmedText({ min: 1, max: 500 }).pipe(Schema.filter(isWebAddress, {
    message: () => "must be an http or https address",
    jsonSchema: { format: "uri" }
  }))
)

export const civilianFields = {
  fullName: FullName,
  dateOfBirth: CalendarDate,
  gender: Gender,
  address: Address,
  phone: Schema.optional(Phone),
  occupation: Schema.optional(Occupation),
  imageUrl: Schema.optional(ImageUrl),
  notes: Schema.optional(Notes)
}

export const civilianPatchFields = {
  fullName: Schema.optional(FullName),
  dateOfBirth: Schema.optional(CalendarDate),
  gender: Schema.optional(Gender),
  address: Schema.optional(Address),
  phone: Schema.optional(Phone),
  occupation: Schema.optional(Occupation),
  imageUrl: Schema.optional(ImageUrl),
  notes: Schema.optional(Notes),
  status: Schema.optional(CivilianStatus)
}

const MAX_CATEGORIES = 4
/** 1 to 4 licence categories, each once. */
export const Categories = Schema.Array(LicenceCategory).pipe(
  Schema.minItems(1, { message: () => "at least one category" }),
  Schema.maxItems(MAX_CATEGORIES, { message: () => `at most ${MAX_CATEGORIES} categories` }),
  Schema.filter((categories) => new Set(categories).size === categories.length, {
    message: () => "must not name a category twice",
    jsonSchema: { minItems: 1, maxItems: MAX_CATEGORIES, uniqueItems: true, title: "Licence categories", description: "1 to 4 of A, B, C, D, each once" }
  })
)

/** A registration: letters, digits, spaces and hyphens; 1 to 10 letters and digits. */
export const Plate = TrimmedText({ min: 1, max: 16 }).pipe(
  Schema.filter((plate) => /^[A-Za-z0-9 -]+$/.test(plate) && plateKey(plate).length >= 1 && plateKey(plate).length <= 10, {
    message: () => "must be 1 to 10 letters and digits, with spaces or hyphens between them",
    jsonSchema: { pattern: "^[A-Za-z0-9 -]+$" }
  })
)

export const vehicleFields = {
  plate: Plate,
  make: TrimmedText({ min: 1, max: 40 }),
  model: TrimmedText({ min: 1, max: 40 }),
  colour: TrimmedText({ min: 1, max: 30 }),
  type: VehicleType
}

export const CivilianReferenceInput = TrimmedText({ min: 1, max: 20 }).pipe(
  Schema.filter((text) => /^CIV-\d{6,}$/i.test(text), { message: () => "must be a character reference such as CIV-000001", jsonSchema: { pattern: "^CIV-[0-9]{6,}$" } })
)

/** The reason every official change carries: 3 to 500 characters once trimmed. */
export const Reason = TrimmedText({ min: 3, max: 500 })

export const vehicleStatusFields = {
  reason: Reason,
  registrationStatus: Schema.optional(RegistrationStatus),
  insuranceStatus: Schema.optional(InsuranceStatus),
  motStatus: Schema.optional(MotStatus),
  taxStatus: Schema.optional(TaxStatus)
}

export const EndorsementCode = TrimmedText({ min: 2, max: 10 }).pipe(
  Schema.filter((code) => /^[A-Z0-9]+$/.test(code), { message: () => "must be upper-case letters and digits, such as SP30", jsonSchema: { pattern: "^[A-Z0-9]+$" } })
)

export const endorsementFields = {
  code: EndorsementCode,
  reason: Reason,
  points: IntegerBetween({ min: 0, max: 12 }, "points must be an integer from 0 to 12"),
  expiresAt: Schema.optional(Timestamp)
}

export const SearchText = TrimmedText({ min: 1, max: 100 })
