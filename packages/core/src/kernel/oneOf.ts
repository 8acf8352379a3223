import { type Array, Schema } from "effect"

/**
 * A choice between fixed strings (permission keys, statuses). A wrong value is
 * one problem, "must be one of: …", instead of one per allowed value: with 32
 * permission keys and thousands of wrong entries, the per-value form made
 * answers of megabytes.
 */
export const OneOf = <const Literals extends Array.NonEmptyReadonlyArray<string>>(...literals: Literals) =>
  Schema.Literals(literals).annotate({ message: `must be one of: ${literals.join(", ")}` })

/**
 * Membership in a `OneOf` as a plain predicate (a set look-up), for values
 * read back from the store on a hot path: what `Schema.is` of the same
 * literals answers, without the parser's machinery.
 */
export const isOneOf = <const Literals extends Array.NonEmptyReadonlyArray<string>>(
  schema: Schema.Literals<Literals>
): (value: unknown) => value is Literals[number] => {
  const members: ReadonlySet<unknown> = new Set(schema.literals)
  return (value: unknown): value is Literals[number] => members.has(value)
}
