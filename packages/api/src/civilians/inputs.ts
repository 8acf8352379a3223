import {
  Address,
  CivilianStatus,
  EndorsementCode,
  EnteredCivilianReference,
  FineAmount,
  FullName,
  Gender,
  ImageUrl as ImageUrlText,
  InsuranceStatus,
  LicenceCategories,
  LicencePoints,
  MAX_FINE,
  MotStatus,
  Notes as NotesText,
  Occupation as OccupationText,
  OfficialDetails,
  OfficialReason,
  Phone as PhoneText,
  Plate,
  PncSearch,
  RecordDescription,
  RecordLocation,
  RecordTitle,
  RegistrationStatus,
  TaxStatus,
  VehicleFields
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

export { Address, EndorsementCode, FineAmount, FullName, MAX_FINE, Plate, RecordDescription, RecordLocation, RecordTitle }

export const Phone = TextOrNull(PhoneText)
export const Occupation = TextOrNull(OccupationText)
export const Notes = TextOrNull(NotesText)
export const ImageUrl = TextOrNull(ImageUrlText, "an http or https address")

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

/** 1 to 4 licence categories, each once. */
export const Categories = LicenceCategories

/** A vehicle a keeper registers: the core's fields. */
export const vehicleFields = VehicleFields.fields

export const CivilianReferenceInput = EnteredCivilianReference

/** The reason every official change carries: 3 to 500 characters once trimmed. */
export const Reason = OfficialReason

export const vehicleStatusFields = {
  reason: Reason,
  registrationStatus: Schema.optionalKey(RegistrationStatus),
  insuranceStatus: Schema.optionalKey(InsuranceStatus),
  motStatus: Schema.optionalKey(MotStatus),
  taxStatus: Schema.optionalKey(TaxStatus)
}

/** Points on a licence, for an endorsement or a record: 0 to 12. */
export const Points = LicencePoints

export const endorsementFields = {
  code: EndorsementCode,
  reason: Reason,
  points: Points,
  expiresAt: Schema.optionalKey(EnteredTimestamp)
}

/** What the PNC is searched by: the core's rule. */
export const SearchText = PncSearch

/** The details of a warrant or a marker, or null. */
export const Details = TextOrNull(OfficialDetails)
