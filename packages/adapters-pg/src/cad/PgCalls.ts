import { SqlClient, SqlSchema } from "effect/sql"
import { type Call, type CallId, Calls, type CallStatus, type IncidentId } from "@bluelight/core/cad"
import type { Page } from "@bluelight/core/kernel"
import { Effect, Layer, Schema } from "effect"
import { insertRow, pageOf, Window } from "../kernel/rows.js"
import { CallRow } from "./rows.js"

const COLUMNS =
  "id, status, caller_name, caller_number, location, description, incident_id, close_reason, created_at, updated_at, closed_at, source, game_call_number"

/**
 * The key (with the game's call number as its second half) of the
 * transaction-scoped advisory lock on one of the game's call numbers, taken
 * before its newest call is read: a number with no call yet has no row to lock.
 */
const GAME_CALL_NUMBER_LOCK = 0x6ca1

/** Incoming calls: waiting ones oldest first, the others newest first; a game call also by the game's call number. */
export const PgCalls = Layer.effect(
  Calls,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    const findById = (lock: "" | "FOR UPDATE") =>
      SqlSchema.findOneOption({
        Request: Schema.String,
        Result: CallRow,
        execute: (id) => sql`SELECT ${columns} FROM cad_calls WHERE id = ${id} ${sql.literal(lock)}`
      })
    const byGameCallNumber = SqlSchema.findOneOption({
      Request: Schema.Int,
      Result: CallRow,
      execute: (callNumber) => sql`SELECT ${columns} FROM cad_calls WHERE game_call_number = ${callNumber} ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`
    })
    const ofIncident = SqlSchema.findAll({
      Request: Schema.String,
      Result: CallRow,
      execute: (incidentId) => sql`SELECT ${columns} FROM cad_calls WHERE incident_id = ${incidentId} ORDER BY created_at, id`
    })
    const list = SqlSchema.findAll({
      Request: Schema.Struct({ status: Schema.String, ...Window.fields }),
      Result: CallRow,
      execute: ({ limit, offset, status }) =>
        sql`
          SELECT ${columns} FROM cad_calls WHERE status = ${status}
          ORDER BY ${status === "WAITING" ? sql`created_at, id` : sql`created_at DESC, id DESC`}
          LIMIT ${limit} OFFSET ${offset}`
    })
    const encode = Schema.encodeEffect(CallRow)
    return {
      findById: Effect.fn("PgCalls.findById")((id: CallId) => Effect.orDie(findById("")(id))),
      findByIdForUpdate: Effect.fn("PgCalls.findByIdForUpdate")((id: CallId) => Effect.orDie(findById("FOR UPDATE")(id))),
      // The read is a statement after the lock's, so it sees what the transaction the lock waited for committed.
      findByGameCallNumberForUpdate: Effect.fn("PgCalls.findByGameCallNumberForUpdate")((callNumber: number) =>
        sql`SELECT pg_advisory_xact_lock(${GAME_CALL_NUMBER_LOCK}, ${callNumber})`.pipe(Effect.andThen(byGameCallNumber(callNumber)), Effect.orDie)
      ),
      insert: Effect.fn("PgCalls.insert")(insertRow(sql, CallRow, "cad_calls")),
      update: Effect.fn("PgCalls.update")((call: Call) =>
        Effect.flatMap(encode(call), (row) => sql`UPDATE cad_calls SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`).pipe(Effect.asVoid, Effect.orDie)
      ),
      ofIncident: Effect.fn("PgCalls.ofIncident")((incidentId: IncidentId) => Effect.orDie(ofIncident(incidentId))),
      list: Effect.fn("PgCalls.list")((status: CallStatus, page: Page) => pageOf(page, (window) => list({ status, ...window })))
    }
  })
)
