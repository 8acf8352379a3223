import { Exit, Schema, SchemaIssue } from "effect"
import type { HttpApiEndpoint } from "effect/http-api"
import { ApiFailure, type FieldProblem } from "../api/failure.js"

const format = SchemaIssue.makeFormatterStandardSchemaV1()

/** A schema's refusal as an `INVALID_INPUT` names it: each problem at its path, array indices as strings. */
export const schemaProblems = (error: Schema.SchemaError): ReadonlyArray<FieldProblem> =>
  format(error.issue).issues.map((issue) => ({
    path: (issue.path ?? []).map((key) => String(typeof key === "object" && key !== null ? key.key : key)),
    message: issue.message
  }))

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
    const error = exit.cause.reasons.find((reason) => reason._tag === "Fail")?.error
    const problems = Schema.isSchemaError(error) ? schemaProblems(error) : []
    return { ok: false, failure: new ApiFailure("INVALID_INPUT", message, problems, problems, undefined) }
  }
}

/** The body a check of `bodyCheck` gives, as the typed client takes it. */
export type BodyOf<C> = C extends (wire: unknown) => Checked<infer B> ? B : never
