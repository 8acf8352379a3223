/**
 * Builds a valid request for any operation of the served API description:
 * path ids, required query parameters and headers from their schemas, and a
 * body from the request body's example, or else from its schema's required
 * properties. The authorization matrix (authorization.test.ts) uses it so
 * that a new operation is covered without anyone touching the test.
 */
import { randomUUID } from "node:crypto"
import { isJsonObject, type JsonObject } from "../harness/body.js"
import type { RunningServer } from "../harness/server.js"

export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const

export interface Operation {
  readonly method: string
  readonly path: string
  readonly operation: JsonObject
}

/** The API description `server` serves, as every proof suite walks it. */
export const servedDocument = async (server: RunningServer): Promise<JsonObject> => {
  const reply = await server.request("GET", "/api/openapi.json")
  if (reply.status !== 200 || !isJsonObject(reply.body)) throw new Error(`GET /api/openapi.json answered ${reply.status}: ${reply.text.slice(0, 200)}`)
  return reply.body
}

/** Every operation of the document: `paths` × methods. */
export const operationsOf = (document: JsonObject): Array<Operation> => {
  const paths = isJsonObject(document["paths"]) ? document["paths"] : {}
  const found: Array<Operation> = []
  for (const [path, item] of Object.entries(paths)) {
    if (!isJsonObject(item)) continue
    for (const method of METHODS) {
      const operation = item[method]
      if (isJsonObject(operation)) found.push({ method: method.toUpperCase(), path, operation })
    }
  }
  return found
}

/** `schema` with its `$ref`s followed (an empty schema when it leads nowhere). */
export const resolve = (document: JsonObject, schema: unknown): JsonObject => {
  let current = schema
  for (let depth = 0; depth < 20 && isJsonObject(current) && typeof current["$ref"] === "string"; depth++) {
    const parts = current["$ref"].replace(/^#\//, "").split("/")
    let target: unknown = document
    for (const part of parts) target = isJsonObject(target) ? target[part] : undefined
    current = target
  }
  return isJsonObject(current) ? current : {}
}

const stringFor = (schema: JsonObject): string => {
  if (Array.isArray(schema["enum"]) && typeof schema["enum"][0] === "string") return schema["enum"][0]
  if (schema["format"] === "date-time") return new Date(Date.UTC(2026, 0, 1)).toISOString()
  if (schema["format"] === "date") return "1990-05-14"
  if (schema["format"] === "uuid") return randomUUID()
  const min = typeof schema["minLength"] === "number" ? schema["minLength"] : 1
  const max = typeof schema["maxLength"] === "number" ? schema["maxLength"] : Math.max(min, 16)
  const pattern = typeof schema["pattern"] === "string" ? schema["pattern"] : undefined
  // Letters, digits, '-' and '_' satisfy every pattern the API uses for free text and ids
  // (`^[A-Za-z0-9_-]+$` and the like); a UUID is a valid Id.
  const base = pattern !== undefined && /^\^\[[^\]]*\]\+\$$/.test(pattern) && !pattern.includes("-") ? "abcdefgh0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    : randomUUID()
  let text = base
  while (text.length < min) text += base
  return text.slice(0, Math.max(min, Math.min(max, text.length)))
}

/** A minimal value valid for this schema (required properties only). */
export const valueFor = (document: JsonObject, raw: unknown, depth = 0): unknown => {
  const schema = resolve(document, raw)
  if (depth > 8) return null
  if ("example" in schema) return schema["example"]
  if (Array.isArray(schema["examples"]) && schema["examples"].length > 0) return schema["examples"][0]
  if ("const" in schema) return schema["const"]
  if (Array.isArray(schema["enum"])) return schema["enum"][0]
  for (const key of ["allOf", "anyOf", "oneOf"] as const) {
    const options = schema[key]
    if (Array.isArray(options)) {
      const usable = options.map((option) => resolve(document, option)).find((option) => option["type"] !== "null")
      if (usable !== undefined) return valueFor(document, usable, depth + 1)
    }
  }
  const type = Array.isArray(schema["type"]) ? schema["type"].find((entry) => entry !== "null") : schema["type"]
  switch (type) {
    case "string":
      return stringFor(schema)
    case "integer":
    case "number":
      return typeof schema["minimum"] === "number" ? schema["minimum"] : typeof schema["exclusiveMinimum"] === "number" ? schema["exclusiveMinimum"] + 1 : 1
    case "boolean":
      return false
    case "array": {
      const min = typeof schema["minItems"] === "number" ? schema["minItems"] : 0
      return Array.from({ length: min }, () => valueFor(document, schema["items"], depth + 1))
    }
    default: {
      const properties = isJsonObject(schema["properties"]) ? schema["properties"] : {}
      const required = Array.isArray(schema["required"]) ? schema["required"].filter((key): key is string => typeof key === "string") : []
      return Object.fromEntries(required.map((key) => [key, valueFor(document, properties[key], depth + 1)]))
    }
  }
}

export interface BuiltRequest {
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: string | undefined
}

/** A request for this operation: fresh UUIDs for path ids, required query parameters and headers, the body. */
export const buildRequest = (document: JsonObject, { path, operation }: Operation): BuiltRequest => {
  const parameters = Array.isArray(operation["parameters"]) ? operation["parameters"].map((parameter) => resolve(document, parameter)) : []
  const headers: Record<string, string> = {}
  const query = new URLSearchParams()
  let url = path
  for (const parameter of parameters) {
    const name = typeof parameter["name"] === "string" ? parameter["name"] : ""
    const where = parameter["in"]
    if (where !== "path" && parameter["required"] !== true) continue
    const value = where === "path" ? randomUUID() : String(valueFor(document, parameter["schema"]))
    if (where === "path") url = url.replace(`{${name}}`, encodeURIComponent(value))
    else if (where === "query") query.set(name, value)
    else if (where === "header") headers[name] = /idempotency/i.test(name) ? `matrix-${randomUUID()}` : value
  }
  const search = query.toString()
  const content = isJsonObject(operation["requestBody"]) ? resolve(document, operation["requestBody"])["content"] : undefined
  const json = isJsonObject(content) && isJsonObject(content["application/json"]) ? content["application/json"] : undefined
  let body: string | undefined
  if (json !== undefined) {
    const examples = isJsonObject(json["examples"]) ? Object.values(json["examples"]).filter(isJsonObject) : []
    const value = "example" in json ? json["example"]
      : examples[0] !== undefined && "value" in examples[0] ? examples[0]["value"] : valueFor(document, json["schema"])
    body = JSON.stringify(value)
    headers["content-type"] = "application/json"
  }
  return { url: search === "" ? url : `${url}?${search}`, headers, body }
}

export interface Parameter {
  readonly name: string
  readonly in: string
  readonly required: boolean
  readonly schema: JsonObject
}

/** The operation's parameters (path, query, header), `$ref`s followed. */
export const parametersOf = (document: JsonObject, operation: JsonObject): Array<Parameter> =>
  (Array.isArray(operation["parameters"]) ? operation["parameters"] : []).map((raw) => {
    const parameter = resolve(document, raw)
    return {
      name: typeof parameter["name"] === "string" ? parameter["name"] : "",
      in: typeof parameter["in"] === "string" ? parameter["in"] : "",
      required: parameter["required"] === true,
      schema: resolve(document, parameter["schema"])
    }
  })

/** The schema of the operation's JSON request body, and whether a body is required; undefined without one. */
export const jsonBodyOf = (document: JsonObject, operation: JsonObject): { readonly schema: JsonObject; readonly required: boolean } | undefined => {
  const requestBody = isJsonObject(operation["requestBody"]) ? resolve(document, operation["requestBody"]) : undefined
  const content = requestBody !== undefined && isJsonObject(requestBody["content"]) ? requestBody["content"] : undefined
  const json = content !== undefined && isJsonObject(content["application/json"]) ? content["application/json"] : undefined
  return json === undefined || requestBody === undefined ? undefined : { schema: resolve(document, json["schema"]), required: requestBody["required"] === true }
}
