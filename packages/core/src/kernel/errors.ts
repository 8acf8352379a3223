import { Schema } from "effect"

/**
 * Domain errors carry the API's error `code`; `adapters-http` maps each code
 * to its HTTP status in one table. Every domain error has a human `message`.
 */
export interface DomainError {
  readonly _tag: string
  readonly code: string
  readonly message: string
  readonly details?: unknown
}

export const isDomainError = (u: unknown): u is DomainError =>
  typeof u === "object" && u !== null && "_tag" in u && typeof (u as { code?: unknown }).code === "string" &&
  typeof (u as { message?: unknown }).message === "string"

/** The target record is absent (person, vehicle, licence, character, shift, CAD record). */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {
  message: Schema.String
}) {
  readonly code = "NOT_FOUND"
}

/** One problem found in a request: where it is and what is wrong. */
export const Problem = Schema.Struct({
  path: Schema.Array(Schema.String),
  message: Schema.String
})
export type Problem = typeof Problem.Type

/**
 * A rule that needs more than the request's shape failed (an age limit, a
 * status that forbids the change). Answered like a decode failure.
 */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  message: Schema.String,
  details: Schema.Array(Problem)
}) {
  readonly code = "INVALID_INPUT"
}

/** The record's current state does not allow the action. */
export class InvalidState extends Schema.TaggedError<InvalidState>()("InvalidState", {
  message: Schema.String
}) {
  readonly code = "INVALID_STATE"
}

/** Nothing would change. */
export class NoChange extends Schema.TaggedError<NoChange>()("NoChange", {
  message: Schema.String
}) {
  readonly code = "NO_CHANGE"
}
