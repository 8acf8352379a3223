import { CurrentRequestId, type DomainError, ErrorCode, isDomainError } from "@bluelight/core/kernel"
import { Effect, Schema, SchemaAST, SchemaTransformation } from "effect"
import { HttpApiSchema } from "effect/http-api"
import { capDetails, ErrorEnvelope } from "../schema/envelope.js"
import { statusOfCode } from "./status.js"

/** Where a declared error schema keeps its classes, for `allow` to merge them with the refusals. */
const DECLARED_ERRORS = "bluelightDeclaredErrors"

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

type Codes = readonly [ErrorCode, ...Array<ErrorCode>]

/** The `error` of the envelope: one of the codes, what the failure says, its problems held to their cap. */
const ErrorBody = (codes: Codes) => Schema.Struct({ code: Schema.Literals(codes), message: Schema.String, details: Schema.optionalKey(Schema.Unknown) })

/**
 * The envelope as sent under one status, `{error: {code, message, details?},
 * requestId}`, with one of that status's codes. Described as the one
 * `ErrorEnvelope` component narrowed to those codes (`allOf`: the component,
 * then the enum of the codes): the check's JSON Schema says so with the
 * component it references, on a base that adds nothing to it (`Any`: an
 * `Unknown` drops its checks from the JSON Schema, a named schema with a
 * check is written in place instead of referenced). The request's id is not
 * the error's, so it is read from the request's fiber when the answer is
 * encoded (and dropped when a client reads the answer back).
 */
const Envelope = (status: number, codes: Codes) => {
  const error = ErrorBody(codes)
  const narrowed = Schema.Struct({ error, requestId: Schema.String })
  const isNarrowed = Schema.is(narrowed)
  const wire = Schema.Any.pipe(Schema.refine((u): u is typeof narrowed.Type => isNarrowed(u), {
    expected: `the error envelope with ${codes.join(" or ")}`,
    representation: { id: "bluelight/ErrorEnvelopeOf", payload: [...codes], schemas: [ErrorEnvelope.ast] },
    toJsonSchema: ({ schemas }) => ({
      allOf: [...schemas, { type: "object", properties: { error: { type: "object", properties: { code: { enum: [...codes] } } } } }]
    })
  }))
  return wire.pipe(
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

/** A failure that says how long to wait (`RateLimited`, `GameThrottled`): its `retryAfterSeconds` is the `Retry-After` header. */
const waits = (error: Declarable): boolean => "retryAfterSeconds" in error.fields

/** The headers beside an envelope: none, or `Retry-After` (so no header asks a service to be read). */
type HeaderFields = Readonly<Record<string, Schema.optionalKey<Schema.String>>>

/** `Retry-After`, beside the envelope of a failure that says how long to wait. */
const RetryAfter: HeaderFields = { "retry-after": Schema.optionalKey(Schema.String) }

/**
 * `Retry-After` as the whole seconds it gives. Absent (a proxy dropped it) or
 * anything else (an HTTP date, never sent by this server; a proxy's rewrite)
 * gives none, and the error is read back without `retryAfterSeconds` rather
 * than not read at all: the code and message are still the server's.
 */
const secondsOf = (header: unknown): number | undefined => typeof header === "string" && /^\d+$/.test(header) ? Number(header) : undefined

/** How the one refusal that names a permission says it (`checkAccess`): "Missing permission cad.view". */
const MISSING_PERMISSION = /^Missing permission (\S+)$/

/**
 * What a class requires that the envelope does not always carry, read back
 * from what it does: `Forbidden`'s `permission` is the one its message names
 * (empty if it names none); `INVALID_INPUT` for a body that could not be read
 * comes without problems, read back as none.
 */
const notOnTheWire = (error: Declarable, message: string): Record<string, unknown> => ({
  ...("permission" in error.fields ? { permission: MISSING_PERMISSION.exec(message)?.[1] ?? "" } : {}),
  ...(error.code === "INVALID_INPUT" ? { details: [] } : {})
})

/**
 * The errors of one status as the contract declares them: answered with the
 * envelope, with `Retry-After` when one of them says how long to wait. One
 * schema per status, as HttpApi takes one response with headers per status,
 * described by its codes. Read back (by a client), the envelope's code names
 * the error's class, and `Retry-After` gives its `retryAfterSeconds` (none
 * when the header is missing or not a number of seconds: `secondsOf`).
 */
export const declaredAt = <E extends Declarable>(status: number, errors: readonly [E, ...Array<E>]) => {
  const codes: Codes = [errors[0].code, ...errors.slice(1).map((error) => error.code)]
  const decoders = new Map(errors.map((error) =>
    [error.code, {
      tag: tagOf(error),
      waits: waits(error),
      readBack: (message: string) => notOnTheWire(error, message),
      decode: Schema.decodeUnknownSync(error)
    }] as const
  ))
  const decoderOf = (code: ErrorCode) => {
    const decoder = decoders.get(code)
    if (decoder === undefined) throw new Error(`${code} is not declared here`)
    return decoder
  }
  // One of these classes, told by its code and class alone: encoding a refusal reads only its code, message,
  // details and wait, so its fields are never walked as a union of the classes' schemas would (every refusal pays it).
  const classes: ReadonlySet<ErrorCode> = new Set(codes)
  const union = Schema.declare((u: unknown): u is E["Type"] =>
    isDomainError(u) && classes.has(u.code) && errors.some((error) => u instanceof (error as unknown as abstract new(...args: never) => unknown))
  )
  const answered = HttpApiSchema.encodeToWithHeaders<typeof union, ReturnType<typeof Envelope>, HeaderFields>({
    body: Envelope(status, codes),
    headers: errors.some(waits) ? RetryAfter : {}
  }, {
    decode: ({ body, headers }) => {
      const error = decoderOf(body.error.code)
      const retryAfterSeconds = error.waits ? secondsOf(headers["retry-after"]) : undefined
      const read = { ...error.readBack(body.error.message), ...body.error, _tag: error.tag }
      return error.decode(retryAfterSeconds === undefined ? read : { ...read, retryAfterSeconds })
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
  return answered.annotate({ description: codes.join(", "), [DECLARED_ERRORS]: errors })
}

/** The classes a declared error schema answers, if it is one (a body of an operation's own, like health's, is not). */
export const declaredErrorsOf = (schema: Schema.Top): ReadonlyArray<Declarable> | undefined => {
  const errors = SchemaAST.resolve(schema.ast)?.[DECLARED_ERRORS]
  return Array.isArray(errors) ? errors : undefined
}

/** The errors grouped by status, each status's in the order of `ErrorCode`, each code once. */
export const byStatus = <E extends Declarable>(errors: ReadonlyArray<E>): ReadonlyArray<readonly [number, readonly [E, ...Array<E>]]> => {
  const statuses = new Map<number, Map<ErrorCode, E>>()
  for (const error of errors) {
    const status = statusOfCode(error.code)
    const same = statuses.get(status) ?? new Map<ErrorCode, E>()
    if (!same.has(error.code)) same.set(error.code, error)
    statuses.set(status, same)
  }
  return [...statuses].flatMap(([status, same]) => {
    const [first, ...rest] = ErrorCode.literals.flatMap((code) => same.get(code) ?? [])
    return first === undefined ? [] : [[status, [first, ...rest]] as const]
  })
}

/**
 * Declares the errors an operation's handler (and the use cases it calls)
 * can fail with, for the endpoint's `error` option: HttpApi then refuses, at
 * compile time, a handler failing with anything else, and answers each with
 * the envelope under its code's status (read from the one table). The
 * refusals of the access rule and of the request path are added to these by
 * `allow` (`access.ts`), merged per status.
 */
export const failsWith = <const Errors extends readonly [Declarable, ...ReadonlyArray<Declarable>]>(...errors: Errors) =>
  byStatus<Errors[number]>(errors).map(([status, same]) => declaredAt(status, same))
