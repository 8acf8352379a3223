import type { Problem } from "@bluelight/core/kernel"
import { SchemaIssue } from "effect"
import type { HttpApiError } from "effect/http-api"

/**
 * The generic messages in the API's words: a property that is not declared
 * "is unexpected", one that is absent "is missing". Our own `message`
 * annotations, and Effect's wording of anything else, are kept.
 */
const leafHook: SchemaIssue.LeafHook = (issue) => {
  if (issue._tag === "UnexpectedKey") return "is unexpected"
  const message = SchemaIssue.defaultLeafHook(issue)
  return issue._tag === "MissingKey" && message === "Missing key" ? "is missing" : message
}

const format = SchemaIssue.makeFormatterStandardSchemaV1({ leafHook })

/** Every problem of a decoding `issue`, each path after `prefix`, in the API's words. */
export const problemsOf = (issue: SchemaIssue.Issue, prefix: ReadonlyArray<string> = []): ReadonlyArray<Problem> =>
  format(issue).issues.map((problem) => ({
    path: [...prefix, ...(problem.path ?? []).map((key) => String(typeof key === "object" ? key.key : key))],
    message: problem.message
  }))

/** Where each part of the request is found, as `details` paths start. */
const PREFIX: Record<HttpApiError.HttpApiSchemaError["kind"], ReadonlyArray<string>> = {
  Params: ["path"],
  Query: ["query"],
  Headers: ["headers"],
  Payload: [],
  Body: [],
  ResponseHeaders: []
}

/**
 * Turns HttpApi's decode failure into the API's `details`: every problem, with
 * its path prefixed by where it was found (`["query", "limit"]`,
 * `["headers", "idempotency-key"]`, `["path", "id"]`; body paths as they are).
 * HttpApi decodes path, headers, query and body in that order and stops at the
 * first part that fails, naming it.
 */
export const decodeDetails = (error: HttpApiError.HttpApiSchemaError): ReadonlyArray<Problem> => problemsOf(error.cause.issue, PREFIX[error.kind])
