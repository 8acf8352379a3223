import { SqlClient, SqlError } from "effect/sql"
import { Transactor } from "@bluelight/core/kernel"
import { Effect, Layer } from "effect"

/**
 * Postgres transactions. Every query inside runs on the transaction's
 * connection (the SQL client keeps it in the fiber), so repositories and the
 * audit log need no handle passed around. A nested call joins as a savepoint.
 * Infrastructure failures are defects, never domain errors.
 */
export const PgTransactor = Layer.effect(
  Transactor,
  SqlClient.SqlClient.useSync((sql) => ({
    transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      sql.withTransaction(effect).pipe(
        Effect.catchIf(SqlError.isSqlError, (error) => Effect.die(error))
      ) as Effect.Effect<A, E, R>
  }))
)
