import { type Schema, SchemaAST } from "effect"
import { HttpApiEndpoint } from "effect/http-api"
import { byStatus, type Declarable, declaredAt, declaredErrorsOf } from "./declared.js"

/**
 * The status a response schema is declared under, where `HttpApiSchema.status`
 * puts it (on the schema, or beside it when the schema is a named one); an
 * error without one is `500`, as HttpApi answers it.
 */
const statusOf = (schema: Schema.Top): number => {
  const status = SchemaAST.resolve(schema.ast)?.["httpApiStatus"] ?? schema.ast.context?.annotations?.["httpApiStatus"]
  return typeof status === "number" ? status : 500
}

/**
 * The schemas made so far, by status and codes: most operations share their
 * refusals (a `401` of `UNAUTHENTICATED`, a `500` of `INTERNAL_ERROR`), so
 * each is made once, and readied for the wire once.
 */
const made = new Map<string, { readonly errors: ReadonlyArray<Declarable>; readonly schema: Schema.Top }>()

const declaredOnce = (status: number, errors: readonly [Declarable, ...Array<Declarable>]): Schema.Top => {
  const key = `${status} ${errors.map((error) => error.code).join(" ")}`
  const found = made.get(key)
  if (found !== undefined && found.errors.length === errors.length && found.errors.every((error, index) => error === errors[index])) {
    return found.schema
  }
  const schema = declaredAt(status, errors)
  made.set(key, { errors, schema })
  return schema
}

/**
 * An operation's error responses: the errors its handler declared
 * (`failsWith`) merged with its refusals, one envelope per status with every
 * code of that status once. A response with a body of its own (health's
 * `503`) is kept as it is, and may not share its status with the envelope.
 * The merged schemas are made ready for the wire as HttpApi makes an
 * endpoint's declared errors (by declaring them on one).
 */
export const mergedErrors = (own: Iterable<Schema.Top>, refusals: ReadonlyArray<Declarable>): ReadonlySet<Schema.Top> => {
  const declared: Array<Declarable> = []
  const others: Array<Schema.Top> = []
  for (const schema of own) {
    const errors = declaredErrorsOf(schema)
    if (errors === undefined) others.push(schema)
    else declared.push(...errors)
  }
  const statuses = byStatus([...declared, ...refusals])
  for (const other of others) {
    const status = statusOf(other)
    if (statuses.some(([declaredStatus]) => declaredStatus === status)) {
      throw new Error(`an operation answers ${status} both with the error envelope and with a body of its own`)
    }
  }
  const answered = HttpApiEndpoint.get("errors", "/", { error: statuses.map(([status, same]) => declaredOnce(status, same)) })
  return new Set([...others, ...answered.error])
}
