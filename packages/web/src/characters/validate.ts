import { CivilianChange, CivilianFields, EnteredCivilianReference, VehicleFields } from "@bluelight/core/civilians"
import { Schema } from "effect"
import { checkBody } from "../api/checkBody.js"
import { characters as words } from "../strings/index.js"

/** The portal's forms, checked by the API's own field rules before they are sent. */
export const checkCharacter = checkBody(CivilianFields, words.invalidForm)
export const checkChange = checkBody(CivilianChange, words.invalidForm)
export const checkVehicle = checkBody(VehicleFields, words.invalidForm)
export const checkTransfer = checkBody(Schema.Struct({ toReference: EnteredCivilianReference }), words.invalidForm)
