import { Schema } from "effect"

/**
 * Text as the API document wants it: trimmed first, then held to its length
 * bounds, so `"  ab "` is a 2-character name.
 */
export const TrimmedText = (bounds: { readonly min?: number; readonly max: number }) => {
  const min = bounds.min ?? 0
  return Schema.Trim.pipe(
    Schema.compose(
      Schema.String.pipe(
        Schema.minLength(min, {
          message: () => (min === 1 ? "must not be empty" : `must be at least ${min} characters`)
        }),
        Schema.maxLength(bounds.max, { message: () => `must be at most ${bounds.max} characters` })
      )
    )
  )
}

/** Optional free text that is `null` when absent or blank after trimming. */
export const OptionalText = (max: number) =>
  Schema.NullOr(TrimmedText({ max })).pipe(
    Schema.transform(Schema.NullOr(Schema.String), {
      strict: true,
      decode: (value) => (value === null || value === "" ? null : value),
      encode: (value) => value
    })
  )
