/**
 * The civilian repositories and read models, driven through the use cases:
 * the same cases on Postgres and on the in-memory ports, so both answer alike.
 */
import {
  addEndorsement,
  changeVehicleStatuses,
  createCivilian,
  getOfficialCivilian,
  getOfficialLicence,
  getOwnCivilian,
  getVehicleRecord,
  issueLicence,
  listCivilians,
  listPncEvents,
  registerVehicle,
  removeEndorsement,
  searchCivilians,
  searchVehicles,
  suspendLicence,
  transferVehicle,
  updateCivilian
} from "@bluelight/core/civilians"
import { type Account, AccountId, Accounts, type Permission, type UserCaller } from "@bluelight/core/identity"
import { testPorts } from "@bluelight/core/testing"
import { layerPgClient, PgAuditLog, PgCivilianRepositories, PgIdentityRepositories, PgTransactor, RandomIds, runMigrations } from "@bluelight/adapters-pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DateTime, Effect, Exit, Layer, ManagedRuntime, Redacted } from "effect"
import { freshDatabase, type TestDatabase } from "../../../../test/harness/database.js"

type Ports = Layer.Layer.Success<ReturnType<typeof testPorts>>

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Ports>) => Promise<A>
  readonly dispose: () => Promise<void>
}

expect.addEqualityTesters([
  (a: unknown, b: unknown) => DateTime.isDateTime(a) && DateTime.isDateTime(b) ? DateTime.Equivalence(a, b) : undefined
])

let sequence = 0
const uid = (prefix: string) => `${prefix}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 8)}`

const MEMBER: ReadonlyArray<Permission> = ["civilians.create", "civilians.manage_own"]

const aCaller = (permissions: ReadonlyArray<Permission>): UserCaller => {
  const id = AccountId.make(uid("acc-"))
  const now = DateTime.unsafeMake("2026-01-01T00:00:00.000Z")
  const account: Account = {
    id,
    displayName: `Person ${id}`,
    status: "ACTIVE",
    identity: { id: `idp-${id}`, username: id, avatar: null },
    platform: null,
    createdAt: now,
    updatedAt: now
  }
  return {
    _tag: "User",
    account,
    session: { id: id as never, accountId: id, tokenHash: "h", createdAt: now, expiresAt: now, revokedAt: null, revokedReason: null, developerAccess: false },
    staff: null,
    roles: [],
    permissions: new Set(permissions),
    developerAccess: false
  }
}

const withAccounts = (...callers: ReadonlyArray<UserCaller>) =>
  Effect.flatMap(Accounts, (accounts) => Effect.forEach(callers, (c) => accounts.insert(c.account), { discard: true }))

const codeOf = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) && exit.cause._tag === "Fail" ? (exit.cause.error as { code?: string }).code : Exit.isSuccess(exit) ? "OK" : "DEFECT"

const character = (fullName: string) => ({ fullName, dateOfBirth: "1990-05-14", gender: "FEMALE", address: "1 High Street" } as const)

const contract = (name: string, makeBackend: () => Promise<Backend>) =>
  describe(`civilian repositories: ${name}`, () => {
    let backend: Backend | undefined
    const run = <A, E>(effect: Effect.Effect<A, E, Ports>) => {
      if (backend === undefined) throw new Error("the backend did not start")
      return backend.run(effect)
    }
    beforeAll(async () => {
      backend = await makeBackend()
    })
    afterAll(async () => {
      await backend?.dispose()
    })

    it("a character's whole file reads back through both views", async () => {
      const owner = aCaller(MEMBER)
      const officer = aCaller(["pnc.view", "pnc.licences.manage", "pnc.vehicles.manage"])
      const manager = aCaller(["civilians.manage"])
      const surname = uid("Zed")
      await run(withAccounts(owner, officer, manager))
      const created = await run(createCivilian(owner, { ...character(`Ann ${surname}`), phone: "0123", notes: "private" }))
      expect(created.reference).toMatch(/^CIV-\d{6,}$/)
      expect(created.dateOfBirth).toBe("1990-05-14")
      const licence = await run(issueLicence(owner, created.id, { categories: ["C", "B"] }))
      expect(licence.number).toMatch(/^ZED[A-Z9]{2}955140A9\d[A-Z]{2}$/)
      const plate = uid("P").toUpperCase().slice(0, 7)
      const car = await run(registerVehicle(owner, created.id, { plate: plate.toLowerCase(), make: "Ford", model: "Focus", colour: "Blue", type: "CAR" }))
      await run(addEndorsement(officer, licence.id, { code: "SP30", reason: "Speeding", points: 3 }))
      const official = await run(getOfficialCivilian(officer, created.id))
      expect(official.licence?.categories).toEqual(["B", "C"])
      expect(official.licence?.points).toBe(3)
      expect(official.licence?.endorsements[0]?.issuedBy).toEqual({ id: officer.account.id, displayName: officer.account.displayName })
      expect(official.vehicles.map((v) => [v.plate, v.keeper?.id])).toEqual([[plate, created.id]])
      expect("owner" in official).toBe(false)
      expect((await run(getOfficialCivilian(manager, created.id))).owner).toEqual({ id: owner.account.id, displayName: owner.account.displayName })
      const mine = await run(getOwnCivilian(owner, created.id))
      expect(mine.notes).toBe("private")
      expect(mine.identityLocked).toBe(true)
      expect(mine.vehicles.map((v) => v.id)).toEqual([car.id])
      expect((await run(listCivilians(owner, undefined, { limit: 25, offset: 0 }))).items.map((c) => c.id)).toEqual([created.id])
      expect((await run(searchCivilians(`${surname.toLowerCase()} ann`, { limit: 25, offset: 0 }))).items.map((c) => c.id)).toEqual([created.id])
      expect((await run(searchCivilians(created.reference.toLowerCase(), { limit: 25, offset: 0 }))).items.map((c) => c.id)).toEqual([created.id])
    })

    it("licences: status at reading, endorsement removal, suspension", async () => {
      const owner = aCaller(MEMBER)
      const officer = aCaller(["pnc.licences.manage"])
      await run(withAccounts(owner, officer))
      const created = await run(createCivilian(owner, character(`Bo ${uid("Y")}`)))
      const licence = await run(issueLicence(owner, created.id, { categories: ["B"] }))
      const added = await run(addEndorsement(officer, licence.id, { code: "CU80", reason: "Phone", points: 6 }))
      const removed = await run(removeEndorsement(officer, licence.id, added.endorsements[0]!.id, { reason: "Quashed" }))
      expect(removed.points).toBe(0)
      expect(removed.endorsements[0]?.removedBy?.id).toBe(officer.account.id)
      expect(codeOf(await run(Effect.exit(removeEndorsement(officer, licence.id, added.endorsements[0]!.id, { reason: "Again" }))))).toBe("ENDORSEMENT_NOT_ACTIVE")
      const suspended = await run(suspendLicence(officer, licence.id, { reason: "Court" }))
      expect([suspended.status, suspended.suspendedUntil]).toEqual(["SUSPENDED", null])
      expect((await run(getOfficialLicence(licence.id))).status).toBe("SUSPENDED")
      expect((await run(getOwnCivilian(owner, created.id))).licence?.endorsements).toEqual([])
    })

    it("two licences issued at once: exactly one", async () => {
      const owner = aCaller(MEMBER)
      await run(withAccounts(owner))
      const created = await run(createCivilian(owner, character(`Cy ${uid("X")}`)))
      const exits = await Promise.all([0, 1, 2].map(() => run(Effect.exit(issueLicence(owner, created.id, { categories: ["B"] })))))
      expect(exits.map(codeOf).sort()).toEqual(["LICENCE_EXISTS", "LICENCE_EXISTS", "OK"])
    })

    it("plates: unique ignoring spaces, hyphens and case, also at once; free again once scrapped", async () => {
      const owner = aCaller(MEMBER)
      const officer = aCaller(["pnc.vehicles.manage"])
      await run(withAccounts(owner, officer))
      const created = await run(createCivilian(owner, character(`Di ${uid("W")}`)))
      const key = uid("Q").toUpperCase().slice(0, 6)
      const spelled = [`${key.slice(0, 3)} ${key.slice(3)}`, `${key.slice(0, 2)}-${key.slice(2)}`.toLowerCase(), key]
      const exits = await Promise.all(spelled.map((plate) =>
        run(Effect.exit(registerVehicle(owner, created.id, { plate, make: "Ford", model: "Ka", colour: "Red", type: "CAR" })))))
      expect(exits.map(codeOf).sort()).toEqual(["OK", "PLATE_TAKEN", "PLATE_TAKEN"])
      const first = exits.find(Exit.isSuccess)!.value
      expect(codeOf(await run(Effect.exit(changeVehicleStatuses(officer, first.id, { reason: "Same", registrationStatus: "REGISTERED" }))))).toBe("NO_CHANGE")
      await run(changeVehicleStatuses(officer, first.id, { reason: "Scrapped", registrationStatus: "SCRAPPED" }))
      const second = await run(registerVehicle(owner, created.id, { plate: key, make: "Ford", model: "Ka", colour: "Red", type: "CAR" }))
      expect(codeOf(await run(Effect.exit(changeVehicleStatuses(officer, first.id, { reason: "Back", registrationStatus: "REGISTERED" }))))).toBe("PLATE_TAKEN")
      const found = await run(searchVehicles(key.slice(1, 5).toLowerCase(), { limit: 25, offset: 0 }))
      expect(found.items.map((v) => v.id).sort()).toEqual([first.id, second.id].sort())
      const everything = await run(searchVehicles("", { limit: 100, offset: 0 }))
      expect(everything.items.map((v) => v.id)).toEqual(expect.arrayContaining([first.id, second.id]))
      const plates = everything.items.map((v) => v.plate)
      expect(plates).toEqual([...plates].sort())
    })

    it("the vehicle record: keeper chain, licence, transfer, history", async () => {
      const owner = aCaller(MEMBER)
      const other = aCaller(MEMBER)
      await run(withAccounts(owner, other))
      const from = await run(createCivilian(owner, character(`Ed ${uid("V")}`)))
      const to = await run(createCivilian(other, character(`Flo ${uid("U")}`)))
      const licence = await run(issueLicence(other, to.id, { categories: ["B"] }))
      const car = await run(registerVehicle(owner, from.id, { plate: uid("R").slice(0, 8), make: "Vauxhall", model: "Corsa", colour: "Grey", type: "CAR" }))
      await run(transferVehicle(owner, from.id, car.id, { toReference: to.reference }))
      const record = await run(getVehicleRecord(car.id))
      expect(record.keeper?.id).toBe(to.id)
      expect(record.keeper?.licence).toEqual({ number: licence.number, status: "VALID" })
      expect(record.keepers.map((k) => [k.civilian.id, k.endedAt === null])).toEqual([[to.id, true], [from.id, false]])
      expect(record.counts).toEqual({ records: 0, markers: 0 })
      const events = await run(listPncEvents({ vehicleId: car.id }, { limit: 25, offset: 0 }))
      expect(events.items.map((e) => e.type)).toEqual(["KEEPER_CHANGED", "VEHICLE_REGISTERED"])
      expect(events.items[0]?.actor).toEqual({ id: owner.account.id, displayName: owner.account.displayName })
      expect(events.items[0]!.seq).toBeGreaterThan(events.items[1]!.seq)
      await run(updateCivilian(owner, from.id, { status: "INACTIVE" }))
      expect((await run(getOwnCivilian(owner, from.id))).status).toBe("INACTIVE")
    })
  })

contract("Postgres", async () => {
  const database: TestDatabase = await freshDatabase()
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(PgCivilianRepositories, PgIdentityRepositories, PgTransactor, PgAuditLog).pipe(
      Layer.provideMerge(RandomIds),
      Layer.provideMerge(client),
      Layer.orDie
    )
  )
  await runtime.runPromise(runMigrations)
  return {
    run: (effect) => runtime.runPromise(effect as Effect.Effect<never, never, never>),
    dispose: async () => {
      await runtime.dispose()
      await database.dispose()
    }
  }
})

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(testPorts())
  return { run: (effect) => runtime.runPromise(effect), dispose: () => runtime.dispose() }
})
