/** A JSON object of the OpenAPI document, as its description steps read and rewrite it. */
export type JsonObject = Record<string, unknown>

export const isObject = (u: unknown): u is JsonObject => typeof u === "object" && u !== null && !Array.isArray(u)

/** The object at `key`, which the generated document always has. */
export const objectAt = (u: JsonObject, key: string): JsonObject => {
  const value = u[key]
  if (!isObject(value)) throw new Error(`the API description has no object at ${key}`)
  return value
}

/** Every operation of the document, with its method and path. */
export const operationsOf = (spec: JsonObject): ReadonlyArray<{ readonly key: string; readonly operation: JsonObject }> =>
  Object.entries(objectAt(spec, "paths")).flatMap(([path, item]) =>
    isObject(item)
      ? Object.entries(item).flatMap(([method, operation]) => (isObject(operation) ? [{ key: `${method} ${path}`, operation }] : []))
      : []
  )
