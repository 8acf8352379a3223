import { Context, Effect, Exit, Layer, Semaphore } from "effect"
import { Transactor } from "../kernel/index.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

/**
 * The transactors whose transaction the current fiber runs in. A reference
 * has one key for the whole program, so each transactor is told apart by the
 * lock it holds: a transaction of another database is not joined.
 */
const OpenTransactions = Context.Reference<ReadonlySet<Semaphore.Semaphore>>("@bluelight/core/testing/OpenTransactions", {
  defaultValue: () => new Set()
})

/**
 * Transactions over the in-memory tables: one at a time (serialisable), and
 * a failure or defect puts back the tables as they were at the start.
 * A transaction inside a transaction joins the outer one, as in Postgres.
 */
export const InMemoryTransactor = Layer.effect(
  Transactor,
  Effect.gen(function*() {
    const db = yield* InMemoryDatabase
    const lock = yield* Semaphore.make(1)
    return {
      transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        OpenTransactions.use((open) =>
          open.has(lock)
            ? effect
            : lock.withPermits(1)(
              Effect.gen(function*() {
                const before = yield* db.snapshot
                const exit = yield* Effect.exit(Effect.provideService(effect, OpenTransactions, new Set([...open, lock])))
                if (Exit.isFailure(exit)) yield* db.restore(before)
                return yield* exit
              })
            )
        )
    }
  })
)
