/**
 * The civilian repositories and read models, driven through the use cases:
 * the same cases on Postgres and on the in-memory ports, so both answer alike.
 */
import {
  addEndorsement,
  approveWarrant,
  changeCommunitySettings,
  changeVehicleStatuses,
  clearMarker,
  closeWarrant,
  createCivilian,
  createMarker,
  createRecord,
  getRecord,
  issueWarrant,
  listCivilianRecords,
  listMarkers,
  listWarrants,
  voidRecord,
  getOfficialCivilian,
  getOfficialLicence,
  getOwnCivilian,
  getVehicleRecord,
  issueLicence,
  listCivilians,
  listPncEvents,
  registerVehicle,
  rejectWarrant,
  removeEndorsement,
  searchCivilians,
  searchVehicles,
  suspendLicence,
  transferVehicle,
  updateCivilian
} from "@bluelight/core/civilians"
import { CivilianReads, VehicleReads } from "@bluelight/core/civilians"
import { type Account, AccountId, Accounts, type Permission, type Permitted, type UserCaller } from "@bluelight/core/identity"
import { accessNotChecked, testPorts } from "@bluelight/core/testing"
import { layerPgClient, PgAuditLog, PgCivilianRepositories, PgIdentityRepositories, PgTransactor, RandomIds, PgWebhooks } from "@bluelight/adapters-pg/internal"
import { OutboxLive } from "@bluelight/core/webhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DateTime, Effect, Exit, Layer, ManagedRuntime, Option, Redacted, Tracer } from "effect"
import { freshDatabase, type TestDatabase } from "../../../../test/harness/database.js"

type Ports = Layer.Success<ReturnType<typeof testPorts>>

/**
 * What the use cases need: the ports, and the proofs of access they require,
 * which `run` takes away unchecked (`accessNotChecked`): the suite is of the
 * repositories, while who may call each use case is the contract's rule.
 */
type Needs = Ports | Permitted<Permission>

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
  const now = DateTime.makeUnsafe("2026-01-01T00:00:00.000Z")
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
  Accounts.use((accounts) => Effect.forEach(callers, (c) => accounts.insert(c.account), { discard: true }))

const codeOf = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isSuccess(exit)
    ? "OK"
    : Option.match(Exit.findErrorOption(exit), { onNone: () => "DEFECT", onSome: (error) => (error as { code?: string }).code })

/**
 * Runs `effect` and answers how many SQL statements it executed: the client
 * opens one span of kind `client` a statement (named for the database).
 */
const statementsOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.tracer, (base) => {
    let statements = 0
    const counting = Tracer.make({
      span: (options) => {
        if (options.kind === "client") statements++
        return base.span(options)
      },
      context: base.context
    })
    return Effect.map(Effect.withTracer(effect, counting), (value) => ({ value, statements }))
  })

const character = (fullName: string) => ({ fullName, dateOfBirth: "1990-05-14", gender: "FEMALE", address: "1 High Street" } as const)

const contract = (name: string, makeBackend: () => Promise<Backend>) =>
  describe(`civilian repositories: ${name}`, () => {
    let backend: Backend | undefined
    const run = <A, E>(effect: Effect.Effect<A, E, Needs>) => {
      if (backend === undefined) throw new Error("the backend did not start")
      return backend.run(accessNotChecked(effect))
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
      expect(codeOf(await run(Effect.exit(removeEndorsement(officer, licence.id, added.endorsements[0]!.id, { reason: "Again" }))))).toBe(
        "ENDORSEMENT_NOT_ACTIVE"
      )
      const suspended = await run(suspendLicence(officer, licence.id, { reason: "Court" }))
      expect([suspended.status, suspended.suspendedUntil, suspended.suspensionReason]).toEqual(["SUSPENDED", null, "Court"])
      expect((await run(getOfficialLicence(licence.id))).status).toBe("SUSPENDED")
      expect((await run(getOwnCivilian(owner, created.id))).licence?.suspensionReason).toBe("Court")
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
      const exits = await Promise.all(
        spelled.map((plate) => run(Effect.exit(registerVehicle(owner, created.id, { plate, make: "Ford", model: "Ka", colour: "Red", type: "CAR" }))))
      )
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
      const officer = aCaller(["pnc.view", "pnc.vehicles.manage"])
      const manager = aCaller(["pnc.view", "civilians.manage"])
      await run(withAccounts(owner, other, officer, manager))
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
      await run(changeVehicleStatuses(officer, car.id, { reason: "Insurance lapsed", insuranceStatus: "UNINSURED" }))
      // Whether an entry is the owner's own change is stored with it: the owner's show to civilians.manage only.
      const events = await run(listPncEvents(manager, { vehicleId: car.id }, { limit: 25, offset: 0 }))
      expect(events.items.map((e) => e.type)).toEqual(["VEHICLE_STATUS_CHANGED", "KEEPER_CHANGED", "VEHICLE_REGISTERED"])
      const ownerPerson = { id: owner.account.id, displayName: owner.account.displayName }
      const officerPerson = { id: officer.account.id, displayName: officer.account.displayName }
      expect(events.items.map((e) => e.actor)).toEqual([officerPerson, ownerPerson, ownerPerson])
      expect(events.items[1]!.seq).toBeGreaterThan(events.items[2]!.seq)
      const seenByOfficer = await run(listPncEvents(officer, { vehicleId: car.id }, { limit: 25, offset: 0 }))
      expect(seenByOfficer.items.map((e) => e.actor)).toEqual([officerPerson, { owner: true }, { owner: true }])
      await run(updateCivilian(owner, from.id, { status: "INACTIVE" }))
      expect((await run(getOwnCivilian(owner, from.id))).status).toBe("INACTIVE")
    })

    it("records, warrants and markers show on every view, each in the file's one read", async () => {
      const owner = aCaller(MEMBER)
      const officer = aCaller(["pnc.view", "pnc.records.manage", "pnc.warrants.manage", "pnc.markers.manage"])
      await run(withAccounts(owner, officer))
      const created = await run(createCivilian(owner, character(`Gil ${uid("T")}`)))
      const licence = await run(issueLicence(owner, created.id, { categories: ["B"] }))
      const car = await run(registerVehicle(owner, created.id, { plate: uid("S").slice(0, 8), make: "Ford", model: "Fiesta", colour: "Red", type: "CAR" }))
      const occurredAt = DateTime.makeUnsafe("2026-01-02T03:04:05.000Z")
      const record = await run(createRecord(officer, {
        civilianId: created.id,
        type: "CITATION",
        title: "Speeding",
        description: "48 in a 30",
        location: "High Street",
        occurredAt,
        fineAmount: 100.5,
        points: 3,
        vehicleId: car.id
      }))
      expect(record.reference).toMatch(/^REC-\d{6,}$/)
      expect(record.fineAmount).toBe(100.5)
      expect(record.occurredAt).toEqual(occurredAt)
      expect(record.endorsement?.code).toBe("CIT")
      expect(record.recordedBy).toEqual({ id: officer.account.id, displayName: officer.account.displayName })
      expect(await run(getRecord(record.id))).toEqual(record)
      const secret = await run(createRecord(officer, {
        civilianId: created.id,
        type: "INTELLIGENCE",
        title: "Known associate",
        description: "Seen with dealers",
        location: "Docks",
        occurredAt
      }))
      expect(secret.disclosed).toBe(false)
      const warrant = await run(issueWarrant(officer, { civilianId: created.id, reason: "Failed to appear", details: "Court 3" }))
      expect(warrant.reference).toMatch(/^WAR-\d{6,}$/)
      const stolen = await run(createMarker(officer, { type: "STOLEN_VEHICLE", vehicleId: car.id, reason: "Reported stolen" }))
      const safety = await run(createMarker(officer, { type: "OFFICER_SAFETY", civilianId: created.id, reason: "Violent" }))
      expect(stolen.reference).toMatch(/^MRK-\d{6,}$/)

      const official = await run(getOfficialCivilian(officer, created.id))
      expect(official.markers.map((m) => m.id)).toEqual([safety.id])
      expect(official.warrants).toEqual([warrant])
      expect(official.counts).toEqual({ records: 2, warrants: 1, markers: 1 })
      expect(official.vehicles.map((v) => [v.stolen, v.alerts.markers])).toEqual([[true, 1]])
      expect(official.licence?.endorsements.map((e) => e.record)).toEqual([{ id: record.id, reference: record.reference }])
      const mine = await run(getOwnCivilian(owner, created.id))
      expect(mine.records.map((r) => [r.id, r.vehicle?.id, r.fineAmount])).toEqual([[record.id, car.id, 100.5]])
      const vehicle = await run(getVehicleRecord(car.id))
      expect([vehicle.stolen, vehicle.alerts.markers, vehicle.markers.map((m) => m.id)]).toEqual([true, 1, [stolen.id]])
      expect(vehicle.keeper?.alerts).toEqual({ markers: 1, warrants: 1 })
      expect(vehicle.counts).toEqual({ records: 1, markers: 1 })
      const listed = await run(listCivilianRecords(created.id, { limit: 25, offset: 0 }))
      expect(listed.items.map((r) => r.id).sort()).toEqual([record.id, secret.id].sort())
      expect((await run(listCivilianRecords(created.id, { limit: 1, offset: 0 }))).meta.hasMore).toBe(true)
      expect((await run(listWarrants({ civilianId: created.id, status: "ACTIVE" }, { limit: 25, offset: 0 }))).items.map((w) => w.id)).toEqual([warrant.id])
      expect((await run(listMarkers({ vehicleId: car.id, active: true }, { limit: 25, offset: 0 }))).items.map((m) => m.id)).toEqual([stolen.id])
      // The person's file and the vehicle's record, alerts and all, are one statement each (none in memory).
      const now = DateTime.nowUnsafe()
      const personRead = await run(statementsOf(CivilianReads.use((reads) => reads.findById(created.id, now))))
      const vehicleRead = await run(statementsOf(VehicleReads.use((reads) => reads.findById(car.id, now))))
      expect([personRead.statements, vehicleRead.statements]).toEqual(name === "Postgres" ? [1, 1] : [0, 0])
      expect([personRead.value._tag, vehicleRead.value._tag]).toEqual(["Some", "Some"])

      await run(voidRecord(officer, record.id, { reason: "Wrong car" }))
      expect((await run(getOfficialLicence(licence.id))).points).toBe(0)
      await run(clearMarker(officer, stolen.id, { reason: "Recovered" }))
      await run(closeWarrant(officer, warrant.id, { outcome: "WITHDRAWN", note: "Appeared" }))
      const after = await run(getVehicleRecord(car.id))
      expect([after.stolen, after.markers, after.keeper?.alerts]).toEqual([false, [], { markers: 1, warrants: 0 }])
      expect((await run(listMarkers({ vehicleId: car.id, active: false }, { limit: 25, offset: 0 }))).items.map((m) => m.clearedBy?.id)).toEqual([
        officer.account.id
      ])
      expect((await run(listWarrants({ civilianId: created.id, status: "WITHDRAWN" }, { limit: 25, offset: 0 }))).items[0]?.closeNote).toBe("Appeared")
    })

    it("a marker cleared and a warrant closed at once: exactly one each", async () => {
      const owner = aCaller(MEMBER)
      const officer = aCaller(["pnc.view", "pnc.warrants.manage", "pnc.markers.manage"])
      await run(withAccounts(owner, officer))
      const created = await run(createCivilian(owner, character(`Hal ${uid("S")}`)))
      const marker = await run(createMarker(officer, { type: "WANTED", civilianId: created.id, reason: "Wanted" }))
      const warrant = await run(issueWarrant(officer, { civilianId: created.id, reason: "Wanted" }))
      const clears = await Promise.all([0, 1, 2].map(() => run(Effect.exit(clearMarker(officer, marker.id, { reason: "Found" })))))
      expect(clears.map(codeOf).sort()).toEqual(["MARKER_NOT_ACTIVE", "MARKER_NOT_ACTIVE", "OK"])
      const closes = await Promise.all(
        (["EXECUTED", "WITHDRAWN", "EXECUTED"] as const).map((outcome) => run(Effect.exit(closeWarrant(officer, warrant.id, { outcome, note: "Done" }))))
      )
      expect(closes.map(codeOf).sort()).toEqual(["OK", "WARRANT_NOT_ACTIVE", "WARRANT_NOT_ACTIVE"])
      const events = await run(listPncEvents(officer, { civilianId: created.id }, { limit: 25, offset: 0 }))
      expect(events.items.filter((e) => e.type === "MARKER_CLEARED" || e.type === "WARRANT_CLOSED")).toHaveLength(2)
    })

    it("a warrant waiting for approval is in no view's one read; approving and rejecting it at once give one decision", async () => {
      const owner = aCaller(MEMBER)
      const requester = aCaller(["pnc.view", "pnc.warrants.manage"])
      const approver = aCaller(["pnc.view", "pnc.warrants.manage"])
      const other = aCaller(["pnc.view", "pnc.warrants.manage"])
      const admin = aCaller(["admin.manage"])
      await run(withAccounts(owner, requester, approver, other, admin))
      const created = await run(createCivilian(owner, character(`Ida ${uid("W")}`)))
      const car = await run(registerVehicle(owner, created.id, { plate: uid("W").slice(0, 8), make: "Ford", model: "Ka", colour: "Red", type: "CAR" }))
      await run(changeCommunitySettings(admin, { warrantsNeedApproval: true }))
      try {
        const requests = [
          await run(issueWarrant(requester, { civilianId: created.id, reason: "Failed to appear" })),
          await run(issueWarrant(requester, { civilianId: created.id, reason: "Failed to appear" }))
        ]
        expect(requests.map((w) => w.status)).toEqual(["PENDING_APPROVAL", "PENDING_APPROVAL"])
        const pendingFile = await run(getOfficialCivilian(requester, created.id))
        expect([pendingFile.warrants, pendingFile.counts.warrants]).toEqual([[], 0])
        expect((await run(getVehicleRecord(car.id))).keeper?.alerts.warrants).toBe(0)
        expect((await run(getOwnCivilian(owner, created.id))).identityLocked).toBe(false)
        expect((await run(listWarrants({ civilianId: created.id }, { limit: 25, offset: 0 }))).items).toEqual([])
        expect((await run(listWarrants({ civilianId: created.id, status: "PENDING_APPROVAL" }, { limit: 25, offset: 0 }))).items.map((w) => w.id).sort())
          .toEqual(requests.map((w) => w.id).sort())

        for (const warrant of requests) {
          const exits = await Promise.all([
            run(Effect.exit(approveWarrant(approver, warrant.id, { note: "Checked" }))),
            run(Effect.exit(rejectWarrant(other, warrant.id, { reason: "No grounds" }))),
            run(Effect.exit(approveWarrant(other, warrant.id, {}))),
            run(Effect.exit(rejectWarrant(approver, warrant.id, { reason: "No grounds" }))),
            run(Effect.exit(approveWarrant(requester, warrant.id, {})))
          ])
          expect(exits.map(codeOf).sort()).toEqual(["INVALID_STATE", "INVALID_STATE", "INVALID_STATE", "OK", "SELF_APPROVAL"])
        }
        const events = await run(listPncEvents(requester, { civilianId: created.id }, { limit: 25, offset: 0 }))
        const decided = events.items.filter((e) => e.type === "WARRANT_APPROVED" || e.type === "WARRANT_REJECTED")
        expect(decided.map((e) => e.data["reference"]).sort()).toEqual(requests.map((w) => w.reference).sort())

        const everything = [
          ...(await run(listWarrants({ civilianId: created.id }, { limit: 25, offset: 0 }))).items,
          ...(await run(listWarrants({ civilianId: created.id, status: "REJECTED" }, { limit: 25, offset: 0 }))).items
        ]
        expect(everything.map((w) => w.status).sort()).toEqual(decided.map((e) => (e.type === "WARRANT_APPROVED" ? "ACTIVE" : "REJECTED")).sort())
        const approved = everything.filter((w) => w.status === "ACTIVE")
        for (const warrant of everything) expect(warrant.decidedBy?.id === approver.account.id || warrant.decidedBy?.id === other.account.id).toBe(true)
        const file = await run(getOfficialCivilian(requester, created.id))
        expect([file.warrants.map((w) => w.id).sort(), file.counts.warrants]).toEqual([approved.map((w) => w.id).sort(), approved.length])
        expect((await run(getVehicleRecord(car.id))).keeper?.alerts.warrants).toBe(approved.length)
        expect((await run(getOwnCivilian(owner, created.id))).identityLocked).toBe(approved.length > 0)
      } finally {
        await run(changeCommunitySettings(admin, { warrantsNeedApproval: false }))
      }
    })
  })

contract("Postgres", async () => {
  const database: TestDatabase = await freshDatabase({ migrated: true })
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(PgCivilianRepositories, PgIdentityRepositories, PgTransactor, PgAuditLog, OutboxLive.pipe(Layer.provideMerge(PgWebhooks))).pipe(
      Layer.provideMerge(RandomIds),
      Layer.provideMerge(client),
      Layer.orDie
    )
  )
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
