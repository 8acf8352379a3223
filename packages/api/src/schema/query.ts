import { PAGE_LIMIT, PAGE_OFFSET, SafeText } from "@bluelight/core/kernel"
import { Effect, Schema, SchemaAST, SchemaTransformation } from "effect"

/** The annotation that marks a `LenientQuery`, so the description can say which rule a query follows (`isLenientQuery`). */
const LENIENT_QUERY = "bluelightLenientQuery"

/**
 * Query parameters of an endpoint that refuses unknown ones (`400
 * INVALID_INPUT`): the API's `QueryParseOptions` refuse excess keys and report
 * every problem (`Api.ts`), so a plain struct is strict.
 */
export const StrictQuery = <Fields extends Schema.Struct.Fields>(fields: Fields) => Schema.Struct(fields)

/**
 * The query of an endpoint that takes no parameters: any is refused (`400
 * INVALID_INPUT` at `["query", name]`, "is unexpected", as `StrictQuery`
 * words it). `StrictQuery({})` would not do: a struct without fields accepts
 * every object, extra keys included.
 */
export const NoQuery = Schema.Struct({}).check(
  Schema.makeFilter((params: object) => Object.keys(params).map((key) => ({ path: [key], issue: "is unexpected" })))
)

/**
 * Query parameters of an endpoint that ignores unknown ones: the other keys
 * are taken by a rest signature (so the strict parse options let them pass)
 * and dropped when decoded.
 */
export const LenientQuery = <Fields extends Schema.Struct.Fields>(fields: Fields) => {
  const declared = Schema.Struct(fields)
  const withRest = Schema.StructWithRest(declared, [Schema.Record(Schema.String, Schema.Unknown)])
  const declaredOnly = Schema.decodeUnknownEffect(Schema.toType(declared))
  const asWithRest = Schema.decodeUnknownEffect(Schema.toType(withRest))
  return withRest.pipe(
    Schema.decodeTo(
      Schema.toType(declared),
      SchemaTransformation.transformEffect({
        decode: (params) => Effect.mapError(declaredOnly(params, { onExcessProperty: "ignore" }), (error) => error.issue),
        encode: (params) => Effect.mapError(asWithRest(params), (error) => error.issue)
      })
    )
  ).annotate({ [LENIENT_QUERY]: true })
}

/** Whether an endpoint's query schema ignores unknown parameters (a `LenientQuery`); any other refuses them. */
export const isLenientQuery = (schema: Schema.Top | undefined): boolean => schema !== undefined && SchemaAST.resolve(schema.ast)?.[LENIENT_QUERY] === true

/**
 * Text as a query or header value carries it, checked as `SafeText` is (its
 * decoding is a string's), and described only by what its checks say it
 * stands for. Effect's generator writes a string as `{type: "string"}` and
 * puts a check's description beside it as an `allOf` member
 * (`effect/src/internal/schema/toJsonSchemaDocument.ts`: `on` for "String",
 * then `appendJsonSchema`), which would describe a parameter as text that is
 * also an integer; it writes a declaration as `{}` (`on` for "Declaration"),
 * which a check's description then is in full. Neither derived codec changes
 * it: a query value and a header already are text.
 */
const ParameterText = Schema.declare((u: unknown): u is string => typeof u === "string", {
  expected: "string",
  toCodecJson: () => undefined,
  toCodecStringTree: () => undefined
}).check(...SafeText.ast.checks!)

/**
 * A whole number written in decimal digits (no `1e2`, no blanks, no `1.0`).
 * Described as the integer it stands for, with its bounds (and default), as
 * the parameter's schema; the generated description would be the string's
 * pattern.
 */
export const IntegerFromString = (name: string, bounds: { readonly min: number; readonly max: number; readonly default?: number }) => {
  const message = `${name} must be an integer from ${bounds.min} to ${bounds.max}`
  const described = {
    type: "integer",
    minimum: bounds.min,
    maximum: bounds.max,
    ...(bounds.default === undefined
      ? { description: `${bounds.min} to ${bounds.max}` }
      : { default: bounds.default, description: `${bounds.min} to ${bounds.max}, default ${bounds.default}` })
  }
  return ParameterText.check(Schema.isPattern(/^-?\d{1,9}$/, { message, toJsonSchema: () => described })).pipe(
    Schema.decodeTo(
      Schema.Int.check(Schema.isBetween({ minimum: bounds.min, maximum: bounds.max }, { message })),
      SchemaTransformation.numberFromString
    )
  )
}

const integerParameter = (name: string, bounds: { readonly min: number; readonly max: number; readonly default: number }) =>
  IntegerFromString(name, bounds).pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(bounds.default)))

/** `limit` (1 to 100, default 25) and `offset` (0 to 10000, default 0), to spread into a query schema. */
export const paging = {
  limit: integerParameter("limit", PAGE_LIMIT),
  offset: integerParameter("offset", PAGE_OFFSET)
}
