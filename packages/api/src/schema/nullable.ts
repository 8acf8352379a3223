import { Schema } from "effect"

/**
 * Text or `null`, refused with ONE problem: the text's own rule when the
 * client sent text ("must be at most 30 characters"), else what it must be
 * ("must be text, or null"). A union tries only the members the input's type
 * can be, so text is judged by the text's rules alone, and anything else
 * fails the union itself, which says what it must be.
 */
export const TextOrNull = <S extends Schema.Top>(text: S, what = "text") => Schema.NullOr(text).annotate({ message: `must be ${what}, or null` })
