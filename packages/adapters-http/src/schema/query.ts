import { PAGE_LIMIT, PAGE_OFFSET, SafeText } from "@bluelight/core/kernel"
import { Schema } from "effect"

/** Query parameters of an endpoint that refuses unknown ones (`400 INVALID_INPUT`). */
export const StrictQuery = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.Struct(fields).annotations({ parseOptions: { onExcessProperty: "error", errors: "all" } })

/**
 * The query of an endpoint that takes no parameters: any is refused (`400
 * INVALID_INPUT` at `["query", name]`, "is unexpected", as `StrictQuery`
 * words it). `StrictQuery({})` would not do: a struct without fields accepts
 * every object, extra keys included.
 */
export const NoQuery = Schema.Struct({}).pipe(
  Schema.filter((params) => Object.keys(params).map((key) => ({ path: [key], message: "is unexpected" })))
)

/** Query parameters of an endpoint that ignores unknown ones. */
export const LenientQuery = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.Struct(fields).annotations({ parseOptions: { onExcessProperty: "ignore", errors: "all" } })

/**
 * A whole number written in decimal digits (no `1e2`, no blanks, no `1.0`).
 * Described as the integer it stands for, with its bounds; the generated
 * description would be the string's pattern under the label `between(1, 100)`.
 */
export const IntegerFromString = (name: string, bounds: { readonly min: number; readonly max: number; readonly default?: number }) =>
  SafeText.pipe(
    Schema.pattern(/^-?\d{1,9}$/, { message: () => `${name} must be an integer from ${bounds.min} to ${bounds.max}` }),
    Schema.compose(Schema.NumberFromString),
    Schema.compose(Schema.Int),
    Schema.between(bounds.min, bounds.max, {
      message: () => `${name} must be an integer from ${bounds.min} to ${bounds.max}`
    })
  ).annotations({
    jsonSchema: {
      type: "integer",
      minimum: bounds.min,
      maximum: bounds.max,
      ...(bounds.default === undefined
        ? { description: `${bounds.min} to ${bounds.max}` }
        : { default: bounds.default, description: `${bounds.min} to ${bounds.max}, default ${bounds.default}` })
    }
  })

const integerParameter = (name: string, bounds: { readonly min: number; readonly max: number; readonly default: number }) =>
  Schema.optionalWith(IntegerFromString(name, bounds), { default: () => bounds.default })

/** `limit` (1 to 100, default 25) and `offset` (0 to 10000, default 0), to spread into a query schema. */
export const paging = {
  limit: integerParameter("limit", PAGE_LIMIT),
  offset: integerParameter("offset", PAGE_OFFSET)
}
