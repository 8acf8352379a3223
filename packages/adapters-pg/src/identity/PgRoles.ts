import { SqlClient, SqlSchema } from "effect/sql"
import { BUILT_IN_ROLE_IDS, Role, RoleId, roleNameKey, Roles } from "@bluelight/core/identity"
import type { Page } from "@bluelight/core/kernel"
import { Effect, Layer, Schema } from "effect"
import { insertUnlessTaken, pageOf, updateUnlessClash, Window } from "../kernel/rows.js"
import { RoleRow } from "./rows.js"

export const PgRoles = Layer.effect(
  Roles,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const all = SqlSchema.findAll({
      Request: Schema.Void,
      Result: Role,
      execute: () => sql`SELECT id, name, permissions FROM roles ORDER BY name_key, id`
    })
    // core's compareRolesForListing: the built-in roles in their order, then the others by id descending.
    const list = SqlSchema.findAll({
      Request: Window,
      Result: Role,
      execute: ({ limit, offset }) =>
        sql`
          SELECT id, name, permissions FROM roles
          ORDER BY array_position(${[...BUILT_IN_ROLE_IDS]}::text[], id) NULLS LAST, id COLLATE "C" DESC
          LIMIT ${limit} OFFSET ${offset}`
    })
    const findById = (lock: "" | "FOR UPDATE") =>
      SqlSchema.findOneOption({
        Request: RoleId,
        Result: Role,
        execute: (id) => sql`SELECT id, name, permissions FROM roles WHERE id = ${id} ${sql.literal(lock)}`
      })
    // In id order: every transaction that locks several roles takes them in this one order, so no
    // two of them can each hold a role the other waits for.
    const findByIdsForShare = SqlSchema.findAll({
      Request: Schema.Array(RoleId),
      Result: Role,
      execute: (ids) => sql`SELECT id, name, permissions FROM roles WHERE id = ANY(${[...ids]}::text[]) ORDER BY id FOR SHARE`
    })
    const findByNameKey = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: Role,
      execute: (nameKey) => sql`SELECT id, name, permissions FROM roles WHERE name_key = ${nameKey}`
    })
    return {
      all: all(undefined).pipe(Effect.orDie, Effect.withSpan("PgRoles.all")),
      list: Effect.fn("PgRoles.list")((page: Page) => pageOf(page, list)),
      findById: Effect.fn("PgRoles.findById")((id: RoleId) => Effect.orDie(findById("")(id))),
      findByIdForUpdate: Effect.fn("PgRoles.findByIdForUpdate")((id: RoleId) => Effect.orDie(findById("FOR UPDATE")(id))),
      findByIdsForShare: Effect.fn("PgRoles.findByIdsForShare")((ids: ReadonlyArray<RoleId>) =>
        ids.length === 0 ? Effect.succeed([]) : Effect.orDie(findByIdsForShare(ids))
      ),
      findByName: Effect.fn("PgRoles.findByName")((name: string) => Effect.orDie(findByNameKey(roleNameKey(name)))),
      insert: Effect.fn("PgRoles.insert")(insertUnlessTaken(sql, RoleRow, "roles", "name_key")),
      update: Effect.fn("PgRoles.update")(updateUnlessClash(sql, RoleRow, "roles", "roles_name_key_key"))
    }
  })
)
