import { SqlClient, SqlSchema } from "effect/sql"
import { type CrewMember, CrewDirectory, type CrewMemberId, type UnitId } from "@bluelight/core/cad"
import type { AccountId } from "@bluelight/core/identity"
import type { Page } from "@bluelight/core/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { pageOf, Window } from "../kernel/rows.js"
import { CREW_USER_COLUMNS, CrewMembershipRow, crewUserOf, CrewUserColumns } from "./rows.js"

const MemberRow = Schema.Struct({ ...CrewMembershipRow.fields, ...CrewUserColumns.fields })
const PersonRow = Schema.Struct({ ...CrewUserColumns.fields, accountStatus: Schema.String })

const memberOf = (row: typeof MemberRow.Type): CrewMember => ({
  id: row.id,
  unitId: row.unitId,
  userId: row.userId,
  identifier: row.identifier,
  joinedAt: row.joinedAt,
  leftAt: row.leftAt,
  user: crewUserOf(row)
})

/** People as crew lists and the crew picker show them: `accounts` with their staff profile, one query each. */
export const PgCrewDirectory = Layer.effect(
  CrewDirectory,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const person = sql.literal(CREW_USER_COLUMNS)
    const members = sql.literal(`c.id, c.unit_id, c.identifier, c.joined_at, c.left_at, ${CREW_USER_COLUMNS}`)
    const findPerson = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: PersonRow,
      execute: (id) => sql`SELECT ${person}, a.status AS account_status FROM accounts a LEFT JOIN staff_profiles sp ON sp.account_id = a.id WHERE a.id = ${id}`
    })
    const crewOf = SqlSchema.findAll({
      Request: Schema.Array(Schema.String),
      Result: MemberRow,
      execute: (unitIds) =>
        sql`
          SELECT ${members}
          FROM cad_crew_memberships c JOIN accounts a ON a.id = c.user_id LEFT JOIN staff_profiles sp ON sp.account_id = a.id
          WHERE c.unit_id = ANY(${[...unitIds]}::text[]) AND c.left_at IS NULL
          ORDER BY c.joined_at, c.id`
    })
    const member = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: MemberRow,
      execute: (id) =>
        sql`
          SELECT ${members}
          FROM cad_crew_memberships c JOIN accounts a ON a.id = c.user_id LEFT JOIN staff_profiles sp ON sp.account_id = a.id
          WHERE c.id = ${id}`
    })
    const eligible = SqlSchema.findAll({
      Request: Schema.Struct({ search: Schema.NullOr(Schema.String), ...Window.fields }),
      Result: CrewUserColumns,
      execute: ({ limit, offset, search }) =>
        sql`
          SELECT ${person}
          FROM accounts a JOIN staff_profiles sp ON sp.account_id = a.id
          WHERE a.status = 'ACTIVE' AND sp.active
            ${search === null ? sql`` : sql`AND strpos(lower(a.display_name), lower(${search})) > 0`}
          ORDER BY lower(a.display_name), a.id
          LIMIT ${limit} OFFSET ${offset}`
    })
    return {
      person: Effect.fn("PgCrewDirectory.person")((userId: AccountId) =>
        Effect.map(Effect.orDie(findPerson(userId)), Option.map((row) => ({ user: crewUserOf(row), accountActive: row.accountStatus === "ACTIVE" })))
      ),
      crewOf: Effect.fn("PgCrewDirectory.crewOf")((unitIds: ReadonlyArray<UnitId>) => Effect.map(Effect.orDie(crewOf(unitIds)), (rows) => rows.map(memberOf))),
      member: Effect.fn("PgCrewDirectory.member")((id: CrewMemberId) => Effect.map(Effect.orDie(member(id)), Option.map(memberOf))),
      eligible: Effect.fn("PgCrewDirectory.eligible")((search: string | undefined, page: Page) =>
        Effect.map(
          pageOf(page, (window) => eligible({ search: search ?? null, ...window })),
          (found) => ({ items: found.items.map(crewUserOf), meta: found.meta })
        )
      )
    }
  })
)
