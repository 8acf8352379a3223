import { CadEventView, Call, CallerNumber, CallFields, IncidentId, UnitId } from "@bluelight/core/cad"
import { Effect, Schema } from "effect"
import { TextOrNull } from "../schema/nullable.js"
import { IntegerFromString } from "../schema/query.js"

/**
 * CAD's answers and inputs are the core's schemas (`@bluelight/core/cad`),
 * each imported by the endpoints under its own name. The ones the typed
 * client and the bots on it name are published here too, under the same
 * names: a package on the contract alone (the client is one) reads them
 * from this deep import.
 */
export { CadEventView, Call, IncidentId, UnitId }

/** Ids in the examples: the form of a real one; the reference's user puts real ones in. */
export const EXAMPLE_ID = "0190a7f2-3c4d-7e5f-8a6b-1c2d3e4f5a6b"

/** A new call's fields: the core's, `callerNumber` optional in the body (absent is `null`). */
export const callFields = {
  ...CallFields.fields,
  callerNumber: TextOrNull(CallerNumber).pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(null)))
}

/** A history entry's `seq` in a query string: a whole number from 0. */
export const Seq = (name: string) => IntegerFromString(name, { min: 0, max: 999_999_999 })
