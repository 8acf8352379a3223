import { SqlClient } from "@effect/sql"
import { DatabaseHealth } from "@bluelight/core/system"
import { Effect, Layer } from "effect"

/**
 * One round trip in the simple protocol: the statements of one message run in
 * one implicit transaction, so `SET LOCAL` bounds only this `SELECT 1` and the
 * pooled connection keeps its own settings. The database enforces the bound
 * itself, so the check needs no timer and no fiber of its own per request.
 */
const CHECK = "SET LOCAL statement_timeout = 2000; SELECT 1"

/**
 * The database is healthy when it answers a trivial query within two seconds
 * (the statement timeout); a connection that cannot be had fails at the
 * pool's connect timeout.
 */
export const PgDatabaseHealth = Layer.effect(
  DatabaseHealth,
  Effect.map(SqlClient.SqlClient, (sql) => ({
    check: sql.unsafe(CHECK).pipe(
      Effect.as(true),
      Effect.catchAllCause(() => Effect.succeed(false))
    )
  }))
)
