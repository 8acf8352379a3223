import { Context, Effect, Layer, Ref } from "effect"

type Tables = ReadonlyMap<string, ReadonlyArray<unknown>>

/**
 * The shared state behind every in-memory port: named tables of immutable
 * rows. Ports read and replace whole tables, so a snapshot is one reference
 * and rolling back is putting it back.
 */
export class InMemoryDatabase extends Context.Service<InMemoryDatabase, {
  readonly rows: <A>(table: string) => Effect.Effect<ReadonlyArray<A>>
  readonly insert: <A>(table: string, row: A) => Effect.Effect<void>
  readonly update: <A>(table: string, f: (rows: ReadonlyArray<A>) => ReadonlyArray<A>) => Effect.Effect<void>
  readonly snapshot: Effect.Effect<Tables>
  readonly restore: (tables: Tables) => Effect.Effect<void>
}>()("@bluelight/core/testing/InMemoryDatabase") {
  static readonly layer = Layer.effect(
    InMemoryDatabase,
    Effect.map(Ref.make<Tables>(new Map()), (state) => {
      const update = <A>(table: string, f: (rows: ReadonlyArray<A>) => ReadonlyArray<A>) =>
        Ref.update(state, (tables) => {
          const next = new Map(tables)
          next.set(table, f((tables.get(table) ?? []) as ReadonlyArray<A>))
          return next
        })
      return {
        rows: <A>(table: string) => Effect.map(Ref.get(state), (tables) => (tables.get(table) ?? []) as ReadonlyArray<A>),
        insert: <A>(table: string, row: A) => update<A>(table, (rows) => [...rows, row]),
        update,
        snapshot: Ref.get(state),
        restore: (tables: Tables) => Ref.set(state, tables)
      }
    })
  )
}
