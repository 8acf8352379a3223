import { SqlClient, SqlSchema } from "effect/sql"
import { Accounts, AccountStatus } from "@bluelight/core/identity"
import type { Page } from "@bluelight/core/kernel"
import { Effect, Layer, Schema } from "effect"
import { findOneBy, insertUnlessTaken, pageOf, updateUnlessClash, Window } from "../kernel/rows.js"
import { AccountRow } from "./rows.js"

/** `search` is matched literally: `%`, `_` and the escape character itself lose their LIKE meaning. */
const likeContaining = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const ListRequest = Schema.Struct({
  status: Schema.optional(AccountStatus),
  search: Schema.optional(Schema.String),
  ...Window.fields
})

export const PgAccounts = Layer.effect(
  Accounts,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columnList = "id, display_name, status, identity_id, identity_username, identity_avatar, platform_id, platform_username, created_at, updated_at"
    const columns = sql.literal(columnList)
    const findBy = findOneBy(sql, AccountRow, "accounts", columnList)
    const list = SqlSchema.findAll({
      Request: ListRequest,
      Result: AccountRow,
      execute: ({ limit, offset, search, status }) => {
        const conditions = [
          status === undefined ? undefined : sql`status = ${status}`,
          search === undefined ? undefined : sql`display_name ILIKE ${likeContaining(search)} ESCAPE '\\'`
        ].filter((condition) => condition !== undefined)
        return sql`
          SELECT ${columns}
          FROM accounts
          WHERE ${sql.and(conditions)}
          ORDER BY created_at DESC, id DESC
          LIMIT ${limit} OFFSET ${offset}`
      }
    })
    const byPlatformIds = SqlSchema.findAll({
      Request: Schema.Array(Schema.String),
      Result: AccountRow,
      execute: (platformIds) => sql`SELECT ${columns} FROM accounts WHERE ${sql.in("platform_id", platformIds)}`
    })
    return {
      findById: Effect.fn("PgAccounts.findById")(findBy("id")),
      findByIdentityId: Effect.fn("PgAccounts.findByIdentityId")(findBy("identity_id")),
      findByPlatformId: Effect.fn("PgAccounts.findByPlatformId")(findBy("platform_id")),
      findByPlatformIds: Effect.fn("PgAccounts.findByPlatformIds")((platformIds: ReadonlyArray<string>) =>
        platformIds.length === 0
          ? Effect.succeed([])
          : byPlatformIds(platformIds).pipe(Effect.orDie)
      ),
      findByIdForUpdate: Effect.fn("PgAccounts.findByIdForUpdate")(findBy("id", "FOR UPDATE")),
      findByIdentityIdForUpdate: Effect.fn("PgAccounts.findByIdentityIdForUpdate")(findBy("identity_id", "FOR UPDATE")),
      insert: Effect.fn("PgAccounts.insert")(insertUnlessTaken(sql, AccountRow, "accounts", "identity_id")),
      // The unique platform id decides a race between two links.
      update: Effect.fn("PgAccounts.update")(updateUnlessClash(sql, AccountRow, "accounts", "accounts_platform_id_key")),
      list: Effect.fn("PgAccounts.list")((filter: { readonly status?: AccountStatus | undefined; readonly search?: string | undefined }, page: Page) =>
        pageOf(page, (window) => list({ ...filter, ...window }))
      )
    }
  })
)
