import { SqlClient, SqlSchema } from "effect/sql"
import { AlertReads, type CivilianId, type MarkerFilter, type MarkerId, type RecordId, type WarrantFilter, type WarrantId } from "@bluelight/core/civilians"
import type { Page } from "@bluelight/core/kernel"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { pageOf, Window } from "../kernel/rows.js"
import { LoadedMarkerJson, LoadedRecordJson, LoadedWarrantJson } from "./loaded.js"
import { AT_NOW, loadedMarkerJson, loadedRecordJson, loadedWarrantJson, markerActiveSql, warrantActiveSql, warrantInForceSql } from "./rows.js"

const Row = <A, I>(file: Schema.Codec<A, I>) => Schema.Struct({ file })

export const PgAlertReads = Layer.effect(
  AlertReads,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const one = <A, I>(file: Schema.Codec<A, I>, json: string, table: string) =>
      SqlSchema.findOneOption({
        Request: Schema.String,
        Result: Row(file),
        execute: (id) => sql`SELECT ${sql.literal(json)} AS file FROM ${sql.literal(table)} WHERE id = ${id}`
      })
    const findRecord = one(LoadedRecordJson, loadedRecordJson("pnc_records"), "pnc_records")
    const findWarrant = one(LoadedWarrantJson, loadedWarrantJson("warrants"), "warrants")
    const findMarker = one(LoadedMarkerJson, loadedMarkerJson("markers"), "markers")
    const listRecords = SqlSchema.findAll({
      Request: Schema.Struct({ civilianId: Schema.String, ...Window.fields }),
      Result: Row(LoadedRecordJson),
      execute: ({ civilianId, limit, offset }) =>
        sql`SELECT ${sql.literal(loadedRecordJson("r"))} AS file FROM pnc_records r
            WHERE r.civilian_id = ${civilianId}
            ORDER BY r.occurred_at DESC, r.reference DESC
            LIMIT ${limit} OFFSET ${offset}`
    })
    const civilianExists = (id: string) =>
      Effect.map(sql<{ readonly found: boolean }>`SELECT EXISTS (SELECT 1 FROM civilians WHERE id = ${id}) AS found`, (rows) => rows[0]?.found === true)
    const listWarrants = (filter: WarrantFilter, now: DateTime.Utc) =>
      SqlSchema.findAll({
        Request: Window,
        Result: Row(LoadedWarrantJson),
        execute: ({ limit, offset }) => {
          const conditions = [
            filter.civilianId === undefined ? undefined : sql`w.civilian_id = ${filter.civilianId}`,
            filter.status === undefined ? sql.literal(warrantInForceSql("w"))
              : filter.status === "ACTIVE" ? sql.literal(warrantActiveSql("w", AT_NOW))
              : filter.status === "EXPIRED" ? sql.literal(`(w.status = 'ACTIVE' AND w.expires_at <= ${AT_NOW})`)
              : sql`w.status = ${filter.status}`
          ].filter((c) => c !== undefined)
          return sql`SELECT ${sql.literal(loadedWarrantJson("w"))} AS file
            FROM warrants w CROSS JOIN (SELECT ${DateTime.toDateUtc(now)}::timestamptz AS now) at
            WHERE ${conditions.length === 0 ? sql`true` : sql.and(conditions)}
            ORDER BY w.issued_at DESC, w.id DESC
            LIMIT ${limit} OFFSET ${offset}`
        }
      })
    const listMarkers = (filter: MarkerFilter, now: DateTime.Utc) =>
      SqlSchema.findAll({
        Request: Window,
        Result: Row(LoadedMarkerJson),
        execute: ({ limit, offset }) => {
          const conditions = [
            filter.active === undefined ? undefined : sql.literal(`${filter.active ? "" : "NOT "}${markerActiveSql("m", AT_NOW)}`),
            filter.type === undefined ? undefined : sql`m.type = ${filter.type}`,
            filter.civilianId === undefined ? undefined : sql`m.civilian_id = ${filter.civilianId}`,
            filter.vehicleId === undefined ? undefined : sql`m.vehicle_id = ${filter.vehicleId}`
          ].filter((c) => c !== undefined)
          return sql`SELECT ${sql.literal(loadedMarkerJson("m"))} AS file
            FROM markers m CROSS JOIN (SELECT ${DateTime.toDateUtc(now)}::timestamptz AS now) at
            WHERE ${conditions.length === 0 ? sql`true` : sql.and(conditions)}
            ORDER BY m.created_at DESC, m.id DESC
            LIMIT ${limit} OFFSET ${offset}`
        }
      })
    const files = <A>(page: { readonly items: ReadonlyArray<{ readonly file: A }>; readonly meta: Page & { readonly hasMore: boolean } }) => ({
      items: page.items.map((row) => row.file),
      meta: page.meta
    })
    const fileOf = <A, E>(found: Effect.Effect<Option.Option<{ readonly file: A }>, E>) => found.pipe(Effect.map(Option.map((row) => row.file)), Effect.orDie)
    return {
      findRecord: Effect.fn("PgAlertReads.findRecord")((id: RecordId) => fileOf(findRecord(id))),
      listRecords: Effect.fn("PgAlertReads.listRecords")((civilianId: CivilianId, page: Page) =>
        Effect.gen(function*() {
          const listed = files(yield* pageOf(page, (window) => listRecords({ civilianId, ...window })))
          // An empty page may mean there is no such person.
          if (listed.items.length > 0 || (yield* Effect.orDie(civilianExists(civilianId)))) return Option.some(listed)
          return Option.none()
        })
      ),
      findWarrant: Effect.fn("PgAlertReads.findWarrant")((id: WarrantId) => fileOf(findWarrant(id))),
      listWarrants: Effect.fn("PgAlertReads.listWarrants")((filter: WarrantFilter, now: DateTime.Utc, page: Page) =>
        Effect.map(pageOf(page, listWarrants(filter, now)), files)
      ),
      findMarker: Effect.fn("PgAlertReads.findMarker")((id: MarkerId) => fileOf(findMarker(id))),
      listMarkers: Effect.fn("PgAlertReads.listMarkers")((filter: MarkerFilter, now: DateTime.Utc, page: Page) =>
        Effect.map(pageOf(page, listMarkers(filter, now)), files)
      )
    }
  })
)
