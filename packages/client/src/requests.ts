import type { Schema, Types } from "effect"
import type { HttpApi, HttpApiClient, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"

/**
 * `T`'s named keys, without its index signatures: a lenient query's encoded
 * form also takes any other key (`StructWithRest`), which would make every
 * key look optional.
 */
type Named<T> = { [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: T[K] }

/** The named keys an object of type `T` may leave out. */
type OptionalKeys<T, N = Named<T>> = { readonly [K in keyof N]-?: {} extends Pick<N, K> ? K : never }[keyof N]

/**
 * The schema a request part is made from: Effect reads a query or headers
 * as a string tree and a body as JSON (`toCodecStringTree`, `toCodecJson`),
 * whose encoded form no longer names the fields.
 */
type Declared<S> = S extends Schema.toCodecJson<infer Inner> ? Inner : S extends Schema.toCodecStringTree<infer Inner> ? Inner : S

/**
 * The keys a sender may leave out although the decoded value always has
 * them: optional in the encoded form, required in the decoded one. In the
 * contract these are the fields with a default (`withDecodingDefaultTypeKey`:
 * a list's `status`, `limit` and `offset`, an incident's `description`), which
 * the server's decoding supplies; encoding passes an absent one through as
 * absent.
 */
type DefaultedKeys<Type, Encoded> = Exclude<Extract<keyof Type, OptionalKeys<Encoded>>, OptionalKeys<Type>>

/** A decoded value with its defaulted keys optional; any other value as it is. */
type Sendable<Type, Encoded, Keys = DefaultedKeys<Type, Encoded>> = [Keys] extends [never] ? Type
  : Types.Simplify<Omit<Type, Keys & keyof Type> & Partial<Pick<Type, Keys & keyof Type>>>

/**
 * A request part's schema as the client takes it: the same schema, its
 * `Type` (what a method is given, and encodes) with the defaulted keys
 * optional. A part without such keys (no part at all, a stream, a form) is
 * left as it is, so Effect's reading of it is unchanged.
 */
type SendablePart<S extends Schema.Constraint, Encoded = Declared<S>["Encoded"]> = [S["Type"]] extends [never] ? S
  : [DefaultedKeys<S["Type"], Encoded>] extends [never] ? S
  : Omit<S, "Type"> & { readonly Type: Sendable<S["Type"], Encoded> }

/** An endpoint as the client sends it: its path, query, headers and body with their defaulted keys optional. */
type SendableEndpoint<Endpoint extends HttpApiEndpoint.ConstraintRequest> =
  & Omit<Endpoint, "~Params" | "~Query" | "~Payload" | "~Headers">
  & {
    readonly "~Params": SendablePart<Endpoint["~Params"]>
    readonly "~Query": SendablePart<Endpoint["~Query"]>
    readonly "~Payload": SendablePart<Endpoint["~Payload"]>
    readonly "~Headers": SendablePart<Endpoint["~Headers"]>
  }

/** One group's methods, each taking its endpoint's request with the defaulted keys optional. */
type SendableGroup<Group extends HttpApiGroup.Constraint> = Group["endpoints"] extends
  infer Endpoints extends Readonly<Record<string, HttpApiEndpoint.ConstraintRequest>> ? {
    readonly [Identifier in keyof Endpoints]: HttpApiClient.Client.Method<SendableEndpoint<Endpoints[Identifier]>, never, never>
  }
  : {}

/**
 * The client of an API (`HttpApiClient.ForApi`, for an API without top-level
 * groups), except that a request may leave out a field the contract gives a
 * default. Effect types a method's request as the decoded value (`Type`),
 * where such a field is required, although the request is encoded from it
 * and the default applies only when the server decodes it: without this, a
 * caller would have to repeat every default (`status: "OPEN"`, `limit: 25`,
 * `description: ""`).
 */
export type SendableClient<Api extends HttpApi.Constraint> = Api extends HttpApi.HttpApi<infer _Id, infer Groups> ? Types.Simplify<
    {
      readonly [Group in Extract<Groups, { readonly topLevel: false }> as HttpApiGroup.Identifier<Group>]: SendableGroup<Group>
    }
  >
  : never
