import type { Problem } from "@bluelight/core"
import type { HttpApiEndpoint, HttpApiError, HttpServerRequest } from "@effect/platform"
import { Effect, Either, Option, ParseResult, Schema } from "effect"
import type { RouteEntry } from "./routes.js"

/**
 * An optional field with a default decodes as a union with `undefined`, so a
 * bad value is reported twice: once by its own rule and once as "Expected
 * undefined". Only the first says something useful.
 */
const withoutUndefinedNoise = (problems: ReadonlyArray<Problem>): Array<Problem> =>
  problems.filter((problem, _, all) =>
    !(problem.message.startsWith("Expected undefined") &&
      all.some((other) => other !== problem && other.path.join("\u0000") === problem.path.join("\u0000")))
  )

const problemsOf = (error: ParseResult.ParseError, prefix: ReadonlyArray<string>): Array<Problem> =>
  withoutUndefinedNoise(
    ParseResult.ArrayFormatter.formatErrorSync(error).map((issue) => ({
      path: [...prefix, ...issue.path.map(String)],
      message: issue.message
    }))
  )

const searchParamsOf = (url: string): Record<string, string | Array<string>> => {
  const params = new URL(url, "http://localhost").searchParams
  const out: Record<string, string | Array<string>> = {}
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    out[key] = values.length === 1 ? values[0]! : values
  }
  return out
}

const firstFailure = (schema: Option.Option<Schema.Schema.Any>, input: unknown, prefix: ReadonlyArray<string>) =>
  Option.flatMap(schema, (s) => {
    const result = Schema.decodeUnknownEither(s as Schema.Schema<unknown, unknown, never>, { errors: "all" })(input)
    return Either.isLeft(result) ? Option.some(problemsOf(result.left, prefix)) : Option.none()
  })

/**
 * Turns HttpApi's decode failure into the API's `details`: every problem, with
 * its path prefixed by where it was found (`["query", "limit"]`,
 * `["headers", "idempotency-key"]`, `["path", "id"]`; body paths as they are).
 * HttpApi decodes path, body, headers and query in that order and stops at the
 * first part that fails, so the parts are decoded again in the same order.
 */
export const decodeDetails = (
  error: HttpApiError.HttpApiDecodeError,
  route: RouteEntry | undefined,
  request: HttpServerRequest.HttpServerRequest
): Effect.Effect<ReadonlyArray<Problem>> =>
  Effect.gen(function*() {
    const fallback = error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }))
    const endpoint: HttpApiEndpoint.HttpApiEndpoint.AnyWithProps | null = route?.endpoint ?? null
    if (route === undefined || endpoint === null) return fallback
    const pathname = new URL(request.url, "http://localhost").pathname
    const pathParams = route.pattern.exec(pathname)?.groups ?? {}
    const body = yield* Effect.orElseSucceed(request.json, () => null)
    const found = firstFailure(endpoint.pathSchema, pathParams, ["path"]).pipe(
      Option.orElse(() => firstFailure(endpoint.payloadSchema, body, [])),
      Option.orElse(() => firstFailure(endpoint.headersSchema, request.headers, ["headers"])),
      Option.orElse(() => firstFailure(endpoint.urlParamsSchema, searchParamsOf(request.url), ["query"]))
    )
    return Option.getOrElse(found, () => fallback)
  })
