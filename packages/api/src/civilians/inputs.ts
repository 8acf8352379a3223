import {
  Address,
  CivilianStatus,
  EndorsementCode,
  FullName,
  Gender,
  ImageUrl,
  InsuranceStatus,
  LicencePoints,
  MotStatus,
  Notes,
  Occupation,
  OfficialDetails,
  OfficialReason,
  Phone,
  RegistrationStatus,
  TaxStatus
} from "@bluelight/core/civilians"
import { CalendarDate, EnteredTimestamp } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { TextOrNull } from "../schema/nullable.js"

/**
 * The fields clients send to the civilian portal and the PNC. Their rules
 * (bounds, patterns, the text rules) are the core's model schemas
 * (`@bluelight/core/civilians`); this file only shapes them into bodies: a
 * field the client may leave out is `optionalKey` (`optional` would also take
 * `null` for it, which the JSON form of a body reads as "left out"), and a
 * field that may be null says so in one problem (`TextOrNull`).
 */

/** A character's phone, occupation, picture and notes in a body: the core's text, or `null`. */
const phone = TextOrNull(Phone)
const occupation = TextOrNull(Occupation)
const notes = TextOrNull(Notes)
const imageUrl = TextOrNull(ImageUrl, "an http or https address")

export const civilianFields = {
  fullName: FullName,
  dateOfBirth: CalendarDate,
  gender: Gender,
  address: Address,
  phone: Schema.optionalKey(phone),
  occupation: Schema.optionalKey(occupation),
  imageUrl: Schema.optionalKey(imageUrl),
  notes: Schema.optionalKey(notes)
}

export const civilianPatchFields = {
  fullName: Schema.optionalKey(FullName),
  dateOfBirth: Schema.optionalKey(CalendarDate),
  gender: Schema.optionalKey(Gender),
  address: Schema.optionalKey(Address),
  phone: Schema.optionalKey(phone),
  occupation: Schema.optionalKey(occupation),
  imageUrl: Schema.optionalKey(imageUrl),
  notes: Schema.optionalKey(notes),
  status: Schema.optionalKey(CivilianStatus)
}

export const vehicleStatusFields = {
  reason: OfficialReason,
  registrationStatus: Schema.optionalKey(RegistrationStatus),
  insuranceStatus: Schema.optionalKey(InsuranceStatus),
  motStatus: Schema.optionalKey(MotStatus),
  taxStatus: Schema.optionalKey(TaxStatus)
}

export const endorsementFields = {
  code: EndorsementCode,
  reason: OfficialReason,
  points: LicencePoints,
  expiresAt: Schema.optionalKey(EnteredTimestamp)
}

/** The details of a warrant or a marker, or null. */
export const Details = TextOrNull(OfficialDetails)
