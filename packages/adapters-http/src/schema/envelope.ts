import { ErrorCode, PageMeta } from "@bluelight/core/kernel"
import { Schema } from "effect"

/** `{data: ...}`, the body of every success. */
export const Data = <S extends Schema.Schema.Any>(data: S) => Schema.Struct({ data })

/** `{data: [...], meta: {limit, offset, hasMore}}`, the body of every list. */
export const List = <S extends Schema.Schema.Any>(item: S) =>
  Schema.Struct({ data: Schema.Array(item), meta: PageMeta })

/** The error envelope of every error response. */
export const ErrorEnvelope = Schema.Struct({
  error: Schema.Struct({
    code: ErrorCode,
    message: Schema.String,
    details: Schema.optional(Schema.Unknown)
  }),
  requestId: Schema.UUID
}).annotations({ identifier: "ErrorEnvelope", description: "The error envelope; requestId equals the X-Request-Id header" })
