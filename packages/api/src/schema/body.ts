import { Exit, Schema } from "effect"

/** The fields of a body: JSON, decoded and encoded without any service. */
type BodyFields = { readonly [key: string]: Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never } }

/**
 * How a request body is described: the component's `name` (`RoleInput`) and
 * an `example` that succeeds when sent as it is. The example is written as
 * the decoded value and encoded by the schema when the description is made,
 * so it cannot drift from the schema: one that no longer encodes is dropped,
 * and the description's tests miss it.
 */
export interface BodyDescription<Fields extends BodyFields> {
  readonly name: string
  readonly example: Schema.Struct.Type<Fields>
}

/**
 * A request body: unknown properties are refused and every problem is
 * reported, not only the first (the API's `PayloadParseOptions`, `Api.ts`:
 * Effect 4 reads parse options from the API, not from the schema). The name
 * is the component's identifier only, so the answers' messages stay as they are.
 */
export const Body = <Fields extends BodyFields>(fields: Fields, description?: BodyDescription<Fields>) => {
  const body = Schema.Struct(fields)
  if (description === undefined) return body
  const encoded = Schema.encodeUnknownExit(Schema.toCodecJson(body))(description.example)
  if (Exit.isSuccess(encoded)) examples.set(description.name, encoded.value)
  return body.annotate({ identifier: description.name })
}

/**
 * Each named body's example, encoded as it is sent: the description's
 * generator keeps only examples that are JSON already (a date-time is not), so
 * the description takes them from here (`openapi/examples.ts`).
 */
const examples = new Map<string, unknown>()

/** The encoded example of the body named `name`, if it has one that encodes. */
export const bodyExampleOf = (name: string): unknown => examples.get(name)
