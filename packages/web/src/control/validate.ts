import { CallCloseReason, CrewIdentifier, IncidentFields, UnitFields } from "@bluelight/core/cad"
import { Exit, Schema, SchemaIssue } from "effect"
import { ApiFailure } from "../api/failure.js"
import { control } from "../strings/index.js"

const format = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * A form checked by the API's own field rules (the core's schemas: lengths, enums, the text rules)
 * before it is sent: `null` when the API would take it, else the problems as an `INVALID_INPUT`
 * would name them, shown beside the same fields.
 */
const checkWith = <A, I>(schema: Schema.Codec<A, I>) => {
  const decode = Schema.decodeUnknownExit(schema)
  return (input: unknown): ApiFailure | null => {
    const exit = decode(input, { errors: "all" })
    if (Exit.isSuccess(exit)) return null
    const error = exit.cause.reasons.find((reason) => reason._tag === "Fail")?.error
    if (!Schema.isSchemaError(error)) return new ApiFailure("INVALID_INPUT", control.invalidForm, [], undefined, undefined)
    const problems = format(error.issue).issues.map((issue) => ({
      path: (issue.path ?? []).map((key) => String(typeof key === "object" && key !== null ? key.key : key)),
      message: issue.message
    }))
    return new ApiFailure("INVALID_INPUT", control.invalidForm, problems, problems, undefined)
  }
}

export const checkIncident = checkWith(IncidentFields)
export const checkUnit = checkWith(UnitFields)
export const checkCrew = checkWith(Schema.Struct({ identifier: CrewIdentifier }))
export const checkReason = checkWith(Schema.Struct({ reason: CallCloseReason }))
