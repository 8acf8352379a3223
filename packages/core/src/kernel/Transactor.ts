import { Context, Effect } from "effect"

/**
 * Runs an effect as one unit of change: every write inside it, its history
 * and its audit entry commit together, or none of them do.
 */
export class Transactor extends Context.Service<Transactor, {
  readonly transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}>()("@bluelight/core/kernel/Transactor") {}

/** `effect` as one unit of change, on the `Transactor` in context: what every use case that writes runs its writes in. */
export const inTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | Transactor> =>
  Transactor.use((transactor) => transactor.transaction(effect))
