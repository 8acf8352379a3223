import type { SqlClient, SqlError } from "effect/sql"
import { Effect } from "effect"

/**
 * True for a unique-key violation of the named constraint (SQLSTATE 23505):
 * the database settling a race that a check before the write cannot. The
 * client classifies the SQLSTATE into the error's reason.
 */
export const violates = (constraint: string) => (error: SqlError.SqlError): boolean =>
  error.reason._tag === "UniqueViolation" && error.reason.constraint === constraint

/**
 * Runs a write that the unique key `constraint` may refuse, answering whether
 * it was stored. The write runs in a savepoint (its own transaction when there
 * is none), so a refusal rolls back that write alone: a failed statement would
 * otherwise abort the caller's whole transaction, and its next statement would
 * fail with "current transaction is aborted". Prefer `ON CONFLICT DO NOTHING`
 * where the statement allows it (an `INSERT`); an `UPDATE` does not.
 */
export const storedUnlessClash =
  (sql: SqlClient.SqlClient, constraint: string) => <R>(write: Effect.Effect<unknown, SqlError.SqlError, R>): Effect.Effect<boolean, SqlError.SqlError, R> =>
    sql.withTransaction(write).pipe(
      Effect.as(true),
      Effect.catchIf(violates(constraint), () => Effect.succeed(false))
    )
