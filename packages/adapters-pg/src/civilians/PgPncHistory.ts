import { SqlClient, SqlSchema } from "effect/sql"
import {
  type CivilianId,
  CivilianId as CivilianIdSchema,
  LicenceId,
  type NewPncEvent,
  type PncEvent,
  PncEventId,
  PncEventType,
  PncHistory,
  type VehicleId,
  VehicleId as VehicleIdSchema
} from "@bluelight/core/civilians"
import { AccountId } from "@bluelight/core/identity"
import type { Page } from "@bluelight/core/kernel"
import { DateTime, Effect, Layer, Schema } from "effect"
import { pageOf, Window } from "../kernel/rows.js"

const EventRow = Schema.Struct({
  id: PncEventId,
  seq: Schema.NumberFromString,
  type: PncEventType,
  at: Schema.DateTimeUtcFromDate,
  actorType: Schema.Literals(["user", "service"]),
  actorId: Schema.String,
  actorName: Schema.NullOr(Schema.String),
  byOwner: Schema.Boolean,
  civilianId: Schema.NullOr(CivilianIdSchema),
  vehicleId: Schema.NullOr(VehicleIdSchema),
  licenceId: Schema.NullOr(LicenceId),
  data: Schema.Record(Schema.String, Schema.Unknown)
})

const toEvent = (row: typeof EventRow.Type): PncEvent => ({
  id: row.id,
  seq: row.seq,
  type: row.type,
  at: row.at,
  actor: row.actorType === "user" ? { id: AccountId.make(row.actorId), displayName: row.actorName ?? "" } : { serviceId: row.actorId },
  byOwner: row.byOwner,
  civilianId: row.civilianId,
  vehicleId: row.vehicleId,
  licenceId: row.licenceId,
  data: row.data
})

export const PgPncHistory = Layer.effect(
  PncHistory,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const list = SqlSchema.findAll({
      Request: Schema.Struct({ civilianId: Schema.NullOr(Schema.String), vehicleId: Schema.NullOr(Schema.String), ...Window.fields }),
      Result: EventRow,
      execute: ({ civilianId, limit, offset, vehicleId }) => {
        const conditions = [
          civilianId === null ? undefined : sql`e.civilian_id = ${civilianId}`,
          vehicleId === null ? undefined : sql`e.vehicle_id = ${vehicleId}`
        ].filter((c) => c !== undefined)
        return sql`
          SELECT e.id, e.seq::text AS seq, e.type, e.at, e.actor_type, e.actor_id, a.display_name AS actor_name,
                 e.by_owner, e.civilian_id, e.vehicle_id, e.licence_id, e.data
          FROM pnc_events e
          LEFT JOIN accounts a ON e.actor_type = 'user' AND a.id = e.actor_id
          WHERE ${sql.and(conditions)}
          ORDER BY e.seq DESC
          LIMIT ${limit} OFFSET ${offset}`
      }
    })
    return {
      record: Effect.fn("PgPncHistory.record")((event: NewPncEvent) =>
        sql`
          INSERT INTO pnc_events (id, type, at, actor_type, actor_id, by_owner, civilian_id, vehicle_id, licence_id, data)
          VALUES (${event.id}, ${event.type}, ${DateTime.toDateUtc(event.at)}, ${event.actor.type}, ${event.actor.id}, ${event.byOwner},
                  ${event.civilianId}, ${event.vehicleId}, ${event.licenceId}, ${JSON.stringify(event.data)}::jsonb)`.pipe(
          Effect.asVoid,
          Effect.orDie
        )
      ),
      list: Effect.fn("PgPncHistory.list")((
        filter: { readonly civilianId?: CivilianId | undefined; readonly vehicleId?: VehicleId | undefined },
        page: Page
      ) =>
        Effect.map(
          pageOf(page, (window) => list({ civilianId: filter.civilianId ?? null, vehicleId: filter.vehicleId ?? null, ...window })),
          (found) => ({ items: found.items.map(toEvent), meta: found.meta })
        )
      )
    }
  })
)
