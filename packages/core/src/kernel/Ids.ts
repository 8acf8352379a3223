import { Context, Effect } from "effect"

/** Generates the ids of new records: UUIDv7 strings, which sort by creation time. */
export class Ids extends Context.Service<Ids, {
  readonly next: Effect.Effect<string>
}>()("@bluelight/core/kernel/Ids") {}

/** What brands a plain id as one entity's: the `make` of an id schema such as `AccountId`. */
export interface IdBrand<A extends string> {
  readonly make: (id: string) => A
}

/**
 * A new id for the entity `brand` names: `yield* newId(AccountId)`. The one
 * place a generated string becomes an entity id.
 */
export const newId = <A extends string>(brand: IdBrand<A>): Effect.Effect<A, never, Ids> => Ids.use((ids) => Effect.map(ids.next, (id) => brand.make(id)))
