import { SqlClient, SqlSchema } from "effect/sql"
import { type CrewMemberId, type CrewMembership, CrewMemberships, type UnitId } from "@bluelight/core/cad"
import type { AccountId } from "@bluelight/core/identity"
import { Effect, Layer, Schema } from "effect"
import { CrewMembershipRow } from "./rows.js"

const COLUMNS = "id, unit_id, user_id, identifier, joined_at, left_at"

/** Crew memberships; `cad_crew_one_unit_per_person` keeps one that has not ended per person. */
export const PgCrewMemberships = Layer.effect(
  CrewMemberships,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    const lock = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: CrewMembershipRow,
      execute: (id) => sql`SELECT ${columns} FROM cad_crew_memberships WHERE id = ${id} FOR UPDATE`
    })
    const currentOf = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: CrewMembershipRow,
      execute: (userId) => sql`SELECT ${columns} FROM cad_crew_memberships WHERE user_id = ${userId} AND left_at IS NULL`
    })
    const currentOfUnit = SqlSchema.findAll({
      Request: Schema.String,
      Result: CrewMembershipRow,
      execute: (unitId) => sql`SELECT ${columns} FROM cad_crew_memberships WHERE unit_id = ${unitId} AND left_at IS NULL ORDER BY joined_at, id`
    })
    const encode = Schema.encodeEffect(CrewMembershipRow)
    return {
      findByIdForUpdate: Effect.fn("PgCrewMemberships.findByIdForUpdate")((id: CrewMemberId) => Effect.orDie(lock(id))),
      currentOf: Effect.fn("PgCrewMemberships.currentOf")((userId: AccountId) => Effect.orDie(currentOf(userId))),
      currentOfUnit: Effect.fn("PgCrewMemberships.currentOfUnit")((unitId: UnitId) => Effect.orDie(currentOfUnit(unitId))),
      insert: Effect.fn("PgCrewMemberships.insert")((membership: CrewMembership) =>
        Effect.flatMap(
          encode(membership),
          (row) => sql`INSERT INTO cad_crew_memberships ${sql.insert(row)} ON CONFLICT (user_id) WHERE left_at IS NULL DO NOTHING RETURNING id`
        ).pipe(
          Effect.map((rows) => rows.length === 1),
          Effect.orDie
        )
      ),
      update: Effect.fn("PgCrewMemberships.update")((membership: CrewMembership) =>
        Effect.flatMap(encode(membership), (row) => sql`UPDATE cad_crew_memberships SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`).pipe(
          Effect.asVoid,
          Effect.orDie
        )
      )
    }
  })
)
