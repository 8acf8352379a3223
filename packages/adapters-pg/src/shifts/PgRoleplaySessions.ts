import { SqlClient, SqlSchema } from "effect/sql"
import type { Page } from "@bluelight/core/kernel"
import { type RoleplaySession, RoleplaySessions, type RoleplaySessionStatus } from "@bluelight/core/shifts"
import { Effect, Layer, Schema } from "effect"
import { findOneBy, insertRow, pageOf, Window } from "../kernel/rows.js"
import { RoleplaySessionRow } from "./rows.js"

const COLUMNS = "id, title, description, status, scheduled_for, host_id, started_at, ended_at, cancelled_at, created_at, updated_at"

export const PgRoleplaySessions = Layer.effect(
  RoleplaySessions,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const findBy = findOneBy(sql, RoleplaySessionRow, "roleplay_sessions", COLUMNS)
    const update = SqlSchema.void({
      Request: RoleplaySessionRow,
      execute: (row) => sql`UPDATE roleplay_sessions SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`
    })
    const list = SqlSchema.findAll({
      Request: Schema.Struct({ status: Schema.NullOr(Schema.String), ...Window.fields }),
      Result: RoleplaySessionRow,
      execute: ({ limit, offset, status }) =>
        sql`
          SELECT ${sql.literal(COLUMNS)} FROM roleplay_sessions
          WHERE ${status === null ? sql`true` : sql`status = ${status}`}
          ORDER BY created_at DESC, id DESC
          LIMIT ${limit} OFFSET ${offset}`
    })
    return {
      findById: Effect.fn("PgRoleplaySessions.findById")(findBy("id")),
      findByIdForUpdate: Effect.fn("PgRoleplaySessions.findByIdForUpdate")(findBy("id", "FOR UPDATE")),
      insert: Effect.fn("PgRoleplaySessions.insert")(insertRow(sql, RoleplaySessionRow, "roleplay_sessions")),
      update: Effect.fn("PgRoleplaySessions.update")((session: RoleplaySession) => Effect.orDie(update(session))),
      list: Effect.fn("PgRoleplaySessions.list")((filter: { readonly status?: RoleplaySessionStatus | undefined }, page: Page) =>
        pageOf(page, (window) => list({ status: filter.status ?? null, ...window }))
      )
    }
  })
)
