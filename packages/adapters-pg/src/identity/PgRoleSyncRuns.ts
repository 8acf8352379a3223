import { SqlClient, SqlSchema } from "effect/sql"
import { type RoleSyncRun, RoleSyncRuns, RoleSyncTrigger } from "@bluelight/core/identity"
import { DateTime, Effect, Layer, Schema } from "effect"

const RunRow = Schema.Struct({
  startedAt: Schema.DateTimeUtcFromDate,
  finishedAt: Schema.DateTimeUtcFromDate,
  checked: Schema.Int,
  changed: Schema.Int,
  failed: Schema.Int,
  trigger: RoleSyncTrigger
})

/**
 * The role sync's runs, and its lease: one row in `role_sync_lease`, taken by
 * a conditional update (free, run out, or already the holder's), so that of
 * two instances claiming at once exactly one gets it, whatever pool each has.
 */
export const PgRoleSyncRuns = Layer.effect(
  RoleSyncRuns,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const record = SqlSchema.void({ Request: RunRow, execute: (row) => sql`INSERT INTO role_sync_runs ${sql.insert(row)}` })
    const last = SqlSchema.findOneOption({
      Request: Schema.Void,
      Result: RunRow,
      execute: () => sql`SELECT started_at, finished_at, checked, changed, failed, trigger FROM role_sync_runs ORDER BY id DESC LIMIT 1`
    })
    return {
      claim: Effect.fn("PgRoleSyncRuns.claim")((holder: string, now: DateTime.Utc, until: DateTime.Utc) =>
        sql`
          UPDATE role_sync_lease SET holder = ${holder}, lease_until = ${DateTime.toDateUtc(until)}
          WHERE holder IS NULL OR holder = ${holder} OR lease_until <= ${DateTime.toDateUtc(now)}
          RETURNING holder`.pipe(Effect.map((rows) => rows.length === 1), Effect.orDie)
      ),
      release: Effect.fn("PgRoleSyncRuns.release")((holder: string) =>
        Effect.orDie(sql`UPDATE role_sync_lease SET holder = NULL, lease_until = NULL WHERE holder = ${holder}`)
      ),
      record: Effect.fn("PgRoleSyncRuns.record")((run: RoleSyncRun) => Effect.orDie(record(run))),
      last: last(undefined).pipe(Effect.orDie, Effect.withSpan("PgRoleSyncRuns.last"))
    }
  })
)
