import { Schema } from "effect"

/**
 * An integer from `min` to `max`; `message` (if given) for any number outside.
 * Its JSON Schema is written out (`integer`, `minimum`, `maximum`, and the
 * `default` an optional field takes, if given): the generated one would carry
 * the filters' own labels (`int`, `between(1, 90)`) as a title and refer to
 * an `Int` component.
 */
export const IntegerBetween = (bounds: { readonly min: number; readonly max: number; readonly default?: number }, message?: string) =>
  Schema.Int.check(
    Schema.isBetween({ minimum: bounds.min, maximum: bounds.max }, message === undefined ? undefined : { message })
  ).annotate(bounds.default === undefined ? {} : { default: bounds.default })
