import { SqlClient, SqlSchema } from "effect/sql"
import { providerRoleIdsOf, RoleId, type StaffProfile, StaffProfileId, StaffProfiles, withProviderRoleIds } from "@bluelight/core/identity"
import { Effect, Layer, Option, Schema, Struct } from "effect"
import { StaffProfileRow } from "./rows.js"

/** A profile's row with both kinds of grant: the hand grants as `roleIds`, the sync's beside them. */
const ReadRow = Schema.Struct({ ...StaffProfileRow.fields, providerRoleIds: Schema.Array(RoleId) })
const profileOf = ({ providerRoleIds, ...row }: typeof ReadRow.Type): StaffProfile => withProviderRoleIds(row, providerRoleIds)

const CandidateRow = Schema.Struct({ profileId: StaffProfileId, identityId: Schema.String })

/**
 * A staff profile with its roles in the order they were given
 * (`staff_profile_roles.position`), each kind of grant (`source`) on its own.
 */
export const PgStaffProfiles = Layer.effect(
  StaffProfiles,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(`
      sp.id, sp.account_id, sp.active, sp.created_at, sp.updated_at,
      ARRAY(SELECT r.role_id FROM staff_profile_roles r WHERE r.staff_profile_id = sp.id AND r.source = 'MANUAL' ORDER BY r.position) AS role_ids,
      ARRAY(SELECT r.role_id FROM staff_profile_roles r WHERE r.staff_profile_id = sp.id AND r.source = 'PROVIDER' ORDER BY r.position)
        AS provider_role_ids`)
    const findOneBy = (column: "id" | "account_id") => {
      const query = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: ReadRow,
        execute: (value) => sql`SELECT ${columns} FROM staff_profiles sp WHERE sp.${sql(column)} = ${value}`
      })
      return (value: string) => query(value).pipe(Effect.map(Option.map(profileOf)), Effect.orDie)
    }
    const insertRoles = (profile: StaffProfile) =>
      sql`
        INSERT INTO staff_profile_roles (staff_profile_id, role_id, position, source)
        SELECT ${profile.id}, granted.role_id, granted.position, 'MANUAL'
        FROM unnest(${[...profile.roleIds]}::text[]) WITH ORDINALITY AS granted (role_id, position)
        UNION ALL
        SELECT ${profile.id}, granted.role_id, granted.position, 'PROVIDER'
        FROM unnest(${[...providerRoleIdsOf(profile)]}::text[]) WITH ORDINALITY AS granted (role_id, position)`
    const candidates = SqlSchema.findAll({
      Request: Schema.Void,
      Result: CandidateRow,
      execute: () =>
        sql`
          SELECT sp.id AS profile_id, a.identity_id
          FROM staff_profiles sp JOIN accounts a ON a.id = sp.account_id
          WHERE sp.active AND a.status = 'ACTIVE'
          ORDER BY sp.id`
    })
    const toRow = Schema.encodeEffect(StaffProfileRow.mapFields(Struct.omit(["roleIds"])))
    const findById = findOneBy("id")
    // Two statements for one profile: `withTransaction` joins the caller's transaction as a savepoint.
    return {
      findById: Effect.fn("PgStaffProfiles.findById")(findById),
      // Lock, then read in a new statement: under READ COMMITTED a statement that waited for the
      // lock still reads other tables as of its start, so one statement would answer the roles
      // from before the change it waited for.
      findByIdForUpdate: Effect.fn("PgStaffProfiles.findByIdForUpdate")((id: StaffProfileId) =>
        sql`SELECT id FROM staff_profiles WHERE id = ${id} FOR UPDATE`.pipe(Effect.orDie, Effect.andThen(findById(id)))
      ),
      findByAccountId: Effect.fn("PgStaffProfiles.findByAccountId")(findOneBy("account_id")),
      insert: Effect.fn("PgStaffProfiles.insert")((profile: StaffProfile) =>
        Effect.flatMap(toRow(profile), (row) =>
          sql.withTransaction(
            Effect.flatMap(
              sql`INSERT INTO staff_profiles ${sql.insert(row)} ON CONFLICT (account_id) DO NOTHING RETURNING id`,
              (rows) => (rows.length === 1 ? Effect.as(insertRoles(profile), true) : Effect.succeed(false))
            )
          )).pipe(Effect.orDie)
      ),
      update: Effect.fn("PgStaffProfiles.update")((profile: StaffProfile) =>
        Effect.flatMap(toRow(profile), (row) =>
          sql.withTransaction(
            Effect.all([
              sql`UPDATE staff_profiles SET ${sql.update(row, ["id"])} WHERE id = ${profile.id}`,
              sql`DELETE FROM staff_profile_roles WHERE staff_profile_id = ${profile.id}`,
              insertRoles(profile)
            ], { discard: true })
          )).pipe(Effect.orDie)
      ),
      syncCandidates: candidates(undefined).pipe(
        Effect.orDie,
        Effect.withSpan("PgStaffProfiles.syncCandidates")
      )
    }
  })
)
