import { Effect, Option, Predicate, Schema } from "effect"
import { ErrorCode } from "./errorCode.js"

const DomainErrorTypeId: unique symbol = Symbol.for("@bluelight/core/kernel/DomainError")

/**
 * What every domain error shows the adapters: its tag, its code from the
 * API's union (`adapters-http` maps each code to its HTTP status in one
 * table) and a human `message`; some add `details`, or how long to wait
 * before trying again.
 */
export interface DomainError {
  readonly _tag: string
  readonly code: ErrorCode
  readonly message: string
  readonly details?: unknown
  readonly retryAfterSeconds?: number | undefined
}

/**
 * The base of every domain error: a `Schema.TaggedError` whose `code` is a
 * literal of `ErrorCode`, filled in by the constructor, and whose class also
 * names it (`NotFound.code`), so that an adapter can declare the error
 * without an instance. Use as
 * `class NotFound extends DomainError<NotFound>()("NotFound", "NOT_FOUND", {}) {}`.
 */
export const DomainError = <Self = never>() =>
<const Tag extends string, const Code extends ErrorCode, Fields extends Schema.Struct.Fields>(
  tag: Tag,
  code: Code,
  fields: Fields
) => {
  const codeField = Schema.Literal(code).pipe(Schema.withConstructorDefault(Effect.succeed(code)))
  const base = expectedError(Schema.TaggedError<Self>()(tag, { ...fields, code: codeField, message: Schema.String }))
  markDomainError(base)
  return Object.assign(base, { code })
}

// V8's limit on captured stack frames (`Error.stackTraceLimit`); core has no Node types.
const v8Error = Error as unknown as { stackTraceLimit: number }

/**
 * A domain error is an expected answer, made on hot paths (every anonymous
 * request is refused with one): it captures no stack, which would only point
 * at the code that refused and which nothing reads, and its fields, checked
 * by the compiler, have only their types parsed at run time (Effect 4 always
 * does that much), not their checks, unless the caller passes
 * `{ disableChecks: false }` as the constructor's options. The subclass keeps the class's
 * type; only the constructor's defaults change. Every `DomainError` is made
 * this way; a `Schema.TaggedError` that carries one (the access check's
 * wrapper) is wrapped the same way where it is declared.
 */
export const expectedError = <C>(errorClass: C): C => {
  const Tagged = errorClass as unknown as new(props: unknown, options?: Schema.MakeOptions) => object
  return class extends Tagged {
    constructor(props: unknown, options: Schema.MakeOptions = { disableChecks: true }) {
      const limit = v8Error.stackTraceLimit
      v8Error.stackTraceLimit = 0
      try {
        super(props, options)
      } finally {
        v8Error.stackTraceLimit = limit
      }
    }
  } as unknown as C
}

// Only classes made by `DomainError` carry the mark: recognising one asks how
// it was made, not whether something happens to have a `code`.
const markDomainError = (errorClass: unknown): void => {
  if (typeof errorClass !== "function") return
  const prototype: unknown = errorClass.prototype
  if (typeof prototype === "object" && prototype !== null) {
    Object.defineProperty(prototype, DomainErrorTypeId, { value: DomainErrorTypeId })
  }
}

export const isDomainError = (u: unknown): u is DomainError => Predicate.hasProperty(u, DomainErrorTypeId)

/** The target record is absent (person, vehicle, licence, character, shift, CAD record). */
export class NotFound extends DomainError<NotFound>()("NotFound", "NOT_FOUND", {}) {}

/**
 * The record a lookup found, or `NotFound` with `message` (`"No such role"`),
 * piped after the lookup: `yield* units.findById(id).pipe(orNotFound("No such unit"))`.
 */
export const orNotFound = (message: string) => <A, E, R>(lookup: Effect.Effect<Option.Option<A>, E, R>): Effect.Effect<A, E | NotFound, R> =>
  Effect.flatMap(lookup, Option.match({ onNone: () => Effect.fail(new NotFound({ message })), onSome: Effect.succeed }))

/** One problem found in a request: where it is and what is wrong. */
export const Problem = Schema.Struct({
  path: Schema.Array(Schema.String),
  message: Schema.String
}).annotate({
  identifier: "Problem",
  description: "One problem found in a request: where it is (body path, or [\"query\", name], [\"headers\", name], [\"path\", name]) and what is wrong"
})
export type Problem = typeof Problem.Type

/**
 * A rule that needs more than the request's shape failed (an age limit, a
 * status that forbids the change). Answered like a decode failure.
 */
export class InvalidInput extends DomainError<InvalidInput>()("InvalidInput", "INVALID_INPUT", {
  details: Schema.Array(Problem)
}) {}

/** The record's current state does not allow the action. */
export class InvalidState extends DomainError<InvalidState>()("InvalidState", "INVALID_STATE", {}) {}

/** Nothing would change. */
export class NoChange extends DomainError<NoChange>()("NoChange", "NO_CHANGE", {}) {}
