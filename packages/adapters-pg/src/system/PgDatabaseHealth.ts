import { SqlClient } from "@effect/sql"
import { DatabaseHealth } from "@bluelight/core/system"
import { Duration, Effect, Layer } from "effect"

/** The database is healthy when it answers a trivial query within two seconds. */
export const PgDatabaseHealth = Layer.effect(
  DatabaseHealth,
  Effect.map(SqlClient.SqlClient, (sql) => ({
    check: sql`SELECT 1`.pipe(
      Effect.timeout(Duration.seconds(2)),
      Effect.as(true),
      Effect.catchAllCause(() => Effect.succeed(false))
    )
  }))
)
