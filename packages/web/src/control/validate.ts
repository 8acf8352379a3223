import { CallCloseReason, CrewIdentifier, IncidentFields, UnitFields } from "@bluelight/core/cad"
import { Schema } from "effect"
import { checkBody } from "../api/checkBody.js"
import { control } from "../strings/index.js"

/**
 * The control room's forms checked by the API's own field rules (the core's schemas: lengths, enums,
 * the text rules) before they are sent: `null` when the API would take them, else the problems as an
 * `INVALID_INPUT` would name them, shown beside the same fields.
 */
export const checkIncident = checkBody(IncidentFields, control.invalidForm)
export const checkUnit = checkBody(UnitFields, control.invalidForm)
export const checkCrew = checkBody(Schema.Struct({ identifier: CrewIdentifier }), control.invalidForm)
export const checkReason = checkBody(Schema.Struct({ reason: CallCloseReason }), control.invalidForm)
