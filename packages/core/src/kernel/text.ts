import { Schema } from "effect"

/**
 * A NUL, or half of a UTF-16 surrogate pair without its other half. Neither
 * can be stored (Postgres text refuses NUL; a lone surrogate has no UTF-8
 * form), so they are refused where they come in rather than failing later.
 */
const UNSAFE_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** True when `value` holds no NUL and no lone surrogate. */
export const isSafeText = (value: string): boolean => !UNSAFE_CHARACTER.test(value)

/**
 * Every string a client sends: body fields, query, path and header values.
 * The one place where NUL and lone surrogates are refused.
 */
export const SafeText = Schema.String.pipe(
  Schema.filter(isSafeText, { message: () => "must not contain NUL characters or unpaired surrogates" })
)

/**
 * Text as the API document wants it: trimmed first, then held to its length
 * bounds, so `"  ab "` is a 2-character name. Built on `SafeText`. Its JSON
 * Schema is written out: the generated one describes only the untrimmed
 * side, a bare reference to Effect's `Trim` without the bounds.
 */
export const TrimmedText = (bounds: { readonly min?: number; readonly max: number }) => {
  const min = bounds.min ?? 0
  const length = min > 0 ? `${min} to ${bounds.max} characters` : `at most ${bounds.max} characters`
  return Schema.Trim.pipe(
    Schema.compose(
      SafeText.pipe(
        Schema.minLength(min, {
          message: () => (min === 1 ? "must not be empty" : `must be at least ${min} characters`)
        }),
        Schema.maxLength(bounds.max, { message: () => `must be at most ${bounds.max} characters` })
      )
    )
  ).annotations({
    jsonSchema: {
      type: "string",
      ...(min > 0 ? { minLength: min } : {}),
      maxLength: bounds.max,
      description: `Leading and trailing white space is trimmed, then ${length}`
    }
  })
}
