import { Schema } from "effect"

/**
 * A request body: unknown properties are refused and every problem is
 * reported, not only the first. (The parse options must sit on the struct
 * itself; HttpApi decodes with the schema's own annotations.)
 */
export const Body = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.Struct(fields).annotations({ parseOptions: { onExcessProperty: "error", errors: "all" } })
