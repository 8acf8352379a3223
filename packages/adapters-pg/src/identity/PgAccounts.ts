import { SqlClient, SqlSchema } from "@effect/sql"
import { type Account, AccountId, Accounts, AccountStatus } from "@bluelight/core/identity"
import { type Page, toPage } from "@bluelight/core/kernel"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { storedUnlessClash } from "../kernel/uniqueViolation.js"

const AccountRow = Schema.Struct({
  id: AccountId,
  displayName: Schema.String,
  status: AccountStatus,
  identityId: Schema.String,
  identityUsername: Schema.String,
  identityAvatar: Schema.NullOr(Schema.String),
  platformId: Schema.NullOr(Schema.String),
  platformUsername: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export type AccountRow = typeof AccountRow.Type

/** An account from its stored columns; also used by the joined session read. */
export const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  displayName: row.displayName,
  status: row.status,
  identity: { id: row.identityId, username: row.identityUsername, avatar: row.identityAvatar },
  platform: row.platformId === null || row.platformUsername === null
    ? null
    : { id: row.platformId, username: row.platformUsername },
  createdAt: DateTime.unsafeFromDate(row.createdAt),
  updatedAt: DateTime.unsafeFromDate(row.updatedAt)
})

/** The stored columns of an account, named as the client's camelCase transform expects. */
const toRow = (account: Account): AccountRow => ({
  id: account.id,
  displayName: account.displayName,
  status: account.status,
  identityId: account.identity.id,
  identityUsername: account.identity.username,
  identityAvatar: account.identity.avatar,
  platformId: account.platform?.id ?? null,
  platformUsername: account.platform?.username ?? null,
  createdAt: DateTime.toDateUtc(account.createdAt),
  updatedAt: DateTime.toDateUtc(account.updatedAt)
})

/** `search` is matched literally: `%`, `_` and the escape character itself lose their LIKE meaning. */
const likeContaining = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const ListRequest = Schema.Struct({
  status: Schema.optional(AccountStatus),
  search: Schema.optional(Schema.String),
  limit: Schema.Int,
  offset: Schema.Int
})

export const PgAccounts = Layer.effect(
  Accounts,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(
      "id, display_name, status, identity_id, identity_username, identity_avatar, platform_id, platform_username, created_at, updated_at"
    )
    const findOneBy = (column: "id" | "identity_id" | "platform_id", lock: "" | "FOR UPDATE" = "") => {
      const query = SqlSchema.findOne({
        Request: Schema.String,
        Result: AccountRow,
        execute: (value) => sql`SELECT ${columns} FROM accounts WHERE ${sql(column)} = ${value} ${sql.literal(lock)}`
      })
      return (value: string) => query(value).pipe(Effect.map(Option.map(toAccount)), Effect.orDie)
    }
    const findByIds = SqlSchema.findAll({
      Request: Schema.Array(AccountId),
      Result: AccountRow,
      execute: (ids) => sql`SELECT ${columns} FROM accounts WHERE id = ANY(${[...ids]}::text[])`
    })
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
    return {
      findById: Effect.fn("PgAccounts.findById")(findOneBy("id")),
      findByIds: Effect.fn("PgAccounts.findByIds")((ids: ReadonlyArray<AccountId>) =>
        ids.length === 0 ? Effect.succeed([]) : findByIds(ids).pipe(Effect.map((rows) => rows.map(toAccount)), Effect.orDie)),
      findByIdentityId: Effect.fn("PgAccounts.findByIdentityId")(findOneBy("identity_id")),
      findByPlatformId: Effect.fn("PgAccounts.findByPlatformId")(findOneBy("platform_id")),
      findByIdForUpdate: Effect.fn("PgAccounts.findByIdForUpdate")(findOneBy("id", "FOR UPDATE")),
      findByIdentityIdForUpdate: Effect.fn("PgAccounts.findByIdentityIdForUpdate")(findOneBy("identity_id", "FOR UPDATE")),
      insert: Effect.fn("PgAccounts.insert")((account: Account) =>
        sql`INSERT INTO accounts ${sql.insert(toRow(account))} ON CONFLICT (identity_id) DO NOTHING RETURNING id`.pipe(
          Effect.map((rows) => rows.length === 1),
          Effect.orDie
        )),
      // The unique platform id decides a race between two links.
      update: Effect.fn("PgAccounts.update")((account: Account) =>
        sql`UPDATE accounts SET ${sql.update(toRow(account), ["id"])} WHERE id = ${account.id}`.pipe(
          storedUnlessClash(sql, "accounts_platform_id_key"),
          Effect.orDie
        )),
      list: Effect.fn("PgAccounts.list")((filter: { readonly status?: AccountStatus | undefined; readonly search?: string | undefined }, page: Page) =>
        list({ ...filter, limit: page.limit + 1, offset: page.offset }).pipe(
          Effect.map((rows) => toPage(rows.map(toAccount), page)),
          Effect.orDie
        ))
    }
  })
)
