import { type Account, AccountId, Accounts, type StaffProfile, StaffProfileId, StaffProfiles } from "@bluelight/core/identity"
import { Transactor } from "@bluelight/core/kernel"
import { type RoleplaySession, RoleplaySessionId, RoleplaySessions, type Shift, ShiftId, Shifts, ShiftSummaries } from "@bluelight/core/shifts"
import { InMemoryDatabase, InMemoryIdentityRepositories, InMemoryShiftsRepositories, InMemoryTransactor } from "@bluelight/core/testing"
import { layerPgClient, PgIdentityRepositories, PgShiftsRepositories, PgTransactor } from "@bluelight/adapters-pg/internal"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Cause, DateTime, Effect, Exit, Layer, ManagedRuntime, Option, Redacted } from "effect"
import { freshDatabase, type TestDatabase } from "../../../../test/harness/database.js"

type Ports = Accounts | StaffProfiles | Shifts | ShiftSummaries | RoleplaySessions | Transactor

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Ports>) => Promise<A>
  readonly dispose: () => Promise<void>
}

expect.addEqualityTesters([
  (a: unknown, b: unknown) => DateTime.isDateTime(a) && DateTime.isDateTime(b) ? DateTime.Equivalence(a, b) : undefined
])

let sequence = 0
const uid = (prefix: string) => `${prefix}-${(++sequence).toString(36)}-${Math.random().toString(36).slice(2, 8)}`
const at = (iso: string) => DateTime.makeUnsafe(iso)
const T0 = at("2026-01-01T00:00:00.000Z")
const PAGE = { limit: 100, offset: 0 }

/** A stored account with an active staff profile: the profile's id. */
const aProfile = Effect.gen(function*() {
  const account: Account = {
    id: AccountId.make(uid("acc")),
    displayName: "Staff",
    status: "ACTIVE",
    identity: { id: uid("idp"), username: "staff", avatar: null },
    platform: null,
    createdAt: T0,
    updatedAt: T0
  }
  yield* (yield* Accounts).insert(account)
  const profile: StaffProfile = { id: StaffProfileId.make(uid("staff")), accountId: account.id, active: true, roleIds: [], createdAt: T0, updatedAt: T0 }
  yield* (yield* StaffProfiles).insert(profile)
  return profile.id
})

const aShift = (staffId: StaffProfileId, startedAt: string, endedAt: string | null, type: Shift["type"] = "PATROL"): Shift => ({
  id: ShiftId.make(uid("shift")),
  staffId,
  type,
  source: "MANUAL",
  startedAt: at(startedAt),
  endedAt: endedAt === null ? null : at(endedAt)
})

const insert = (...shifts: ReadonlyArray<Shift>) => Shifts.use((repo) => Effect.forEach(shifts, (shift) => repo.insert(shift)))

const contract = (name: string, makeBackend: () => Promise<Backend>) =>
  describe(`shifts repositories: ${name}`, () => {
    let backend: Backend
    const run = <A, E>(effect: Effect.Effect<A, E, Ports>) => backend.run(effect)
    beforeAll(async () => {
      backend = await makeBackend()
    })
    afterAll(() => backend?.dispose())

    it("store a shift, find it, and hold one active shift per profile", async () => {
      const staffId = await run(aProfile)
      const first = aShift(staffId, "2026-01-01T10:00:00.000Z", null)
      const second = aShift(staffId, "2026-01-01T11:00:00.000Z", null)
      expect(await run(insert(first, second))).toEqual([true, false])
      expect(await run(Shifts.use((repo) => repo.findById(first.id)))).toEqual(Option.some(first))
      expect(await run(Shifts.use((repo) => repo.findById(second.id)))).toEqual(Option.none())
      expect(await run(Shifts.use((repo) => repo.findActiveForUpdate(staffId)))).toEqual(Option.some(first))
      const ended = { ...first, endedAt: at("2026-01-01T10:30:00.123Z") }
      await run(Shifts.use((repo) => repo.update(ended)))
      expect(await run(Shifts.use((repo) => repo.findByIdForUpdate(first.id)))).toEqual(Option.some(ended))
      expect(await run(Shifts.use((repo) => repo.findActiveForUpdate(staffId)))).toEqual(Option.none())
      expect(await run(insert(second))).toEqual([true])
    })

    it("list newest first, filtered by profile and status, paged", async () => {
      const staffId = await run(aProfile)
      const old = aShift(staffId, "2026-01-02T10:00:00.000Z", "2026-01-02T11:00:00.000Z")
      const mid = aShift(staffId, "2026-01-03T10:00:00.000Z", "2026-01-03T11:00:00.000Z")
      const active = aShift(staffId, "2026-01-04T10:00:00.000Z", null)
      await run(insert(old, mid, active))
      const list = (filter: Parameters<(typeof Shifts)["Service"]["list"]>[0], page = PAGE) => run(Shifts.use((repo) => repo.list(filter, page)))
      expect((await list({ staffId })).items).toEqual([active, mid, old])
      expect((await list({ staffId, status: "ACTIVE" })).items).toEqual([active])
      expect((await list({ staffId, status: "ENDED" })).items).toEqual([mid, old])
      expect(await list({ staffId }, { limit: 1, offset: 1 })).toEqual({ items: [mid], meta: { limit: 1, offset: 1, hasMore: true } })
    })

    it("sum time per profile and type within a range, clipping each shift, an active one up to now", async () => {
      const a = await run(aProfile)
      const b = await run(aProfile)
      await run(insert(
        aShift(a, "2026-01-31T23:00:00.000Z", "2026-02-01T01:00:00.500Z"),
        aShift(a, "2026-01-31T20:00:00.000Z", "2026-01-31T20:00:00.700Z", "CONTROL"),
        aShift(b, "2026-01-31T12:00:00.000Z", "2026-01-31T22:00:00.000Z"),
        aShift(b, "2026-02-01T00:30:00.000Z", null, "MODERATION")
      ))
      const totals = (from: string, to: string, now: string, staffId?: StaffProfileId, page = PAGE) =>
        run(ShiftSummaries.use((repo) => repo.totals({ from: at(from), to: at(to), now: at(now), staffId }, page)))
      const mine = (result: Awaited<ReturnType<typeof totals>>) => result.items.filter((total) => total.staffId === a || total.staffId === b)
      // January: a's PATROL 1 h before midnight, a's 0.7 s CONTROL (0 whole seconds), b's 10 h PATROL.
      expect(mine(await totals("2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z", "2026-02-01T02:00:00Z"))).toEqual([
        { staffId: b, type: "PATROL", totalSeconds: 36000, shifts: 1 },
        { staffId: a, type: "PATROL", totalSeconds: 3600, shifts: 1 },
        { staffId: a, type: "CONTROL", totalSeconds: 0, shifts: 1 }
      ])
      // February: a's hour after midnight (and half a second), b's active MODERATION up to now.
      const february = mine(await totals("2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z", "2026-02-01T02:00:00Z"))
      expect(february).toEqual([
        { staffId: b, type: "MODERATION", totalSeconds: 5400, shifts: 1 },
        { staffId: a, type: "PATROL", totalSeconds: 3600, shifts: 1 }
      ].sort((x, y) => y.totalSeconds - x.totalSeconds || (x.staffId < y.staffId ? -1 : 1)))
      // The whole range: a's PATROL sums both halves, milliseconds before rounding down.
      expect((await totals("2026-01-01T00:00:00Z", "2026-03-01T00:00:00Z", "2026-02-01T02:00:00Z", a)).items).toEqual([
        { staffId: a, type: "PATROL", totalSeconds: 7200, shifts: 1 },
        { staffId: a, type: "CONTROL", totalSeconds: 0, shifts: 1 }
      ])
      // `to` exclusive, `from` inclusive; nothing before a shift starts or after it ends.
      expect((await totals("2026-02-01T01:00:00.500Z", "2026-02-02T00:00:00Z", "2026-02-01T02:00:00Z", a)).items).toEqual([])
      expect((await totals("2026-01-01T00:00:00Z", "2026-01-31T20:00:00Z", "2026-02-01T02:00:00Z", a)).items).toEqual([])
      const paged = await totals("2026-01-01T00:00:00Z", "2026-03-01T00:00:00Z", "2026-02-01T02:00:00Z", a, { limit: 1, offset: 0 })
      expect(paged.meta).toEqual({ limit: 1, offset: 0, hasMore: true })
    })

    it("store role-play sessions, move them, and list the newest created first (not by schedule), by status", async () => {
      const host = await run(aProfile)
      const session = (title: string, scheduledFor: string, createdAt: string): RoleplaySession => ({
        id: RoleplaySessionId.make(uid("rp")),
        title,
        description: null,
        status: "SCHEDULED",
        scheduledFor: at(scheduledFor),
        hostId: host,
        startedAt: null,
        endedAt: null,
        cancelledAt: null,
        createdAt: at(createdAt),
        updatedAt: at(createdAt)
      })
      // Scheduled for the earlier evening, but created after the other.
      const early = session("Early", "2030-01-01T19:00:00.000Z", "2029-12-02T10:00:00.000Z")
      const late = session("Late", "2030-01-02T19:00:00.000Z", "2029-12-01T10:00:00.000Z")
      await run(RoleplaySessions.use((repo) => Effect.all([repo.insert(early), repo.insert(late)])))
      const live = {
        ...early,
        status: "LIVE" as const,
        description: "Now with notes",
        startedAt: at("2030-01-01T19:05:00.000Z"),
        updatedAt: at("2030-01-01T19:05:00.000Z")
      }
      await run(RoleplaySessions.use((repo) => repo.update(live)))
      expect(await run(RoleplaySessions.use((repo) => repo.findByIdForUpdate(early.id)))).toEqual(Option.some(live))
      const scheduled = await run(RoleplaySessions.use((repo) => repo.list({ status: "SCHEDULED" }, PAGE)))
      expect(scheduled.items.filter((item) => item.hostId === host)).toEqual([late])
      const all = await run(RoleplaySessions.use((repo) => repo.list({}, PAGE)))
      expect(all.items.filter((item) => item.hostId === host)).toEqual([live, late])
    })
  })

/** The Postgres repositories over a fresh database, migrated (`freshDatabase({ migrated: true })`). */
const pgRuntime = (database: TestDatabase) => {
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  return ManagedRuntime.make(
    Layer.mergeAll(PgIdentityRepositories, PgShiftsRepositories, PgTransactor).pipe(Layer.provideMerge(client), Layer.orDie)
  )
}

contract("Postgres", async () => {
  const database = await freshDatabase({ migrated: true })
  const runtime = pgRuntime(database)
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
    Layer.mergeAll(InMemoryIdentityRepositories, InMemoryShiftsRepositories, InMemoryTransactor).pipe(Layer.provideMerge(InMemoryDatabase.layer))
  )
  return { run: (effect) => runtime.runPromise(effect), dispose: () => runtime.dispose() }
})

describe("shifts on Postgres only", () => {
  let runtime: ReturnType<typeof pgRuntime>
  let dispose: () => Promise<void>
  beforeAll(async () => {
    const database = await freshDatabase({ migrated: true })
    runtime = pgRuntime(database)
    dispose = async () => {
      await runtime.dispose()
      await database.dispose()
    }
  })
  afterAll(() => dispose?.())

  it("two active shifts racing in separate transactions: the partial unique index keeps one", async () => {
    const staffId = await runtime.runPromise(aProfile)
    const attempts = Array.from({ length: 8 }, (_, i) => aShift(staffId, `2026-01-01T10:00:0${i}.000Z`, null))
    const results = await Promise.all(
      attempts.map((shift) => runtime.runPromise(Transactor.use((tx) => tx.transaction(Shifts.use((repo) => repo.insert(shift))))))
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    const active = await runtime.runPromise(Shifts.use((repo) => repo.list({ staffId }, PAGE)))
    expect(active.items).toHaveLength(1)
  })

  it("refuse a shift of an unknown profile, as a defect", async () => {
    const exit = await runtime.runPromise(Effect.exit(insert(aShift(StaffProfileId.make("nobody"), "2026-01-01T10:00:00.000Z", null))))
    expect(Exit.isFailure(exit) && Cause.hasDies(exit.cause)).toBe(true)
  })
})
