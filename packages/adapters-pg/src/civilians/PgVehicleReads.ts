import { SqlClient, SqlSchema } from "effect/sql"
import { plateKey, VehicleReads, type VehicleId } from "@bluelight/core/civilians"
import type { Page } from "@bluelight/core/kernel"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { pageOf, Window } from "../kernel/rows.js"
import { VehicleRecordJson, VehicleSummaryJson } from "./loaded.js"
import { likeEscaped } from "./PgCivilianReads.js"
import { AT_NOW, civilianJson, civilianRefJson, markerActiveSql, loadedMarkerJson, personAlertsJson, vehicleAlertFields, vehicleJson } from "./rows.js"

/** A vehicle with its keeper's reference and its active markers at `at.now`. */
const SUMMARY = `json_build_object(
  'vehicle', ${vehicleJson("v")},
  'keeper', CASE WHEN k.id IS NULL THEN NULL ELSE ${civilianRefJson("k")} END,${vehicleAlertFields("v")})`

/**
 * The whole chain of one vehicle in one query: the vehicle, its keeper with
 * their licence and active alerts, every keeper period, the latest first,
 * the vehicle's active markers at `at.now` and the counts of its records and
 * markers.
 */
const RECORD = `json_build_object(
  'vehicle', ${vehicleJson("v")},
  'keeper', CASE WHEN k.id IS NULL THEN NULL ELSE ${civilianRefJson("k")} END,${vehicleAlertFields("v")},
  'currentKeeper', CASE WHEN k.id IS NULL THEN NULL ELSE json_build_object(
    'civilian', ${civilianJson("k")},
    'licence', (SELECT json_build_object('number', l.number, 'status', l.status, 'suspendedUntil', l.suspended_until, 'expiresAt', l.expires_at)
                FROM licences l WHERE l.civilian_id = k.id),
    'alerts', ${personAlertsJson("k")},
    'since', v.keeper_since) END,
  'keepers', COALESCE((
    SELECT json_agg(json_build_object('civilian', ${civilianRefJson("kc")}, 'startedAt', vk.started_at, 'endedAt', vk.ended_at)
                    ORDER BY vk.seq DESC)
    FROM vehicle_keepers vk JOIN civilians kc ON kc.id = vk.civilian_id
    WHERE vk.vehicle_id = v.id), '[]'::json),
  'activeMarkers', COALESCE((
    SELECT json_agg(${loadedMarkerJson("m")} ORDER BY m.created_at DESC, m.id DESC)
    FROM markers m WHERE m.vehicle_id = v.id AND ${markerActiveSql("m", AT_NOW)}), '[]'::json),
  'counts', json_build_object(
    'records', (SELECT count(*) FROM pnc_records cr WHERE cr.vehicle_id = v.id),
    'markers', (SELECT count(*) FROM markers cm WHERE cm.vehicle_id = v.id)))`

export const PgVehicleReads = Layer.effect(
  VehicleReads,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // Part of the plate (trigram index on plate_key) or every word of make and model (trigram
    // index on lower(make || ' ' || model)); ordered by plate. No search: every vehicle.
    const search = SqlSchema.findAll({
      Request: Schema.Struct({ search: Schema.String, now: Schema.Date, ...Window.fields }),
      Result: Schema.Struct({ file: VehicleSummaryJson }),
      execute: ({ limit, now, offset, search }) => {
        const key = plateKey(search)
        const words = search.toLowerCase().split(/\s+/).filter((w) => w.length > 0).map((w) => `%${likeEscaped(w)}%`)
        const byPlate = key.length === 0 ? sql`false` : sql`v.plate_key LIKE ${`%${likeEscaped(key)}%`}`
        // One LIKE a word, not `LIKE ALL (array)`: only separate conditions can use the trigram index.
        const byWords = words.length === 0 ? sql`false` : sql.and(words.map((word) => sql`lower(v.make || ' ' || v.model) LIKE ${word}`))
        return sql`
          SELECT ${sql.literal(SUMMARY)} AS file
          FROM vehicles v LEFT JOIN civilians k ON k.id = v.keeper_id CROSS JOIN (SELECT ${now}::timestamptz AS now) at
          WHERE ${search.trim() === "" ? sql`true` : sql`(${byPlate} OR ${byWords})`}
          ORDER BY v.plate COLLATE "C", v.id
          LIMIT ${limit} OFFSET ${offset}`
      }
    })
    const findById = SqlSchema.findOneOption({
      Request: Schema.Struct({ id: Schema.String, now: Schema.Date }),
      Result: Schema.Struct({ file: VehicleRecordJson }),
      execute: ({ id, now }) =>
        sql`SELECT ${sql.literal(RECORD)} AS file FROM vehicles v LEFT JOIN civilians k ON k.id = v.keeper_id
            CROSS JOIN (SELECT ${now}::timestamptz AS now) at WHERE v.id = ${id}`
    })
    return {
      search: Effect.fn("PgVehicleReads.search")((text: string, page: Page, now: DateTime.Utc) =>
        Effect.map(pageOf(page, (window) => search({ search: text, now: DateTime.toDateUtc(now), ...window })), (found) => ({
          items: found.items.map((row) => row.file),
          meta: found.meta
        }))
      ),
      findById: Effect.fn("PgVehicleReads.findById")((id: VehicleId, now: DateTime.Utc) =>
        findById({ id, now: DateTime.toDateUtc(now) }).pipe(Effect.map(Option.map((row) => row.file)), Effect.orDie)
      )
    }
  })
)
