import { ErrorCode } from "@bluelight/core/kernel"
import { JsonSchema, Schema } from "effect"
import { HttpApi, type HttpApiGroup } from "effect/http-api"
import { isObject, type JsonObject, objectAt } from "../openapi/json.js"
import { ErrorEnvelope } from "../schema/envelope.js"
import { declaredCodesOf } from "./declared.js"
import { accessRefusalsOf, requestRefusalsOf } from "./refusals.js"
import { statusOfCode } from "./status.js"

/** The error answers of one operation: every code it can answer with, and the statuses it answers with a body of its own. */
interface OperationErrors {
  readonly codes: ReadonlyArray<ErrorCode>
  readonly ownStatuses: ReadonlySet<number>
}

const operationKey = (method: string, path: string) => `${method.toLowerCase()} ${path.replace(/:(\w+)\??/g, "{$1}")}`

/**
 * Every operation's error codes: those its handler declared (`failsWith`),
 * those its access rule and the request path can refuse it with. Left out:
 * AccessControl's failure, which stands for refusals that depend on each
 * operation's rule.
 */
const errorsOfOperations = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>
): ReadonlyMap<string, OperationErrors> => {
  const operations = new Map<string, OperationErrors>()
  HttpApi.reflect(api, {
    onGroup: () => {},
    onEndpoint: ({ endpoint, errors }) => {
      const declared = new Set<ErrorCode>()
      const ownStatuses = new Set<number>()
      for (const [status, schemas] of errors) {
        for (const schema of schemas) {
          const codes = declaredCodesOf(schema.ast)
          if (codes !== undefined) for (const code of codes) declared.add(code)
          else if (endpoint.error.has(schema)) ownStatuses.add(status)
        }
      }
      const refusals = new Set([...accessRefusalsOf(endpoint), ...requestRefusalsOf(endpoint)])
      operations.set(operationKey(endpoint.method, endpoint.path), {
        codes: ErrorCode.literals.filter((code) => declared.has(code) || refusals.has(code)),
        ownStatuses
      })
    }
  })
  return operations
}


/**
 * The `ErrorEnvelope` component (and those it refers to) added to the
 * document's components, and the reference to it.
 */
const envelopeSchema = (schemas: JsonObject): unknown => {
  const single = Schema.toJsonSchemaDocument(ErrorEnvelope, { onExcessProperty: "error" })
  const document = JsonSchema.toMultiDocumentOpenApi3_1({ dialect: single.dialect, schemas: [single.schema], definitions: single.definitions })
  for (const [name, definition] of Object.entries(document.definitions)) schemas[name] = definition
  return document.schemas[0]
}

/** The envelope, narrowed to the codes one status of one operation can carry. */
const envelopeResponse = (envelope: unknown, codes: ReadonlyArray<ErrorCode>): JsonObject => ({
  description: codes.join(", "),
  content: {
    "application/json": {
      schema: {
        allOf: [envelope, { type: "object", properties: { error: { type: "object", properties: { code: { enum: codes } } } } }]
      }
    }
  }
})

const REF_PREFIX = "#/components/schemas/"

/**
 * An error answered with a body of its own (health's `503`) shows that body's
 * schema in place, under "Error": the component is the success's, which the
 * error only happens to share.
 */
const ownErrorResponse = (response: unknown, schemas: JsonObject): unknown => {
  if (!isObject(response) || !isObject(response["content"])) return response
  const content: JsonObject = {}
  for (const [type, media] of Object.entries(response["content"])) {
    const schema = isObject(media) ? media["schema"] : undefined
    const ref = isObject(schema) && typeof schema["$ref"] === "string" && schema["$ref"].startsWith(REF_PREFIX)
      ? schemas[schema["$ref"].slice(REF_PREFIX.length)]
      : undefined
    content[type] = ref === undefined || !isObject(media) ? media : { ...media, schema: structuredClone(ref) }
  }
  return { ...response, description: "Error", content }
}

const refsIn = (u: unknown, found: Set<string>): void => {
  if (Array.isArray(u)) {
    for (const item of u) refsIn(item, found)
  } else if (isObject(u)) {
    for (const [key, value] of Object.entries(u)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith(REF_PREFIX)) found.add(value.slice(REF_PREFIX.length))
      else refsIn(value, found)
    }
  }
}

/** Drops the components nothing refers to any more (the shapes of the replaced error responses). */
const dropUnreferenced = (paths: unknown, schemas: JsonObject): void => {
  const reached = new Set<string>()
  refsIn(paths, reached)
  for (let grew = true; grew;) {
    const before = reached.size
    for (const name of [...reached]) refsIn(schemas[name], reached)
    grew = reached.size > before
  }
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name]
}

/**
 * Rewrites each operation's error responses from its codes: one response per
 * status, the `ErrorEnvelope` component narrowed to that status's codes and
 * described by them; `500` is the defect alone. A status an operation answers
 * with a body of its own (health's `503`) keeps it.
 */
const describeErrors = (spec: JsonObject, operations: ReadonlyMap<string, OperationErrors>): JsonObject => {
  const paths = objectAt(spec, "paths")
  const schemas = objectAt(objectAt(spec, "components"), "schemas")
  const envelope = envelopeSchema(schemas)
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue
      const key = `${method} ${path}`
      const errors = operations.get(key)
      if (errors === undefined) throw new Error(`${key} is described but not in the API its errors were read from`)
      const responses = objectAt(operation, "responses")
      for (const status of Object.keys(responses)) {
        if (Number(status) < 400) continue
        if (errors.ownStatuses.has(Number(status))) responses[status] = ownErrorResponse(responses[status], schemas)
        else delete responses[status]
      }
      const byStatus = new Map<number, Array<ErrorCode>>()
      for (const code of errors.codes) byStatus.set(statusOfCode(code), [...(byStatus.get(statusOfCode(code)) ?? []), code])
      for (const [status, codes] of byStatus) {
        if (errors.ownStatuses.has(status)) throw new Error(`${key} answers ${status} both with the error envelope and with a body of its own`)
        responses[status] = envelopeResponse(envelope, codes)
      }
    }
  }
  dropUnreferenced(paths, schemas)
  return spec
}

/**
 * The step of the API's description that rewrites its error responses from
 * the error codes (see `describeErrors`), for `describeApi` to run on the
 * finished API: an operation of a group added later is refused when the
 * description is made.
 */
export const errorsDescriptionOf = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>
) =>
(spec: JsonObject): JsonObject => describeErrors(spec, errorsOfOperations(api))
