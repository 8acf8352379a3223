import { Exit, Schema, SchemaIssue } from "effect"
import { ApiFailure } from "../api/failure.js"

const format = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * A form checked by the API's own field rules (the core's schemas: lengths, enums, the text rules)
 * before it is sent: `null` when the API would take it, else an `INVALID_INPUT` with `message` and
 * the problems as the API would name them, so they show beside the same fields.
 */
export const checkFields = <A, I>(schema: Schema.Codec<A, I>, message: string) => {
  const decode = Schema.decodeUnknownExit(schema)
  return (input: unknown): ApiFailure | null => {
    const exit = decode(input, { errors: "all" })
    if (Exit.isSuccess(exit)) return null
    const error = exit.cause.reasons.find((reason) => reason._tag === "Fail")?.error
    if (!Schema.isSchemaError(error)) return new ApiFailure("INVALID_INPUT", message, [], undefined, undefined)
    const problems = format(error.issue).issues.map((issue) => ({
      path: (issue.path ?? []).map((key) => String(typeof key === "object" && key !== null ? key.key : key)),
      message: issue.message
    }))
    return new ApiFailure("INVALID_INPUT", message, problems, problems, undefined)
  }
}
