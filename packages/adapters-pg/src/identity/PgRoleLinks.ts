import { SqlClient, SqlSchema } from "effect/sql"
import { AccountId, RoleId, RoleLinkId, RoleLinks, type RoleLinkView } from "@bluelight/core/identity"
import type { Page } from "@bluelight/core/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { insertUnlessTaken, pageOf, Window } from "../kernel/rows.js"

/** A `role_links` row is the link itself. */
const LinkRow = Schema.Struct({
  id: RoleLinkId,
  providerRoleId: Schema.String,
  roleId: RoleId,
  createdAt: Schema.DateTimeUtcFromDate,
  createdBy: AccountId
})

const ViewRow = Schema.Struct({ ...LinkRow.fields, roleName: Schema.String })
const viewOf = (row: typeof ViewRow.Type): RoleLinkView => ({
  id: row.id,
  providerRoleId: row.providerRoleId,
  role: { id: row.roleId, name: row.roleName },
  createdAt: row.createdAt,
  createdBy: row.createdBy
})

/** The role links, each read with its role's name. */
export const PgRoleLinks = Layer.effect(
  RoleLinks,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const view = sql.literal(`
      l.id, l.provider_role_id, l.role_id, l.created_at, l.created_by, r.name AS role_name
      FROM role_links l JOIN roles r ON r.id = l.role_id`)
    const list = SqlSchema.findAll({
      Request: Window,
      Result: ViewRow,
      execute: ({ limit, offset }) => sql`SELECT ${view} ORDER BY l.created_at, l.id LIMIT ${limit} OFFSET ${offset}`
    })
    const all = SqlSchema.findAll({
      Request: Schema.Void,
      Result: LinkRow,
      execute: () => sql`SELECT id, provider_role_id, role_id, created_at, created_by FROM role_links ORDER BY created_at, id`
    })
    const findForUpdate = SqlSchema.findOneOption({
      Request: RoleLinkId,
      Result: ViewRow,
      execute: (id) => sql`SELECT ${view} WHERE l.id = ${id} FOR UPDATE OF l`
    })
    const insert = insertUnlessTaken(sql, LinkRow, "role_links", "provider_role_id, role_id")
    return {
      list: Effect.fn("PgRoleLinks.list")((page: Page) => Effect.map(pageOf(page, list), (listed) => ({ items: listed.items.map(viewOf), meta: listed.meta }))),
      all: all(undefined).pipe(Effect.orDie, Effect.withSpan("PgRoleLinks.all")),
      findByIdForUpdate: Effect.fn("PgRoleLinks.findByIdForUpdate")((id: RoleLinkId) => findForUpdate(id).pipe(Effect.map(Option.map(viewOf)), Effect.orDie)),
      insert: Effect.fn("PgRoleLinks.insert")(insert),
      remove: Effect.fn("PgRoleLinks.remove")((id: RoleLinkId) => Effect.orDie(sql`DELETE FROM role_links WHERE id = ${id}`))
    }
  })
)
