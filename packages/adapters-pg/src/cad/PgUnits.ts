import { SqlClient, SqlSchema } from "effect/sql"
import { type IncidentId, type Unit, type UnitId, Units } from "@bluelight/core/cad"
import type { Page } from "@bluelight/core/kernel"
import { Effect, Layer, Schema } from "effect"
import { pageOf, updateUnlessClash, Window } from "../kernel/rows.js"
import { UnitRow, UnitWriteRow } from "./rows.js"

const COLUMNS = "id, callsign, agency_code, type, status, incident_id, version, created_at, updated_at"

/** Units, one row each; callsigns unique by core's `callsignKey` (`cad_units_callsign_key` on `callsign_key`). */
export const PgUnits = Layer.effect(
  Units,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    const findById = (lock: "" | "FOR UPDATE") =>
      SqlSchema.findOneOption({
        Request: Schema.String,
        Result: UnitRow,
        execute: (id) => sql`SELECT ${columns} FROM cad_units WHERE id = ${id} ${sql.literal(lock)}`
      })
    const attending = (order: "callsign" | "lock") =>
      SqlSchema.findAll({
        Request: Schema.String,
        Result: UnitRow,
        execute: (incidentId) =>
          order === "lock"
            ? sql`SELECT ${columns} FROM cad_units WHERE incident_id = ${incidentId} ORDER BY id FOR UPDATE`
            : sql`SELECT ${columns} FROM cad_units WHERE incident_id = ${incidentId} ORDER BY lower(callsign), id`
      })
    const list = SqlSchema.findAll({
      Request: Window,
      Result: UnitRow,
      execute: ({ limit, offset }) => sql`SELECT ${columns} FROM cad_units ORDER BY lower(callsign), id LIMIT ${limit} OFFSET ${offset}`
    })
    const encode = Schema.encodeEffect(UnitWriteRow)
    return {
      findById: Effect.fn("PgUnits.findById")((id: UnitId) => Effect.orDie(findById("")(id))),
      findByIdForUpdate: Effect.fn("PgUnits.findByIdForUpdate")((id: UnitId) => Effect.orDie(findById("FOR UPDATE")(id))),
      attendingForUpdate: Effect.fn("PgUnits.attendingForUpdate")((incidentId: IncidentId) => Effect.orDie(attending("lock")(incidentId))),
      attending: Effect.fn("PgUnits.attending")((incidentId: IncidentId) => Effect.orDie(attending("callsign")(incidentId))),
      insert: Effect.fn("PgUnits.insert")((unit: Unit) =>
        Effect.flatMap(encode(unit), (row) => sql`INSERT INTO cad_units ${sql.insert(row)} ON CONFLICT DO NOTHING RETURNING id`).pipe(
          Effect.map((rows) => rows.length === 1),
          Effect.orDie
        )
      ),
      update: Effect.fn("PgUnits.update")(updateUnlessClash(sql, UnitWriteRow, "cad_units", "cad_units_callsign_key")),
      list: Effect.fn("PgUnits.list")((page: Page) => pageOf(page, list))
    }
  })
)
