import { isApiError } from "@bluelight/client"
import { Cause } from "effect"
import { HttpClientError } from "effect/http"

/** One problem of an `INVALID_INPUT` answer: where it is (`["location"]`, `["query", "limit"]`) and what is wrong. */
export interface FieldProblem {
  readonly path: ReadonlyArray<string>
  readonly message: string
}

/** A refusal the API answered with: its code and message as the envelope says them, `details` read as field problems. */
export class ApiFailure extends Error {
  override readonly name = "ApiFailure"
  constructor(
    readonly code: string,
    message: string,
    readonly problems: ReadonlyArray<FieldProblem>,
    readonly details: unknown,
    readonly retryAfterSeconds: number | undefined
  ) {
    super(message)
  }
}

/** No answer came back: the server could not be reached, or the connection was cut mid-answer. */
export class ConnectionLost extends Error {
  override readonly name = "ConnectionLost"
  constructor() {
    super("The connection to Bluelight was lost.")
  }
}

const isProblem = (u: unknown): u is FieldProblem =>
  typeof u === "object" && u !== null && Array.isArray((u as FieldProblem).path) &&
  (u as FieldProblem).path.every((part) => typeof part === "string") && typeof (u as FieldProblem).message === "string"

/** The field problems of an answer's `details`: `INVALID_INPUT`'s list, nothing for any other shape. */
export const problemsOf = (details: unknown): ReadonlyArray<FieldProblem> => Array.isArray(details) ? details.filter(isProblem) : []

/** No answer (refused, reset, cut), or a gateway's in place of the server's (it is down behind a proxy). */
const isLost = (error: HttpClientError.HttpClientError): boolean =>
  error.reason._tag === "TransportError" || (error.reason._tag === "StatusCodeError" && error.reason.response.status >= 502)

/** What a failed request's cause means to a person: the API's refusal, a lost connection, or something unexpected. */
export const failureOf = (cause: Cause.Cause<unknown>): Error => {
  const error = Cause.squash(cause)
  if (isApiError(error)) return new ApiFailure(error.code, error.message, problemsOf(error.details), error.details, error.retryAfterSeconds)
  if (HttpClientError.isHttpClientError(error) && isLost(error)) return new ConnectionLost()
  return error instanceof Error ? error : new Error(String(error))
}

/** The code of a failure the API answered with, or `undefined`. */
export const codeOf = (error: unknown): string | undefined => error instanceof ApiFailure ? error.code : undefined
