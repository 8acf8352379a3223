import {
  type CadChange,
  CadEventId,
  CadHistory,
  type Call,
  CallId,
  Calls,
  CrewDirectory,
  type CrewMembership,
  CrewMemberId,
  CrewMemberships,
  type Incident,
  IncidentId,
  Incidents,
  type Unit,
  UnitId,
  Units
} from "@bluelight/core/cad"
import { HandledGameEvents } from "@bluelight/core/game"
import { type Account, AccountId, Accounts, StaffProfileId, StaffProfiles } from "@bluelight/core/identity"
import { type IdBrand, Transactor } from "@bluelight/core/kernel"
import { InMemoryCadRepositories, InMemoryDatabase, InMemoryIdentityRepositories, InMemoryTransactor } from "@bluelight/core/testing"
import { layerPgClient, PgCadRepositories, PgIdentityRepositories, PgTransactor } from "@bluelight/adapters-pg/internal"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Clock, DateTime, Deferred, Effect, Layer, ManagedRuntime, Option, Redacted } from "effect"
import { freshDatabase } from "../../../../test/harness/database.js"
import { clockFixedAt } from "../fixedClock.js"

/** The CAD repository contract, run on Postgres and on the in-memory ports: the same cases, the same answers. */

type Ports = Units | Incidents | CrewMemberships | CrewDirectory | Calls | CadHistory | Accounts | StaffProfiles | Transactor | HandledGameEvents

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Ports>) => Promise<A>
  /** Resolves once a transaction waits for the lock on the game's call number (at once where transactions take turns anyway). */
  readonly waitingForGameCallNumber: (callNumber: number) => Promise<void>
  readonly dispose: () => Promise<void>
}

expect.addEqualityTesters([
  (a: unknown, b: unknown) => DateTime.isDateTime(a) && DateTime.isDateTime(b) ? DateTime.Equivalence(a, b) : undefined
])

let sequence = 0
const uid = (prefix: string) => `${prefix}-${(++sequence).toString(36)}-${Math.random().toString(36).slice(2, 8)}`
const idOf = <A extends string>(brand: IdBrand<A>, prefix: string): A => brand.make(uid(prefix))
const at = (iso: string) => DateTime.makeUnsafe(iso)
const T0 = at("2026-01-01T09:00:00.000Z")
const T1 = at("2026-01-02T09:00:00.000Z")
const PAGE = { limit: 100, offset: 0 }

/** The real clock with the time of day fixed at `iso`: what a port stamps with the clock, made at another time. */
const clockAt = (iso: string): Clock.Clock => clockFixedAt(at(iso).epochMilliseconds)

/** A waiting call from the game, numbered `number` by it, received at `createdAt`. */
const aGameCall = (number: number, createdAt: DateTime.Utc): Call => ({
  id: idOf(CallId, "game-call"),
  status: "WAITING",
  callerName: "Unknown caller",
  callerNumber: null,
  location: "Park Street, 218",
  description: "help",
  incidentId: null,
  closeReason: null,
  createdAt,
  updatedAt: createdAt,
  closedAt: null,
  source: "GAME",
  gameCallNumber: number
})

const aUnit = (overrides: Partial<Unit> = {}): Unit => ({
  id: idOf(UnitId, "unit"),
  callsign: uid("CS"),
  agencyCode: "MET",
  type: "RESPONSE",
  status: "OFF_DUTY",
  incidentId: null,
  version: 1,
  createdAt: T0,
  updatedAt: T0,
  ...overrides
})
const anIncident = (number: number, overrides: Partial<Incident> = {}): Incident => ({
  id: idOf(IncidentId, "inc"),
  number,
  status: "OPEN",
  priority: "IMMEDIATE",
  type: "RTC",
  location: "A1",
  description: "",
  controlNotes: "",
  version: 1,
  createdAt: T0,
  updatedAt: T0,
  closedAt: null,
  ...overrides
})
const anAccount = (displayName: string, overrides: Partial<Account> = {}): Account => {
  const id = idOf(AccountId, "acc")
  return {
    id,
    displayName,
    status: "ACTIVE",
    identity: { id: `idp-${id}`, username: `u-${id}`, avatar: null },
    platform: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides
  }
}
const withStaff = (account: Account, active = true) =>
  Effect.gen(function*() {
    yield* Accounts.use((repo) => repo.insert(account))
    const id = idOf(StaffProfileId, "staff")
    yield* StaffProfiles.use((repo) => repo.insert({ id, accountId: account.id, active, roleIds: [], createdAt: T0, updatedAt: T0 }))
    return id
  })
const membership = (unitId: UnitId, userId: AccountId, overrides: Partial<CrewMembership> = {}): CrewMembership => ({
  id: idOf(CrewMemberId, "crew"),
  unitId,
  userId,
  identifier: "42",
  joinedAt: T0,
  leftAt: null,
  ...overrides
})

const contract = (name: string, makeBackend: () => Promise<Backend>) =>
  describe(`CAD repositories: ${name}`, () => {
    let backend: Backend
    beforeAll(async () => {
      backend = await makeBackend()
    })
    afterAll(() => backend?.dispose())
    const run = <A, E>(effect: Effect.Effect<A, E, Ports>) => backend.run(effect)

    it("units: callsigns unique ignoring case, on insert and on update (the transaction stays usable); listed by callsign", async () => {
      await run(Effect.gen(function*() {
        const units = yield* Units
        const prefix = uid("zz")
        const b = aUnit({ callsign: `${prefix}-B` })
        const a = aUnit({ callsign: `${prefix}-a` })
        expect(yield* units.insert(b)).toBe(true)
        expect(yield* units.insert(a)).toBe(true)
        expect(yield* units.insert(aUnit({ callsign: `${prefix}-A` }))).toBe(false)
        const renamed = yield* Transactor.use((tx) =>
          tx.transaction(Effect.gen(function*() {
            const refused = yield* units.update({ ...b, callsign: `${prefix}-A`, version: 2 })
            const stored = yield* units.update({ ...b, status: "AVAILABLE", version: 2 })
            return [refused, stored]
          }))
        )
        expect(renamed).toEqual([false, true])
        expect(Option.getOrThrow(yield* units.findById(b.id))).toEqual({ ...b, status: "AVAILABLE", version: 2 })
        const listed = (yield* units.list(PAGE)).items.filter((unit) => unit.callsign.startsWith(prefix)).map((unit) => unit.callsign)
        expect(listed).toEqual([`${prefix}-a`, `${prefix}-B`])
      }))
    })

    it("units: a callsign that looks like another's (other-script letters, invisibles, full-width, case) is the same callsign", async () => {
      await run(Effect.gen(function*() {
        const units = yield* Units
        const prefix = uid("lk")
        const original = aUnit({ callsign: `${prefix}-LK5OC` })
        const other = aUnit({ callsign: `${prefix}-ARV1` })
        expect(yield* units.insert(original)).toBe(true)
        expect(yield* units.insert(other)).toBe(true)
        const alikes = [
          `${prefix}-LK5\u041eC`,
          `${prefix}-L\u039a5OC`,
          `${prefix}-LK5OC\u200b`,
          `${prefix}-\uff2c\uff2b\uff15\uff2f\uff23`,
          ` ${prefix.toUpperCase()}-lk5oc`
        ]
        for (const callsign of alikes) {
          expect(yield* units.insert(aUnit({ callsign })), JSON.stringify(callsign)).toBe(false)
          expect(yield* units.update({ ...other, callsign, version: 2 }), JSON.stringify(callsign)).toBe(false)
        }
        expect(Option.getOrThrow(yield* units.findById(other.id))).toEqual(other)
        expect(yield* units.insert(aUnit({ callsign: `${prefix}-LK50C` }))).toBe(true)
      }))
    })

    it("incidents: numbers increase; open by priority then number; closed newest first; units attending", async () => {
      await run(Effect.gen(function*() {
        const incidents = yield* Incidents
        const n1 = yield* incidents.nextNumber
        const n2 = yield* incidents.nextNumber
        expect(n2).toBeGreaterThan(n1)
        const low = anIncident(n1, { priority: "RESOLUTION" })
        const high = anIncident(n2, { priority: "IMMEDIATE" })
        const closed = anIncident(yield* incidents.nextNumber, { status: "CLOSED", closedAt: T1 })
        for (const incident of [low, high, closed]) yield* incidents.insert(incident)
        const open = (yield* incidents.list("OPEN", PAGE)).items.map((incident) => incident.id)
        expect(open.indexOf(high.id)).toBeLessThan(open.indexOf(low.id))
        expect(open).not.toContain(closed.id)
        expect((yield* incidents.list("CLOSED", PAGE)).items[0]).toEqual(closed)
        yield* incidents.update({ ...low, controlNotes: "noted", version: 2 })
        expect(Option.getOrThrow(yield* incidents.findById(low.id))).toMatchObject({ controlNotes: "noted", version: 2 })
        const units = yield* Units
        const attending = aUnit({ status: "ASSIGNED", incidentId: high.id })
        yield* units.insert(attending)
        expect((yield* units.attending(high.id)).map((unit) => unit.id)).toEqual([attending.id])
      }))
    })

    it("crew: one current membership per person; an ended one frees them; the directory shows people", async () => {
      await run(Effect.gen(function*() {
        const crew = yield* CrewMemberships
        const directory = yield* CrewDirectory
        const person = anAccount(uid("Crew Person"), { platform: { id: uid("p"), username: "InGame" } })
        const staffId = yield* withStaff(person)
        const one = aUnit()
        const two = aUnit()
        yield* Units.use((units) => Effect.all([units.insert(one), units.insert(two)]))
        const first = membership(one.id, person.id)
        expect(yield* crew.insert(first)).toBe(true)
        expect(yield* crew.insert(membership(two.id, person.id))).toBe(false)
        expect(Option.getOrThrow(yield* crew.currentOf(person.id))).toEqual(first)
        const [member] = yield* directory.crewOf([one.id, two.id])
        expect(member).toEqual({
          ...first,
          user: { id: person.id, displayName: person.displayName, identity: person.identity, platform: person.platform, staff: { id: staffId, active: true } }
        })
        yield* crew.update({ ...first, leftAt: T1 })
        expect(yield* crew.currentOfUnit(one.id)).toEqual([])
        expect(Option.getOrThrow(yield* directory.member(first.id)).leftAt).toEqual(T1)
        expect(yield* crew.insert(membership(two.id, person.id))).toBe(true)
        expect(Option.getOrThrow(yield* directory.person(person.id)).accountActive).toBe(true)
        expect(yield* directory.person(idOf(AccountId, "nobody"))).toEqual(Option.none())
      }))
    })

    it("eligible crew: active staff on active accounts, by display name ignoring case, searched", async () => {
      await run(Effect.gen(function*() {
        const tag = uid("qx")
        yield* withStaff(anAccount(`${tag} bravo`))
        yield* withStaff(anAccount(`${tag.toUpperCase()} Alpha`))
        yield* withStaff(anAccount(`${tag} inactive`), false)
        yield* withStaff(anAccount(`${tag} suspended`, { status: "SUSPENDED" }))
        yield* Accounts.use((repo) => repo.insert(anAccount(`${tag} member`)))
        const found = yield* CrewDirectory.use((directory) => directory.eligible(tag.toUpperCase(), PAGE))
        expect(found.items.map((user) => user.displayName)).toEqual([`${tag.toUpperCase()} Alpha`, `${tag} bravo`])
        const first = yield* CrewDirectory.use((directory) => directory.eligible(tag, { limit: 1, offset: 0 }))
        expect(first.meta).toEqual({ limit: 1, offset: 0, hasMore: true })
      }))
    })

    it("calls: waiting oldest first, the others newest first; those of an incident", async () => {
      await run(Effect.gen(function*() {
        const calls = yield* Calls
        const aCall = (overrides: Partial<Call>): Call => ({
          id: idOf(CallId, "call"),
          status: "WAITING",
          callerName: "Jo",
          callerNumber: null,
          location: "L",
          description: "D",
          incidentId: null,
          closeReason: null,
          createdAt: T0,
          updatedAt: T0,
          closedAt: null,
          source: "API",
          gameCallNumber: null,
          ...overrides
        })
        const older = aCall({ createdAt: at("2020-01-01T00:00:00.000Z") })
        const newer = aCall({ createdAt: at("2020-01-02T00:00:00.000Z") })
        yield* calls.insert(newer)
        yield* calls.insert(older)
        const waiting = (yield* calls.list("WAITING", PAGE)).items.map((call) => call.id)
        expect(waiting.indexOf(older.id)).toBeLessThan(waiting.indexOf(newer.id))
        yield* calls.update({ ...older, status: "CLOSED", closeReason: "Hoax", closedAt: T1 })
        expect((yield* calls.list("CLOSED", PAGE)).items.map((call) => call.id)).toContain(older.id)
        expect(Option.getOrThrow(yield* calls.findById(older.id)).closeReason).toBe("Hoax")
      }))
    })

    it("game calls: found by the game's call number, the newest first; a claim of a game event holds once", async () => {
      await run(Effect.gen(function*() {
        const calls = yield* Calls
        const number = 700_000 + Math.floor(Math.random() * 100_000)
        expect(Option.isNone(yield* Transactor.use((tx) => tx.transaction(calls.findByGameCallNumberForUpdate(number))))).toBe(true)
        const first = aGameCall(number, at("2020-01-01T00:00:00.000Z"))
        const again = aGameCall(number, at("2020-01-02T00:00:00.000Z"))
        yield* calls.insert(again)
        yield* calls.insert(first)
        const found = Option.getOrThrow(yield* Transactor.use((tx) => tx.transaction(calls.findByGameCallNumberForUpdate(number))))
        expect(found).toEqual(again)
        const key = `["srv-${number}","CustomCommand","1",1,{}]`
        const handled = yield* HandledGameEvents
        expect(yield* Transactor.use((tx) => tx.transaction(handled.claim(key)))).toBe(true)
        expect(yield* Transactor.use((tx) => tx.transaction(handled.claim(key)))).toBe(false)
        expect(yield* Transactor.use((tx) => tx.transaction(handled.claim(`${key} `)))).toBe(true)
      }))
    })

    it("game calls: a number is locked as it is looked up, with a call or none: who looks second waits, and finds what the first made", async () => {
      const number = 800_000 + Math.floor(Math.random() * 100_000)
      const call = aGameCall(number, T0)
      const inserted = Deferred.makeUnsafe<void>()
      const release = Deferred.makeUnsafe<void>()
      const first = run(Transactor.use((tx) =>
        tx.transaction(Effect.gen(function*() {
          const calls = yield* Calls
          const none = yield* calls.findByGameCallNumberForUpdate(number)
          yield* calls.insert(call)
          yield* Deferred.succeed(inserted, undefined)
          yield* Deferred.await(release)
          return none
        }))
      ))
      await Effect.runPromise(Deferred.await(inserted))
      const second = run(Transactor.use((tx) => tx.transaction(Calls.use((calls) => calls.findByGameCallNumberForUpdate(number)))))
      try {
        await backend.waitingForGameCallNumber(number)
      } finally {
        Effect.runSync(Deferred.succeed(release, undefined))
      }
      expect(Option.isNone(await first)).toBe(true)
      expect(Option.getOrThrow(await second)).toEqual(call)
    })

    it("game events: claims made before a cutoff are forgotten, later ones kept and still held", async () => {
      await run(Effect.gen(function*() {
        const handled = yield* HandledGameEvents
        const key = uid("forget")
        const claimAt = (iso: string, name: string) =>
          Transactor.use((tx) => tx.transaction(handled.claim(`${key}-${name}`))).pipe(Effect.provideService(Clock.Clock, clockAt(iso)))
        expect(yield* claimAt("2020-01-01T00:00:00.000Z", "old")).toBe(true)
        expect(yield* claimAt("2020-01-02T00:00:00.000Z", "at-the-cutoff")).toBe(true)
        expect(yield* claimAt("2020-01-03T00:00:00.000Z", "new")).toBe(true)
        const forget = Transactor.use((tx) => tx.transaction(handled.forgetBefore(at("2020-01-02T00:00:00.000Z"))))
        expect(yield* forget).toBe(1)
        expect(yield* forget).toBe(0)
        const claimNow = (name: string) => Transactor.use((tx) => tx.transaction(handled.claim(`${key}-${name}`)))
        expect(yield* claimNow("at-the-cutoff")).toBe(false)
        expect(yield* claimNow("new")).toBe(false)
        // Forgotten: the event could be claimed again (the webhook's window refuses a delivery that old long before).
        expect(yield* claimNow("old")).toBe(true)
        expect(yield* forget).toBe(0)
      }))
    })

    it("history: seq increases; read oldest first after a cursor, by incident or unit; actors shown", async () => {
      await run(Effect.gen(function*() {
        const history = yield* CadHistory
        const person = anAccount("History Person")
        yield* Accounts.use((repo) => repo.insert(person))
        const start = yield* history.latestSeq
        const incidentId = idOf(IncidentId, "inc")
        const unitId = idOf(UnitId, "unit")
        const append = (change: CadChange, actor: { type: "user" | "service"; id: string }) =>
          Transactor.use((tx) => tx.transaction(history.append({ ...change, id: idOf(CadEventId, "ev"), at: T0, actor })))
        const created = {
          type: "INCIDENT_CREATED",
          incidentId,
          unitId: null,
          callId: null,
          data: { number: 7, type: "Burglary", priority: "IMMEDIATE", location: "High Street", description: "", controlNotes: "" }
        } as const
        const assigned = {
          type: "UNIT_ASSIGNED",
          incidentId,
          unitId,
          callId: null,
          data: { callsign: "MP-1", incidentNumber: 7, from: "AVAILABLE", to: "ASSIGNED" }
        } as const
        const a = yield* append(created, { type: "user", id: person.id })
        const b = yield* append(assigned, { type: "service", id: "svc-1" })
        expect(a.seq).toBeGreaterThan(start)
        expect(b.seq).toBe(a.seq + 1)
        expect(yield* history.latestSeq).toBe(b.seq)
        const after = (yield* history.list({ after: start }, PAGE)).items
        expect(after.map((event) => event.seq)).toEqual([a.seq, b.seq])
        expect(after[0]).toEqual({
          id: a.id,
          seq: a.seq,
          type: "INCIDENT_CREATED",
          at: T0,
          actor: { id: person.id, displayName: "History Person" },
          incidentId,
          unitId: null,
          callId: null,
          data: created.data
        })
        expect(after[1]!.actor).toEqual({ serviceId: "svc-1" })
        expect(after[1]!.type === "UNIT_ASSIGNED" ? after[1]!.data : undefined).toEqual(assigned.data)
        expect((yield* history.list({ unitId }, PAGE)).items.map((event) => event.id)).toEqual([b.id])
        expect((yield* history.list({ incidentId, after: a.seq }, PAGE)).items.map((event) => event.id)).toEqual([b.id])
      }))
    })
  })

contract("Postgres", async () => {
  const database = await freshDatabase({ migrated: true })
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  const runtime = ManagedRuntime.make(Layer.mergeAll(PgCadRepositories, PgIdentityRepositories, PgTransactor).pipe(Layer.provideMerge(client), Layer.orDie))
  return {
    run: (effect) => runtime.runPromise(effect),
    // PGlite serves one connection: the second transaction waits for it, not for the lock.
    waitingForGameCallNumber: async (callNumber) => {
      if (database.kind === "pglite") return
      await expect.poll(async () =>
        (await database.query(
          `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          [callNumber]
        )).rows.length, { timeout: 10_000, interval: 20 }).toBe(1)
    },
    dispose: async () => {
      await runtime.dispose()
      await database.dispose()
    }
  }
})

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(InMemoryCadRepositories, InMemoryIdentityRepositories, InMemoryTransactor).pipe(Layer.provideMerge(InMemoryDatabase.layer))
  )
  // `InMemoryTransactor` runs one transaction at a time: the second waits for the first whatever it reads.
  return { run: (effect) => runtime.runPromise(effect), waitingForGameCallNumber: () => Promise.resolve(), dispose: () => runtime.dispose() }
})
