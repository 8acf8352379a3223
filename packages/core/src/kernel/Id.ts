import { Schema } from "effect"
import { SafeText } from "./text.js"

/**
 * The API document's `Id`: 1 to 64 characters of letters, digits, `_` and `-`.
 * Generated ids are UUIDv7 strings, which match it.
 */
const ID_CHARACTERS = /^[a-zA-Z0-9_-]+$/u

export const Id = SafeText.check(
  Schema.isPattern(ID_CHARACTERS, { message: "must contain only letters, digits, '_' and '-'" }),
  Schema.isMinLength(1, { message: "must be at least 1 character" }),
  Schema.isMaxLength(64, { message: "must be at most 64 characters" })
).annotate({
  identifier: "Id",
  // The described title would otherwise be the last filter's label, `maxLength(64)`.
  title: "Id",
  description: "1 to 64 characters matching ^[a-zA-Z0-9_-]+$"
})
export type Id = typeof Id.Type

/**
 * The `Id` rule as a plain predicate: what `Schema.is(Id)` answers (the
 * characters exclude everything `SafeText` refuses), without the parser's
 * machinery, for ids read back from the store on a hot path.
 */
export const isId = (value: unknown): value is Id => typeof value === "string" && value.length >= 1 && value.length <= 64 && ID_CHARACTERS.test(value)

/**
 * An entity's id: the API's `Id`, branded with the entity's name, so that an
 * id of one entity cannot stand where another's is expected. It decodes and
 * encodes as `Id` does, and the API description still names it `Id`.
 */
export const EntityId = <const B extends string>(brand: B) => Id.pipe(brandOne(brand))

// `Schema.brand` refuses a union of brand names at the type level, which it
// cannot decide for a type parameter; every caller passes one literal name.
const brandOne = Schema.brand as <K extends string>(
  identifier: K
) => <S extends Schema.ConstraintRebuildable>(schema: S) => Schema.brand<S["Rebuild"], K>
