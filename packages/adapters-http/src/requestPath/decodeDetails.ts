import type { Problem } from "@bluelight/core/kernel"
import type { HttpApiError, HttpServerRequest } from "@effect/platform"
import { Effect, Either, Option, Schema, SchemaAST } from "effect"
import { pathnameOf, type RouteEntry } from "./routes.js"

const pathKey = (problem: Problem) => JSON.stringify(problem.path)

/**
 * An optional field with a default decodes as a union with `undefined`, so a
 * bad value is reported twice: once by its own rule and once as "Expected
 * undefined". Only the first says something useful.
 */
const withoutUndefinedNoise = (problems: ReadonlyArray<Problem>): Array<Problem> => {
  const isNoise = (problem: Problem) => problem.message.startsWith("Expected undefined")
  const explained = new Set(problems.filter((problem) => !isNoise(problem)).map(pathKey))
  return problems.filter((problem) => !(isNoise(problem) && explained.has(pathKey(problem))))
}

const searchParamsOf = (url: string): Record<string, string | Array<string>> => {
  const params = new URL(url, "http://localhost").searchParams
  const out: Record<string, string | Array<string>> = {}
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    out[key] = values.length === 1 ? values[0]! : values
  }
  return out
}

/** Path parameters as the router hands them to the endpoint: percent-decoded. */
const pathParamsOf = (route: RouteEntry, pathname: string): Record<string, string> => {
  const groups = route.paramsOf(pathname) ?? {}
  const out: Record<string, string> = {}
  for (const [name, raw] of Object.entries(groups)) {
    try {
      out[name] = decodeURIComponent(raw)
    } catch {
      out[name] = raw
    }
  }
  return out
}

/**
 * Whether `input` fails `schema`, stopping at its first problem: the error
 * already lists them all, this only finds out which part they belong to.
 */
const fails = (schema: Option.Option<{ readonly ast: SchemaAST.AST }>, input: unknown): boolean =>
  Option.match(schema, {
    onNone: () => false,
    onSome: ({ ast }) => {
      const own = Option.getOrElse(SchemaAST.getParseOptionsAnnotation(ast), () => ({}))
      const firstProblemOnly = Schema.make(SchemaAST.annotations(ast, { [SchemaAST.ParseOptionsAnnotationId]: { ...own, errors: "first" } }))
      return Either.isLeft(Schema.decodeUnknownEither(firstProblemOnly)(input))
    }
  })

/**
 * Turns HttpApi's decode failure into the API's `details`: every problem, with
 * its path prefixed by where it was found (`["query", "limit"]`,
 * `["headers", "idempotency-key"]`, `["path", "id"]`; body paths as they are).
 * HttpApi decodes path, body, headers and query in that order and stops at the
 * first part that fails; its error lists that part's problems without saying
 * which part it was, so the parts are checked again in the same order, each
 * only up to its first problem (a body with thousands of mistakes is not
 * decoded and formatted twice).
 */
export const decodeDetails = (
  error: HttpApiError.HttpApiDecodeError,
  route: RouteEntry | undefined,
  request: HttpServerRequest.HttpServerRequest
): Effect.Effect<ReadonlyArray<Problem>> =>
  Effect.gen(function*() {
    const problems = withoutUndefinedNoise(error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })))
    const endpoint = route?.endpoint ?? null
    if (route === undefined || endpoint === null) return problems
    const at = (prefix: ReadonlyArray<string>) => problems.map((problem) => ({ ...problem, path: [...prefix, ...problem.path] }))
    if (fails(endpoint.pathSchema, pathParamsOf(route, pathnameOf(request.url)))) return at(["path"])
    if (Option.isSome(endpoint.payloadSchema)) {
      const body = yield* Effect.orElseSucceed(request.json, () => null)
      if (fails(endpoint.payloadSchema, body)) return problems
    }
    if (fails(endpoint.headersSchema, request.headers)) return at(["headers"])
    if (fails(endpoint.urlParamsSchema, searchParamsOf(request.url))) return at(["query"])
    return problems
  })
