import { SqlClient, SqlSchema } from "effect/sql"
import type { Page } from "@bluelight/core/kernel"
import { type ModerationAction, ModerationActions, type ModerationFilter, type ModerationRequester, type ModerationType } from "@bluelight/core/moderation"
import { Effect, Layer, Option, Schema } from "effect"
import { pageOf, Window } from "../kernel/rows.js"
import { actionOfRow, ModerationActionRow, rowOfAction } from "./rows.js"

const COLUMNS = "id, type, target_platform_id, target_username, moderator_id, service_id, reason, evidence, " +
  "created_at, updated_at, delivery, error_code, idempotency_key, fingerprint"

export const PgModerationActions = Layer.effect(
  ModerationActions,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    const encode = Schema.encodeEffect(ModerationActionRow)
    const findById = (lock: "" | "FOR UPDATE") =>
      SqlSchema.findOneOption({
        Request: Schema.String,
        Result: ModerationActionRow,
        execute: (id) => sql`SELECT ${columns} FROM moderation_actions WHERE id = ${id} ${sql.literal(lock)}`
      })
    const byId = (lock: "" | "FOR UPDATE") => {
      const query = findById(lock)
      return (id: string) => query(id).pipe(Effect.map(Option.map(actionOfRow)), Effect.orDie)
    }
    const findByKey = SqlSchema.findOneOption({
      Request: Schema.Struct({ column: Schema.Literals(["moderator_id", "service_id"]), id: Schema.String, key: Schema.String }),
      Result: ModerationActionRow,
      execute: ({ column, id, key }) => sql`SELECT ${columns} FROM moderation_actions WHERE ${sql(column)} = ${id} AND idempotency_key = ${key}`
    })
    const ListRequest = Schema.Struct({
      ...Window.fields,
      targetPlatformId: Schema.NullOr(Schema.String),
      type: Schema.NullOr(Schema.String)
    })
    const list = SqlSchema.findAll({
      Request: ListRequest,
      Result: ModerationActionRow,
      execute: ({ limit, offset, targetPlatformId, type }) =>
        sql`
          SELECT ${columns} FROM moderation_actions
          WHERE (${targetPlatformId}::text IS NULL OR target_platform_id = ${targetPlatformId})
            AND (${type}::text IS NULL OR type = ${type})
          ORDER BY created_at DESC, id DESC
          LIMIT ${limit} OFFSET ${offset}`
    })
    // One scan of the target index (`target_platform_id, created_at DESC, id DESC`) finds the actions of every
    // target asked about; `DISTINCT ON` keeps each target's first in `list`'s order (newest, then the greatest id).
    const newestPerTarget = SqlSchema.findAll({
      Request: Schema.Struct({ type: Schema.String, targetPlatformIds: Schema.Array(Schema.String) }),
      Result: ModerationActionRow,
      execute: ({ type, targetPlatformIds }) =>
        sql`
          SELECT DISTINCT ON (target_platform_id) ${columns} FROM moderation_actions
          WHERE ${sql.in("target_platform_id", targetPlatformIds)} AND type = ${type}
          ORDER BY target_platform_id, created_at DESC, id DESC`
    })
    return {
      insert: Effect.fn("PgModerationActions.insert")((action: ModerationAction) =>
        Effect.flatMap(encode(rowOfAction(action)), (row) =>
          // Either partial unique index (one key per requester) may refuse it: nothing stored, the transaction stays usable.
          sql`INSERT INTO moderation_actions ${sql.insert(row)} ON CONFLICT DO NOTHING RETURNING id`).pipe(
            Effect.map((rows) => rows.length === 1),
            Effect.orDie
          )
      ),
      findByKey: Effect.fn("PgModerationActions.findByKey")((requester: ModerationRequester, key: string) =>
        findByKey({ column: requester._tag === "Moderator" ? "moderator_id" : "service_id", id: requester.id, key }).pipe(
          Effect.map(Option.map(actionOfRow)),
          Effect.orDie
        )
      ),
      findById: Effect.fn("PgModerationActions.findById")(byId("")),
      findByIdForUpdate: Effect.fn("PgModerationActions.findByIdForUpdate")(byId("FOR UPDATE")),
      update: Effect.fn("PgModerationActions.update")((action: ModerationAction) =>
        Effect.flatMap(encode(rowOfAction(action)), (row) => sql`UPDATE moderation_actions SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`).pipe(
          Effect.asVoid,
          Effect.orDie
        )
      ),
      list: Effect.fn("PgModerationActions.list")((filter: ModerationFilter, page: Page) =>
        pageOf(
          page,
          (window) =>
            Effect.map(list({ ...window, targetPlatformId: filter.targetPlatformId ?? null, type: filter.type ?? null }), (rows) => rows.map(actionOfRow))
        )
      ),
      newestPerTarget: Effect.fn("PgModerationActions.newestPerTarget")((type: ModerationType, targetPlatformIds: ReadonlyArray<string>) =>
        targetPlatformIds.length === 0
          ? Effect.succeed(new Map<string, ModerationAction>())
          : Effect.map(
            Effect.orDie(newestPerTarget({ type, targetPlatformIds })),
            (rows) => new Map(rows.map((row) => [row.targetPlatformId, actionOfRow(row)]))
          )
      )
    }
  })
)
