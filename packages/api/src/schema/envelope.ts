import { ErrorCode, PageMeta, Problem } from "@bluelight/core/kernel"
import { Schema } from "effect"

/** `{data: ...}`, the body of a success answering one thing (not named `Data`: Effect has a `Data` module). */
export const Single = <S extends Schema.Top>(data: S) => Schema.Struct({ data })

/** `{data: [...], meta: {limit, offset, hasMore}}`, the body of every list. */
export const List = <S extends Schema.Top>(item: S) => Schema.Struct({ data: Schema.Array(item), meta: PageMeta })

/** The most problems one answer lists; a last entry counts the rest. */
export const MAX_DETAILS = 20

/**
 * A list of problems held to `MAX_DETAILS` entries plus "and N more problems",
 * so that an answer stays in proportion to the mistake whatever the request.
 */
export const capDetails = (details: unknown): unknown => {
  if (!Array.isArray(details) || details.length <= MAX_DETAILS) return details
  const problems: ReadonlyArray<unknown> = details
  const more = problems.length - MAX_DETAILS
  return [...problems.slice(0, MAX_DETAILS), { path: [], message: `and ${more} more ${more === 1 ? "problem" : "problems"}` }]
}

/** A UUID of any version, as the request ids are written. */
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/

/**
 * The error envelope of every error response, as the description shows it
 * (each operation's errors of one status narrow it to their codes,
 * `errors/declared.ts`); each declared error is answered with it, the request
 * path's refusals too (`adapters-http` `errors/respond.ts`).
 */
export const ErrorEnvelope = Schema.Struct({
  error: Schema.Struct({
    code: ErrorCode,
    message: Schema.String,
    details: Schema.optionalKey(Schema.Union([
      Schema.Array(Problem).annotate({
        description: "With INVALID_INPUT: every problem found, at most 20, and then one more counting the rest"
      }),
      Schema.Struct({ availability: Schema.Literal("unavailable") }).annotate({
        description: "With GAME_THROTTLED and GAME_UNAVAILABLE: the game server cannot take a command or be read now"
      })
    ]))
  }),
  requestId: Schema.String.check(Schema.isPattern(UUID, { toJsonSchema: () => ({ format: "uuid", pattern: UUID.source }) })).annotate({
    identifier: "RequestId",
    description: "The request's id, as in the X-Request-Id header; quote it when reporting a problem"
  })
}).annotate({ identifier: "ErrorEnvelope", description: "The error envelope; requestId equals the X-Request-Id header" })
