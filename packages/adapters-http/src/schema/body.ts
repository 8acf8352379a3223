import { Schema, SchemaAST } from "effect"

/**
 * How a request body is described: the component's `name` (`RoleInput`) and
 * an `example` that succeeds when sent as it is. The example is written as
 * the decoded value and encoded by the schema when the description is made,
 * so it cannot drift from the schema: one that no longer encodes is dropped,
 * and the description's tests miss it.
 */
export interface BodyDescription<Fields extends Schema.Struct.Fields> {
  readonly name: string
  readonly example: Schema.Struct.Type<Fields>
}

/**
 * A request body: unknown properties are refused and every problem is
 * reported, not only the first. (The parse options must sit on the struct
 * itself; HttpApi decodes with the schema's own annotations.) The name is a
 * JSON Schema identifier only, so the answers' messages stay as they are.
 */
export const Body = <Fields extends Schema.Struct.Fields>(fields: Fields, description?: BodyDescription<Fields>) =>
  Schema.Struct(fields).annotations({
    parseOptions: { onExcessProperty: "error", errors: "all" },
    ...(description === undefined
      ? {}
      : { [SchemaAST.JSONIdentifierAnnotationId]: description.name, examples: [description.example] })
  })
