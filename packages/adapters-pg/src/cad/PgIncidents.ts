import { SqlClient, SqlSchema } from "effect/sql"
import { type Incident, type IncidentId, Incidents, type IncidentStatus } from "@bluelight/core/cad"
import { insertRow, pageOf, Window } from "../kernel/rows.js"
import type { Page } from "@bluelight/core/kernel"
import { Effect, Layer, Schema } from "effect"
import { IncidentRow } from "./rows.js"

const COLUMNS = "id, number, status, priority, type, location, description, control_notes, version, created_at, updated_at, closed_at"

/** Incidents, numbered from `cad_incident_number_seq`. */
export const PgIncidents = Layer.effect(
  Incidents,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    const findById = (lock: "" | "FOR UPDATE") =>
      SqlSchema.findOneOption({
        Request: Schema.String,
        Result: IncidentRow,
        execute: (id) => sql`SELECT ${columns} FROM cad_incidents WHERE id = ${id} ${sql.literal(lock)}`
      })
    const list = SqlSchema.findAll({
      Request: Schema.Struct({ status: Schema.String, ...Window.fields }),
      Result: IncidentRow,
      execute: ({ limit, offset, status }) =>
        status === "OPEN"
          ? sql`
            SELECT ${columns} FROM cad_incidents WHERE status = 'OPEN'
            ORDER BY (CASE priority WHEN 'IMMEDIATE' THEN 0 WHEN 'PRIORITY' THEN 1 WHEN 'SCHEDULED' THEN 2 ELSE 3 END), number
            LIMIT ${limit} OFFSET ${offset}`
          : sql`
            SELECT ${columns} FROM cad_incidents WHERE status = 'CLOSED'
            ORDER BY closed_at DESC, number DESC LIMIT ${limit} OFFSET ${offset}`
    })
    const encode = Schema.encodeEffect(IncidentRow)
    const nextNumber = sql<{ readonly number: bigint }>`SELECT nextval('cad_incident_number_seq') AS number`.pipe(
      Effect.map((rows) => Number(rows[0]!.number)),
      Effect.orDie,
      Effect.withSpan("PgIncidents.nextNumber")
    )
    return {
      findById: Effect.fn("PgIncidents.findById")((id: IncidentId) => Effect.orDie(findById("")(id))),
      findByIdForUpdate: Effect.fn("PgIncidents.findByIdForUpdate")((id: IncidentId) => Effect.orDie(findById("FOR UPDATE")(id))),
      nextNumber,
      insert: Effect.fn("PgIncidents.insert")(insertRow(sql, IncidentRow, "cad_incidents")),
      update: Effect.fn("PgIncidents.update")((incident: Incident) =>
        Effect.flatMap(encode(incident), (row) => sql`UPDATE cad_incidents SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`).pipe(
          Effect.asVoid,
          Effect.orDie
        )
      ),
      list: Effect.fn("PgIncidents.list")((status: IncidentStatus, page: Page) => pageOf(page, (window) => list({ status, ...window })))
    }
  })
)
