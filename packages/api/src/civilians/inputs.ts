import { CivilianStatus, Gender, InsuranceStatus, LicenceCategory, MotStatus, plateKey, RegistrationStatus, TaxStatus, VehicleType } from "@bluelight/core/civilians"
import { CalendarDate, EnteredTimestamp, IntegerBetween, MultiLineText, OneLineText } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { TextOrNull } from "../schema/nullable.js"

/**
 * The fields clients send to the civilian portal and the PNC, each bounded.
 * A field the client may leave out is `optionalKey`: `optional` would also
 * take `null` for it, which the JSON form of a body reads as "left out".
 */

export const FullName = OneLineText({ min: 2, max: 100 })
export const Address = OneLineText({ min: 2, max: 200 })
export const Phone = TextOrNull(OneLineText({ min: 1, max: 30 }))
export const Occupation = TextOrNull(OneLineText({ min: 1, max: 100 }))
export const Notes = TextOrNull(MultiLineText({ max: 2000 }))

const isWebAddress = (text: string): boolean => {
  try {
    const url = new URL(text)
    return url.protocol === "https:" || url.protocol === "http:"
  } catch {
    return false
  }
}

export const ImageUrl = TextOrNull(
  OneLineText({ min: 1, max: 500 }, { test: isWebAddress, message: "must be an http or https address", jsonSchema: { format: "uri" } }),
  "an http or https address"
)

export const civilianFields = {
  fullName: FullName,
  dateOfBirth: CalendarDate,
  gender: Gender,
  address: Address,
  phone: Schema.optionalKey(Phone),
  occupation: Schema.optionalKey(Occupation),
  imageUrl: Schema.optionalKey(ImageUrl),
  notes: Schema.optionalKey(Notes)
}

export const civilianPatchFields = {
  fullName: Schema.optionalKey(FullName),
  dateOfBirth: Schema.optionalKey(CalendarDate),
  gender: Schema.optionalKey(Gender),
  address: Schema.optionalKey(Address),
  phone: Schema.optionalKey(Phone),
  occupation: Schema.optionalKey(Occupation),
  imageUrl: Schema.optionalKey(ImageUrl),
  notes: Schema.optionalKey(Notes),
  status: Schema.optionalKey(CivilianStatus)
}

const MAX_CATEGORIES = 4
/** 1 to 4 licence categories, each once. */
// Each rule stops at its failure (`abort`), so a list breaking several is reported once, by the first.
export const Categories = Schema.Array(LicenceCategory).check(
  Schema.makeFilter((categories: ReadonlyArray<string>) => categories.length >= 1 || "at least one category", {
    toJsonSchema: () => ({ minItems: 1 })
  }, true),
  Schema.makeFilter((categories: ReadonlyArray<string>) => categories.length <= MAX_CATEGORIES || `at most ${MAX_CATEGORIES} categories`, {
    toJsonSchema: () => ({ maxItems: MAX_CATEGORIES })
  }, true),
  Schema.makeFilter((categories: ReadonlyArray<string>) => new Set(categories).size === categories.length || "must not name a category twice", {
    toJsonSchema: () => ({ uniqueItems: true })
  }, true)
).annotate({ title: "Licence categories", description: "1 to 4 of A, B, C, D, each once" })

/** A registration: letters, digits, spaces and hyphens; 1 to 10 letters and digits. */
export const Plate = OneLineText({ min: 1, max: 16 }, {
  test: (plate) => /^[A-Za-z0-9 -]+$/.test(plate) && plateKey(plate).length >= 1 && plateKey(plate).length <= 10,
  message: "must be 1 to 10 letters and digits, with spaces or hyphens between them",
  jsonSchema: { pattern: "^[A-Za-z0-9 -]+$" }
})

export const vehicleFields = {
  plate: Plate,
  make: OneLineText({ min: 1, max: 40 }),
  model: OneLineText({ min: 1, max: 40 }),
  colour: OneLineText({ min: 1, max: 30 }),
  type: VehicleType
}

export const CivilianReferenceInput = OneLineText({ min: 1, max: 20 }, {
  test: (text) => /^CIV-\d{6,}$/i.test(text),
  message: "must be a character reference such as CIV-000001",
  jsonSchema: { pattern: "^[Cc][Ii][Vv]-[0-9]{6,}$" }
})

/** The reason every official change carries: 3 to 500 characters once trimmed. */
export const Reason = OneLineText({ min: 3, max: 500 })

export const vehicleStatusFields = {
  reason: Reason,
  registrationStatus: Schema.optionalKey(RegistrationStatus),
  insuranceStatus: Schema.optionalKey(InsuranceStatus),
  motStatus: Schema.optionalKey(MotStatus),
  taxStatus: Schema.optionalKey(TaxStatus)
}

export const EndorsementCode = OneLineText({ min: 2, max: 10 }, {
  test: (code) => /^[A-Z0-9]+$/.test(code),
  message: "must be upper-case letters and digits, such as SP30",
  jsonSchema: { pattern: "^[A-Z0-9]+$" }
})

/** Points on a licence, for an endorsement or a record: 0 to 12. */
export const Points = IntegerBetween({ min: 0, max: 12 }, "points must be an integer from 0 to 12")

export const endorsementFields = {
  code: EndorsementCode,
  reason: Reason,
  points: Points,
  expiresAt: Schema.optionalKey(EnteredTimestamp)
}

export const SearchText = OneLineText({ min: 1, max: 100 })

/** Free text of an official entry: a title, a description, a place, a note. */
export const RecordTitle = OneLineText({ min: 3, max: 120 })
export const RecordDescription = MultiLineText({ min: 3, max: 4000 })
export const RecordLocation = OneLineText({ min: 2, max: 200 })
export const Details = TextOrNull(MultiLineText({ min: 1, max: 2000 }))

/** The largest fine a record can carry. */
export const MAX_FINE = 1_000_000
const wholePence = (amount: number): boolean => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6

/** A fine in pounds: 0 to 1,000,000, at most two decimal places. */
export const FineAmount = Schema.Finite.check(
  Schema.makeFilter(
    (amount: number) =>
      (Number.isFinite(amount) && amount >= 0 && amount <= MAX_FINE && wholePence(amount)) ||
      `must be an amount from 0 to ${MAX_FINE} with at most two decimal places`,
    { toJsonSchema: () => ({ minimum: 0, maximum: MAX_FINE, multipleOf: 0.01 }) }
  )
).annotate({ description: `0 to ${MAX_FINE}, at most two decimal places` })
