import { type Array, Schema } from "effect"

/**
 * A choice between fixed strings (permission keys, statuses). A wrong value is
 * one problem, "must be one of: …", instead of one per allowed value: with 32
 * permission keys and thousands of wrong entries, the per-value form made
 * answers of megabytes.
 */
export const OneOf = <const Literals extends Array.NonEmptyReadonlyArray<string>>(...literals: Literals) =>
  Schema.Literal(...literals).annotations({
    message: () => ({ message: `must be one of: ${literals.join(", ")}`, override: true })
  })
