import { type Context, DateTime, Effect, Layer, Option } from "effect"
import {
  AccessChanges,
  type Account,
  type AccountId,
  Accounts,
  type AccountStatus,
  ADMINISTRATOR_ROLE_ID,
  ADMINISTRATOR_ROLE_NAME,
  compareRolesForListing,
  grantSourceOf,
  heldRoleIds,
  MEMBER_DEFAULT_PERMISSIONS,
  MEMBER_ROLE_ID,
  MEMBER_ROLE_NAME,
  type Role,
  type RoleId,
  roleNameKey,
  Roles,
  type ServiceCredential,
  type ServiceCredentialId,
  ServiceCredentials,
  type Session,
  type SessionId,
  type SessionRevocation,
  Sessions,
  type SignInState,
  SignInStates,
  StaffDirectory,
  type StaffMember,
  type StaffProfile,
  type StaffProfileId,
  StaffProfiles
} from "../identity/index.js"
import { type Page, toPage } from "../kernel/index.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

export const ACCOUNTS_TABLE = "accounts"
export const SESSIONS_TABLE = "sessions"
export const SIGN_IN_STATES_TABLE = "sign_in_states"
export const ROLES_TABLE = "roles"
export const STAFF_PROFILES_TABLE = "staff_profiles"
export const SERVICE_CREDENTIALS_TABLE = "service_credentials"

/** The built-in roles, as the migration that creates `roles` seeds them. */
export const BUILT_IN_ROLES: ReadonlyArray<Role> = [
  { id: MEMBER_ROLE_ID, name: MEMBER_ROLE_NAME, permissions: MEMBER_DEFAULT_PERMISSIONS },
  { id: ADMINISTRATOR_ROLE_ID, name: ADMINISTRATOR_ROLE_NAME, permissions: [] }
]

/** Code-unit order, as Postgres's "C" collation orders ASCII text. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

const pageOf = <A>(sorted: ReadonlyArray<A>, page: Page) => toPage(sorted.slice(page.offset, page.offset + page.limit + 1), page)

/**
 * Every repository here is a table of whole rows; `replace` is an `UPDATE ... WHERE id = ...`.
 * The locking finders (`…ForUpdate`, `…ForShare`) are plain reads: `InMemoryTransactor`
 * runs one transaction at a time, so a read inside one cannot be overtaken.
 */
const tableOf = <A extends { readonly id: string }>(db: Context.Service.Shape<typeof InMemoryDatabase>, table: string) => ({
  rows: db.rows<A>(table),
  find: (predicate: (row: A) => boolean) => Effect.map(db.rows<A>(table), (rows) => Option.fromNullishOr(rows.find(predicate))),
  insert: (row: A) => db.insert<A>(table, row),
  replace: (row: A) => db.update<A>(table, (rows) => rows.map((stored) => (stored.id === row.id ? row : stored)))
})

export const InMemoryAccounts = Layer.effect(
  Accounts,
  InMemoryDatabase.useSync((db) => {
    const accounts = tableOf<Account>(db, ACCOUNTS_TABLE)
    return {
      findById: (id: AccountId) => accounts.find((account) => account.id === id),
      findByIdentityId: (identityId: string) => accounts.find((account) => account.identity.id === identityId),
      findByPlatformId: (platformId: string) => accounts.find((account) => account.platform?.id === platformId),
      findByPlatformIds: (platformIds: ReadonlyArray<string>) =>
        Effect.map(accounts.rows, (rows) => rows.filter((account) => account.platform !== null && platformIds.includes(account.platform.id))),
      findByIdForUpdate: (id: AccountId) => accounts.find((account) => account.id === id),
      findByIdentityIdForUpdate: (identityId: string) => accounts.find((account) => account.identity.id === identityId),
      insert: (account: Account) => insertUnless(db, ACCOUNTS_TABLE, account, (other) => other.identity.id === account.identity.id),
      update: (account: Account) =>
        Effect.flatMap(
          accounts.rows,
          (rows) =>
            account.platform !== null && rows.some((other) => other.id !== account.id && other.platform?.id === account.platform?.id)
              ? Effect.succeed(false)
              : Effect.as(accounts.replace(account), true)
        ),
      list: (filter: { readonly status?: AccountStatus | undefined; readonly search?: string | undefined }, page: Page) =>
        Effect.map(accounts.rows, (rows) => {
          const search = filter.search?.toLowerCase()
          const matching = rows.filter((account) =>
            (filter.status === undefined || account.status === filter.status) &&
            (search === undefined || account.displayName.toLowerCase().includes(search))
          )
          const sorted = [...matching].sort((a, b) => b.createdAt.epochMilliseconds - a.createdAt.epochMilliseconds || compareText(b.id, a.id))
          return pageOf(sorted, page)
        })
    }
  })
)

export const InMemorySessions = Layer.effect(
  Sessions,
  InMemoryDatabase.useSync((db) => {
    const sessions = tableOf<Session>(db, SESSIONS_TABLE)
    return {
      insert: sessions.insert,
      findByTokenHash: (tokenHash: string) => sessions.find((session) => session.tokenHash === tokenHash),
      revoke: (id: SessionId, reason: SessionRevocation, at: DateTime.Utc) =>
        Effect.suspend(() => {
          let revoked = false
          const update = db.update<Session>(SESSIONS_TABLE, (rows) =>
            rows.map((session) => {
              if (session.id !== id || session.revokedAt !== null) return session
              revoked = true
              return { ...session, revokedAt: at, revokedReason: reason }
            }))
          return Effect.map(update, () => revoked)
        }),
      rotate: (id: SessionId, expectedTokenHash: string, change: { readonly tokenHash: string; readonly developerAccess: boolean }) =>
        Effect.suspend(() => {
          let rotated = false
          const update = db.update<Session>(SESSIONS_TABLE, (rows) =>
            rows.map((session) => {
              if (session.id !== id || session.tokenHash !== expectedTokenHash || session.revokedAt !== null) return session
              rotated = true
              return { ...session, ...change }
            }))
          return Effect.map(update, () => rotated)
        }),
      revokeAllOf: (accountId: AccountId, at: DateTime.Utc) =>
        db.update<Session>(
          SESSIONS_TABLE,
          (rows) =>
            rows.map((session) =>
              session.accountId === accountId && session.revokedAt === null && DateTime.isLessThan(at, session.expiresAt)
                ? { ...session, revokedAt: at, revokedReason: "account-status" as const }
                : session
            )
        )
    }
  })
)

export const InMemorySignInStates = Layer.effect(
  SignInStates,
  InMemoryDatabase.useSync((db) => ({
    insert: (state: SignInState) => db.insert<SignInState>(SIGN_IN_STATES_TABLE, state),
    purgeExpired: (now: DateTime.Utc) =>
      db.update<SignInState>(SIGN_IN_STATES_TABLE, (rows) => rows.filter((state) => DateTime.isGreaterThan(state.expiresAt, now))),
    // Read and remove in one step on the one table reference, so it is answered at most once.
    consume: (stateHash: string) =>
      Effect.gen(function*() {
        let found: Option.Option<SignInState> = Option.none()
        yield* db.update<SignInState>(SIGN_IN_STATES_TABLE, (rows) => {
          found = Option.fromNullishOr(rows.find((state) => state.stateHash === stateHash))
          return rows.filter((state) => state.stateHash !== stateHash)
        })
        return found
      })
  }))
)

/** Inserts `row` unless a stored row clashes with it; answers whether it was inserted. */
const insertUnless = <A>(
  db: Context.Service.Shape<typeof InMemoryDatabase>,
  table: string,
  row: A,
  clashes: (other: A) => boolean
) =>
  Effect.suspend(() => {
    let inserted = false
    const update = db.update<A>(table, (rows) => {
      inserted = !rows.some(clashes)
      return inserted ? [...rows, row] : rows
    })
    return Effect.map(update, () => inserted)
  })

/** Seeded with the built-in roles when the database does not hold them yet (as the migration does). */
export const InMemoryRoles = Layer.effect(
  Roles,
  Effect.gen(function*() {
    const db = yield* InMemoryDatabase
    yield* db.update<Role>(ROLES_TABLE, (rows) => [
      ...rows,
      ...BUILT_IN_ROLES.filter((builtIn) => !rows.some((role) => role.id === builtIn.id))
    ])
    const roles = tableOf<Role>(db, ROLES_TABLE)
    return {
      all: Effect.map(roles.rows, (rows) => [...rows].sort((a, b) => compareText(roleNameKey(a.name), roleNameKey(b.name)) || compareText(a.id, b.id))),
      list: (page: Page) => Effect.map(roles.rows, (rows) => pageOf([...rows].sort(compareRolesForListing), page)),
      findById: (id: RoleId) => roles.find((role) => role.id === id),
      findByIdForUpdate: (id: RoleId) => roles.find((role) => role.id === id),
      findByIdsForShare: (ids: ReadonlyArray<RoleId>) => Effect.map(roles.rows, (rows) => rows.filter((role) => ids.includes(role.id))),
      findByName: (name: string) => roles.find((role) => roleNameKey(role.name) === roleNameKey(name)),
      // Check and insert in one table update, as the unique name key does in SQL.
      insert: (role: Role) => insertUnless(db, ROLES_TABLE, role, (other) => roleNameKey(other.name) === roleNameKey(role.name)),
      update: (role: Role) =>
        Effect.flatMap(roles.rows, (rows) =>
          rows.some((other) => other.id !== role.id && roleNameKey(other.name) === roleNameKey(role.name))
            ? Effect.succeed(false)
            : Effect.as(roles.replace(role), true))
    }
  })
)

export const InMemoryStaffProfiles = Layer.effect(
  StaffProfiles,
  InMemoryDatabase.useSync((db) => {
    const profiles = tableOf<StaffProfile>(db, STAFF_PROFILES_TABLE)
    return {
      findById: (id: StaffProfileId) => profiles.find((profile) => profile.id === id),
      findByIdForUpdate: (id: StaffProfileId) => profiles.find((profile) => profile.id === id),
      findByAccountId: (accountId: AccountId) => profiles.find((profile) => profile.accountId === accountId),
      insert: (profile: StaffProfile) => insertUnless(db, STAFF_PROFILES_TABLE, profile, (other) => other.accountId === profile.accountId),
      update: profiles.replace,
      syncCandidates: Effect.gen(function*() {
        const accounts = yield* db.rows<Account>(ACCOUNTS_TABLE)
        return (yield* profiles.rows)
          .filter((profile) => profile.active)
          .flatMap((profile) => {
            const account = accounts.find((candidate) => candidate.id === profile.accountId)
            return account === undefined || account.status !== "ACTIVE" ? [] : [{ profileId: profile.id, identityId: account.identity.id }]
          })
          .sort((a, b) => compareText(a.profileId, b.profileId))
      })
    }
  })
)

/**
 * The directory over the same tables, joined as the SQL one is. A profile
 * whose account is missing dies: Postgres's foreign key makes it impossible,
 * so here it means a test wrote a broken table.
 */
export const InMemoryStaffDirectory = Layer.effect(
  StaffDirectory,
  InMemoryDatabase.useSync((db) => {
    const memberOf = (accounts: ReadonlyArray<Account>, roles: ReadonlyArray<Role>) => (profile: StaffProfile) =>
      Effect.gen(function*() {
        const account = accounts.find((candidate) => candidate.id === profile.accountId)
        if (account === undefined) {
          return yield* Effect.die(new Error(`staff profile ${profile.id} names account ${profile.accountId}, which does not exist`))
        }
        const member: StaffMember = {
          id: profile.id,
          account: { id: account.id, displayName: account.displayName },
          active: profile.active,
          roles: heldRoleIds(profile).flatMap((id) =>
            roles.filter((role) => role.id === id).map((role) => ({ id: role.id, name: role.name, source: grantSourceOf(profile, id) }))
          ),
          createdAt: profile.createdAt,
          updatedAt: profile.updatedAt
        }
        return member
      })
    const members = (profiles: ReadonlyArray<StaffProfile>) =>
      Effect.gen(function*() {
        const toMember = memberOf(yield* db.rows<Account>(ACCOUNTS_TABLE), yield* db.rows<Role>(ROLES_TABLE))
        return yield* Effect.forEach(profiles, toMember)
      })
    return {
      list: (filter: { readonly active?: boolean | undefined }, page: Page) =>
        Effect.gen(function*() {
          const profiles = (yield* db.rows<StaffProfile>(STAFF_PROFILES_TABLE))
            .filter((profile) => filter.active === undefined || profile.active === filter.active)
          const sorted = [...(yield* members(profiles))].sort((a, b) =>
            compareText(a.account.displayName.toLowerCase(), b.account.displayName.toLowerCase()) || compareText(a.id, b.id)
          )
          return pageOf(sorted, page)
        }),
      findById: (id: string) =>
        Effect.flatMap(
          db.rows<StaffProfile>(STAFF_PROFILES_TABLE),
          (profiles) => Effect.map(members(profiles.filter((profile) => profile.id === id)), (found) => Option.fromNullishOr(found[0]))
        )
    }
  })
)

export const InMemoryServiceCredentials = Layer.effect(
  ServiceCredentials,
  InMemoryDatabase.useSync((db) => {
    const credentials = tableOf<ServiceCredential>(db, SERVICE_CREDENTIALS_TABLE)
    return {
      insert: credentials.insert,
      findById: (id: ServiceCredentialId) => credentials.find((credential) => credential.id === id),
      findByIdForUpdate: (id: ServiceCredentialId) => credentials.find((credential) => credential.id === id),
      findByTokenHash: (tokenHash: string) => credentials.find((credential) => credential.tokenHash === tokenHash),
      update: credentials.replace,
      list: (page: Page) =>
        Effect.map(credentials.rows, (rows) => {
          const newestFirst = [...rows].sort((a, b) => b.createdAt.epochMilliseconds - a.createdAt.epochMilliseconds || compareText(b.id, a.id))
          return pageOf(newestFirst, page)
        })
    }
  })
)

/** Every identity repository over the in-memory tables (so they roll back with `InMemoryTransactor`). */
export const InMemoryIdentityRepositories = Layer.mergeAll(
  InMemoryAccounts,
  InMemorySessions,
  InMemorySignInStates,
  InMemoryRoles,
  InMemoryStaffProfiles,
  InMemoryStaffDirectory,
  InMemoryServiceCredentials
)

/** The tables whose rows say who may do what. */
const ACCESS_TABLES = [ACCOUNTS_TABLE, SESSIONS_TABLE, ROLES_TABLE, STAFF_PROFILES_TABLE, SERVICE_CREDENTIALS_TABLE]

/**
 * The access change log over the in-memory tables, coarser than Postgres's:
 * any write to a table of access since the last look is one change that may
 * concern everyone (the tables are replaced whole on every write, so a
 * changed reference is a write).
 */
export const InMemoryAccessChanges = Layer.effect(
  AccessChanges,
  InMemoryDatabase.useSync((db) => {
    let epoch = 0
    let seen: ReadonlyArray<unknown> = []
    const look = Effect.map(db.snapshot, (tables) => {
      const now = ACCESS_TABLES.map((table) => tables.get(table))
      if (now.some((rows, i) => rows !== seen[i])) {
        epoch += 1
        seen = now
      }
      return epoch
    })
    return {
      latest: look,
      since: (after: number) => Effect.map(look, (latest) => ({ epoch: latest, subjects: latest > after ? [{ _tag: "Everyone" as const }] : [] }))
    }
  })
)
