import { SqlClient, type SqlError, SqlSchema } from "effect/sql"
import { type Vehicle, type VehicleId, Vehicles } from "@bluelight/core/civilians"
import { DateTime, Effect, Layer, Schema } from "effect"
import { storedUnlessClash } from "../kernel/uniqueViolation.js"
import { VEHICLE_COLUMNS, VehicleRow } from "./rows.js"

const PLATE_KEY = "vehicles_plate_key_live_key"

export const PgVehicles = Layer.effect(
  Vehicles,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const findById = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: VehicleRow,
      execute: (id) => sql`SELECT ${sql.literal(VEHICLE_COLUMNS)}, plate_key FROM vehicles WHERE id = ${id} FOR UPDATE`
    })
    const findByIdUnlocked = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: VehicleRow,
      execute: (id) => sql`SELECT ${sql.literal(VEHICLE_COLUMNS)}, plate_key FROM vehicles WHERE id = ${id}`
    })
    const encode = Schema.encodeEffect(VehicleRow)
    const openPeriod = (vehicle: Vehicle): Effect.Effect<void, SqlError.SqlError> =>
      vehicle.keeperId === null || vehicle.keeperSince === null
        ? Effect.void
        : Effect.asVoid(sql`INSERT INTO vehicle_keepers (vehicle_id, civilian_id, started_at)
              VALUES (${vehicle.id}, ${vehicle.keeperId}, ${DateTime.toDateUtc(vehicle.keeperSince)})`)
    return {
      findByIdForUpdate: Effect.fn("PgVehicles.findByIdForUpdate")((id: VehicleId) => Effect.orDie(findById(id))),
      findById: Effect.fn("PgVehicles.findById")((id: VehicleId) => Effect.orDie(findByIdUnlocked(id))),
      // The partial unique index decides a plate clash (ON CONFLICT names its predicate to use it).
      insert: Effect.fn("PgVehicles.insert")((vehicle: Vehicle) =>
        Effect.flatMap(encode(vehicle), (row) =>
          sql`INSERT INTO vehicles ${sql.insert(row)}
              ON CONFLICT (plate_key) WHERE registration_status <> 'SCRAPPED' DO NOTHING RETURNING id`).pipe(
            Effect.flatMap((rows) => (rows.length === 1 ? Effect.as(openPeriod(vehicle), true) : Effect.succeed(false))),
            Effect.orDie
          )
      ),
      update: Effect.fn("PgVehicles.update")((vehicle: Vehicle) =>
        Effect.flatMap(
          encode(vehicle),
          (row) => sql`UPDATE vehicles SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`.pipe(storedUnlessClash(sql, PLATE_KEY))
        ).pipe(Effect.orDie)
      ),
      changeKeeper: Effect.fn("PgVehicles.changeKeeper")((vehicle: Vehicle, at: DateTime.Utc) =>
        Effect.flatMap(encode(vehicle), (row) =>
          Effect.all([
            sql`UPDATE vehicles SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`,
            sql`UPDATE vehicle_keepers SET ended_at = ${DateTime.toDateUtc(at)} WHERE vehicle_id = ${vehicle.id} AND ended_at IS NULL`,
            openPeriod(vehicle)
          ], { discard: true })).pipe(Effect.orDie)
      )
    }
  })
)
