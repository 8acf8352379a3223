import { ErrorCode, PageMeta, Problem } from "@bluelight/core/kernel"
import { Schema } from "effect"

/** `{data: ...}`, the body of every success. */
export const Data = <S extends Schema.Schema.Any>(data: S) => Schema.Struct({ data })

/** `{data: [...], meta: {limit, offset, hasMore}}`, the body of every list. */
export const List = <S extends Schema.Schema.Any>(item: S) =>
  Schema.Struct({ data: Schema.Array(item), meta: PageMeta })

/**
 * The error envelope of every error response. It describes the answers (the
 * request path builds them, `errors/respond.ts`); nothing decodes with it.
 */
export const ErrorEnvelope = Schema.Struct({
  error: Schema.Struct({
    code: ErrorCode,
    message: Schema.String,
    details: Schema.optional(Schema.Union(
      Schema.Array(Problem).annotations({
        description: "With INVALID_INPUT: every problem found, at most 20, and then one more counting the rest"
      }),
      Schema.Struct({ availability: Schema.Literal("unavailable") }).annotations({
        description: "With GAME_THROTTLED and GAME_UNAVAILABLE: the game server cannot take a command or be read now"
      })
    ))
  }),
  requestId: Schema.UUID.annotations({ identifier: "RequestId", description: "The request's id, as in the X-Request-Id header; quote it when reporting a problem" })
}).annotations({ identifier: "ErrorEnvelope", description: "The error envelope; requestId equals the X-Request-Id header" })
