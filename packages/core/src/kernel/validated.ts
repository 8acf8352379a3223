import { Effect, Schema, SchemaIssue } from "effect"
import { InvalidInput } from "./errors.js"

const format = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * A command checked by its schema in the core: the field rules (bounds, the
 * text rules) hold for every caller of a use case, not only for requests the
 * contract decoded first (a tool embedding the core calls the use case
 * directly). Answers the decoded command (trimmed and normalised as the API
 * would), or `INVALID_INPUT` with every problem, each with its field's path
 * and the rule's own message, as the API reports a request's.
 */
export const validated = <A, I>(schema: Schema.Codec<A, I>, message: string) => {
  const decode = Schema.decodeUnknownEffect(schema)
  return (input: I): Effect.Effect<A, InvalidInput> =>
    decode(input, { errors: "all" }).pipe(
      Effect.mapError((error) =>
        new InvalidInput({
          message,
          details: format(error.issue).issues.map((issue) => ({
            path: (issue.path ?? []).map((key) => String(typeof key === "object" ? key.key : key)),
            message: issue.message
          }))
        })
      )
    )
}
