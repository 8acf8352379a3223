import { Schema, SchemaGetter } from "effect"
import { CONFUSABLE_LATIN } from "./confusables.js"

/**
 * A NUL, or half of a UTF-16 surrogate pair without its other half. Neither
 * can be stored (Postgres text refuses NUL; a lone surrogate has no UTF-8
 * form), so they are refused where they come in rather than failing later.
 */
const UNSAFE = "\\u0000|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]"
const UNSAFE_CHARACTER = new RegExp(UNSAFE)
const UNSAFE_CHARACTERS = new RegExp(UNSAFE, "g")

/** True when `value` holds no NUL and no lone surrogate. */
export const isSafeText = (value: string): boolean => !UNSAFE_CHARACTER.test(value)

/** `value` without its NULs and lone surrogates, for text that is cleaned rather than refused. */
export const withoutUnsafeCharacters = (value: string): string => value.replace(UNSAFE_CHARACTERS, "")

/**
 * Every string a client sends: body fields, query, path and header values.
 * The one place where NUL and lone surrogates are refused.
 */
export const SafeText = Schema.String.check(
  Schema.makeFilter((text: string) => isSafeText(text) || "must not contain NUL characters or unpaired surrogates", undefined, true)
)

// ------------------------------------------------------------ character classes

/*
 * The one definition of the characters text must not hide behind. Each is a
 * regular-expression class body (`u` flag); the rules below are built from them.
 */

/** Control characters (C0, DEL, C1) and the line and paragraph separators: line breaks and tabs among them. */
const CONTROL = "\\p{Cc}\\p{Zl}\\p{Zp}"
/** Format characters: zero-width space and joiners, soft hyphen, byte-order mark, bidirectional marks, embeddings, overrides and isolates, tags. */
const FORMAT = "\\p{Cf}"
/** UAX #9's explicit direction controls: the marks, embeddings, overrides and isolates (all format characters). */
const DIRECTION_CONTROL = "\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069"
/** The joiners: format characters that only shape their neighbours (emoji sequences, Persian and Indic text). */
const JOINER = "\\u200c\\u200d"
/** Variation selectors: they choose how the character before them is drawn (emoji or text), and show as nothing. */
const VARIATION_SELECTOR = "\\ufe00-\\ufe0f\\u{e0100}-\\u{e01ef}"
/**
 * Letters and marks that show as nothing or as a blank without being white
 * space: the combining grapheme joiner, the Hangul fillers (U+115F, U+1160,
 * U+3164, U+FFA0), the Khmer inherent vowels, the Mongolian free variation
 * selectors and the braille blank (U+2800).
 */
const BLANK_LOOKING = "\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u2800\\u3164\\uffa0"

const INVISIBLE_MESSAGE = "must not contain invisible or direction-control characters"

/** One-line text: no control character (so no line break or tab). */
const ONE_LINE_CONTROL = new RegExp(`[${CONTROL}]`, "u")
/** One-line text: nothing invisible, not even a joiner or a variation selector. */
const ONE_LINE_INVISIBLE = new RegExp(`[${FORMAT}${VARIATION_SELECTOR}${BLANK_LOOKING}]`, "u")
/** Multi-line text: no control character but the line feed and the tab. */
const MULTI_LINE_CONTROL = new RegExp(`(?![\\n\\t])[${CONTROL}]`, "u")
/** Multi-line text: no direction control and no other invisible, but joiners and variation selectors (emoji, scripts) stay. */
const MULTI_LINE_INVISIBLE = new RegExp(`[${DIRECTION_CONTROL}${BLANK_LOOKING}]|(?![${JOINER}])[${FORMAT}]`, "u")
/** Every line break multi-line text may arrive with: CR LF, CR, NEL, and the line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\u0085\u2028\u2029]/g

/** What one-line text refuses (controls and invisibles), to drop from text that is cleaned rather than refused. */
const DROPPED_FROM_ONE_LINE = new RegExp(`[${CONTROL}${FORMAT}${VARIATION_SELECTOR}${BLANK_LOOKING}]`, "gu")

/**
 * `text` without the characters one-line text refuses: controls (line breaks
 * and tabs included), format characters (zero-width, direction controls),
 * variation selectors and blank-looking letters. For text that is cleaned, not
 * refused (a provider's profile); replace line breaks first if they should
 * read as spaces.
 */
export const withoutInvisibles = (text: string): string => text.replace(DROPPED_FROM_ONE_LINE, "")

/** True when `text` holds a control character (line breaks and tabs included). */
export const hasControlCharacter = (text: string): boolean => ONE_LINE_CONTROL.test(text)

// ------------------------------------------------------------ the text rules

/** The length bounds of a text field, in UTF-16 code units, after trimming and normalising. */
export interface TextBounds {
  readonly min?: number
  readonly max: number
}

/** A rule a field adds to its form (a plate's letters, a web address). */
export interface TextCheck {
  readonly test: (text: string) => boolean
  readonly message: string
  readonly jsonSchema?: Record<string, unknown>
}

interface TextForm {
  /** What decoding makes of the text before any rule looks at it. */
  readonly normalise: (text: string) => string
  readonly control: RegExp
  readonly controlMessage: string
  readonly invisible: RegExp
  readonly description: string
}

const ONE_LINE: TextForm = {
  normalise: (text) => text.trim().normalize("NFC"),
  control: ONE_LINE_CONTROL,
  controlMessage: "must be one line, without control characters",
  invisible: ONE_LINE_INVISIBLE,
  description: "one line: no line break, control, invisible (zero-width, blank-looking) or direction-control character"
}

const MULTI_LINE: TextForm = {
  normalise: (text) => text.replace(LINE_BREAK, "\n").trim().normalize("NFC"),
  control: MULTI_LINE_CONTROL,
  controlMessage: "must not contain control characters other than line breaks and tabs",
  invisible: MULTI_LINE_INVISIBLE,
  description: "line breaks (CR LF and CR are read as LF) and tabs are kept; no other control character, " +
    "no direction-control character and no invisible one but the joiners and variation selectors of emoji and scripts"
}

/**
 * Decodes client text into `form`: `SafeText` first (its own message), then
 * trimmed and normalised, then, one problem at a time: controls, invisibles,
 * blank, length, the field's own check. Its JSON Schema is written out: the
 * generated one would describe only the untrimmed side.
 */
/**
 * A rule that stops at its first failure (`abort`): like Effect 3's chained
 * filters, a text breaking several rules is reported once, by the first.
 */
const rule = (test: (text: string) => boolean, message: string) => Schema.makeFilter((text: string) => test(text) || message, undefined, true)

/**
 * What the API description says of a text field. OpenAPI documents the wire
 * (encoded) side, which is the untrimmed string: the bounds checked after
 * trimming are described there by a check that never fails.
 */
const documented = (jsonSchema: Record<string, unknown>) => Schema.makeFilter((_: string) => undefined, { toJsonSchema: () => jsonSchema })

const textIn = (form: TextForm, bounds: TextBounds, check?: TextCheck) => {
  const min = bounds.min ?? 0
  const length = min > 0 ? `${min} to ${bounds.max} characters` : `at most ${bounds.max} characters`
  const wire = SafeText.check(documented({ ...(min > 0 ? { minLength: min } : {}), maxLength: bounds.max, ...check?.jsonSchema })).annotate({
    description: `Leading and trailing white space is trimmed and the text put in Unicode NFC, then ${length}; ` +
      `${form.description}${min > 0 ? "; not blank" : ""}${check === undefined ? "" : `; ${check.message}`}`
  })
  const rules = [
    rule((text) => !form.control.test(text), form.controlMessage),
    rule((text) => !form.invisible.test(text), INVISIBLE_MESSAGE),
    rule((text) => min === 0 || text.length > 0, "must not be blank"),
    rule((text) => text.length >= min, `must be at least ${min} characters`),
    rule((text) => text.length <= bounds.max, `must be at most ${bounds.max} characters`),
    ...(check === undefined ? [] : [rule(check.test, check.message)])
  ] as const
  return wire.pipe(
    Schema.decode({ decode: SchemaGetter.transform(form.normalise), encode: SchemaGetter.transform((text: string) => text) }),
    Schema.check(...rules)
  )
}

export const OneLineText = (bounds: TextBounds, check?: TextCheck) => textIn(ONE_LINE, bounds, check)

/**
 * Free text of several lines (notes, descriptions, details, evidence): line
 * breaks read as LF and kept, tabs kept; otherwise as `OneLineText`, except
 * that the joiners and variation selectors emoji and some scripts are written
 * with stay. Direction controls are refused here too.
 */
export const MultiLineText = (bounds: TextBounds) => textIn(MULTI_LINE, bounds)

// ------------------------------------------------------------ comparing

const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLE_LATIN).join("")}]`, "gu")
const toLatin = (text: string): string => text.replace(CONFUSABLE, (letter) => CONFUSABLE_LATIN[letter] ?? letter)

/**
 * The form two names are compared in, so that names that look alike are the
 * same name: look-alikes mapped first (NFKC would turn some into letters that
 * are not, such as the lunate `Ϲ` into `Σ`), then NFKC (full-width and styled
 * letters, ligatures and odd spaces become plain ones); white space runs read as one space, trimmed; invisibles
 * dropped (stored text predating the text rules may hold them); Cyrillic and
 * Greek look-alikes and dashes mapped to Latin letters and `-`
 * (`CONFUSABLE_LATIN`); case folded (upper then lower case, so `ß` is `ss`);
 * NFKC again and the look-alikes mapped again (case folding can make new
 * ones). Digits and Latin letters are kept apart (`0` is not `O`). A key is
 * never shown; it is what uniqueness and the reserved names compare.
 */
export const foldedKey = (text: string): string => {
  const plain = withoutInvisibles(toLatin(text).normalize("NFKC").replace(/\s+/gu, " ")).replace(/ {2,}/g, " ").trim()
  return toLatin(toLatin(plain).toUpperCase().toLowerCase().normalize("NFKC"))
}
