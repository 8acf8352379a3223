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
 *
 * What the generator cannot write from the declaration: it writes a request
 * body's media type as `{schema}` only, never an `example`
 * (`effect/src/http-api/OpenApi.ts`, `onEndpoint`, `op.requestBody`); and it
 * takes a schema's `examples` annotation as it is, the decoded value, and only
 * if that is JSON already (`effect/src/internal/schema/toJsonSchemaDocument.ts`,
 * `collectJsonSchemaAnnotations`), so a body with a date-time (`RecordInput`,
 * `LicenceChange`, `RoleplaySessionInput`) would have none, and none would be
 * written as sent. Both come from the one encoded example here.
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
