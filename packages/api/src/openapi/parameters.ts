import { isObject, type JsonObject, operationsOf } from "./json.js"

/**
 * The schema of a parameter written as text that stands for an integer
 * (`IntegerFromString`): the text's schema with the integer, its bounds and
 * default as its one `allOf` member.
 */
const integerOf = (schema: unknown): JsonObject | undefined => {
  if (!isObject(schema) || schema["type"] !== "string" || !Array.isArray(schema["allOf"]) || schema["allOf"].length !== 1) return undefined
  const [member] = schema["allOf"]
  return isObject(member) && member["type"] === "integer" ? member : undefined
}

/**
 * Describes each integer parameter (`limit`, `offset`, a sequence number) as
 * the integer it stands for, with its bounds and default (a reader and the
 * reference's form see a number, not the digits' pattern), and gives every
 * parameter its schema's description, where the reference shows it.
 */
export const withIntegerParameters = (spec: JsonObject): JsonObject => {
  for (const { operation } of operationsOf(spec)) {
    const parameters = operation["parameters"]
    if (!Array.isArray(parameters)) continue
    for (const parameter of parameters) {
      if (!isObject(parameter)) continue
      const integer = integerOf(parameter["schema"])
      if (integer !== undefined) parameter["schema"] = integer
      const schema = parameter["schema"]
      if (!("description" in parameter) && isObject(schema) && typeof schema["description"] === "string") {
        parameter["description"] = schema["description"]
      }
    }
  }
  return spec
}
