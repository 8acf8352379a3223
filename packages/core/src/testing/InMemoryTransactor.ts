import { Effect, Exit, FiberRef, Layer } from "effect"
import { Transactor } from "../kernel/Transactor.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

/**
 * Transactions over the in-memory tables: one at a time (serialisable), and
 * a failure or defect puts back the tables as they were at the start.
 * A transaction inside a transaction joins the outer one, as in Postgres.
 */
export const InMemoryTransactor = Layer.scoped(
  Transactor,
  Effect.gen(function*() {
    const db = yield* InMemoryDatabase
    const lock = yield* Effect.makeSemaphore(1)
    const inTransaction = yield* FiberRef.make(false)
    return {
      transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        Effect.flatMap(FiberRef.get(inTransaction), (joined) =>
          joined
            ? effect
            : lock.withPermits(1)(
              Effect.gen(function*() {
                const before = yield* db.snapshot
                const exit = yield* Effect.exit(Effect.locally(effect, inTransaction, true))
                if (Exit.isFailure(exit)) yield* db.restore(before)
                return yield* exit
              })
            ))
    }
  })
)
