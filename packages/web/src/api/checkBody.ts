import { Exit, Schema, SchemaIssue } from "effect"
import { ApiFailure, type FieldProblem } from "./failure.js"

const format = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * A body checked by the API's own field rules (the core's schemas) before it is sent, as the typed
 * client would refuse to encode it anyway: `null` when the API would take it, else its problems as
 * an `INVALID_INPUT` names them (`message` above the form), so they show beside the same fields.
 * `more` adds the rules between fields the schema does not hold.
 */
export const checkBody = <A, I>(schema: Schema.Codec<A, I>, message: string, more: (input: A) => ReadonlyArray<FieldProblem> = () => []) => {
  const decode = Schema.decodeUnknownExit(schema)
  return (input: unknown): ApiFailure | null => {
    const exit = decode(input, { errors: "all" })
    if (Exit.isSuccess(exit)) {
      const problems = more(exit.value)
      return problems.length === 0 ? null : new ApiFailure("INVALID_INPUT", message, problems, problems, undefined)
    }
    const error = exit.cause.reasons.find((reason) => reason._tag === "Fail")?.error
    const problems = Schema.isSchemaError(error)
      ? format(error.issue).issues.map((issue) => ({
        path: (issue.path ?? []).map((key) => String(typeof key === "object" && key !== null ? key.key : key)),
        message: issue.message
      }))
      : []
    return new ApiFailure("INVALID_INPUT", message, problems, problems, undefined)
  }
}
