import { isObject, type JsonObject, objectAt } from "./json.js"

/**
 * Says a body field's default in words instead of with the `default`
 * keyword, which the generator writes for a field decoded with a default
 * (`lifetimeDays`). openapi-typescript's default mode reads a property with
 * a `default` as always present, so a client generated from the document
 * would demand the field a request may leave out; the field stays optional
 * (`required` does not list it) and its description names the value used.
 */
export const withDefaultsInWords = (spec: JsonObject): JsonObject => {
  const schemas = objectAt(objectAt(spec, "components"), "schemas")
  for (const schema of Object.values(schemas)) {
    const properties = isObject(schema) && isObject(schema["properties"]) ? schema["properties"] : {}
    for (const property of Object.values(properties)) {
      if (!isObject(property) || !("default" in property)) continue
      const words = `Optional: ${JSON.stringify(property["default"])} when left out.`
      property["description"] = typeof property["description"] === "string" ? `${property["description"]}. ${words}` : words
      delete property["default"]
    }
  }
  return spec
}
