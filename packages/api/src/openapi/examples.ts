import { bodyExampleOf } from "../schema/body.js"
import { isObject, type JsonObject, objectAt, operationsOf } from "./json.js"

const REF_PREFIX = "#/components/schemas/"

/** The name of the component a schema refers to, if it refers to one. */
const componentName = (schema: unknown): string | undefined =>
  isObject(schema) && typeof schema["$ref"] === "string" && schema["$ref"].startsWith(REF_PREFIX)
    ? schema["$ref"].slice(REF_PREFIX.length)
    : undefined

/**
 * Gives each request body the example of its schema (`Body`'s, encoded as
 * sent) as the component's `examples` and the media type's `example`, the one
 * a reference pre-fills and the linter checks against the schema. A body that
 * states its own example keeps it.
 */
export const withRequestExamples = (spec: JsonObject): JsonObject => {
  const components = objectAt(objectAt(spec, "components"), "schemas")
  for (const { operation } of operationsOf(spec)) {
    const body = operation["requestBody"]
    if (!isObject(body) || !isObject(body["content"])) continue
    for (const media of Object.values(body["content"])) {
      if (!isObject(media) || "example" in media) continue
      const name = componentName(media["schema"])
      const example = name === undefined ? undefined : bodyExampleOf(name)
      const component = name === undefined ? undefined : components[name]
      if (example === undefined || !isObject(component)) continue
      component["examples"] = [example]
      media["example"] = example
    }
  }
  return spec
}
