import {
  type Account,
  AccountId,
  Accounts,
  ADMINISTRATOR_ROLE_ID,
  ADMINISTRATOR_ROLE_NAME,
  MEMBER_DEFAULT_PERMISSIONS,
  MEMBER_ROLE_ID,
  MEMBER_ROLE_NAME,
  type Role,
  RoleId,
  Roles,
  type ServiceCredential,
  ServiceCredentialId,
  ServiceCredentials,
  type Session,
  SessionId,
  SessionRecords,
  SessionRecordsFromRepositories,
  Sessions,
  type SignInState,
  SignInStates,
  StaffDirectory,
  type StaffMember,
  type StaffProfile,
  StaffProfileId,
  StaffProfiles
} from "@bluelight/core/identity"
import { Transactor } from "@bluelight/core/kernel"
import { InMemoryDatabase, InMemoryIdentityRepositories, InMemoryTransactor } from "@bluelight/core/testing"
import { layerPgClient, PgIdentityRepositories, PgTransactor, runMigrations } from "@bluelight/adapters-pg/internal"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Cause, DateTime, Deferred, Effect, Exit, Fiber, Layer, ManagedRuntime, Option, Redacted, Schedule, Tracer } from "effect"
import { freshDatabase, type TestDatabase } from "../../../../test/harness/database.js"
import { aCredential, anAccount, aProfile, aRole, aSession, at, idOf, T0, T1, T2, T3, uid } from "./fixtures.js"

type IdentityPorts = Accounts | Sessions | SessionRecords | SignInStates | Roles | StaffProfiles | StaffDirectory | ServiceCredentials | Transactor

/** One backend under test: one runtime (one pool) for its whole suite. */
interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, IdentityPorts>) => Promise<A>
  /**
   * Succeeds once some transaction waits for a row lock, and dies if none does
   * within a generous bound. Where transactions run one at a time (in memory,
   * or PGlite's one connection) every other transaction waits by construction.
   */
  readonly untilSomeoneWaits: Effect.Effect<void>
  readonly dispose: () => Promise<void>
}

// DateTime values are compared as instants, whatever they cache inside.
expect.addEqualityTesters([
  (a: unknown, b: unknown) => DateTime.isDateTime(a) && DateTime.isDateTime(b) ? DateTime.Equivalence(a, b) : undefined
])

const insertAccounts = (...accounts: ReadonlyArray<Account>) => Accounts.use((repo) => Effect.forEach(accounts, repo.insert, { discard: true }))

const contract = (name: string, makeBackend: () => Promise<Backend>, more?: (backend: () => Backend) => void) =>
  describe(`identity repositories: ${name}`, () => {
    let backend: Backend | undefined
    const current = () => {
      if (backend === undefined) throw new Error("the backend did not start")
      return backend
    }
    const run = <A, E>(effect: Effect.Effect<A, E, IdentityPorts>) => current().run(effect)

    beforeAll(async () => {
      backend = await makeBackend()
    })
    afterAll(async () => {
      await backend?.dispose()
    })

    describe("accounts", () => {
      it("find an inserted account by id, identity id and platform id", async () => {
        const linked = anAccount({ platform: { id: uid("plat"), username: "Gamer" } })
        const avatar = anAccount({ identity: { id: uid("idp"), username: "withavatar", avatar: "a1b2c3" } })
        await run(insertAccounts(linked, avatar))
        const found = await run(Accounts.use((repo) =>
          Effect.all({
            byId: repo.findById(linked.id),
            byIdentity: repo.findByIdentityId(linked.identity.id),
            byPlatform: repo.findByPlatformId(linked.platform?.id ?? ""),
            avatar: repo.findByIdentityId(avatar.identity.id),
            unknownId: repo.findById(idOf(AccountId, "nobody")),
            unknownIdentity: repo.findByIdentityId(uid("nobody")),
            unknownPlatform: repo.findByPlatformId(uid("nobody")),
            byPlatforms: repo.findByPlatformIds([uid("nobody"), linked.platform?.id ?? ""]),
            noPlatforms: repo.findByPlatformIds([])
          })
        ))
        expect(found.byPlatforms).toEqual([linked])
        expect(found.noPlatforms).toEqual([])
        expect(found.byId).toEqual(Option.some(linked))
        expect(found.byIdentity).toEqual(Option.some(linked))
        expect(found.byPlatform).toEqual(Option.some(linked))
        expect(found.avatar).toEqual(Option.some(avatar))
        expect(Option.isNone(found.unknownId)).toBe(true)
        expect(Option.isNone(found.unknownIdentity)).toBe(true)
        expect(Option.isNone(found.unknownPlatform)).toBe(true)
      })

      it("replace the stored account on update, linking and unlinking the platform", async () => {
        const account = anAccount()
        await run(insertAccounts(account, anAccount()))
        const linked: Account = {
          ...account,
          displayName: "Renamed",
          status: "SUSPENDED",
          identity: { ...account.identity, username: "renamed-user", avatar: "new-avatar" },
          platform: { id: uid("plat"), username: "Linked" },
          updatedAt: T1
        }
        await run(Accounts.use((repo) => repo.update(linked)))
        expect(await run(Accounts.use((repo) => repo.findById(account.id)))).toEqual(Option.some(linked))
        expect(await run(Accounts.use((repo) => repo.findByPlatformId(linked.platform?.id ?? "")))).toEqual(Option.some(linked))

        const unlinked: Account = { ...linked, platform: null, updatedAt: T2 }
        await run(Accounts.use((repo) => repo.update(unlinked)))
        expect(await run(Accounts.use((repo) => repo.findById(account.id)))).toEqual(Option.some(unlinked))
        expect(Option.isNone(await run(Accounts.use((repo) => repo.findByPlatformId(linked.platform?.id ?? ""))))).toBe(true)
      })

      it("list newest first, then by id; search a literal part of the name ignoring case; filter by status; page at the edge", async () => {
        const token = uid("tok")
        const named = (displayName: string, overrides: Partial<Account> = {}) => anAccount({ displayName: `${displayName} ${token}`, ...overrides })
        const golfB = named("Golf", { id: AccountId.make(`${token}-golf-b`) })
        const golfA = named("Golf", { id: AccountId.make(`${token}-golf-a`) })
        const alpha = named("alpha")
        const bravo = named("Bravo")
        const charlie = named("charlie", { status: "SUSPENDED" })
        const delta = named("Delta 100%")
        const echo = named("echo 1000")
        const foxtrot = named("Foxtrot x_y")
        const hotel = named("Hotel xzy")
        // Inserted out of order, so that the order read back is the repository's.
        await run(insertAccounts(hotel, golfB, echo, charlie, alpha, foxtrot, golfA, delta, bravo))
        const newestFirst = (a: Account, b: Account) =>
          DateTime.toEpochMillis(b.createdAt) - DateTime.toEpochMillis(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
        const expected = [alpha, bravo, charlie, delta, echo, foxtrot, golfA, golfB, hotel].sort(newestFirst)
        const list = (filter: Parameters<(typeof Accounts)["Service"]["list"]>[0], limit: number, offset = 0) =>
          run(Accounts.use((repo) => repo.list(filter, { limit, offset })))
        const ids = (accounts: ReadonlyArray<Account>) => accounts.map((account) => account.id)

        const all = await list({ search: token.toUpperCase() }, 100)
        expect(ids(all.items)).toEqual(ids(expected))
        expect(all.items[0]).toEqual(expected[0])
        expect(all.meta).toEqual({ limit: 100, offset: 0, hasMore: false })

        expect(ids((await list({ search: `100% ${token}` }, 100)).items)).toEqual([delta.id])
        expect(ids((await list({ search: `x_y ${token}` }, 100)).items)).toEqual([foxtrot.id])
        expect(ids((await list({ search: `ECHO 1000 ${token}` }, 100)).items)).toEqual([echo.id])
        expect((await list({ search: `${token} nothing like it` }, 100)).items).toEqual([])
        expect(ids((await list({ search: token, status: "SUSPENDED" }, 100)).items)).toEqual([charlie.id])
        expect(ids((await list({ search: token, status: undefined }, 100)).items)).toEqual(ids(expected))
        expect(ids((await list({ search: token, status: "ACTIVE" }, 100)).items)).toEqual(ids(expected.filter((a) => a !== charlie)))

        const exactlyAll = await list({ search: token }, 9)
        expect(exactlyAll.items).toHaveLength(9)
        expect(exactlyAll.meta).toEqual({ limit: 9, offset: 0, hasMore: false })
        const oneShort = await list({ search: token }, 8)
        expect(ids(oneShort.items)).toEqual(ids(expected.slice(0, 8)))
        expect(oneShort.meta).toEqual({ limit: 8, offset: 0, hasMore: true })
        const last = await list({ search: token }, 1, 8)
        expect(ids(last.items)).toEqual([expected[8]!.id])
        expect(last.meta).toEqual({ limit: 1, offset: 8, hasMore: false })
        const beforeLast = await list({ search: token }, 1, 7)
        expect(ids(beforeLast.items)).toEqual([expected[7]!.id])
        expect(beforeLast.meta.hasMore).toBe(true)
        expect((await list({ search: token }, 5, 9)).items).toEqual([])

        // Without a search, every account is listed in the same order.
        const everyone = await list({}, 100)
        expect(ids(everyone.items.filter((a) => a.displayName.endsWith(token)))).toEqual(ids(expected))
      })
    })

    describe("sessions", () => {
      it("find an inserted session by token hash, and revoke a live one once, keeping the first time and reason", async () => {
        const account = anAccount()
        await run(insertAccounts(account))
        const session = aSession(account.id)
        await run(Sessions.use((repo) => repo.insert(session)))
        expect(await run(Sessions.use((repo) => repo.findByTokenHash(session.tokenHash)))).toEqual(Option.some(session))
        expect(Option.isNone(await run(Sessions.use((repo) => repo.findByTokenHash(uid("hash")))))).toBe(true)

        expect(await run(Sessions.use((repo) => repo.revoke(session.id, "signed-out", T1)))).toBe(true)
        expect(await run(Sessions.use((repo) => repo.revoke(session.id, "signed-in-again", T2)))).toBe(false)
        expect(await run(Sessions.use((repo) => repo.revoke(idOf(SessionId, "no-such-session"), "signed-out", T1)))).toBe(false)
        const revoked: Session = { ...session, revokedAt: T1, revokedReason: "signed-out" }
        expect(await run(Sessions.use((repo) => repo.findByTokenHash(session.tokenHash)))).toEqual(Option.some(revoked))
      })

      it("revoke every live session of one account for its status, leaving ended sessions and other accounts alone", async () => {
        const owner = anAccount()
        const other = anAccount()
        await run(insertAccounts(owner, other))
        const open1 = aSession(owner.id)
        const open2 = aSession(owner.id, { developerAccess: true })
        const alreadyRevoked = aSession(owner.id, { revokedAt: T1, revokedReason: "signed-out" })
        const expired = aSession(owner.id, { expiresAt: T1 })
        const othersSession = aSession(other.id)
        await run(Sessions.use((repo) => Effect.forEach([open1, open2, alreadyRevoked, expired, othersSession], repo.insert)))

        await run(Sessions.use((repo) => repo.revokeAllOf(owner.id, T2)))

        const find = (session: Session) => run(Sessions.use((repo) => repo.findByTokenHash(session.tokenHash)))
        expect(await find(open1)).toEqual(Option.some({ ...open1, revokedAt: T2, revokedReason: "account-status" }))
        expect(await find(open2)).toEqual(Option.some({ ...open2, revokedAt: T2, revokedReason: "account-status" }))
        expect(await find(alreadyRevoked)).toEqual(Option.some(alreadyRevoked))
        expect(await find(expired)).toEqual(Option.some(expired))
        expect(await find(othersSession)).toEqual(Option.some(othersSession))
      })
    })

    describe("session rotation", () => {
      it("rotates a live session once, and leaves a revoked or already rotated one alone", async () => {
        const owner = anAccount()
        await run(insertAccounts(owner))
        const live = aSession(owner.id)
        const revoked = aSession(owner.id, { revokedAt: T1, revokedReason: "signed-out" })
        await run(Sessions.use((repo) => Effect.forEach([live, revoked], repo.insert)))
        const rotate = (session: Session, expected: string, tokenHash: string) =>
          run(Sessions.use((repo) => repo.rotate(session.id, expected, { tokenHash, developerAccess: true })))
        expect(await rotate(live, live.tokenHash, `${live.tokenHash}-2`)).toBe(true)
        expect(await rotate(live, live.tokenHash, `${live.tokenHash}-3`)).toBe(false)
        expect(await rotate(revoked, revoked.tokenHash, `${revoked.tokenHash}-2`)).toBe(false)
        const find = (hash: string) => run(Sessions.use((repo) => repo.findByTokenHash(hash)))
        expect(await find(`${live.tokenHash}-2`)).toEqual(Option.some({ ...live, tokenHash: `${live.tokenHash}-2`, developerAccess: true }))
        expect(Option.isNone(await find(live.tokenHash))).toBe(true)
        expect(await find(revoked.tokenHash)).toEqual(Option.some(revoked))
      })
    })

    describe("sign-in states", () => {
      const aState = (overrides: Partial<SignInState> = {}): SignInState => ({
        stateHash: uid("state"),
        purpose: "idp",
        codeVerifier: null,
        sessionId: null,
        createdAt: T0,
        expiresAt: T1,
        ...overrides
      })
      const consume = (stateHash: string) => run(SignInStates.use((repo) => repo.consume(stateHash)))

      it("forget the states expired by a time, and keep the others", async () => {
        const expired = aState({ expiresAt: T1 })
        const live = aState({ expiresAt: T2 })
        await run(SignInStates.use((repo) => Effect.all([repo.insert(expired), repo.insert(live)])))
        await run(SignInStates.use((repo) => repo.purgeExpired(T1)))
        expect(Option.isNone(await consume(expired.stateHash))).toBe(true)
        expect(await consume(live.stateHash)).toEqual(Option.some(live))
      })

      it("answer a state once, then never again", async () => {
        const idp = aState()
        const platform = aState({ purpose: "platform", codeVerifier: "verifier-123", sessionId: idOf(SessionId, "ses") })
        await run(SignInStates.use((repo) => Effect.all([repo.insert(idp), repo.insert(platform)])))

        expect(await consume(idp.stateHash)).toEqual(Option.some(idp))
        expect(Option.isNone(await consume(idp.stateHash))).toBe(true)
        expect(await consume(platform.stateHash)).toEqual(Option.some(platform))
        expect(Option.isNone(await consume(platform.stateHash))).toBe(true)
        expect(Option.isNone(await consume(uid("state")))).toBe(true)
      })

      it("answer a state at most once to racing consumers", async () => {
        const state = aState()
        await run(SignInStates.use((repo) => repo.insert(state)))
        const answers = await run(
          SignInStates.use((repo) =>
            Effect.all([repo.consume(state.stateHash), repo.consume(state.stateHash), repo.consume(state.stateHash)], {
              concurrency: "unbounded"
            })
          )
        )
        expect(answers.filter(Option.isSome)).toHaveLength(1)
      })
    })

    describe("roles", () => {
      it("hold the seeded Member and Administrator roles", async () => {
        const member: Role = { id: MEMBER_ROLE_ID, name: MEMBER_ROLE_NAME, permissions: MEMBER_DEFAULT_PERMISSIONS }
        const administrator: Role = { id: ADMINISTRATOR_ROLE_ID, name: ADMINISTRATOR_ROLE_NAME, permissions: [] }
        expect(member).toEqual({ id: "member", name: "Member", permissions: ["civilians.create", "civilians.manage_own"] })
        const found = await run(Roles.use((repo) =>
          Effect.all({
            all: repo.all,
            member: repo.findById(MEMBER_ROLE_ID),
            administrator: repo.findById(ADMINISTRATOR_ROLE_ID),
            byPaddedName: repo.findByName(" member "),
            byUpperName: repo.findByName("ADMINISTRATOR"),
            unknownName: repo.findByName("nobody's role"),
            unknownId: repo.findById(idOf(RoleId, "role"))
          })
        ))
        expect(found.all).toEqual(expect.arrayContaining([member, administrator]))
        expect(found.member).toEqual(Option.some(member))
        expect(found.administrator).toEqual(Option.some(administrator))
        expect(found.byPaddedName).toEqual(Option.some(member))
        expect(found.byUpperName).toEqual(Option.some(administrator))
        expect(Option.isNone(found.unknownName)).toBe(true)
        expect(Option.isNone(found.unknownId)).toBe(true)
      })

      it("insert, rename and re-permission a role, found by its new name only", async () => {
        const role: Role = { id: idOf(RoleId, "role"), name: `Dispatcher ${uid("n")}`, permissions: ["cad.view", "cad.dispatch"] }
        await run(Roles.use((repo) => repo.insert(role)))
        const findByName = (name: string) => run(Roles.use((repo) => repo.findByName(name)))
        expect(await run(Roles.use((repo) => repo.findById(role.id)))).toEqual(Option.some(role))
        expect(await findByName(`  ${role.name.toUpperCase()}\t`)).toEqual(Option.some(role))

        const renamed: Role = { ...role, name: `Controller ${uid("n")}`, permissions: ["cad.view", "cad.incidents.manage", "audit.view"] }
        await run(Roles.use((repo) => repo.update(renamed)))
        expect(await run(Roles.use((repo) => repo.findById(role.id)))).toEqual(Option.some(renamed))
        expect(Option.isNone(await findByName(role.name))).toBe(true)
        expect(await findByName(renamed.name.toLowerCase())).toEqual(Option.some(renamed))
      })

      it("insert no second role with the same name up to case and blanks, and say so", async () => {
        const clash: Role = { id: idOf(RoleId, "role"), name: " MEMBER ", permissions: [] }
        expect(await run(Roles.use((repo) => repo.insert(clash)))).toBe(false)
        expect(Option.isNone(await run(Roles.use((repo) => repo.findById(clash.id))))).toBe(true)
        const name = `Racer ${uid("n")}`
        const racers = Array.from({ length: 5 }, (): Role => ({ id: idOf(RoleId, "role"), name, permissions: [] }))
        const inserted = await run(Roles.use((repo) => Effect.all(racers.map(repo.insert), { concurrency: "unbounded" })))
        expect(inserted.filter(Boolean)).toHaveLength(1)
      })

      it("take a name that looks like another's (other-script letters, invisibles, full-width) as that name", async () => {
        const role: Role = { id: idOf(RoleId, "role"), name: `Dispatcher ${uid("n")}`, permissions: [] }
        await run(Roles.use((repo) => repo.insert(role)))
        const alike = role.name.replace("D", "\uff24").replace("e", "\u0435").replace("p", "\u0440\u200b")
        const administrator = "\u0410dministrat\u043er"
        const found = await run(Roles.use((repo) => Effect.all([repo.findByName(alike), repo.findByName(administrator)])))
        expect(found).toEqual([Option.some(role), Option.some(expect.objectContaining({ id: ADMINISTRATOR_ROLE_ID }))])
        for (const name of [alike, administrator]) {
          expect(await run(Roles.use((repo) => repo.insert({ id: idOf(RoleId, "role"), name, permissions: [] }))), name).toBe(false)
        }
        const other: Role = { id: idOf(RoleId, "role"), name: `Other ${uid("n")}`, permissions: [] }
        await run(Roles.use((repo) => repo.insert(other)))
        expect(await run(Roles.use((repo) => repo.update({ ...other, name: alike })))).toBe(false)
      })

      it("rename no role onto another's name, and say so", async () => {
        const role: Role = { id: idOf(RoleId, "role"), name: `Renamer ${uid("n")}`, permissions: [] }
        await run(Roles.use((repo) => repo.insert(role)))
        expect(await run(Roles.use((repo) => repo.update({ ...role, name: " member " })))).toBe(false)
        expect(await run(Roles.use((repo) => repo.findById(role.id)))).toEqual(Option.some(role))
      })

      it("answer every role ordered by name, ignoring case", async () => {
        const lower: Role = { id: idOf(RoleId, "role"), name: `aardvark ${uid("n")}`, permissions: [] }
        const upper: Role = { id: idOf(RoleId, "role"), name: `Zebra ${uid("n")}`, permissions: ["pnc.view"] }
        await run(Roles.use((repo) => Effect.all([repo.insert(upper), repo.insert(lower)])))
        const names = (await run(Roles.use((repo) => repo.all))).map((role) => role.name)
        const byLowerCase = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)
        expect(names).toEqual([...names].sort(byLowerCase))
        expect(names.indexOf(lower.name)).toBeLessThan(names.indexOf(ADMINISTRATOR_ROLE_NAME))
        expect(names.indexOf(MEMBER_ROLE_NAME)).toBeLessThan(names.indexOf(upper.name))
      })
      it("list the built-in roles first, then the others by id descending, paging at the edge", async () => {
        const token = uid("tok")
        // Ids that sort the same under any collation, inserted out of order.
        const mine = ["b", "d", "a", "c"].map((suffix): Role => ({ id: RoleId.make(`${token}-${suffix}`), name: `Listed ${token} ${suffix}`, permissions: [] }))
        await run(Roles.use((repo) => Effect.forEach(mine, repo.insert)))
        const list = (limit: number, offset = 0) => run(Roles.use((repo) => repo.list({ limit, offset })))
        const all = await list(100)
        const ids = all.items.map((role) => role.id)
        expect(ids.slice(0, 2)).toEqual([ADMINISTRATOR_ROLE_ID, MEMBER_ROLE_ID])
        expect(ids.slice(2)).toEqual([...ids.slice(2)].sort().reverse())
        expect(ids.filter((id) => id.startsWith(token))).toEqual(["d", "c", "b", "a"].map((suffix) => `${token}-${suffix}`))
        expect(all.items.find((role) => role.id === mine[0]!.id)).toEqual(mine[0])
        expect(all.meta).toEqual({ limit: 100, offset: 0, hasMore: false })

        const total = ids.length
        expect((await list(total)).meta.hasMore).toBe(false)
        const oneShort = await list(total - 1)
        expect(oneShort.meta).toEqual({ limit: total - 1, offset: 0, hasMore: true })
        expect(oneShort.items).toEqual(all.items.slice(0, total - 1))
        expect((await list(1, total - 1)).items).toEqual(all.items.slice(total - 1))
        expect((await list(5, total)).items).toEqual([])
      })
    })

    describe("staff profiles", () => {
      it("keep the order of role ids across insert and update", async () => {
        const account = anAccount()
        const [first, second] = [aRole(), aRole()]
        await run(insertAccounts(account))
        await run(Roles.use((repo) => Effect.all([repo.insert(first), repo.insert(second)])))
        // Neither alphabetical nor insertion order of the roles.
        const profile = aProfile(account.id, { roleIds: [second.id, MEMBER_ROLE_ID, first.id] })
        await run(StaffProfiles.use((repo) => repo.insert(profile)))
        const findById = () => run(StaffProfiles.use((repo) => repo.findById(profile.id)))
        expect(await findById()).toEqual(Option.some(profile))
        expect(await run(StaffProfiles.use((repo) => repo.findByAccountId(account.id)))).toEqual(Option.some(profile))
        expect(Option.isNone(await run(StaffProfiles.use((repo) => repo.findByAccountId(idOf(AccountId, "acc")))))).toBe(true)

        const reordered: StaffProfile = { ...profile, roleIds: [first.id, ADMINISTRATOR_ROLE_ID, second.id], active: false, updatedAt: T1 }
        await run(StaffProfiles.use((repo) => repo.update(reordered)))
        expect(await findById()).toEqual(Option.some(reordered))

        const stripped: StaffProfile = { ...reordered, roleIds: [], active: true, updatedAt: T2 }
        await run(StaffProfiles.use((repo) => repo.update(stripped)))
        expect(await findById()).toEqual(Option.some(stripped))
      })

      it("insert no second profile for an account, and say so", async () => {
        const account = anAccount()
        await run(insertAccounts(account))
        const racers = Array.from({ length: 4 }, () => aProfile(account.id))
        const inserted = await run(StaffProfiles.use((repo) => Effect.all(racers.map(repo.insert), { concurrency: "unbounded" })))
        expect(inserted.filter(Boolean)).toHaveLength(1)
        const winner = racers[inserted.indexOf(true)]!
        expect(await run(StaffProfiles.use((repo) => repo.findByAccountId(account.id)))).toEqual(Option.some(winner))
      })

      it("answer the directory's view: the account's display name and the roles' names in the profile's order", async () => {
        const account = anAccount({ displayName: `Viewed ${uid("n")}` })
        const [first, second] = [aRole(), aRole()]
        await run(insertAccounts(account))
        await run(Roles.use((repo) => Effect.all([repo.insert(first), repo.insert(second)])))
        const profile = aProfile(account.id, { roleIds: [second.id, MEMBER_ROLE_ID, first.id], active: false, updatedAt: T1 })
        await run(StaffProfiles.use((repo) => repo.insert(profile)))
        const expected: StaffMember = {
          id: profile.id,
          account: { id: account.id, displayName: account.displayName },
          active: false,
          roles: [{ id: second.id, name: second.name, source: "MANUAL" }, { id: MEMBER_ROLE_ID, name: MEMBER_ROLE_NAME, source: "MANUAL" }, {
            id: first.id,
            name: first.name,
            source: "MANUAL"
          }],
          createdAt: T0,
          updatedAt: T1
        }
        expect(await run(StaffDirectory.use((directory) => directory.findById(profile.id)))).toEqual(Option.some(expected))
        expect(Option.isNone(await run(StaffDirectory.use((directory) => directory.findById(idOf(StaffProfileId, "staff")))))).toBe(true)
        const roleless = anAccount()
        const bare = aProfile(roleless.id)
        await run(insertAccounts(roleless))
        await run(StaffProfiles.use((repo) => repo.insert(bare)))
        const found = await run(StaffDirectory.use((directory) => directory.findById(bare.id)))
        expect(Option.map(found, (member) => member.roles)).toEqual(Option.some([]))
      })

      it("list the directory by the account's display name ignoring case, then id, optionally only active or inactive ones", async () => {
        const token = uid("tok")
        const zulu = anAccount({ displayName: `Zulu ${token}` })
        const alpha = anAccount({ displayName: `alpha ${token}` })
        const mike = anAccount({ displayName: `Mike ${token}` })
        await run(insertAccounts(zulu, alpha, mike))
        const zuluProfile = aProfile(zulu.id, { roleIds: [MEMBER_ROLE_ID] })
        const alphaProfile = aProfile(alpha.id, { active: false })
        const mikeProfile = aProfile(mike.id)
        await run(StaffProfiles.use((repo) => Effect.forEach([zuluProfile, mikeProfile, alphaProfile], repo.insert)))

        const list = (filter: { readonly active?: boolean | undefined }, limit: number, offset = 0) =>
          run(StaffDirectory.use((directory) => directory.list(filter, { limit, offset })))
        const mine = (members: ReadonlyArray<StaffMember>) =>
          members.filter((m) => [zuluProfile.id, alphaProfile.id, mikeProfile.id].includes(m.id)).map((m) => m.id)

        const all = await list({}, 100)
        expect(mine(all.items)).toEqual([alphaProfile.id, mikeProfile.id, zuluProfile.id])
        expect(all.items.find((m) => m.id === zuluProfile.id)).toEqual({
          id: zuluProfile.id,
          account: { id: zulu.id, displayName: zulu.displayName },
          active: true,
          roles: [{ id: MEMBER_ROLE_ID, name: MEMBER_ROLE_NAME, source: "MANUAL" }],
          createdAt: T0,
          updatedAt: T0
        })
        const names = all.items.map((m) => m.account.displayName.toLowerCase())
        expect(names).toEqual([...names].sort())
        const active = await list({ active: true }, 100)
        expect(active.items.every((m) => m.active)).toBe(true)
        expect(mine(active.items)).toEqual([mikeProfile.id, zuluProfile.id])
        expect(mine((await list({ active: undefined }, 100)).items)).toEqual([alphaProfile.id, mikeProfile.id, zuluProfile.id])
        const inactive = await list({ active: false }, 100)
        expect(inactive.items.every((m) => !m.active)).toBe(true)
        expect(mine(inactive.items)).toEqual([alphaProfile.id])

        const total = all.items.length
        expect(all.meta.hasMore).toBe(false)
        expect((await list({}, total)).meta).toEqual({ limit: total, offset: 0, hasMore: false })
        const oneShort = await list({}, total - 1)
        expect(oneShort.meta).toEqual({ limit: total - 1, offset: 0, hasMore: true })
        expect(oneShort.items).toEqual(all.items.slice(0, total - 1))
        expect((await list({}, 1, total - 1)).items).toEqual(all.items.slice(total - 1))
      })
    })

    describe("service credentials", () => {
      it("find by id and token hash, and replace on update", async () => {
        const issuer = anAccount()
        await run(insertAccounts(issuer))
        const credential = aCredential(issuer.id)
        const unscoped = aCredential(issuer.id, { scopes: [] })
        await run(ServiceCredentials.use((repo) => Effect.all([repo.insert(credential), repo.insert(unscoped)])))
        expect(await run(ServiceCredentials.use((repo) => repo.findById(credential.id)))).toEqual(Option.some(credential))
        expect(await run(ServiceCredentials.use((repo) => repo.findByTokenHash(credential.tokenHash)))).toEqual(Option.some(credential))
        expect(await run(ServiceCredentials.use((repo) => repo.findById(unscoped.id)))).toEqual(Option.some(unscoped))
        expect(Option.isNone(await run(ServiceCredentials.use((repo) => repo.findByTokenHash(uid("hash")))))).toBe(true)

        const revoked: ServiceCredential = { ...credential, revokedAt: T1, name: "Retired bot", scopes: ["cad.view"] }
        await run(ServiceCredentials.use((repo) => repo.update(revoked)))
        expect(await run(ServiceCredentials.use((repo) => repo.findById(credential.id)))).toEqual(Option.some(revoked))
      })

      it("list newest first, ties by id descending, paging at the edge", async () => {
        const issuer = anAccount()
        await run(insertAccounts(issuer))
        const prefix = uid("cred")
        const oldest = aCredential(issuer.id, { id: ServiceCredentialId.make(`${prefix}-c`), createdAt: T0 })
        const middle = aCredential(issuer.id, { id: ServiceCredentialId.make(`${prefix}-d`), createdAt: T1 })
        const newestA = aCredential(issuer.id, { id: ServiceCredentialId.make(`${prefix}-a`), createdAt: T2 })
        const newestB = aCredential(issuer.id, { id: ServiceCredentialId.make(`${prefix}-b`), createdAt: T2 })
        await run(ServiceCredentials.use((repo) => Effect.forEach([middle, newestA, oldest, newestB], repo.insert)))

        const list = (limit: number, offset = 0) => run(ServiceCredentials.use((repo) => repo.list({ limit, offset })))
        const all = await list(100)
        const mine = all.items.filter((c) => c.id.startsWith(prefix))
        expect(mine).toEqual([newestB, newestA, middle, oldest])
        const createdAt = all.items.map((c) => DateTime.toEpochMillis(c.createdAt))
        expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a))

        const total = all.items.length
        expect((await list(total)).meta).toEqual({ limit: total, offset: 0, hasMore: false })
        expect((await list(total - 1)).meta).toEqual({ limit: total - 1, offset: 0, hasMore: true })
        expect((await list(2, total - 2)).items).toEqual(all.items.slice(total - 2))
      })
    })

    describe("session records", () => {
      it("read a session with its account, its staff profile and roles in order, and the Member role", async () => {
        // Every time differs, so that no column can stand in for another unnoticed.
        const account = anAccount({ platform: { id: uid("plat"), username: "Linked" }, createdAt: T0, updatedAt: T1 })
        const session = aSession(account.id, {
          createdAt: T2,
          expiresAt: T3,
          revokedAt: at("2026-01-03T12:00:00.000Z"),
          revokedReason: "signed-out",
          developerAccess: true
        })
        const [first, second]: ReadonlyArray<Role> = [
          { id: idOf(RoleId, "role"), name: `First ${uid("n")}`, permissions: ["cad.view"] },
          { id: idOf(RoleId, "role"), name: `Second ${uid("n")}`, permissions: ["staff.view", "pnc.view"] }
        ]
        const profile: StaffProfile = {
          id: idOf(StaffProfileId, "staff"),
          accountId: account.id,
          active: false,
          roleIds: [second!.id, first!.id],
          createdAt: at("2026-01-02T12:00:00.000Z"),
          updatedAt: at("2026-01-03T18:00:00.000Z")
        }
        await run(Effect.gen(function*() {
          yield* insertAccounts(account)
          yield* (yield* Sessions).insert(session)
          yield* (yield* Roles).insert(first!)
          yield* (yield* Roles).insert(second!)
          yield* (yield* StaffProfiles).insert(profile)
        }))
        const memberRole = Option.getOrThrow(await run(Roles.use((repo) => repo.findById(MEMBER_ROLE_ID))))
        expect(await run(SessionRecords.use((records) => records.findByTokenHash(session.tokenHash)))).toEqual(
          Option.some({ session, account, staff: profile, memberRole, staffRoles: [second, first] })
        )
      })

      it("read a session of someone without a staff profile, and nothing for an unknown token", async () => {
        const account = anAccount()
        const session = aSession(account.id)
        await run(Effect.andThen(insertAccounts(account), Sessions.use((repo) => repo.insert(session))))
        const found = await run(SessionRecords.use((records) => records.findByTokenHash(session.tokenHash)))
        expect(Option.map(found, ({ account, session, staff, staffRoles }) => ({ account, session, staff, staffRoles }))).toEqual(
          Option.some({ account, session, staff: null, staffRoles: [] })
        )
        expect(await run(SessionRecords.use((records) => records.findByTokenHash(uid("hash"))))).toEqual(Option.none())
      })
    })

    describe("transactions", () => {
      /** Runs `effect` in one transaction that must commit. */
      const committed = <A>(effect: Effect.Effect<A, never, IdentityPorts>) => run(Transactor.use((transactor) => transactor.transaction(effect)))

      it("a unique clash inside a transaction leaves it usable: accounts (platform id)", async () => {
        const owner = anAccount({ platform: { id: uid("plat"), username: "Owner" } })
        const other = anAccount()
        await run(insertAccounts(owner, other))
        const later = anAccount()
        const answers = await committed(Effect.gen(function*() {
          const accounts = yield* Accounts
          const clashed = yield* accounts.update({ ...other, platform: owner.platform, updatedAt: T1 })
          // Both statements after the refusal must run in the same, still open, transaction.
          const renamed = yield* accounts.update({ ...other, displayName: "Renamed after the clash", updatedAt: T2 })
          yield* accounts.insert(later)
          return { clashed, renamed, found: yield* accounts.findById(other.id) }
        }))
        const renamed: Account = { ...other, displayName: "Renamed after the clash", updatedAt: T2 }
        expect(answers).toEqual({ clashed: false, renamed: true, found: Option.some(renamed) })
        expect(await run(Accounts.use((repo) => repo.findById(other.id)))).toEqual(Option.some(renamed))
        expect(await run(Accounts.use((repo) => repo.findById(later.id)))).toEqual(Option.some(later))
        expect(await run(Accounts.use((repo) => repo.findByPlatformId(owner.platform?.id ?? "")))).toEqual(Option.some(owner))
      })

      it("a unique clash inside a transaction leaves it usable: roles (name)", async () => {
        const taken: Role = { id: idOf(RoleId, "role"), name: `Taken ${uid("n")}`, permissions: [] }
        const role: Role = { id: idOf(RoleId, "role"), name: `Mine ${uid("n")}`, permissions: ["cad.view"] }
        await run(Roles.use((repo) => Effect.all([repo.insert(taken), repo.insert(role)])))
        const repermissioned: Role = { ...role, permissions: ["audit.view", "cad.view"] }
        const answers = await committed(Effect.gen(function*() {
          const roles = yield* Roles
          const clashed = yield* roles.update({ ...role, name: ` ${taken.name.toUpperCase()} ` })
          const updated = yield* roles.update(repermissioned)
          return { clashed, updated, found: yield* roles.findById(role.id) }
        }))
        expect(answers).toEqual({ clashed: false, updated: true, found: Option.some(repermissioned) })
        expect(await run(Roles.use((repo) => repo.findById(role.id)))).toEqual(Option.some(repermissioned))
        expect(await run(Roles.use((repo) => repo.findById(taken.id)))).toEqual(Option.some(taken))
      })

      /**
       * Runs `change` in a transaction that stays open until `locked` (a
       * locking read, in a transaction of its own) waits for it; answers what
       * `locked` read once the change committed.
       */
      const readWhileChanging = <A>(change: Effect.Effect<unknown, never, IdentityPorts>, locked: Effect.Effect<A, never, IdentityPorts>) =>
        run(Effect.gen(function*() {
          const transactor = yield* Transactor
          const changed = yield* Deferred.make<void>()
          const release = yield* Deferred.make<void>()
          const writer = yield* Effect.forkChild(transactor.transaction(
            change.pipe(Effect.andThen(Deferred.succeed(changed, undefined)), Effect.andThen(Deferred.await(release)))
          ))
          yield* Deferred.await(changed)
          const reader = yield* Effect.forkChild(transactor.transaction(locked))
          yield* current().untilSomeoneWaits
          yield* Deferred.succeed(release, undefined)
          yield* Fiber.join(writer)
          return yield* Fiber.join(reader)
        }))

      it("locking finders answer nothing for unknown ids", async () => {
        const nobody = uid("nobody")
        const found = await committed(Effect.gen(function*() {
          const [accounts, roles, staff, credentials] = [yield* Accounts, yield* Roles, yield* StaffProfiles, yield* ServiceCredentials]
          return [
            yield* accounts.findByIdForUpdate(AccountId.make(nobody)),
            yield* accounts.findByIdentityIdForUpdate(nobody),
            yield* roles.findByIdForUpdate(RoleId.make(nobody)),
            yield* staff.findByIdForUpdate(StaffProfileId.make(nobody)),
            yield* credentials.findByIdForUpdate(ServiceCredentialId.make(nobody)),
            Option.some(yield* roles.findByIdsForShare([])),
            Option.some(yield* roles.findByIdsForShare([RoleId.make(nobody)]))
          ]
        }))
        expect(found).toEqual([Option.none(), Option.none(), Option.none(), Option.none(), Option.none(), Option.some([]), Option.some([])])
      })

      it("a locked read waits for a change in flight and answers it as committed: accounts, credentials, roles", async () => {
        const account = anAccount()
        await run(insertAccounts(account))
        const suspended: Account = { ...account, status: "SUSPENDED", displayName: "Suspended meanwhile", updatedAt: T1 }
        expect(
          await readWhileChanging(
            Accounts.use((repo) => repo.update(suspended)),
            Accounts.use((repo) => repo.findByIdForUpdate(account.id))
          )
        ).toEqual(Option.some(suspended))
        const disabled: Account = { ...suspended, status: "DISABLED", updatedAt: T2 }
        expect(
          await readWhileChanging(
            Accounts.use((repo) => repo.update(disabled)),
            Accounts.use((repo) => repo.findByIdentityIdForUpdate(account.identity.id))
          )
        ).toEqual(Option.some(disabled))

        const credential = aCredential(account.id)
        await run(ServiceCredentials.use((repo) => repo.insert(credential)))
        const revoked: ServiceCredential = { ...credential, revokedAt: T1 }
        expect(
          await readWhileChanging(
            ServiceCredentials.use((repo) => repo.update(revoked)),
            ServiceCredentials.use((repo) => repo.findByIdForUpdate(credential.id))
          )
        ).toEqual(Option.some(revoked))

        const role: Role = { id: idOf(RoleId, "role"), name: `Locked ${uid("n")}`, permissions: ["cad.view"] }
        await run(Roles.use((repo) => repo.insert(role)))
        const renamed: Role = { ...role, name: `Renamed ${uid("n")}` }
        expect(
          await readWhileChanging(
            Roles.use((repo) => repo.update(renamed)),
            Roles.use((repo) => repo.findByIdForUpdate(role.id))
          )
        ).toEqual(Option.some(renamed))
      })

      it("a locked read of a staff profile waits for a change in flight and answers the roles it committed", async () => {
        const account = anAccount()
        const [first, second] = [{ id: idOf(RoleId, "role"), name: `First ${uid("n")}`, permissions: [] }, {
          id: idOf(RoleId, "role"),
          name: `Second ${uid("n")}`,
          permissions: []
        }]
        await run(insertAccounts(account))
        await run(Roles.use((repo) => Effect.all([repo.insert(first), repo.insert(second)])))
        const profile: StaffProfile = {
          id: idOf(StaffProfileId, "staff"),
          accountId: account.id,
          active: true,
          roleIds: [first.id],
          createdAt: T0,
          updatedAt: T0
        }
        await run(StaffProfiles.use((repo) => repo.insert(profile)))
        const changed: StaffProfile = { ...profile, active: false, roleIds: [second.id, ADMINISTRATOR_ROLE_ID], updatedAt: T1 }
        expect(
          await readWhileChanging(
            StaffProfiles.use((repo) => repo.update(changed)),
            StaffProfiles.use((repo) => repo.findByIdForUpdate(profile.id))
          )
        ).toEqual(Option.some(changed))
      })

      it("roles read for share keep an edit of them waiting until the reading transaction ends", async () => {
        const role: Role = { id: idOf(RoleId, "role"), name: `Shared ${uid("n")}`, permissions: ["staff.view"] }
        await run(Roles.use((repo) => repo.insert(role)))
        const escalated: Role = { ...role, permissions: ["admin.manage", "staff.view"] }
        const answers = await run(Effect.gen(function*() {
          const transactor = yield* Transactor
          const roles = yield* Roles
          const read = yield* Deferred.make<ReadonlyArray<Role>>()
          const release = yield* Deferred.make<void>()
          const reader = yield* Effect.forkChild(transactor.transaction(
            roles.findByIdsForShare([role.id, idOf(RoleId, "nobody")]).pipe(
              Effect.tap((found) => Deferred.succeed(read, found)),
              Effect.tap(() => Deferred.await(release)),
              // Still what it read: the edit has not overtaken this transaction.
              Effect.zipWith(roles.findById(role.id), (found, again) => ({ found, again }))
            )
          ))
          yield* Deferred.await(read)
          const editor = yield* Effect.forkChild(transactor.transaction(roles.update(escalated)))
          yield* current().untilSomeoneWaits
          yield* Deferred.succeed(release, undefined)
          const seen = yield* Fiber.join(reader)
          const edited = yield* Fiber.join(editor)
          return { ...seen, edited, after: yield* roles.findById(role.id) }
        }))
        expect(answers).toEqual({ found: [role], again: Option.some(role), edited: true, after: Option.some(escalated) })
      })

      it("roll every write back when the transaction fails", async () => {
        const account = anAccount()
        const exit = await run(Effect.exit(Transactor.use((transactor) =>
          transactor.transaction(Effect.gen(function*() {
            yield* (yield* Accounts).insert(account)
            yield* (yield* Sessions).insert(aSession(account.id))
            yield* (yield* StaffProfiles).insert({
              id: idOf(StaffProfileId, "staff"),
              accountId: account.id,
              active: true,
              roleIds: [MEMBER_ROLE_ID],
              createdAt: T0,
              updatedAt: T0
            })
            return yield* Effect.fail("refused" as const)
          }))
        )))
        expect(Exit.isFailure(exit) ? Cause.findErrorOption(exit.cause) : Option.none()).toEqual(Option.some("refused"))
        expect(Option.isNone(await run(Accounts.use((repo) => repo.findById(account.id))))).toBe(true)
        expect(Option.isNone(await run(StaffProfiles.use((repo) => repo.findByAccountId(account.id))))).toBe(true)
      })
    })

    more?.(current)
  })

contract(
  "Postgres",
  async () => {
    const database: TestDatabase = await freshDatabase()
    const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
    const runtime = ManagedRuntime.make(
      Layer.mergeAll(PgIdentityRepositories, PgTransactor).pipe(Layer.provideMerge(client), Layer.orDie)
    )
    const applied = await runtime.runPromise(runMigrations)
    // Identity's migrations come first; the other contexts' follow.
    expect(applied.map(([id, name]) => `${id}_${name}`).slice(0, 4)).toEqual(["1_audit_log", "2_identity", "3_audit_log_truncate", "4_session_revocation"])
    const lockWaiters = Effect.promise(() =>
      database.query<{ waiting: number }>(
        "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
      )
    )
    return {
      run: (effect) => runtime.runPromise(effect),
      untilSomeoneWaits: database.kind === "pglite"
        ? Effect.void
        : lockWaiters.pipe(
          Effect.filterOrFail((result) => (result.rows[0]?.waiting ?? 0) > 0, () => "no transaction waited for a lock"),
          Effect.retry({ schedule: Schedule.spaced("10 millis"), times: 500 }),
          Effect.asVoid,
          Effect.orDie
        ),
      dispose: async () => {
        await runtime.dispose()
        await database.dispose()
      }
    }
  },
  (backend) => {
    it("open a span per call, named for the repository and the call", async () => {
      const opened: Array<string> = []
      const account = anAccount()
      const calls = Effect.gen(function*() {
        yield* (yield* Accounts).insert(account)
        yield* (yield* Accounts).findById(account.id)
        yield* (yield* Roles).findByIdForUpdate(MEMBER_ROLE_ID)
        yield* (yield* StaffProfiles).findByAccountId(account.id)
        yield* (yield* Sessions).revokeAllOf(account.id, T1)
        yield* (yield* ServiceCredentials).list({ limit: 1, offset: 0 })
        yield* (yield* SignInStates).purgeExpired(T0)
      })
      await backend().run(Effect.flatMap(Effect.tracer, (native) =>
        Effect.withTracer(
          calls,
          Tracer.make({
            span: (options) => {
              // Statements open spans of kind `client`, named for the database: the calls' own are the rest.
              if (options.kind !== "client") opened.push(options.name)
              return native.span(options)
            },
            context: native.context
          })
        )))
      expect(opened.filter((name) => !name.startsWith("sql."))).toEqual([
        "PgAccounts.insert",
        "PgAccounts.findById",
        "PgRoles.findByIdForUpdate",
        "PgStaffProfiles.findByAccountId",
        "PgSessions.revokeAllOf",
        "PgServiceCredentials.list",
        "PgSignInStates.purgeExpired"
      ])
    })

    describe("constraints", () => {
      const dies = async (effect: Effect.Effect<unknown, never, IdentityPorts>) => {
        const exit = await backend().run(Effect.exit(effect))
        expect(Exit.isFailure(exit) && Cause.hasDies(exit.cause)).toBe(true)
      }

      it("say so for a second account with the same identity id, or an update onto a taken platform id", async () => {
        const first = anAccount({ platform: { id: uid("plat"), username: "Taken" } })
        await backend().run(insertAccounts(first))
        const twin = anAccount({ identity: { ...first.identity, username: "someone else" } })
        expect(await backend().run(Accounts.use((repo) => repo.insert(twin)))).toBe(false)
        expect(Option.isNone(await backend().run(Accounts.use((repo) => repo.findById(twin.id))))).toBe(true)
        const other = anAccount()
        await backend().run(insertAccounts(other))
        expect(await backend().run(Accounts.use((repo) => repo.update({ ...other, platform: first.platform })))).toBe(false)
        expect(await backend().run(Accounts.use((repo) => repo.findById(other.id)))).toEqual(Option.some(other))
      })

      it("refuse a new account whose platform id is taken, as a defect", async () => {
        const first = anAccount({ platform: { id: uid("plat"), username: "Taken" } })
        await backend().run(insertAccounts(first))
        await dies(insertAccounts(anAccount({ platform: first.platform })))
      })

      it("refuse a session, staff profile or credential of an unknown account, as a defect", async () => {
        const nobody = idOf(AccountId, "nobody")
        await dies(Sessions.use((repo) => repo.insert(aSession(nobody))))
        await dies(ServiceCredentials.use((repo) => repo.insert(aCredential(nobody))))
        await dies(
          StaffProfiles.use((repo) =>
            repo.insert({ id: idOf(StaffProfileId, "staff"), accountId: nobody, active: true, roleIds: [], createdAt: T0, updatedAt: T0 })
          )
        )
      })
    })
  }
)

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(SessionRecordsFromRepositories.pipe(Layer.provideMerge(InMemoryIdentityRepositories)), InMemoryTransactor).pipe(
      Layer.provideMerge(InMemoryDatabase.layer)
    )
  )
  return {
    run: (effect) => runtime.runPromise(effect),
    untilSomeoneWaits: Effect.void,
    dispose: () => runtime.dispose()
  }
})
