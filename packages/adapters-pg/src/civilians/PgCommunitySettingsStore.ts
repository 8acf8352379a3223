import { SqlClient, SqlSchema } from "effect/sql"
import { type CommunitySettings, CommunitySettingsStore } from "@bluelight/core/civilians"
import { Effect, Layer, Schema } from "effect"
import { CommunitySettingsRow } from "./rows.js"

const COLUMNS = "licence_points_threshold, totting_up_suspension_days, warrants_need_approval, updated_at, updated_by"

/**
 * The settings' one row, made with the defaults by its migration
 * (`0018_community_settings`): reading never finds it missing, and a change
 * locks it (`FOR UPDATE`) before it checks what it changes.
 */
export const PgCommunitySettingsStore = Layer.effect(
  CommunitySettingsStore,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    const read = SqlSchema.findOne({
      Request: Schema.Void,
      Result: CommunitySettingsRow,
      execute: () => sql`SELECT ${columns} FROM community_settings`
    })
    const readForUpdate = SqlSchema.findOne({
      Request: Schema.Void,
      Result: CommunitySettingsRow,
      execute: () => sql`SELECT ${columns} FROM community_settings FOR UPDATE`
    })
    const save = SqlSchema.void({
      Request: CommunitySettingsRow,
      execute: (row) => sql`UPDATE community_settings SET ${sql.update(row)}`
    })
    return {
      read: Effect.orDie(read(undefined)).pipe(Effect.withSpan("PgCommunitySettingsStore.read")),
      readForUpdate: Effect.orDie(readForUpdate(undefined)).pipe(Effect.withSpan("PgCommunitySettingsStore.readForUpdate")),
      save: Effect.fn("PgCommunitySettingsStore.save")((settings: CommunitySettings) => Effect.orDie(save(settings)))
    }
  })
)
