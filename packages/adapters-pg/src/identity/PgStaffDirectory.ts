import { SqlClient, type Statement } from "effect/sql"
import { AccountId, GrantSource, RoleId, type StaffMember, StaffDirectory, StaffProfileId } from "@bluelight/core/identity"
import { type Page, toPage } from "@bluelight/core/kernel"
import { Effect, Layer, Option, Schema } from "effect"

const Row = Schema.Struct({
  id: StaffProfileId,
  accountId: AccountId,
  /** `null` only if the account were missing, which the foreign key forbids. */
  displayName: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  roles: Schema.Array(Schema.Struct({ id: RoleId, name: Schema.String, source: GrantSource })),
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate
})
const decodeRows = Schema.decodeUnknownEffect(Schema.Array(Row))

const toMember = (row: typeof Row.Type): Effect.Effect<StaffMember> =>
  row.displayName === null
    ? Effect.die(new Error(`staff profile ${row.id} names account ${row.accountId}, which does not exist`))
    : Effect.succeed({
      id: row.id,
      account: { id: row.accountId, displayName: row.displayName },
      active: row.active,
      roles: row.roles,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt
    })

/**
 * Staff as the directory shows them, in one query: each profile with its
 * account's display name and its roles' names and sources in the profile's order, ordered
 * and paged in SQL.
 */
export const PgStaffDirectory = Layer.effect(
  StaffDirectory,
  SqlClient.SqlClient.useSync((sql) => {
    const select = (where: Statement.Fragment, tail: Statement.Fragment) =>
      sql`
        SELECT sp.id, sp.account_id, a.display_name, sp.active, sp.created_at, sp.updated_at,
               COALESCE((
                 SELECT json_agg(json_build_object('id', held.id, 'name', held.name, 'source', held.source) ORDER BY held.ord)
                 FROM (
                   -- One entry per role held: MANUAL while a hand grant stays; hand grants in their order, then the sync's.
                   SELECT r.id, r.name,
                          CASE WHEN bool_or(spr.source = 'MANUAL') THEN 'MANUAL' ELSE 'PROVIDER' END AS source,
                          min(CASE WHEN spr.source = 'MANUAL' THEN spr.position ELSE 1000000 + spr.position END) AS ord
                   FROM staff_profile_roles spr JOIN roles r ON r.id = spr.role_id
                   WHERE spr.staff_profile_id = sp.id
                   GROUP BY r.id, r.name
                 ) held
               ), '[]'::json) AS roles
        FROM staff_profiles sp LEFT JOIN accounts a ON a.id = sp.account_id
        WHERE ${where}
        ${tail}`.pipe(
        Effect.flatMap(decodeRows),
        Effect.flatMap((rows) => Effect.forEach(rows, toMember)),
        Effect.orDie
      )
    return {
      list: Effect.fn("PgStaffDirectory.list")((filter: { readonly active?: boolean | undefined }, page: Page) =>
        select(
          sql.and(filter.active === undefined ? [] : [sql`sp.active = ${filter.active}`]),
          sql`ORDER BY lower(a.display_name), sp.id LIMIT ${page.limit + 1} OFFSET ${page.offset}`
        ).pipe(Effect.map((members) => toPage(members, page)))
      ),
      findById: Effect.fn("PgStaffDirectory.findById")((id: StaffProfileId) =>
        select(sql.and([sql`sp.id = ${id}`]), sql``).pipe(Effect.map((members) => Option.fromNullishOr(members[0])))
      )
    }
  })
)
