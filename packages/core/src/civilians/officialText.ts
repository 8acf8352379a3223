import { Schema } from "effect"
import { MultiLineText, OneLineText } from "../kernel/index.js"

/**
 * The text every official change on the PNC carries: why it was made (a
 * licence suspended, a record closed, a marker cleared, a vehicle's statuses
 * changed) and, for warrants and markers, its details; and what an officer
 * searches the PNC by.
 */

/** The reason an official change carries: one line of 3 to 500 characters. */
export const OfficialReason = OneLineText({ min: 3, max: 500 })

/** The details of a warrant or a marker: free text of 1 to 2000 characters. */
export const OfficialDetails = MultiLineText({ min: 1, max: 2000 })

/** An official change that carries only its reason: a licence revoked or reinstated, a record closed, a marker cleared. */
export const ReasonGiven = Schema.Struct({ reason: OfficialReason })
export type ReasonGiven = typeof ReasonGiven.Type

/** The details of a warrant or a marker as a command carries them: left out, null, or text. */
export const OptionalDetails = Schema.optional(Schema.NullOr(OfficialDetails))

/** What an officer searches people or vehicles by (name words, a reference, part of a plate): one line of 1 to 100 characters. */
export const PncSearch = OneLineText({ min: 1, max: 100 })
