import { Exit, Schema, SchemaIssue } from "effect"
import type { HttpApiEndpoint } from "effect/http-api"
import { ApiFailure, type FieldProblem } from "./failure.js"

const format = SchemaIssue.makeFormatterStandardSchemaV1()

/** A schema's refusal as an `INVALID_INPUT` names it: each problem at its path, array indices as strings. */
export const schemaProblems = (error: Schema.SchemaError): ReadonlyArray<FieldProblem> =>
  format(error.issue).issues.map((issue) => ({
    path: (issue.path ?? []).map((key) => String(typeof key === "object" && key !== null ? key.key : key)),
    message: issue.message
  }))

/** The problems of a failed decode (none when it failed for another reason than the schema's rules). */
const problemsOf = (cause: { readonly reasons: ReadonlyArray<{ readonly _tag: string; readonly error?: unknown }> }): ReadonlyArray<FieldProblem> => {
  const error = cause.reasons.find((reason) => reason._tag === "Fail")?.error
  return Schema.isSchemaError(error) ? schemaProblems(error) : []
}

/** An `INVALID_INPUT` as the API would answer it: `message` above the form, each problem at its field. */
const invalidInput = (message: string, problems: ReadonlyArray<FieldProblem>) => new ApiFailure("INVALID_INPUT", message, problems, problems, undefined)

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
      return problems.length === 0 ? null : invalidInput(message, problems)
    }
    return invalidInput(message, problemsOf(exit.cause))
  }
}

/** The body schema an endpoint of the contract decodes (`application/json`), as the server reads it. */
const bodySchemaOf = <E extends HttpApiEndpoint.Top>(endpoint: E): E["~Payload"] => {
  const entry = [...endpoint.payload.values()][0]
  if (entry === undefined || !("schemas" in entry)) throw new Error(`${endpoint.identifier} takes no JSON body`)
  return entry.schemas[0] as E["~Payload"]
}

/** What a check answers: the body as the typed client takes it, or the problems as the API would name them. */
export type Checked<A> = { readonly ok: true; readonly body: A } | { readonly ok: false; readonly failure: ApiFailure }

/**
 * A body checked by the endpoint's own schema before it is sent, from the form's values as JSON has
 * them (`"2026-12-08T21:15:00.000Z"`, ids as strings): decoded, it is the body the typed client
 * encodes; refused, the problems are at the paths an `INVALID_INPUT` would give, so they show beside
 * the same fields. (The client would refuse to encode it anyway, and nothing would reach the API.)
 */
export const bodyCheck = <E extends HttpApiEndpoint.Top>(endpoint: E, message: string) => {
  const decode = Schema.decodeUnknownExit(Schema.toCodecJson(bodySchemaOf(endpoint) as Schema.Codec<unknown, unknown>))
  return (wire: unknown): Checked<E["~Payload"]["Type"]> => {
    const exit = decode(wire, { errors: "all", onExcessProperty: "error" })
    if (Exit.isSuccess(exit)) return { ok: true, body: exit.value as E["~Payload"]["Type"] }
    return { ok: false, failure: invalidInput(message, problemsOf(exit.cause)) }
  }
}

/** The body a check of `bodyCheck` gives, as the typed client takes it. */
export type BodyOf<C> = C extends (wire: unknown) => Checked<infer B> ? B : never
