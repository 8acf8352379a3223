/**
 * fast-check arbitraries from the JSON Schemas of the served API description
 * (the subset it uses: `$ref`, `anyOf`/`oneOf` with `null`, `enum`, `const`,
 * string bounds, `pattern` and the `date`, `date-time` and `uri` formats,
 * number bounds and `multipleOf`, arrays with bounds and `uniqueItems`,
 * objects with `required`, `minProperties` and `additionalProperties: false`).
 *
 * - `validValue`: values the schema accepts, also by the text rules that the
 *   schema only describes (trimmed, then one line or multi-line: see
 *   `packages/core/src/kernel/text.ts`).
 * - `invalidValue`: values the schema refuses, each with why and where (the
 *   `path` of the problem, as `details` names it): a required property
 *   missing, too few properties, an unknown property, the wrong JSON type, a string too long,
 *   too short, blank, off its pattern, enum or format, hostile characters
 *   (NUL, lone surrogates, controls, direction overrides, zero-width),
 *   a 100,000-character string, numbers out of bounds or not integers,
 *   arrays over or under their bounds or with a duplicate or an invalid item.
 *
 * A `Carrier` other than `json`: the value travels as text (a query
 * parameter, a header, a path segment), so there is no JSON type to get
 * wrong, only text that does not read as the type, and only text the carrier
 * can carry.
 */
import fc from "fast-check"
import { isJsonObject, type JsonObject } from "../harness/body.js"
import { resolve } from "./openapiRequests.js"

export interface Invalid {
  readonly value: unknown
  readonly why: string
  /** Where the problem is, relative to the value (`[]`: the value itself). */
  readonly path: ReadonlyArray<string>
}

/** Marks a property the invalid object leaves out. */
export const MISSING: unique symbol = Symbol("missing")

/** The name of a property no schema of the API declares. */
export const UNKNOWN_PROPERTY = "unexpectedProperty"

const numberOr = (value: unknown, fallback: number): number => (typeof value === "number" ? value : fallback)

const optionsOf = (document: JsonObject, schema: JsonObject): Array<JsonObject> | undefined => {
  const options = schema["anyOf"] ?? schema["oneOf"]
  return Array.isArray(options) ? options.map((option) => resolve(document, option)) : undefined
}

const isNull = (schema: JsonObject) => schema["type"] === "null"

/** The JSON types a schema accepts (`integer` within `number`). */
const typesOf = (document: JsonObject, schema: JsonObject): Set<string> => {
  const options = optionsOf(document, schema)
  if (options !== undefined) return new Set(options.flatMap((option) => [...typesOf(document, option)]))
  if ("const" in schema || Array.isArray(schema["enum"])) {
    const values = "const" in schema ? [schema["const"]] : (schema["enum"] as Array<unknown>)
    return new Set(values.map((value) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value)))
  }
  const type = schema["type"]
  if (typeof type === "string") return new Set(type === "integer" ? ["integer"] : type === "number" ? ["number", "integer"] : [type])
  return new Set(isJsonObject(schema["properties"]) ? ["object"] : [])
}

/** The text rules a string's description states: trimmed, then one line or several. */
const textForm = (schema: JsonObject): "one line" | "multi-line" | undefined => {
  const description = typeof schema["description"] === "string" ? schema["description"] : ""
  return description.includes("one line") ? "one line" : description.includes("line breaks") ? "multi-line" : undefined
}

const LETTERS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "é", "ß", "Ø", "ł", "ñ", "日", "本"]

/** Text with no white space at either end (the rules trim it), from `alphabet`, `min` to `max` characters. */
const textOf = (alphabet: ReadonlyArray<string>, min: number, max: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: Math.min(max, min + 30) }).map((characters) => {
    const text = characters.join("")
    return text.length === 0 ? text
      : `${/\s/.test(text[0]!) ? "a" : text[0]}${text.slice(1, -1)}${text.length > 1 ? (/\s/.test(text.at(-1)!) ? "z" : text.at(-1)) : ""}`
  })

const validString = (schema: JsonObject): fc.Arbitrary<string> => {
  const min = numberOr(schema["minLength"], 0)
  const max = numberOr(schema["maxLength"], Math.max(min, 40))
  const form = textForm(schema)
  if (schema["format"] === "date-time") {
    return fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T00:00:00Z"), noInvalidDate: true }).map((date) => date.toISOString())
  }
  if (schema["format"] === "date") {
    return fc.date({ min: new Date("1940-01-01T00:00:00Z"), max: new Date("2005-12-31T00:00:00Z"), noInvalidDate: true }).map((date) =>
      date.toISOString().slice(0, 10)
    )
  }
  if (schema["format"] === "uri") return textOf(LETTERS.slice(0, 62), 1, 20).map((path) => `https://example.com/${path}`)
  if (typeof schema["pattern"] === "string") {
    const pattern = new RegExp(schema["pattern"])
    // `^[class]+$`: characters of the class, as many as the bounds allow (a filter on length
    // would spin on a long minimum). Trimmed text: no white space at either end.
    const repeated = /^\^(\[[^\]]+\])\+\$$/.exec(schema["pattern"])
    if (repeated !== null) {
      const characters = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)).filter((character) =>
        new RegExp(`^${repeated[1]}$`).test(character)
      )
      const solid = characters.filter((character) => character.trim() !== "")
      return textOf(characters, Math.max(min, 1), max).map((text) => text.replace(/^\s|\s$/g, solid[0]!))
    }
    return fc.stringMatching(pattern).filter((text) => text.length >= min && text.length <= max)
  }
  const alphabet = form === "multi-line" ? [...LETTERS, " ", " ", "\n", "\t"] : form === "one line" ? [...LETTERS, " ", " "] : LETTERS
  const text = textOf(alphabet, Math.max(min, form === undefined ? 0 : 1), max)
  // Text the rules trim may come with white space around it.
  return form === undefined ? text
    : fc.tuple(fc.constantFrom("", " ", "  "), text, fc.constantFrom("", " ")).map(([before, core, after]) => `${before}${core}${after}`)
}

/** Values `schema` accepts. */
/**
 * Rules a property's schema cannot state (a time in the past or the future, a plate's shape): the
 * values to use instead, by property name.
 */
export type Overrides = Readonly<Record<string, fc.Arbitrary<unknown>>>

export const validValue = (document: JsonObject, raw: unknown, depth = 0, overrides: Overrides = {}): fc.Arbitrary<unknown> => {
  const schema = resolve(document, raw)
  if (depth > 8) return fc.constant(null)
  if ("const" in schema) return fc.constant(schema["const"])
  if (Array.isArray(schema["enum"])) return fc.constantFrom(...(schema["enum"] as Array<unknown>))
  const options = optionsOf(document, schema)
  if (options !== undefined) return fc.oneof(...options.map((option) => validValue(document, option, depth + 1, overrides)))
  switch (schema["type"]) {
    case "null":
      return fc.constant(null)
    case "boolean":
      return fc.boolean()
    case "string":
      return validString(schema)
    case "integer":
      return fc.integer({ min: numberOr(schema["minimum"], -1000), max: numberOr(schema["maximum"], 1000) })
    case "number": {
      const min = numberOr(schema["minimum"], -1000)
      const max = numberOr(schema["maximum"], 1000)
      if (schema["multipleOf"] === 0.01) return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100)
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
    }
    case "array": {
      const min = numberOr(schema["minItems"], 0)
      const max = Math.min(numberOr(schema["maxItems"], 5), min + 4)
      const items = validValue(document, schema["items"], depth + 1, overrides)
      return schema["uniqueItems"] === true
        ? fc.uniqueArray(items, { minLength: min, maxLength: max, selector: (item) => JSON.stringify(item) })
        : fc.array(items, { minLength: min, maxLength: max })
    }
    default: {
      const properties = isJsonObject(schema["properties"]) ? schema["properties"] : {}
      const required = Array.isArray(schema["required"]) ? schema["required"].filter((key): key is string => typeof key === "string") : []
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, overrides[key] ?? validValue(document, property, depth + 1, overrides)])
      )
      const record = fc.record(model, { requiredKeys: required })
      // `minProperties` (a change naming at least one field): that many optional properties are always given.
      const optional = Object.keys(model).filter((key) => !required.includes(key))
      const atLeast = Math.min(Math.max(numberOr(schema["minProperties"], 0) - required.length, 0), optional.length)
      if (atLeast === 0) return record
      const given = fc.shuffledSubarray(optional, { minLength: atLeast, maxLength: atLeast }).chain((keys) =>
        fc.record(Object.fromEntries(keys.map((key) => [key, model[key]!])))
      )
      return fc.tuple(record, given).map(([value, more]) => ({ ...value, ...more }))
    }
  }
}

const invalid = (why: string, value: unknown, path: ReadonlyArray<string> = []): Invalid => ({ value, why, path })

/** `character` inside text long enough for the field (and short enough, where it can be). */
const around = (character: string, min: number, max: number) => {
  const filler = "x".repeat(Math.max(1, Math.ceil((min - character.length) / 2)))
  const text = `${filler}${character}${filler}`
  return text.length > max ? `x${character}` : text
}

/** Characters every string refuses (`SafeText`): NUL, and lone surrogates, which have no UTF-8 form. */
const UNSAFE = [["a NUL", "\u0000"], ["a lone high surrogate", "\ud800"], ["a lone low surrogate", "\udc00"]] as const
/** Characters the text rules refuse in one-line text. */
const ONE_LINE_HOSTILE = [
  ["a line break", "\n"],
  ["a tab", "\t"],
  ["a bell (C0 control)", "\u0007"],
  ["a C1 control", "\u0085"],
  ["a right-to-left override", "\u202e"],
  ["a zero-width space", "\u200b"],
  ["a byte-order mark", "\ufeff"],
  ["a Hangul filler", "\u3164"]
] as const
/** Characters the text rules refuse in multi-line text. */
const MULTI_LINE_HOSTILE = [
  ["a bell (C0 control)", "\u0007"],
  ["an escape", "\u001b"],
  ["a right-to-left override", "\u202e"],
  ["a left-to-right isolate", "\u2066"],
  ["a zero-width space", "\u200b"],
  ["a braille blank", "\u2800"]
] as const

const BAD_DATES = {
  "date-time": ["not a date", "2026-02-30T10:00:00Z", "2026-13-01T00:00:00Z", "2026-01-01T25:00:00Z", "1700000000"],
  date: ["not a date", "1990-02-30", "1990-13-01", "14/05/1990", "1990-5-14"],
  uri: ["not an address", "javascript:alert(1)", "ftp://example.com/file"]
} as Record<string, Array<string>>

/**
 * How the value travels: in a JSON body, or as text in a query parameter, a header (printable
 * ASCII only) or a path segment (never empty: an empty segment is another route).
 */
export type Carrier = "json" | "query" | "header" | "path"

/** Every filter here is applied to fixed lists, never to an arbitrary: a filter that refuses everything would spin for ever. */
const sendable = (carrier: Carrier, text: string) =>
  carrier === "json" ||
  (!/[\ud800-\udfff]/.test(text) &&
    (carrier === "header" ? /^[\x20-\x7e]*$/.test(text) : carrier === "path" ? text !== "" && !/[/?#]/.test(text) && text !== "." && text !== ".." : true))

const oneOf = (texts: ReadonlyArray<string>, carrier: Carrier, why: (text: string) => string): Array<fc.Arbitrary<Invalid>> => {
  const usable = texts.filter((text) => sendable(carrier, text))
  return usable.length === 0 ? [] : [fc.constantFrom(...usable).map((text) => invalid(why(text), text))]
}

const stringInvalids = (schema: JsonObject, carrier: Carrier): Array<fc.Arbitrary<Invalid>> => {
  const min = numberOr(schema["minLength"], 0)
  const max = typeof schema["maxLength"] === "number" ? schema["maxLength"] : undefined
  const form = textForm(schema)
  const found: Array<fc.Arbitrary<Invalid>> = []
  const format = typeof schema["format"] === "string" ? schema["format"] : undefined
  if (format !== undefined && BAD_DATES[format] !== undefined) found.push(...oneOf(BAD_DATES[format]!, carrier, () => `not a ${format}`))
  if (Array.isArray(schema["enum"])) {
    const allowed = schema["enum"] as Array<unknown>
    found.push(
      ...oneOf(
        ["NOT_AN_OPTION", `${String(allowed[0])}X`, ` ${String(allowed[0])}`, ""].filter((text) => !allowed.includes(text)),
        carrier,
        () => "not one of the enum"
      )
    )
  }
  if (max !== undefined && format === undefined)
    found.push(fc.integer({ min: max + 1, max: max + 8 }).map((length) => invalid(`over maxLength ${max}`, "a".repeat(length))))
  if (min > 0) {
    found.push(...oneOf(Array.from({ length: min }, (_, length) => "a".repeat(length)), carrier, () => `under minLength ${min}`))
    if (form !== undefined) found.push(...oneOf(["   ", " \t "], carrier, () => "blank once trimmed"))
  }
  if (typeof schema["pattern"] === "string") {
    const pattern = new RegExp(schema["pattern"])
    const off = ["!", "@", "'", "*", "é", "~", ":", ";", "<"].map((character) => around(character, min, max ?? 64)).filter((text) => !pattern.test(text))
    found.push(...oneOf(off, carrier, () => `off the pattern ${String(schema["pattern"])}`))
  }
  const hostile = [...UNSAFE, ...(form === "one line" ? ONE_LINE_HOSTILE : form === "multi-line" ? MULTI_LINE_HOSTILE : [])]
  const texts = new Map(hostile.map(([name, character]) => [around(character, min, max ?? 64), name]))
  found.push(...oneOf([...texts.keys()], carrier, (text) => `holds ${texts.get(text)}`))
  if (carrier === "json" && form !== undefined) found.push(fc.constant(invalid("100,000 characters", "a".repeat(100_000))))
  return found
}

const numberInvalids = (schema: JsonObject, carrier: Carrier): Array<fc.Arbitrary<Invalid>> => {
  const inText = carrier !== "json"
  const found: Array<fc.Arbitrary<Invalid>> = []
  const as = (value: number) => (inText ? String(value) : value)
  if (typeof schema["minimum"] === "number") {
    const min = schema["minimum"]
    found.push(fc.integer({ min: 1, max: 1000 }).map((below) => invalid(`under minimum ${min}`, as(min - below))))
  }
  if (typeof schema["maximum"] === "number") {
    const max = schema["maximum"]
    found.push(fc.integer({ min: 1, max: 1000 }).map((above) => invalid(`over maximum ${max}`, as(max + above))))
  }
  const base = numberOr(schema["minimum"], 0)
  if (schema["type"] === "integer") found.push(fc.constantFrom(0.5, 0.25).map((fraction) => invalid("not an integer", as(base + fraction))))
  if (typeof schema["multipleOf"] === "number")
    found.push(fc.constant(invalid(`not a multiple of ${schema["multipleOf"]}`, as(base + schema["multipleOf"] / 10))))
  if (inText) found.push(...oneOf(["abc", "", "1e", "0x10", "NaN", "Infinity", "1 2"], carrier, () => "not a number"))
  return found
}

/** A value of another JSON type than any `schema` accepts. */
const wrongTypes = (document: JsonObject, schema: JsonObject): Array<fc.Arbitrary<Invalid>> => {
  const accepted = typesOf(document, schema)
  if (accepted.size === 0) return []
  const candidates: Array<[string, unknown]> = [["string", "12"], ["string", "text"], ["integer", 7], ["number", 7.5], ["boolean", true], ["null", null], [
    "object",
    {}
  ], ["array", []]]
  const wrong = candidates.filter(([type]) => !accepted.has(type))
  return wrong.length === 0 ? [] : [fc.constantFrom(...wrong).map(([type, value]) => invalid(`a JSON ${type} instead of ${[...accepted].join(" or ")}`, value))]
}

/** Values `schema` refuses, with why and where; none when it refuses nothing the generator knows how to make. */
export const invalidValues = (document: JsonObject, raw: unknown, carrier: Carrier = "json", depth = 0, ofUnion = false): Array<fc.Arbitrary<Invalid>> => {
  const schema = resolve(document, raw)
  const inText = carrier !== "json"
  if (depth > 6) return []
  const options = optionsOf(document, schema)
  if (options !== undefined) {
    // `X or null`: what X refuses but for its wrong types (null may be one), and the union's own
    // wrong types. Other unions: only a type none of them accepts.
    const values = options.filter((option) => !isNull(option))
    const own = inText ? [] : wrongTypes(document, schema)
    return values.length === 1 ? [...invalidValues(document, values[0], carrier, depth + 1, true), ...own] : own
  }
  const found: Array<fc.Arbitrary<Invalid>> = inText || ofUnion ? [] : wrongTypes(document, schema)
  const type = schema["type"] ?? (Array.isArray(schema["enum"]) ? "string" : undefined)
  if (type === "string") found.push(...stringInvalids(schema, carrier))
  if (type === "integer" || type === "number") found.push(...numberInvalids(schema, carrier))
  if (type === "boolean" && inText) found.push(...oneOf(["yes", "1", "TRUE "], carrier, () => "not true or false"))
  if (inText) return found
  if (type === "array") {
    const items = validValue(document, schema["items"], depth + 1)
    if (typeof schema["maxItems"] === "number") {
      const max = schema["maxItems"]
      found.push(fc.array(items, { minLength: max + 1, maxLength: max + 3 }).map((array) => invalid(`over maxItems ${max}`, array)))
    }
    if (numberOr(schema["minItems"], 0) > 0) found.push(fc.constant(invalid(`under minItems ${String(schema["minItems"])}`, [])))
    if (schema["uniqueItems"] === true && numberOr(schema["maxItems"], 2) >= 2) found.push(items.map((item) => invalid("a duplicate item", [item, item])))
    for (const item of invalidValues(document, schema["items"], "json", depth + 1))
      found.push(item.map((bad) => invalid(`item: ${bad.why}`, [bad.value], ["0", ...bad.path])))
  }
  if (type === "object" || isJsonObject(schema["properties"])) {
    const properties = isJsonObject(schema["properties"]) ? schema["properties"] : {}
    const required = Array.isArray(schema["required"]) ? schema["required"].filter((key): key is string => typeof key === "string") : []
    const base = validValue(document, schema, depth) as fc.Arbitrary<Record<string, unknown>>
    const withProperty = (key: string, bad: Invalid): fc.Arbitrary<Invalid> =>
      base.map((value) => {
        const copy: Record<string, unknown> = { ...value }
        if (bad.value === MISSING) delete copy[key]
        else copy[key] = bad.value
        return invalid(bad.value === MISSING ? `required ${key} missing` : `${key}: ${bad.why}`, copy, [key, ...bad.path])
      })
    for (const key of required) found.push(withProperty(key, invalid("missing", MISSING)))
    if (numberOr(schema["minProperties"], 0) > 0) found.push(fc.constant(invalid(`under minProperties ${String(schema["minProperties"])}`, {})))
    if (schema["additionalProperties"] === false)
      found.push(base.map((value) => invalid("an unknown property", { ...value, [UNKNOWN_PROPERTY]: "x" }, [UNKNOWN_PROPERTY])))
    for (const [key, property] of Object.entries(properties)) {
      const bads = invalidValues(document, property, "json", depth + 1)
      if (bads.length > 0) found.push(fc.oneof(...bads).chain((bad) => withProperty(key, bad)))
    }
  }
  return found
}
