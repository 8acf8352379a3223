import { isObject, type JsonObject, operationsOf } from "./json.js"

/** The sentence each operation with query parameters gets, by whether it ignores unknown ones. */
export const QUERY_RULE = {
  refused: "Unknown query parameters are refused (`400 INVALID_INPUT` at `query.<name>`).",
  ignored: "Unknown query parameters are ignored."
} as const

const ACCESS = "\n\n**Access:**"

/**
 * States, in the description of every operation that takes query parameters
 * (every list among them), which rule its query follows: unknown parameters
 * refused, as everywhere, or ignored where the contract asks it (the crew
 * picker, as the API document says of it; the two provider callbacks, as
 * RFC 6749 §4.1.2 asks of a client). The
 * rule is the query schema's (`LenientQuery` or not, `lenient` by operation),
 * so the sentence cannot disagree with what the server does. It goes at the
 * end of the operation's own words, before its access sentence.
 */
export const withQueryRules = (lenient: ReadonlySet<string>) => (spec: JsonObject): JsonObject => {
  for (const { key, operation } of operationsOf(spec)) {
    const parameters = Array.isArray(operation["parameters"]) ? operation["parameters"] : []
    if (!parameters.some((parameter) => isObject(parameter) && parameter["in"] === "query")) continue
    const sentence = lenient.has(key) ? QUERY_RULE.ignored : QUERY_RULE.refused
    const description = typeof operation["description"] === "string" ? operation["description"] : ""
    const at = description.indexOf(ACCESS)
    const own = at === -1 ? description : description.slice(0, at)
    const rest = at === -1 ? "" : description.slice(at)
    operation["description"] = own === "" ? `${sentence}${rest}` : `${own} ${sentence}${rest}`
  }
  return spec
}
