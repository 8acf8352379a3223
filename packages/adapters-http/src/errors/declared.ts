import type { ErrorCode } from "@bluelight/core/kernel"
import { type HttpApiEndpoint, HttpApiSchema, type HttpMethod } from "@effect/platform"
import { Option, Schema, SchemaAST } from "effect"
import { statusOfCode } from "./status.js"

/** Where a declared error keeps its code, for the description to read (`documented.ts`). */
const DeclaredCode = Symbol.for("@bluelight/adapters-http/DeclaredCode")

/** An error class that names its code (every `DomainError`). */
export type Declarable = Schema.Schema.AnyNoContext & { readonly code: ErrorCode }

type DeclaredSchema<E extends Declarable> = Schema.Schema<Schema.Schema.Type<E>, Schema.Schema.Encoded<E>, never>

/** The error as the contract declares it: under the status of its code, read from the one table. */
const declared = <E extends Declarable>(error: E): DeclaredSchema<E> =>
  error.annotations({ ...HttpApiSchema.annotations({ status: statusOfCode(error.code) }), [DeclaredCode]: error.code })

/** The code of a declared error, if `ast` is one. */
export const declaredCodeOf = (ast: SchemaAST.AST): Option.Option<ErrorCode> =>
  SchemaAST.getAnnotation<ErrorCode>(ast, DeclaredCode)

/**
 * Declares the errors an operation's handler (and the use cases it calls)
 * can fail with: HttpApi then refuses, at compile time, a handler failing
 * with anything else. Each is described under its code's status; the
 * refusals of the access rule and of the request path are added to the
 * description from the endpoint itself (`refusals.ts`), not declared here.
 */
export const failsWith = <const Errors extends readonly [Declarable, ...ReadonlyArray<Declarable>]>(...errors: Errors) => {
  const schema: DeclaredSchema<Errors[number]> = Schema.Union(...errors.map(declared))
  return <Name extends string, Method extends HttpMethod.HttpMethod, Path, UrlParams, Payload, Headers, Success, Error, R, RE>(
    endpoint: HttpApiEndpoint.HttpApiEndpoint<Name, Method, Path, UrlParams, Payload, Headers, Success, Error, R, RE>
  ) => endpoint.addError(schema)
}
