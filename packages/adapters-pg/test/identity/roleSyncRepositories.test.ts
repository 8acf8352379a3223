import {
  Accounts,
  type RoleLink,
  RoleLinkId,
  RoleLinks,
  Roles,
  RoleSyncRuns,
  SessionRecords,
  SessionRecordsFromRepositories,
  Sessions,
  StaffDirectory,
  StaffProfiles
} from "@bluelight/core/identity"
import type { Transactor } from "@bluelight/core/kernel"
import { InMemoryDatabase, InMemoryIdentityRepositories, InMemoryRoleLinks, InMemoryRoleSyncRuns, InMemoryTransactor } from "@bluelight/core/testing"
import { layerPgClient, PgIdentityRepositories, PgTransactor, runMigrations } from "@bluelight/adapters-pg/internal"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DateTime, Effect, Layer, ManagedRuntime, Option, Redacted } from "effect"
import { freshDatabase } from "../../../../test/harness/database.js"
import { anAccount, aProfile, aRole, aSession, idOf, T0, T1, T2, uid } from "./fixtures.js"

type Ports = Accounts | Sessions | SessionRecords | Roles | StaffProfiles | StaffDirectory | RoleLinks | RoleSyncRuns | Transactor

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Ports>) => Promise<A>
  readonly dispose: () => Promise<void>
}

expect.addEqualityTesters([
  (a: unknown, b: unknown) => DateTime.isDateTime(a) && DateTime.isDateTime(b) ? DateTime.Equivalence(a, b) : undefined
])

const seedRoles = (count: number) =>
  Effect.gen(function*() {
    const roles = Array.from({ length: count }, aRole)
    yield* Roles.use((repo) => Effect.forEach(roles, repo.insert, { discard: true }))
    return roles
  })

const contract = (name: string, makeBackend: () => Promise<Backend>) =>
  describe(`role sync repositories: ${name}`, () => {
    let backend: Backend | undefined
    const run = <A, E>(effect: Effect.Effect<A, E, Ports>) => backend!.run(effect)
    beforeAll(async () => {
      backend = await makeBackend()
    })
    afterAll(async () => {
      await backend?.dispose()
    })

    it("a profile keeps its hand grants and the sync's apart, one role both ways; it reads back as written", async () => {
      const [a, b, c] = await run(seedRoles(3))
      const account = anAccount()
      const profile = aProfile(account.id, { roleIds: [b!.id, a!.id], providerRoleIds: [a!.id, c!.id] })
      const session = aSession(account.id)
      await run(Effect.gen(function*() {
        yield* Accounts.use((repo) => repo.insert(account))
        yield* StaffProfiles.use((repo) => repo.insert(profile))
        yield* Sessions.use((repo) => repo.insert(session))
      }))
      expect(await run(StaffProfiles.use((repo) => repo.findById(profile.id)))).toEqual(Option.some(profile))
      expect(await run(StaffProfiles.use((repo) => repo.findByIdForUpdate(profile.id)))).toEqual(Option.some(profile))
      const member = Option.getOrThrow(await run(StaffDirectory.use((directory) => directory.findById(profile.id))))
      expect(member.roles).toEqual([
        { id: b!.id, name: b!.name, source: "MANUAL" },
        { id: a!.id, name: a!.name, source: "MANUAL" },
        { id: c!.id, name: c!.name, source: "PROVIDER" }
      ])
      const record = Option.getOrThrow(await run(SessionRecords.use((records) => records.findByTokenHash(session.tokenHash))))
      expect(record.staff).toEqual(profile)
      expect(record.staffRoles.map((role) => role.id)).toEqual([b!.id, a!.id, c!.id])

      // The hand grants replaced leave the sync's alone, and the other way round.
      const handChanged = { ...profile, roleIds: [], updatedAt: T1 }
      await run(StaffProfiles.use((repo) => repo.update(handChanged)))
      expect(await run(StaffProfiles.use((repo) => repo.findById(profile.id)))).toEqual(Option.some(handChanged))
      const { providerRoleIds: _gone, ...noGrants } = { ...handChanged, updatedAt: T2 }
      await run(StaffProfiles.use((repo) => repo.update(noGrants)))
      expect(await run(StaffProfiles.use((repo) => repo.findById(profile.id)))).toEqual(Option.some(noGrants))
      const emptied = Option.getOrThrow(await run(StaffDirectory.use((directory) => directory.findById(profile.id))))
      expect(emptied.roles).toEqual([])
    })

    it("sync candidates: active profiles of active accounts, with their identity ids", async () => {
      const active = anAccount()
      const suspended = anAccount({ status: "SUSPENDED" })
      const inactive = anAccount()
      const profiles = [aProfile(active.id), aProfile(suspended.id), aProfile(inactive.id, { active: false })]
      await run(Effect.gen(function*() {
        yield* Accounts.use((repo) => Effect.forEach([active, suspended, inactive], repo.insert, { discard: true }))
        yield* StaffProfiles.use((repo) => Effect.forEach(profiles, repo.insert, { discard: true }))
      }))
      const candidates = await run(StaffProfiles.use((repo) => repo.syncCandidates))
      expect(candidates).toContainEqual({ profileId: profiles[0]!.id, identityId: active.identity.id })
      expect(candidates.map((candidate) => candidate.profileId)).not.toContain(profiles[1]!.id)
      expect(candidates.map((candidate) => candidate.profileId)).not.toContain(profiles[2]!.id)
    })

    it("links: insert, the same pair refused, listed oldest first with the role's name, locked, removed", async () => {
      const [a, b] = await run(seedRoles(2))
      const admin = anAccount()
      await run(Accounts.use((repo) => repo.insert(admin)))
      const providerRoleId = String(Date.now()) + String(Math.floor(Math.random() * 1e6))
      const link = (roleId: RoleLink["roleId"], createdAt = T0): RoleLink => ({
        id: idOf(RoleLinkId, "link"),
        providerRoleId,
        roleId,
        createdAt,
        createdBy: admin.id
      })
      const first = link(a!.id)
      const second = link(b!.id, T1)
      expect(await run(RoleLinks.use((repo) => repo.insert(first)))).toBe(true)
      expect(await run(RoleLinks.use((repo) => repo.insert(second)))).toBe(true)
      expect(await run(RoleLinks.use((repo) => repo.insert({ ...link(a!.id), id: idOf(RoleLinkId, "dup") })))).toBe(false)
      const views = (await run(RoleLinks.use((repo) => repo.list({ limit: 100, offset: 0 })))).items.filter((view) => view.providerRoleId === providerRoleId)
      expect(views).toEqual([
        { id: first.id, providerRoleId, role: { id: a!.id, name: a!.name }, createdAt: T0, createdBy: admin.id },
        { id: second.id, providerRoleId, role: { id: b!.id, name: b!.name }, createdAt: T1, createdBy: admin.id }
      ])
      expect((await run(RoleLinks.use((repo) => repo.all))).filter((stored) => stored.providerRoleId === providerRoleId)).toEqual([first, second])
      expect(await run(RoleLinks.use((repo) => repo.findByIdForUpdate(first.id)))).toEqual(Option.some(views[0]))
      await run(RoleLinks.use((repo) => repo.remove(first.id)))
      expect(await run(RoleLinks.use((repo) => repo.findByIdForUpdate(first.id)))).toEqual(Option.none())
    })

    it("the lease: one holder at a time until it runs out or is given back; runs recorded, the last one read", async () => {
      const holderA = uid("holder")
      const holderB = uid("holder")
      const now = DateTime.makeUnsafe("2026-02-01T10:00:00Z")
      const until = DateTime.add(now, { minutes: 5 })
      // Claimed at once by two: exactly one gets it.
      const both = await Promise.all([
        run(RoleSyncRuns.use((runs) => runs.claim(holderA, now, until))),
        run(RoleSyncRuns.use((runs) => runs.claim(holderB, now, until)))
      ])
      expect(both.filter(Boolean)).toHaveLength(1)
      const [winner, loser] = both[0] ? [holderA, holderB] : [holderB, holderA]
      expect(await run(RoleSyncRuns.use((runs) => runs.claim(loser, DateTime.add(now, { minutes: 4 }), until)))).toBe(false)
      // The holder renews it.
      expect(await run(RoleSyncRuns.use((runs) => runs.claim(winner, now, DateTime.add(now, { minutes: 10 }))))).toBe(true)
      expect(await run(RoleSyncRuns.use((runs) => runs.claim(loser, DateTime.add(now, { minutes: 6 }), until)))).toBe(false)
      // Run out: another takes it.
      expect(await run(RoleSyncRuns.use((runs) => runs.claim(loser, DateTime.add(now, { minutes: 10 }), DateTime.add(now, { minutes: 15 }))))).toBe(true)
      // Given back by its holder only.
      await run(RoleSyncRuns.use((runs) => runs.release(winner)))
      expect(await run(RoleSyncRuns.use((runs) => runs.claim(winner, DateTime.add(now, { minutes: 11 }), until)))).toBe(false)
      await run(RoleSyncRuns.use((runs) => runs.release(loser)))
      expect(await run(RoleSyncRuns.use((runs) => runs.claim(winner, DateTime.add(now, { minutes: 11 }), until)))).toBe(true)
      await run(RoleSyncRuns.use((runs) => runs.release(winner)))

      const first = { startedAt: T0, finishedAt: T1, checked: 3, changed: 1, failed: 0, trigger: "SCHEDULE" as const }
      const second = { startedAt: T1, finishedAt: T2, checked: 4, changed: 0, failed: 2, trigger: "ON_DEMAND" as const }
      await run(RoleSyncRuns.use((runs) => runs.record(first)))
      await run(RoleSyncRuns.use((runs) => runs.record(second)))
      expect(await run(RoleSyncRuns.use((runs) => runs.last))).toEqual(Option.some(second))
    })
  })

contract("Postgres", async () => {
  const database = await freshDatabase()
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  const runtime = ManagedRuntime.make(Layer.mergeAll(PgIdentityRepositories, PgTransactor).pipe(Layer.provideMerge(client), Layer.orDie))
  await runtime.runPromise(runMigrations)
  return {
    run: (effect) => runtime.runPromise(effect),
    dispose: async () => {
      await runtime.dispose()
      await database.dispose()
    }
  }
})

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(
      SessionRecordsFromRepositories.pipe(Layer.provideMerge(InMemoryIdentityRepositories)),
      InMemoryRoleLinks,
      InMemoryRoleSyncRuns,
      InMemoryTransactor
    ).pipe(Layer.provideMerge(InMemoryDatabase.layer))
  )
  return { run: (effect) => runtime.runPromise(effect), dispose: () => runtime.dispose() }
})
