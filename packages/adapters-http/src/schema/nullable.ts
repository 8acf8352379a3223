import { Either, ParseResult, Schema } from "effect"

/**
 * Text or `null`, refused with ONE problem: the text's own rule when the
 * client sent text ("must be at most 30 characters"), else what it must be
 * ("must be text, or null"). A plain `Schema.NullOr` reports the failed text
 * and "Expected null" besides: two problems at one path for one mistake.
 */
export const TextOrNull = <A, I>(text: Schema.Schema<A, I, never>, what = "text") => {
  const decode = Schema.decodeUnknownEither(text)
  return Schema.NullOr(text).annotations({
    message: (issue) => {
      const own = typeof issue.actual === "string" ? decode(issue.actual) : undefined
      const message = own !== undefined && Either.isLeft(own) ? ParseResult.ArrayFormatter.formatErrorSync(own.left)[0]?.message : undefined
      return { message: message ?? `must be ${what}, or null`, override: true }
    }
  })
}
