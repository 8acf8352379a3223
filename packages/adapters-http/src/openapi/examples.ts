import { isObject, type JsonObject, objectAt, operationsOf } from "./json.js"

const REF_PREFIX = "#/components/schemas/"

/** A schema, or the component it refers to. */
const resolved = (schema: unknown, components: JsonObject): unknown =>
  isObject(schema) && typeof schema["$ref"] === "string" && schema["$ref"].startsWith(REF_PREFIX)
    ? components[schema["$ref"].slice(REF_PREFIX.length)]
    : schema

/**
 * Gives each request body the example of its schema (`Body`'s, encoded by
 * Effect into the schema's `examples`) as the media type's `example`, the
 * one a reference pre-fills and the linter checks against the schema. A
 * body that states its own example keeps it.
 */
export const withRequestExamples = (spec: JsonObject): JsonObject => {
  const components = objectAt(objectAt(spec, "components"), "schemas")
  for (const { operation } of operationsOf(spec)) {
    const body = operation["requestBody"]
    if (!isObject(body) || !isObject(body["content"])) continue
    for (const media of Object.values(body["content"])) {
      if (!isObject(media) || "example" in media) continue
      const schema = resolved(media["schema"], components)
      const examples = isObject(schema) ? schema["examples"] : undefined
      if (Array.isArray(examples) && examples.length > 0) media["example"] = examples[0]
    }
  }
  return spec
}
