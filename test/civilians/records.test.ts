/**
 * Black-box tests of PNC records, warrants and markers against the real
 * server and database: every view they show on, their bounds and hostile
 * input, access, history and audit, racing changes, and time moving past an
 * expiry (the test clock hook).
 */
import type { MarkerView, RecordView, WarrantView } from "@bluelight/core/civilians"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type JsonObject, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { advanceClock, issueCredential, type Session, staffMember } from "../harness/identity.js"
import {
  type CivilianData,
  createCharacter,
  get,
  issueLicenceFor,
  ok,
  type OfficialLicenceData,
  registerVehicleFor,
  send,
  startWorld,
  type World
} from "./world.js"

let world: World
let recorder: Session
let credential: string
beforeAll(async () => {
  world = await startWorld("records")
  recorder = (await staffMember(world.server, world.admin, { id: "records-recorder", displayName: "PC Recorder" }, [
    "pnc.view",
    "pnc.records.manage",
    "pnc.warrants.manage",
    "pnc.markers.manage"
  ])).session
  credential = (await issueCredential(world.server, world.admin, {
    name: "Records bot",
    scopes: ["pnc.view", "pnc.records.manage", "pnc.warrants.manage", "pnc.markers.manage"]
  })).token
})
afterAll(() => world?.server.stop())

/** A record, a marker and a warrant as the PNC sends them. */
type RecordData = typeof RecordView.Encoded
type MarkerData = typeof MarkerView.Encoded
type WarrantData = typeof WarrantView.Encoded

const RECORD_KEYS = [
  "charges",
  "civilian",
  "closeReason",
  "closedAt",
  "closedBy",
  "createdAt",
  "description",
  "disclosed",
  "endorsement",
  "fineAmount",
  "id",
  "location",
  "occurredAt",
  "points",
  "recordedBy",
  "reference",
  "status",
  "title",
  "type",
  "updatedAt",
  "vehicle"
]
const OWNER_RECORD_KEYS = ["description", "fineAmount", "id", "location", "occurredAt", "points", "reference", "status", "title", "type", "vehicle"]
const MARKER_KEYS = [
  "active",
  "civilian",
  "clearReason",
  "clearedAt",
  "clearedBy",
  "createdAt",
  "details",
  "expiresAt",
  "id",
  "issuedBy",
  "reason",
  "reference",
  "type",
  "vehicle"
]
const WARRANT_KEYS = [
  "civilian",
  "closeNote",
  "closedAt",
  "closedBy",
  "decidedAt",
  "decidedBy",
  "decisionNote",
  "details",
  "expiresAt",
  "id",
  "issuedAt",
  "issuedBy",
  "reason",
  "reference",
  "requestedAt",
  "requestedBy",
  "status",
  "updatedAt"
]

/** The server's clock now (it may have been moved by the clock hook). */
const serverNow = () => advanceClock(world.server, 0)
const iso = (millis: number) => new Date(millis).toISOString()

const citation = (civilianId: string, overrides: JsonObject = {}): JsonObject => ({
  civilianId,
  type: "CITATION",
  title: "Speeding",
  description: "48 in a 30 zone",
  location: "High Street",
  occurredAt: "2026-01-02T03:04:05.000Z",
  ...overrides
})

const createRecord = async (body: JsonObject) => ok<RecordData>(await send(world, recorder, "POST", "/api/pnc/records", body), 201)
const official = (id: string) => get(world, world.officer, `/api/pnc/civilians/${id}`).then((reply) => ok<JsonObject>(reply))

describe("records", () => {
  it("with points against a licence holder: endorsed in the same change, linked both ways; every view shows it", async () => {
    const civilian = await createCharacter(world, world.alice)
    const licence = await issueLicenceFor(world, world.alice, civilian.id)
    const car = await registerVehicleFor(world, world.alice, civilian.id)
    const record = await createRecord(citation(civilian.id, { points: 3, fineAmount: 100.5, vehicleId: car.id, endorsementCode: "SP30" }))
    expect(Object.keys(record).sort()).toEqual(RECORD_KEYS)
    expect(record).toMatchObject({
      type: "CITATION",
      status: "OPEN",
      disclosed: true,
      points: 3,
      fineAmount: 100.5,
      vehicle: { id: car.id, plate: car.plate },
      civilian: { id: civilian.id, reference: civilian.reference, fullName: civilian.fullName },
      recordedBy: { displayName: "PC Recorder" },
      closedAt: null,
      closedBy: null,
      closeReason: null
    })
    expect(record.reference).toMatch(/^REC-\d{6,}$/)
    expect(record.endorsement?.code).toBe("SP30")
    const view = ok<OfficialLicenceData>(await get(world, world.officer, `/api/pnc/licences/${licence.id}`))
    expect(view.points).toBe(3)
    expect(view.endorsements[0]).toMatchObject({ id: record.endorsement?.id, code: "SP30", points: 3, record: { id: record.id, reference: record.reference } })
    const expires = Date.parse(String(view.endorsements[0]!["expiresAt"]))
    const created = Date.parse(String(view.endorsements[0]!["createdAt"]))
    expect(new Date(expires).getUTCFullYear() - new Date(created).getUTCFullYear()).toBe(3)
    expect(ok<RecordData>(await get(world, credential, `/api/pnc/records/${record.id}`))).toEqual(record)
    const listed = listOf<RecordData>(await get(world, credential, `/api/pnc/civilians/${civilian.id}/records`))
    expect(listed.data.map((r) => r.id)).toEqual([record.id])
    expect(listed.data[0]!["recordedBy"]).toEqual(record["recordedBy"])
    const person = await official(civilian.id)
    expect(person["counts"]).toEqual({ records: 1, warrants: 0, markers: 0 })
    const events = listOf<JsonObject>(await get(world, world.officer, `/api/pnc/events?civilianId=${civilian.id}&limit=2`)).data
    expect(events.map((e) => e["type"])).toEqual(["ENDORSEMENT_ADDED", "RECORD_CREATED"])
  })

  it("with points and no licence: the record is kept, nothing endorsed; the identity locks", async () => {
    const civilian = await createCharacter(world, world.alice)
    expect(civilian.identityLocked).toBe(false)
    const record = await createRecord(citation(civilian.id, { points: 6 }))
    expect([record.points, record.endorsement]).toEqual([6, null])
    const mine = ok<CivilianData>(await get(world, world.alice, `/api/civilians/${civilian.id}`))
    expect(mine.identityLocked).toBe(true)
    expectError(await send(world, world.alice, "PATCH", `/api/civilians/${civilian.id}`, { fullName: "Someone Else" }), 409, "INVALID_STATE")
  })

  it("the owner sees disclosed records only, with exactly the listed fields and never who recorded them", async () => {
    const civilian = await createCharacter(world, world.alice)
    const shown = await createRecord(citation(civilian.id, { fineAmount: 60 }))
    const intelligence = await createRecord(citation(civilian.id, { type: "INTELLIGENCE", title: "Known associate" }))
    expect(intelligence.disclosed).toBe(false)
    await createRecord(citation(civilian.id, { disclosed: false, title: "Kept back" }))
    const mine = ok<JsonObject & { records: Array<JsonObject> }>(await get(world, world.alice, `/api/civilians/${civilian.id}`))
    expect(mine.records.map((r) => r["id"])).toEqual([shown.id])
    expect(Object.keys(mine.records[0]!).sort()).toEqual(OWNER_RECORD_KEYS)
    expect(mine.records[0]).toMatchObject({ reference: shown.reference, fineAmount: 60, points: 0, vehicle: null })
    expect(JSON.stringify(mine)).not.toContain("PC Recorder")
    expect(listOf(await get(world, world.officer, `/api/pnc/civilians/${civilian.id}/records`)).data).toHaveLength(3)
    expect((await official(civilian.id))["counts"]).toEqual({ records: 3, warrants: 0, markers: 0 })
  })

  it("close or void an open record once, with a reason; voiding takes its endorsement off", async () => {
    const civilian = await createCharacter(world, world.alice)
    const licence = await issueLicenceFor(world, world.alice, civilian.id)
    const closing = await createRecord(citation(civilian.id))
    const closed = ok<RecordData>(await send(world, recorder, "POST", `/api/pnc/records/${closing.id}/close`, { reason: "Fine paid" }))
    expect(closed).toMatchObject({ status: "CLOSED", closeReason: "Fine paid", closedBy: { displayName: "PC Recorder" } })
    expectError(await send(world, recorder, "POST", `/api/pnc/records/${closing.id}/void`, { reason: "Too late" }), 409, "INVALID_STATE")
    const voiding = await createRecord(citation(civilian.id, { points: 4 }))
    expect(ok<OfficialLicenceData>(await get(world, world.officer, `/api/pnc/licences/${licence.id}`)).points).toBe(4)
    expect(ok<RecordData>(await send(world, recorder, "POST", `/api/pnc/records/${voiding.id}/void`, { reason: "Wrong person" })).status).toBe("VOID")
    expect(ok<OfficialLicenceData>(await get(world, world.officer, `/api/pnc/licences/${licence.id}`)).points).toBe(0)
    expectError(await send(world, recorder, "POST", `/api/pnc/records/${voiding.id}/close`, { reason: "Again" }), 409, "INVALID_STATE")
    expectError(await send(world, recorder, "POST", "/api/pnc/records/nothing/close", { reason: "Missing" }), 404, "NOT_FOUND")
    const types = listOf<JsonObject>(await get(world, world.officer, `/api/pnc/events?civilianId=${civilian.id}&limit=3`)).data.map((e) => e["type"])
    expect(types).toEqual(["ENDORSEMENT_REMOVED", "RECORD_VOIDED", "ENDORSEMENT_ADDED"])
    const audit = listOf<{ action: string }>(await get(world, world.admin, `/api/audit?targetId=${voiding.id}`)).data.map((e) => e.action)
    expect(audit.sort()).toEqual(["pnc.record.created", "pnc.record.voided"])
  })

  it("refuses bad input, each with its path: unknown properties, wrong types, bounds, hostile strings", async () => {
    const civilian = await createCharacter(world, world.alice)
    const now = await serverNow()
    const bad: Array<[JsonObject, ReadonlyArray<string>]> = [
      [citation(civilian.id, { recordedBy: "someone" }), ["recordedBy"]],
      [citation(civilian.id, { type: "PARKING" }), ["type"]],
      [citation(civilian.id, { title: "ab" }), ["title"]],
      [citation(civilian.id, { title: "  ab  " }), ["title"]],
      [citation(civilian.id, { title: "x".repeat(121) }), ["title"]],
      [citation(civilian.id, { title: "Nul\u0000here" }), ["title"]],
      [citation(civilian.id, { title: "Lone \ud800 surrogate" }), ["title"]],
      [citation(civilian.id, { description: "x".repeat(4001) }), ["description"]],
      [citation(civilian.id, { location: 42 }), ["location"]],
      [citation(civilian.id, { occurredAt: "yesterday" }), ["occurredAt"]],
      [citation(civilian.id, { occurredAt: iso(now + 60_000) }), ["occurredAt"]],
      [citation(civilian.id, { points: 13 }), ["points"]],
      [citation(civilian.id, { points: -1 }), ["points"]],
      [citation(civilian.id, { points: 1.5 }), ["points"]],
      [citation(civilian.id, { fineAmount: -1 }), ["fineAmount"]],
      [citation(civilian.id, { fineAmount: 1_000_000.01 }), ["fineAmount"]],
      [citation(civilian.id, { fineAmount: 1.005 }), ["fineAmount"]],
      [citation(civilian.id, { fineAmount: "100" }), ["fineAmount"]],
      [citation(civilian.id, { disclosed: "yes" }), ["disclosed"]],
      [citation(civilian.id, { endorsementCode: "sp30", points: 3 }), ["endorsementCode"]],
      [citation(civilian.id, { endorsementCode: "SP30" }), ["endorsementCode"]],
      [citation(civilian.id, { civilianId: "bad id with spaces" }), ["civilianId"]]
    ]
    for (const [body, path] of bad) {
      const error = expectError(await send(world, recorder, "POST", "/api/pnc/records", body), 400, "INVALID_INPUT")
      expect((error.details as Array<{ path: Array<string> }>).map((d) => d.path), JSON.stringify(body).slice(0, 80)).toContainEqual(path)
    }
    expectError(await send(world, recorder, "POST", "/api/pnc/records", citation("no-such-person")), 404, "NOT_FOUND")
    expectError(await send(world, recorder, "POST", "/api/pnc/records", citation(civilian.id, { vehicleId: "no-such-car" })), 404, "NOT_FOUND")
    const atBounds = await createRecord(citation(civilian.id, {
      title: ` ${"t".repeat(120)} `,
      description: "d".repeat(4000),
      location: "ab",
      points: 12,
      fineAmount: 1_000_000,
      occurredAt: iso(now)
    }))
    expect([atBounds.points, atBounds["fineAmount"], String(atBounds["title"]).length]).toEqual([12, 1_000_000, 120])
    expect((await createRecord(citation(civilian.id, { title: "abc", points: 0, fineAmount: 0.1 })))["fineAmount"]).toBe(0.1)
    expectError(await get(world, world.officer, `/api/pnc/civilians/no-such-person/records`), 404, "NOT_FOUND")
    expectError(await get(world, world.officer, `/api/pnc/records/no-such-record`), 404, "NOT_FOUND")
    expectError(await get(world, world.officer, `/api/pnc/civilians/${civilian.id}/records?status=OPEN`), 400, "INVALID_INPUT")
  })
})

describe("warrants", () => {
  it("issued active, shown on the person and the keeper's alerts, closed once with an outcome", async () => {
    const civilian = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, civilian.id)
    const warrant = ok<WarrantData>(
      await send(world, recorder, "POST", "/api/pnc/warrants", { civilianId: civilian.id, reason: "Failed to appear", details: "Court 3" }),
      201
    )
    expect(Object.keys(warrant).sort()).toEqual(WARRANT_KEYS)
    expect(warrant).toMatchObject({
      status: "ACTIVE",
      details: "Court 3",
      expiresAt: null,
      closedAt: null,
      closedBy: null,
      closeNote: null,
      issuedBy: { displayName: "PC Recorder" },
      requestedBy: { displayName: "PC Recorder" },
      requestedAt: warrant.issuedAt,
      decidedBy: null,
      decidedAt: null,
      decisionNote: null
    })
    expect(warrant["reference"]).toMatch(/^WAR-\d{6,}$/)
    expect((await official(civilian.id))["warrants"]).toEqual([warrant])
    const vehicle = ok<JsonObject & { keeper: { alerts: JsonObject } }>(await get(world, world.officer, `/api/pnc/vehicles/${car.id}`))
    expect(vehicle.keeper.alerts).toEqual({ markers: 0, warrants: 1 })
    expect(listOf<WarrantData>(await get(world, credential, `/api/pnc/warrants?status=ACTIVE&civilianId=${civilian.id}`)).data.map((w) => w.id)).toEqual([
      warrant.id
    ])
    const closed = ok<WarrantData>(
      await send(world, recorder, "POST", `/api/pnc/warrants/${warrant.id}/close`, { outcome: "EXECUTED", note: "Arrested at home" })
    )
    expect(closed).toMatchObject({ status: "EXECUTED", closeNote: "Arrested at home", closedBy: { displayName: "PC Recorder" } })
    expectError(
      await send(world, recorder, "POST", `/api/pnc/warrants/${warrant.id}/close`, { outcome: "WITHDRAWN", note: "Again" }),
      409,
      "WARRANT_NOT_ACTIVE"
    )
    const after = await official(civilian.id)
    expect([after["warrants"], after["counts"]]).toEqual([[], { records: 0, warrants: 1, markers: 0 }])
    expect(listOf<WarrantData>(await get(world, world.officer, `/api/pnc/warrants?status=EXECUTED&civilianId=${civilian.id}`)).data.map((w) => w.id)).toEqual([
      warrant.id
    ])
    const audit = listOf<{ action: string }>(await get(world, world.admin, `/api/audit?targetId=${warrant.id}`)).data.map((e) => e.action)
    expect(audit.sort()).toEqual(["pnc.warrant.closed", "pnc.warrant.issued"])
  })

  it("refuses an expiry in the past, a bad outcome, a missing note, unknown properties; unknown ids are NOT_FOUND", async () => {
    const civilian = await createCharacter(world, world.alice)
    const now = await serverNow()
    const issue = (body: JsonObject) => send(world, recorder, "POST", "/api/pnc/warrants", body)
    expect(expectError(await issue({ civilianId: civilian.id, reason: "Late", expiresAt: iso(now - 1000) }), 400, "INVALID_INPUT").details).toEqual([
      { path: ["expiresAt"], message: "must be in the future and at most 10 years from now" }
    ])
    expectError(await issue({ civilianId: civilian.id, reason: "ab" }), 400, "INVALID_INPUT")
    expectError(await issue({ civilianId: civilian.id, reason: "Late", issuedBy: "me" }), 400, "INVALID_INPUT")
    expectError(await issue({ civilianId: civilian.id, reason: "Late", details: "x".repeat(2001) }), 400, "INVALID_INPUT")
    expectError(await issue({ civilianId: "nobody", reason: "Late" }), 404, "NOT_FOUND")
    const warrant = ok<WarrantData>(await issue({ civilianId: civilian.id, reason: "Late", details: null, expiresAt: iso(now + 86_400_000) }), 201)
    const close = (body: unknown) => send(world, recorder, "POST", `/api/pnc/warrants/${warrant.id}/close`, body)
    expectError(await close({ outcome: "EXPIRED", note: "Nope" }), 400, "INVALID_INPUT")
    expectError(await close({ outcome: "EXECUTED" }), 400, "INVALID_INPUT")
    expectError(await close({ outcome: "EXECUTED", note: "ok", extra: 1 }), 400, "INVALID_INPUT")
    expectError(await send(world, recorder, "POST", "/api/pnc/warrants/nothing/close", { outcome: "EXECUTED", note: "Gone" }), 404, "NOT_FOUND")
    expectError(await get(world, world.officer, "/api/pnc/warrants?status=OPEN"), 400, "INVALID_INPUT")
  })

  it("closed by several at once: exactly one succeeds, the others are WARRANT_NOT_ACTIVE", async () => {
    const civilian = await createCharacter(world, world.alice)
    const warrant = ok<WarrantData>(await send(world, recorder, "POST", "/api/pnc/warrants", { civilianId: civilian.id, reason: "Wanted" }), 201)
    const replies = await Promise.all(
      ["EXECUTED", "WITHDRAWN", "EXECUTED", "WITHDRAWN"].map((outcome) =>
        send(world, recorder, "POST", `/api/pnc/warrants/${warrant.id}/close`, { outcome, note: "Done" })
      )
    )
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
    for (const reply of replies.filter((r) => r.status === 409)) expectError(reply, 409, "WARRANT_NOT_ACTIVE")
    const closedEvents = listOf<JsonObject>(await get(world, world.officer, `/api/pnc/events?civilianId=${civilian.id}`)).data.filter((e) =>
      e["type"] === "WARRANT_CLOSED"
    )
    expect(closedEvents).toHaveLength(1)
  })
})

describe("markers", () => {
  it("a stolen-vehicle marker: the vehicle reads stolen in searches, on the person and on its record, until cleared once", async () => {
    const civilian = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, civilian.id)
    const marker = ok<MarkerData>(
      await send(world, recorder, "POST", "/api/pnc/markers", { type: "STOLEN_VEHICLE", vehicleId: car.id, reason: "Reported stolen" }),
      201
    )
    expect(Object.keys(marker).sort()).toEqual(MARKER_KEYS)
    expect(marker).toMatchObject({
      type: "STOLEN_VEHICLE",
      civilian: null,
      vehicle: { id: car.id, plate: car.plate },
      active: true,
      details: null,
      expiresAt: null,
      clearedAt: null,
      clearedBy: null,
      clearReason: null,
      issuedBy: { displayName: "PC Recorder" }
    })
    expect(marker["reference"]).toMatch(/^MRK-\d{6,}$/)
    const found = listOf<JsonObject>(await get(world, world.officer, `/api/pnc/vehicles?search=${encodeURIComponent(car.plate)}`)).data
    expect(found.map((v) => [v["id"], v["stolen"], v["alerts"]])).toEqual([[car.id, true, { markers: 1 }]])
    const vehicle = ok<JsonObject>(await get(world, credential, `/api/pnc/vehicles/${car.id}`))
    expect([vehicle["stolen"], vehicle["alerts"], vehicle["markers"], vehicle["counts"]]).toEqual([true, { markers: 1 }, [marker], { records: 0, markers: 1 }])
    const person = await official(civilian.id)
    expect((person["vehicles"] as Array<JsonObject>).map((v) => v["stolen"])).toEqual([true])
    expect([person["markers"], person["counts"]]).toEqual([[], { records: 0, warrants: 0, markers: 0 }])
    const cleared = ok<MarkerData>(await send(world, recorder, "POST", `/api/pnc/markers/${marker.id}/clear`, { reason: "Recovered" }))
    expect(cleared).toMatchObject({ active: false, clearReason: "Recovered", clearedBy: { displayName: "PC Recorder" } })
    expectError(await send(world, recorder, "POST", `/api/pnc/markers/${marker.id}/clear`, { reason: "Again" }), 409, "MARKER_NOT_ACTIVE")
    const after = ok<JsonObject>(await get(world, world.officer, `/api/pnc/vehicles/${car.id}`))
    expect([after["stolen"], after["alerts"], after["markers"], after["counts"]]).toEqual([false, { markers: 0 }, [], { records: 0, markers: 1 }])
    const types = listOf<JsonObject>(await get(world, world.officer, `/api/pnc/events?vehicleId=${car.id}&limit=2`)).data.map((e) => e["type"])
    expect(types).toEqual(["MARKER_CLEARED", "MARKER_CREATED"])
  })

  it("a person's marker shows on them and on the keeper's alerts; lists filter by active", async () => {
    const civilian = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, civilian.id)
    const marker = ok<MarkerData>(
      await send(world, recorder, "POST", "/api/pnc/markers", {
        type: "OFFICER_SAFETY",
        civilianId: civilian.id,
        reason: "Violent towards officers",
        details: "Carries a knife"
      }),
      201
    )
    expect(marker["civilian"]).toEqual({ id: civilian.id, reference: civilian.reference, fullName: civilian.fullName })
    expect((await official(civilian.id))["markers"]).toEqual([marker])
    const vehicle = ok<JsonObject & { keeper: { alerts: JsonObject } }>(await get(world, world.officer, `/api/pnc/vehicles/${car.id}`))
    expect(vehicle.keeper.alerts).toEqual({ markers: 1, warrants: 0 })
    expect(ok<CivilianData>(await get(world, world.alice, `/api/civilians/${civilian.id}`)).identityLocked).toBe(true)
    expect(JSON.stringify(ok(await get(world, world.alice, `/api/civilians/${civilian.id}`)))).not.toContain("Violent")
    expect(listOf<MarkerData>(await get(world, world.officer, `/api/pnc/markers?active=true&civilianId=${civilian.id}`)).data.map((m) => m.id)).toEqual([
      marker.id
    ])
    expect(listOf(await get(world, world.officer, `/api/pnc/markers?active=false&civilianId=${civilian.id}`)).data).toEqual([])
    expectError(await get(world, world.officer, "/api/pnc/markers?active=yes"), 400, "INVALID_INPUT")
    expectError(await get(world, world.officer, "/api/pnc/markers?type=UFO"), 400, "INVALID_INPUT")
  })

  it("type and target must agree; an expiry in the past, bounds and hostile strings are refused", async () => {
    const civilian = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, civilian.id)
    const now = await serverNow()
    const create = (body: JsonObject) => send(world, recorder, "POST", "/api/pnc/markers", body)
    const cases: Array<[JsonObject, ReadonlyArray<string>]> = [
      [{ type: "STOLEN_VEHICLE", reason: "Stolen" }, ["vehicleId"]],
      [{ type: "VEHICLE_BOLO", civilianId: civilian.id, reason: "Look out" }, ["vehicleId"]],
      [{ type: "STOLEN_VEHICLE", vehicleId: car.id, civilianId: civilian.id, reason: "Stolen" }, ["civilianId"]],
      [{ type: "WANTED", vehicleId: car.id, reason: "Wanted" }, ["civilianId"]],
      [{ type: "MISSING_PERSON", reason: "Missing" }, ["civilianId"]],
      [{ type: "GENERAL", reason: "Nothing named" }, ["civilianId"]],
      [{ type: "WANTED", civilianId: civilian.id, reason: "Wanted", expiresAt: iso(now - 1) }, ["expiresAt"]],
      [{ type: "WANTED", civilianId: civilian.id, reason: "Wa" }, ["reason"]],
      [{ type: "WANTED", civilianId: civilian.id, reason: "x".repeat(501) }, ["reason"]],
      [{ type: "WANTED", civilianId: civilian.id, reason: "Bad\u0000byte" }, ["reason"]],
      [{ type: "WANTED", civilianId: civilian.id, reason: "Wanted", details: "\udfff" }, ["details"]],
      [{ type: "WANTED", civilianId: civilian.id, reason: "Wanted", issuedBy: "me" }, ["issuedBy"]],
      [{ type: "ALIEN", civilianId: civilian.id, reason: "Wanted" }, ["type"]]
    ]
    for (const [body, path] of cases) {
      const error = expectError(await create(body), 400, "INVALID_INPUT")
      expect((error.details as Array<{ path: Array<string> }>).map((d) => d.path), JSON.stringify(body)).toContainEqual(path)
    }
    expectError(await create({ type: "VEHICLE_BOLO", vehicleId: "no-such-car", reason: "Look out" }), 404, "NOT_FOUND")
    expectError(await create({ type: "WANTED", civilianId: "no-such-person", reason: "Wanted" }), 404, "NOT_FOUND")
    const general = ok<MarkerData>(await create({ type: "GENERAL", civilianId: civilian.id, vehicleId: car.id, reason: ` ${"r".repeat(500)} ` }), 201)
    expect(String(general["reason"]).length).toBe(500)
    expectError(await send(world, recorder, "POST", "/api/pnc/markers/nothing/clear", { reason: "Gone" }), 404, "NOT_FOUND")
  })

  it("cleared by several at once: exactly one succeeds, the others are MARKER_NOT_ACTIVE", async () => {
    const civilian = await createCharacter(world, world.alice)
    const marker = ok<MarkerData>(
      await send(world, recorder, "POST", "/api/pnc/markers", { type: "PERSON_BOLO", civilianId: civilian.id, reason: "Look out" }),
      201
    )
    const replies = await Promise.all([0, 1, 2, 3].map(() => send(world, recorder, "POST", `/api/pnc/markers/${marker.id}/clear`, { reason: "Found" })))
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
    for (const reply of replies.filter((r) => r.status === 409)) expectError(reply, 409, "MARKER_NOT_ACTIVE")
    const audit = listOf<{ action: string }>(await get(world, world.admin, `/api/audit?targetId=${marker.id}&action=pnc.marker.cleared`)).data
    expect(audit).toHaveLength(1)
  })
})

describe("access", () => {
  it("a credential is refused with USER_REQUIRED on every change; it may read", async () => {
    const civilian = await createCharacter(world, world.alice)
    const record = await createRecord(citation(civilian.id))
    const warrant = ok<WarrantData>(await send(world, recorder, "POST", "/api/pnc/warrants", { civilianId: civilian.id, reason: "Wanted" }), 201)
    const marker = ok<MarkerData>(await send(world, recorder, "POST", "/api/pnc/markers", { type: "WANTED", civilianId: civilian.id, reason: "Wanted" }), 201)
    const calls: Array<[string, unknown]> = [
      ["/api/pnc/records", citation(civilian.id)],
      [`/api/pnc/records/${record.id}/close`, { reason: "Bot" }],
      [`/api/pnc/records/${record.id}/void`, { reason: "Bot" }],
      ["/api/pnc/warrants", { civilianId: civilian.id, reason: "Bot" }],
      [`/api/pnc/warrants/${warrant.id}/close`, { outcome: "EXECUTED", note: "Bot" }],
      ["/api/pnc/markers", { type: "WANTED", civilianId: civilian.id, reason: "Bot" }],
      [`/api/pnc/markers/${marker.id}/clear`, { reason: "Bot" }]
    ]
    for (const [path, body] of calls) expectError(await send(world, credential, "POST", path, body), 403, "USER_REQUIRED")
    for (const path of [`/api/pnc/records/${record.id}`, `/api/pnc/civilians/${civilian.id}/records`, "/api/pnc/warrants", "/api/pnc/markers?active=true"]) {
      expect((await get(world, credential, path)).status, path).toBe(200)
    }
    expect(ok<RecordData>(await get(world, recorder, `/api/pnc/records/${record.id}`)).status).toBe("OPEN")
  })

  it("a member without the permission is FORBIDDEN, the message naming it", async () => {
    const civilian = await createCharacter(world, world.alice)
    const cases: Array<[string, string, unknown, string]> = [
      ["POST", "/api/pnc/records", citation(civilian.id), "pnc.records.manage"],
      ["POST", "/api/pnc/records/x/close", { reason: "Mine" }, "pnc.records.manage"],
      ["POST", "/api/pnc/records/x/void", { reason: "Mine" }, "pnc.records.manage"],
      ["GET", "/api/pnc/records/x", undefined, "pnc.view"],
      ["GET", `/api/pnc/civilians/${civilian.id}/records`, undefined, "pnc.view"],
      ["GET", "/api/pnc/warrants", undefined, "pnc.view"],
      ["POST", "/api/pnc/warrants", { civilianId: civilian.id, reason: "Mine" }, "pnc.warrants.manage"],
      ["POST", "/api/pnc/warrants/x/close", { outcome: "EXECUTED", note: "Mine" }, "pnc.warrants.manage"],
      ["GET", "/api/pnc/markers", undefined, "pnc.view"],
      ["POST", "/api/pnc/markers", { type: "WANTED", civilianId: civilian.id, reason: "Mine" }, "pnc.markers.manage"],
      ["POST", "/api/pnc/markers/x/clear", { reason: "Mine" }, "pnc.markers.manage"]
    ]
    for (const [method, path, body, permission] of cases) {
      const reply = method === "GET" ? await get(world, world.alice, path) : await send(world, world.alice, method, path, body)
      expect(expectError(reply, 403, "FORBIDDEN").message, path).toContain(permission)
    }
    // The PNC officer of the other tests reads but cannot record.
    expect(expectError(await send(world, world.officer, "POST", "/api/pnc/records", citation(civilian.id)), 403, "FORBIDDEN").message).toContain(
      "pnc.records.manage"
    )
    expectError(await world.server.request("GET", "/api/pnc/markers"), 401, "UNAUTHENTICATED")
  })
})

describe("time", () => {
  it("past expiresAt a marker is no longer active and a warrant reads EXPIRED, on every view; neither can then be cleared or closed", async () => {
    const civilian = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, civilian.id)
    const now = await serverNow()
    const expiresAt = iso(now + 3_600_000)
    const marker = ok<MarkerData>(
      await send(world, recorder, "POST", "/api/pnc/markers", { type: "STOLEN_VEHICLE", vehicleId: car.id, reason: "Stolen", expiresAt }),
      201
    )
    const warrant = ok<WarrantData>(await send(world, recorder, "POST", "/api/pnc/warrants", { civilianId: civilian.id, reason: "Late", expiresAt }), 201)
    expect(ok<JsonObject>(await get(world, world.officer, `/api/pnc/vehicles/${car.id}`))["stolen"]).toBe(true)
    await advanceClock(world.server, 3_600_000)
    const vehicle = ok<JsonObject & { keeper: { alerts: JsonObject } }>(await get(world, world.officer, `/api/pnc/vehicles/${car.id}`))
    expect([vehicle["stolen"], vehicle["alerts"], vehicle["markers"], vehicle.keeper.alerts]).toEqual([false, { markers: 0 }, [], { markers: 0, warrants: 0 }])
    const person = await official(civilian.id)
    expect([person["warrants"], person["counts"]]).toEqual([[], { records: 0, warrants: 1, markers: 0 }])
    expect(listOf<WarrantData>(await get(world, world.officer, `/api/pnc/warrants?civilianId=${civilian.id}`)).data.map((w) => w.status)).toEqual(["EXPIRED"])
    expect(listOf<WarrantData>(await get(world, world.officer, `/api/pnc/warrants?status=EXPIRED&civilianId=${civilian.id}`)).data.map((w) => w.id)).toEqual([
      warrant.id
    ])
    expect(listOf<MarkerData>(await get(world, world.officer, `/api/pnc/markers?active=false&vehicleId=${car.id}`)).data.map((m) => [m.id, m.active])).toEqual([
      [marker.id, false]
    ])
    expectError(await send(world, recorder, "POST", `/api/pnc/markers/${marker.id}/clear`, { reason: "Late" }), 409, "MARKER_NOT_ACTIVE")
    expectError(await send(world, recorder, "POST", `/api/pnc/warrants/${warrant.id}/close`, { outcome: "EXECUTED", note: "Late" }), 409, "WARRANT_NOT_ACTIVE")
  })
})

describe("a record, its endorsement, history and audit commit together", () => {
  it("when the endorsement's audit entry fails, there is no record, no endorsement and no history entry", async () => {
    const civilian = await createCharacter(world, world.alice)
    const licence = await issueLicenceFor(world, world.alice, civilian.id)
    const db = world.server.database!
    // Installed while the server is idle (PGlite serves one connection).
    await db.query(`
      CREATE FUNCTION test_refuse_endorsement_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'pnc.endorsement.added' THEN
          RAISE EXCEPTION 'test: audit entry refused';
        END IF;
        RETURN NEW;
      END
      $$`)
    await db.query("CREATE TRIGGER test_refuse_endorsement_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_endorsement_audit()")
    try {
      expectError(await send(world, recorder, "POST", "/api/pnc/records", citation(civilian.id, { points: 3 })), 500, "INTERNAL_ERROR")
    } finally {
      await db.query("DROP TRIGGER test_refuse_endorsement_audit ON audit_log")
      await db.query("DROP FUNCTION test_refuse_endorsement_audit()")
    }
    expect(listOf(await get(world, world.officer, `/api/pnc/civilians/${civilian.id}/records`)).data).toEqual([])
    expect(ok<OfficialLicenceData>(await get(world, world.officer, `/api/pnc/licences/${licence.id}`)).endorsements).toEqual([])
    const events = listOf<{ type: string }>(await get(world, world.officer, `/api/pnc/events?civilianId=${civilian.id}`)).data
    expect(events.map((e) => e.type)).toEqual(["LICENCE_ISSUED", "CIVILIAN_CREATED"])
  })
})
