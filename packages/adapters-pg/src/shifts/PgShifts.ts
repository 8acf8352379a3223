import { SqlClient, SqlSchema } from "effect/sql"
import type { StaffProfileId } from "@bluelight/core/identity"
import type { Page } from "@bluelight/core/kernel"
import { type Shift, type ShiftFilter, Shifts } from "@bluelight/core/shifts"
import { Effect, Layer, Schema } from "effect"
import { findOneBy, pageOf, Window } from "../kernel/rows.js"
import { ShiftRow } from "./rows.js"

const COLUMNS = "id, staff_id, type, source, started_at, ended_at"

/** Shifts; one active per profile is the partial unique index `shifts_one_active_per_staff_idx`. */
export const PgShifts = Layer.effect(
  Shifts,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    const findBy = findOneBy(sql, ShiftRow, "shifts", COLUMNS)
    const findActiveForUpdate = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: ShiftRow,
      execute: (staffId) => sql`SELECT ${columns} FROM shifts WHERE staff_id = ${staffId} AND ended_at IS NULL FOR UPDATE`
    })
    const encode = Schema.encodeEffect(ShiftRow)
    const list = SqlSchema.findAll({
      Request: Schema.Struct({ filter: Schema.Any, ...Window.fields }),
      Result: ShiftRow,
      execute: ({ filter, limit, offset }: { filter: ShiftFilter; limit: number; offset: number }) => {
        const conditions = [
          filter.staffId === undefined ? undefined : sql`staff_id = ${filter.staffId}`,
          filter.status === undefined ? undefined : filter.status === "ACTIVE" ? sql`ended_at IS NULL` : sql`ended_at IS NOT NULL`
        ].filter((condition) => condition !== undefined)
        return sql`
          SELECT ${columns} FROM shifts
          WHERE ${sql.and(conditions)}
          ORDER BY started_at DESC, id DESC
          LIMIT ${limit} OFFSET ${offset}`
      }
    })
    return {
      findById: Effect.fn("PgShifts.findById")(findBy("id")),
      findByIdForUpdate: Effect.fn("PgShifts.findByIdForUpdate")(findBy("id", "FOR UPDATE")),
      findActiveForUpdate: Effect.fn("PgShifts.findActiveForUpdate")((staffId: StaffProfileId) => Effect.orDie(findActiveForUpdate(staffId))),
      // The partial unique index decides between two starts racing; ON CONFLICT keeps the transaction usable.
      insert: Effect.fn("PgShifts.insert")((shift: Shift) =>
        Effect.flatMap(encode(shift), (row) =>
          sql`
            INSERT INTO shifts ${sql.insert(row)}
            ON CONFLICT (staff_id) WHERE ended_at IS NULL DO NOTHING
            RETURNING id`).pipe(
            Effect.map((rows) => rows.length === 1),
            Effect.orDie
          )
      ),
      update: Effect.fn("PgShifts.update")((shift: Shift) =>
        Effect.flatMap(encode(shift), (row) => sql`UPDATE shifts SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`).pipe(
          Effect.asVoid,
          Effect.orDie
        )
      ),
      list: Effect.fn("PgShifts.list")((filter: ShiftFilter, page: Page) => pageOf(page, (window) => list({ filter, ...window })))
    }
  })
)
