import { CivilianStatus, Gender, InsuranceStatus, LicenceCategory, MotStatus, plateKey, RegistrationStatus, TaxStatus, VehicleType } from "@bluelight/core/civilians"
import { CalendarDate, EnteredTimestamp, IntegerBetween, SafeText, TrimmedText } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { TextOrNull } from "../schema/nullable.js"

/** The fields clients send to the civilian portal and the PNC, each bounded. */

/**
 * Trimmed text of `min` to `max` characters that must also pass `check`. Its
 * JSON Schema is written out, as `TrimmedText`'s is: the generated one would
 * describe only the untrimmed side.
 */
const TrimmedChecked = (
  bounds: { readonly min: number; readonly max: number },
  check: (text: string) => boolean,
  message: string,
  jsonSchema: Record<string, unknown>
) =>
  Schema.Trim.pipe(
    Schema.compose(SafeText.pipe(
      Schema.minLength(bounds.min, { message: () => (bounds.min === 1 ? "must not be empty" : `must be at least ${bounds.min} characters`) }),
      Schema.maxLength(bounds.max, { message: () => `must be at most ${bounds.max} characters` }),
      Schema.filter(check, { message: () => message })
    ))
  ).annotations({
    jsonSchema: {
      type: "string",
      minLength: bounds.min,
      maxLength: bounds.max,
      description: `Leading and trailing white space is trimmed; then ${bounds.min} to ${bounds.max} characters: ${message}`,
      ...jsonSchema
    }
  })

export const FullName = TrimmedText({ min: 2, max: 100 })
export const Address = TrimmedText({ min: 2, max: 200 })
export const Phone = TextOrNull(TrimmedText({ min: 1, max: 30 }))
export const Occupation = TextOrNull(TrimmedText({ min: 1, max: 100 }))
export const Notes = TextOrNull(TrimmedText({ max: 2000 }))

const isWebAddress = (text: string): boolean => {
  try {
    const url = new URL(text)
    return url.protocol === "https:" || url.protocol === "http:"
  } catch {
    return false
  }
}

export const ImageUrl = TextOrNull(TrimmedChecked({ min: 1, max: 500 }, isWebAddress, "must be an http or https address", { format: "uri" }), "an http or https address")

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
export const Plate = TrimmedChecked(
  { min: 1, max: 16 },
  (plate) => /^[A-Za-z0-9 -]+$/.test(plate) && plateKey(plate).length >= 1 && plateKey(plate).length <= 10,
  "must be 1 to 10 letters and digits, with spaces or hyphens between them",
  { pattern: "^[A-Za-z0-9 -]+$" }
)

export const vehicleFields = {
  plate: Plate,
  make: TrimmedText({ min: 1, max: 40 }),
  model: TrimmedText({ min: 1, max: 40 }),
  colour: TrimmedText({ min: 1, max: 30 }),
  type: VehicleType
}

export const CivilianReferenceInput = TrimmedChecked(
  { min: 1, max: 20 },
  (text) => /^CIV-\d{6,}$/i.test(text),
  "must be a character reference such as CIV-000001",
  { pattern: "^[Cc][Ii][Vv]-[0-9]{6,}$" }
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

export const EndorsementCode = TrimmedChecked(
  { min: 2, max: 10 },
  (code) => /^[A-Z0-9]+$/.test(code),
  "must be upper-case letters and digits, such as SP30",
  { pattern: "^[A-Z0-9]+$" }
)

/** Points on a licence, for an endorsement or a record: 0 to 12. */
export const Points = IntegerBetween({ min: 0, max: 12 }, "points must be an integer from 0 to 12")

export const endorsementFields = {
  code: EndorsementCode,
  reason: Reason,
  points: Points,
  expiresAt: Schema.optional(EnteredTimestamp)
}

export const SearchText = TrimmedText({ min: 1, max: 100 })

/** Free text of an official entry: a title, a description, a place, a note. */
export const RecordTitle = TrimmedText({ min: 3, max: 120 })
export const RecordDescription = TrimmedText({ min: 3, max: 4000 })
export const RecordLocation = TrimmedText({ min: 2, max: 200 })
export const Details = TextOrNull(TrimmedText({ min: 1, max: 2000 }))

/** The largest fine a record can carry. */
export const MAX_FINE = 1_000_000
const wholePence = (amount: number): boolean => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6

/** A fine in pounds: 0 to 1,000,000, at most two decimal places. */
export const FineAmount = Schema.Number.pipe(
  Schema.filter((amount) => Number.isFinite(amount) && amount >= 0 && amount <= MAX_FINE && wholePence(amount), {
    message: () => `must be an amount from 0 to ${MAX_FINE} with at most two decimal places`,
    jsonSchema: { minimum: 0, maximum: MAX_FINE, multipleOf: 0.01, description: `0 to ${MAX_FINE}, at most two decimal places` }
  })
)
