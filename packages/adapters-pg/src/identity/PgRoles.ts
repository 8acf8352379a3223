import { SqlClient, SqlSchema } from "@effect/sql"
import { Permission, type Role, RoleId, roleNameKey, Roles } from "@bluelight/core/identity"
import { Effect, Layer, Option, Schema } from "effect"
import { storedUnlessClash } from "../kernel/uniqueViolation.js"

const RoleRow = Schema.Struct({
  id: RoleId,
  name: Schema.String,
  permissions: Schema.Array(Permission)
})

const toRole = (row: typeof RoleRow.Type): Role => ({ id: row.id, name: row.name, permissions: row.permissions })

/** `name_key` is core's `roleNameKey`, so "the same name" means the same thing here and in the rules. */
const toRow = (role: Role) => ({ id: role.id, name: role.name, nameKey: roleNameKey(role.name), permissions: [...role.permissions] })

export const PgRoles = Layer.effect(
  Roles,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const all = SqlSchema.findAll({
      Request: Schema.Void,
      Result: RoleRow,
      execute: () => sql`SELECT id, name, permissions FROM roles ORDER BY name_key, id`
    })
    const findById = (lock: "" | "FOR UPDATE") =>
      SqlSchema.findOne({
        Request: RoleId,
        Result: RoleRow,
        execute: (id) => sql`SELECT id, name, permissions FROM roles WHERE id = ${id} ${sql.literal(lock)}`
      })
    // In id order: every transaction that locks several roles takes them in this one order, so no
    // two of them can each hold a role the other waits for.
    const findByIdsForShare = SqlSchema.findAll({
      Request: Schema.Array(RoleId),
      Result: RoleRow,
      execute: (ids) => sql`SELECT id, name, permissions FROM roles WHERE id = ANY(${[...ids]}::text[]) ORDER BY id FOR SHARE`
    })
    const findByNameKey = SqlSchema.findOne({
      Request: Schema.String,
      Result: RoleRow,
      execute: (nameKey) => sql`SELECT id, name, permissions FROM roles WHERE name_key = ${nameKey}`
    })
    return {
      all: all(undefined).pipe(Effect.map((rows) => rows.map(toRole)), Effect.orDie, Effect.withSpan("PgRoles.all")),
      findById: Effect.fn("PgRoles.findById")((id: RoleId) => findById("")(id).pipe(Effect.map(Option.map(toRole)), Effect.orDie)),
      findByIdForUpdate: Effect.fn("PgRoles.findByIdForUpdate")((id: RoleId) =>
        findById("FOR UPDATE")(id).pipe(Effect.map(Option.map(toRole)), Effect.orDie)),
      findByIdsForShare: Effect.fn("PgRoles.findByIdsForShare")((ids: ReadonlyArray<RoleId>) =>
        ids.length === 0 ? Effect.succeed([]) : findByIdsForShare(ids).pipe(Effect.map((rows) => rows.map(toRole)), Effect.orDie)),
      findByName: Effect.fn("PgRoles.findByName")((name: string) =>
        findByNameKey(roleNameKey(name)).pipe(Effect.map(Option.map(toRole)), Effect.orDie)),
      insert: Effect.fn("PgRoles.insert")((role: Role) =>
        sql`INSERT INTO roles ${sql.insert(toRow(role))} ON CONFLICT (name_key) DO NOTHING RETURNING id`.pipe(
          Effect.map((rows) => rows.length === 1),
          Effect.orDie
        )),
      update: Effect.fn("PgRoles.update")((role: Role) =>
        sql`UPDATE roles SET ${sql.update(toRow(role), ["id"])} WHERE id = ${role.id}`.pipe(
          storedUnlessClash(sql, "roles_name_key_key"),
          Effect.orDie
        ))
    }
  })
)
