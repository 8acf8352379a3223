import { CurrentRequestId, type DomainError, type ErrorCode } from "@bluelight/core/kernel"
import { Array as Arr, Effect, Schema, SchemaAST, SchemaTransformation } from "effect"
import { HttpApiSchema } from "effect/http-api"
import { capDetails } from "../schema/envelope.js"
import { statusOfCode } from "./status.js"

/** Where a declared error schema keeps its codes, for the description to read (`documented.ts`). */
const DECLARED_CODES = "bluelightDeclaredCodes"

/**
 * An error class that names its code and tag (every `DomainError`): what the
 * contract needs to answer it with the envelope and to read it back.
 */
export type Declarable = Schema.Top & {
  readonly Type: DomainError
  readonly DecodingServices: never
  readonly code: ErrorCode
  readonly fields: { readonly _tag: { readonly ast: SchemaAST.AST } }
}

/** The `error` of the envelope: one of the codes, what the failure says, its problems held to their cap. */
const ErrorBody = (codes: readonly [ErrorCode, ...Array<ErrorCode>]) =>
  Schema.Struct({ code: Schema.Literals(codes), message: Schema.String, details: Schema.optionalKey(Schema.Unknown) })

/**
 * The envelope as sent under one status, `{error: {code, message, details?},
 * requestId}`: the request's id is not the error's, so it is read from the
 * request's fiber when the answer is encoded (and dropped when a client reads
 * the answer back).
 */
const Envelope = (status: number, codes: readonly [ErrorCode, ...Array<ErrorCode>]) => {
  const error = ErrorBody(codes)
  return Schema.Struct({ error, requestId: Schema.String }).pipe(
    Schema.decodeTo(
      Schema.Struct({ error }),
      SchemaTransformation.transformEffect({
        decode: (envelope) => Effect.succeed({ error: envelope.error }),
        encode: (answer) => Effect.map(Effect.service(CurrentRequestId), (requestId) => ({ error: answer.error, requestId: requestId ?? "" }))
      })
    ),
    HttpApiSchema.status(status)
  )
}

const tagOf = (error: Declarable): string => {
  const ast = error.fields._tag.ast
  if (SchemaAST.isLiteral(ast) && typeof ast.literal === "string") return ast.literal
  throw new Error("a declared error has no literal _tag")
}

/** `Retry-After`, beside the envelope of a failure that says how long to wait. */
const RetryAfter = { "retry-after": Schema.optionalKey(Schema.String) }

/**
 * The errors of one status as the contract declares them: answered with the
 * envelope, with `Retry-After` when the failure says how long to wait. One
 * schema per status, as HttpApi takes one response with headers per status.
 * Read back (by a client), the envelope's code names the error's class.
 */
const declaredAt = <E extends Declarable>(status: number, errors: readonly [E, ...Array<E>]) => {
  const codes = Arr.map(errors, (error) => error.code)
  const decoders = new Map(errors.map((error) => [error.code, { tag: tagOf(error), decode: Schema.decodeUnknownSync(error) }] as const))
  const decoderOf = (code: ErrorCode) => {
    const decoder = decoders.get(code)
    if (decoder === undefined) throw new Error(`${code} is not declared here`)
    return decoder
  }
  const union: Schema.Union<ReadonlyArray<E>> = Schema.Union(errors)
  const answered = HttpApiSchema.encodeToWithHeaders<Schema.Union<ReadonlyArray<E>>, ReturnType<typeof Envelope>, typeof RetryAfter>({
    body: Envelope(status, codes),
    headers: RetryAfter
  }, {
    decode: ({ body }) => {
      const error = decoderOf(body.error.code)
      return error.decode({ ...body.error, _tag: error.tag })
    },
    encode: (failure) => ({
      body: {
        error: failure.details === undefined
          ? { code: failure.code, message: failure.message }
          : { code: failure.code, message: failure.message, details: capDetails(failure.details) }
      },
      headers: typeof failure.retryAfterSeconds === "number" ? { "retry-after": String(failure.retryAfterSeconds) } : {}
    })
  })(union)
  return answered.annotate({ [DECLARED_CODES]: codes })
}

/** The codes of a declared error schema, if `ast` is one. */
export const declaredCodesOf = (ast: SchemaAST.AST): ReadonlyArray<ErrorCode> | undefined => {
  const codes = SchemaAST.resolve(ast)?.[DECLARED_CODES]
  return Array.isArray(codes) ? codes : undefined
}

/**
 * Declares the errors an operation's handler (and the use cases it calls)
 * can fail with, for the endpoint's `error` option: HttpApi then refuses, at
 * compile time, a handler failing with anything else, and answers each with
 * the envelope under its code's status (read from the one table). The
 * refusals of the access rule and of the request path are added to the
 * description from the endpoint itself (`refusals.ts`), not declared here.
 */
export const failsWith = <const Errors extends readonly [Declarable, ...ReadonlyArray<Declarable>]>(...errors: Errors) => {
  const byStatus = new Map<number, [Errors[number], ...Array<Errors[number]>]>()
  for (const error of errors) {
    const status = statusOfCode(error.code)
    const same = byStatus.get(status)
    if (same === undefined) byStatus.set(status, [error])
    else same.push(error)
  }
  return [...byStatus].map(([status, same]) => declaredAt(status, same))
}
