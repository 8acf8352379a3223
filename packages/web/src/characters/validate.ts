import { CivilianChange, CivilianFields, EnteredCivilianReference, VehicleFields } from "@bluelight/core/civilians"
import { Schema } from "effect"
import { characters as words } from "../strings/index.js"
import { checkFields } from "../ui/checkFields.js"

/** The portal's forms, checked by the API's own field rules before they are sent. */
export const checkCharacter = checkFields(CivilianFields, words.invalidForm)
export const checkChange = checkFields(CivilianChange, words.invalidForm)
export const checkVehicle = checkFields(VehicleFields, words.invalidForm)
export const checkTransfer = checkFields(Schema.Struct({ toReference: EnteredCivilianReference }), words.invalidForm)
