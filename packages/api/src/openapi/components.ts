import { isObject, type JsonObject, objectAt } from "./json.js"

const REF_PREFIX = "#/components/schemas/"

/** `Person_1`: a second schema the generator found under a name already taken. */
const NUMBERED = /^(.+)_\d+$/

const rewriteRefs = (u: unknown, replace: (name: string) => unknown): unknown => {
  if (Array.isArray(u)) return u.map((item) => rewriteRefs(item, replace))
  if (!isObject(u)) return u
  const ref = u["$ref"]
  if (typeof ref === "string" && ref.startsWith(REF_PREFIX)) {
    const replaced = replace(ref.slice(REF_PREFIX.length))
    if (replaced !== undefined) return replaced
  }
  return Object.fromEntries(Object.entries(u).map(([key, value]) => [key, rewriteRefs(value, replace)]))
}

/**
 * One component per name, as a reader expects: the same schema declared in
 * two places (a shared `Person` shape) is one component, and a schema that
 * only adds its own description to a named one (a host's staff profile id)
 * is written in place, where it says something, instead of as `Id_1`.
 */
export const withoutNumberedComponents = (spec: JsonObject): JsonObject => {
  const components = objectAt(spec, "components")
  const schemas = objectAt(components, "schemas")
  const replacements = new Map<string, unknown>()
  for (const [name, schema] of Object.entries(schemas)) {
    const match = NUMBERED.exec(name)
    if (match === null || !(match[1]! in schemas)) continue
    const same = JSON.stringify(schemas[match[1]!]) === JSON.stringify(schema)
    replacements.set(name, same ? { $ref: `${REF_PREFIX}${match[1]!}` } : schema)
  }
  if (replacements.size === 0) return spec
  for (const name of replacements.keys()) delete schemas[name]
  const rewritten = rewriteRefs(spec, (name) => replacements.get(name))
  return isObject(rewritten) ? rewritten : spec
}
