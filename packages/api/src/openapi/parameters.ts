import { isObject, type JsonObject, operationsOf } from "./json.js"

/**
 * Gives every parameter its schema's description (`limit`'s bounds and
 * default, a sequence number's range), beside the parameter where a reference
 * shows it. The one thing about a parameter its declaration cannot say:
 * Effect's generator writes a parameter as `{name, in, schema, required}` and
 * nothing else (`effect/src/http-api/OpenApi.ts`, `processParameters`), and
 * no annotation reaches the parameter object. Its schema is declared as what
 * it stands for (`ParameterText`, `schema/query.ts`).
 */
export const withParameterDescriptions = (spec: JsonObject): JsonObject => {
  for (const { operation } of operationsOf(spec)) {
    const parameters = operation["parameters"]
    if (!Array.isArray(parameters)) continue
    for (const parameter of parameters) {
      if (!isObject(parameter) || "description" in parameter) continue
      const schema = parameter["schema"]
      if (isObject(schema) && typeof schema["description"] === "string") parameter["description"] = schema["description"]
    }
  }
  return spec
}
