import type { ErrorCode } from "@bluelight/core/kernel"
import { Data } from "effect"

/**
 * A refusal made by the request path itself (body rules, routing,
 * authentication, rate limits), answered with the error envelope.
 * `headers` carries what the refusal needs beside the body (`Allow`, `Retry-After`).
 */
export class ApiFailure extends Data.TaggedError("ApiFailure")<{
  readonly code: ErrorCode
  readonly message: string
  readonly details?: unknown
  readonly headers?: Readonly<Record<string, string>>
}> {}
