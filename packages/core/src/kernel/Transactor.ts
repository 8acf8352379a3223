import { Context, type Effect } from "effect"

/**
 * Runs an effect as one unit of change: every write inside it, its history
 * and its audit entry commit together, or none of them do.
 */
export class Transactor extends Context.Tag("@bluelight/core/Transactor")<
  Transactor,
  {
    readonly transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  }
>() {}
