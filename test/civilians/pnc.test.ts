import type { PncVehicleSummary, VehicleView } from "@bluelight/core/civilians"
import { DateTime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, type JsonObject, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { advanceClock, meData } from "../harness/identity.js"
import {
  as,
  type CivilianData,
  createCharacter,
  get,
  issueLicenceFor,
  type OfficialLicenceData,
  ok,
  registerVehicleFor,
  send,
  startWorld,
  uniqueWord,
  type World
} from "./world.js"

/** A time a few years ahead: within the ten years a licence expiry or a suspension may reach. */
const LATER = new Date(Date.UTC(new Date().getUTCFullYear() + 5, 0, 1)).toISOString()

let world: World
beforeAll(async () => {
  world = await startWorld("pnc")
})
afterAll(() => world?.server.stop())

const OFFICIAL_KEYS = [
  "address",
  "counts",
  "createdAt",
  "dateOfBirth",
  "fullName",
  "gender",
  "id",
  "imageUrl",
  "licence",
  "markers",
  "occupation",
  "phone",
  "reference",
  "status",
  "updatedAt",
  "vehicles",
  "warrants"
]

/** A vehicle as the PNC lists it, and as an official change answers it. */
type VehicleSummary = typeof PncVehicleSummary.Encoded
type Vehicle = typeof VehicleView.Encoded

const licensedCharacter = async (overrides: JsonObject = {}) => {
  const civilian = await createCharacter(world, world.alice, overrides)
  const licence = await issueLicenceFor(world, world.alice, civilian.id)
  return { civilian, licence }
}

/**
 * `reason` at and past its bounds: 2 and 501 characters (and 2 once trimmed, wrong types) are
 * refused; 3 succeeds; 500 passes validation (what the call then answers depends on the state the
 * 3-character call left, so only "not 400" is asked of it).
 */
const reasonCases = async (call: (reason: unknown) => Promise<{ status: number }>, okStatus: number) => {
  for (const reason of ["ab", "  ab  ", "x".repeat(501), 42, null]) {
    expect((await call(reason)).status, JSON.stringify(reason)).toBe(400)
  }
  expect((await call("abc")).status).toBe(okStatus)
  expect((await call(` ${"x".repeat(500)} `)).status).not.toBe(400)
}

describe("people", () => {
  it("the official view: every field, owner only with civilians.manage, never the notes", async () => {
    const { civilian, licence } = await licensedCharacter({ notes: "my secret", phone: "0123" })
    const car = await registerVehicleFor(world, world.alice, civilian.id)
    const view = ok<JsonObject>(await get(world, world.officer, `/api/pnc/civilians/${civilian.id}`))
    expect(Object.keys(view).sort()).toEqual(OFFICIAL_KEYS)
    expect(JSON.stringify(view)).not.toContain("my secret")
    expect(view["counts"]).toEqual({ records: 0, warrants: 0, markers: 0 })
    expect(view["markers"]).toEqual([])
    expect((view["licence"] as OfficialLicenceData).id).toBe(licence.id)
    const vehicles = view["vehicles"] as Array<JsonObject>
    expect(vehicles.map((v) => v["id"])).toEqual([car.id])
    expect(vehicles[0]).toMatchObject({
      stolen: false,
      alerts: { markers: 0 },
      keeper: { id: civilian.id, reference: civilian.reference, fullName: civilian.fullName }
    })
    const alice = await meData(world.server, world.alice)
    const managed = ok<JsonObject>(await get(world, world.admin, `/api/pnc/civilians/${civilian.id}`))
    expect(managed["owner"]).toEqual({ id: alice.id, displayName: alice.displayName })
    expect(ok<JsonObject>(await get(world, world.credential, `/api/pnc/civilians/${civilian.id}`))["owner"]).toEqual({
      id: alice.id,
      displayName: alice.displayName
    })
    expectError(await get(world, world.officer, "/api/pnc/civilians/nobody"), 404, "NOT_FOUND")
    expectError(await get(world, world.officer, `/api/pnc/civilians/${"x".repeat(65)}`), 400, "INVALID_INPUT")
  })

  it("search by name words or reference, alphabetical", async () => {
    const word = uniqueWord("Zz")
    const b = await createCharacter(world, world.alice, { fullName: `Bertha ${word}` })
    const a = await createCharacter(world, world.bob, { fullName: `Anna ${word}` })
    const found = listOf<{ id: string }>(await get(world, world.officer, `/api/pnc/civilians?search=${word.toLowerCase()}`))
    expect(found.data.map((c) => c.id)).toEqual([a.id, b.id])
    expect(listOf<{ id: string }>(await get(world, world.officer, `/api/pnc/civilians?search=${encodeURIComponent(`${word} bert`)}`)).data.map((c) => c.id))
      .toEqual([b.id])
    expect(listOf<{ id: string }>(await get(world, world.officer, `/api/pnc/civilians?search=${a.reference}`)).data.map((c) => c.id)).toEqual([a.id])
    expectError(await get(world, world.officer, "/api/pnc/civilians?search="), 400, "INVALID_INPUT")
    expectError(await get(world, world.officer, "/api/pnc/civilians?name=x"), 400, "INVALID_INPUT")
  })
})

describe("vehicles", () => {
  it("search: part of a plate ignoring spaces, hyphens and case, or make and model words; ordered by plate", async () => {
    const owner = await createCharacter(world, world.alice)
    const word = uniqueWord("mk")
    const z = await registerVehicleFor(world, world.alice, owner.id, { plate: `ZX${Math.floor(Math.random() * 900 + 100)} QWE`, make: word, model: "Roadster" })
    const a = await registerVehicleFor(world, world.alice, owner.id, { make: word, model: "Estate" })
    const byMake = listOf<VehicleSummary>(await get(world, world.officer, `/api/pnc/vehicles?search=${word}`))
    expect(byMake.data.map((v) => v.id)).toEqual([a.id, z.id])
    expect(
      listOf<VehicleSummary>(await get(world, world.officer, `/api/pnc/vehicles?search=${encodeURIComponent(`${word.toUpperCase()} road`)}`)).data.map((v) =>
        v.id
      )
    ).toEqual([z.id])
    const fragment = z.plate.replace(" ", "").slice(1, 6).toLowerCase()
    const spaced = `${fragment.slice(0, 2)}-${fragment.slice(2)}`
    const byPlate = listOf<VehicleSummary>(await get(world, world.credential, `/api/pnc/vehicles?search=${encodeURIComponent(spaced)}`))
    expect(byPlate.data.map((v) => v.id)).toContain(z.id)
    const hit = byPlate.data.find((v) => v.id === z.id)!
    expect(hit).toMatchObject({ stolen: false, alerts: { markers: 0 }, keeper: { id: owner.id, reference: owner.reference, fullName: owner.fullName } })
  })

  it("search bounds: 1 and 100 characters pass, 0 and 101 do not; unknown parameters are refused", async () => {
    expect((await get(world, world.officer, "/api/pnc/vehicles?search=a")).status).toBe(200)
    expect((await get(world, world.officer, `/api/pnc/vehicles?search=${"a".repeat(100)}`)).status).toBe(200)
    expectError(await get(world, world.officer, "/api/pnc/vehicles?search="), 400, "INVALID_INPUT")
    expectError(await get(world, world.officer, `/api/pnc/vehicles?search=${"a".repeat(101)}`), 400, "INVALID_INPUT")
    expectError(await get(world, world.officer, "/api/pnc/vehicles?search=a&colour=red"), 400, "INVALID_INPUT")
    expectError(await get(world, world.officer, "/api/pnc/vehicles?search=%25%00"), 400, "INVALID_INPUT")
    expect(listOf(await get(world, world.officer, `/api/pnc/vehicles?search=${encodeURIComponent("%_")}`)).data).toEqual([])
    expectError(await get(world, world.officer, "/api/pnc/vehicles?limit=101"), 400, "INVALID_INPUT")
    const everything = listOf<VehicleSummary>(await get(world, world.officer, "/api/pnc/vehicles?limit=100"))
    expect(everything.data.length).toBeGreaterThan(0)
    expect(everything.data.map((v) => v.plate)).toEqual([...everything.data.map((v) => v.plate)].sort())
  })

  it("the vehicle record: keeper expanded with licence and alerts, keepers, markers, counts", async () => {
    const { civilian, licence } = await licensedCharacter()
    const car = await registerVehicleFor(world, world.alice, civilian.id)
    const record = (await as(world, world.credential).run((api) => api.pnc.getVehicle({ params: { id: car.id } }))).data
    expect(record.keeper).toMatchObject({
      id: civilian.id,
      reference: civilian.reference,
      dateOfBirth: "1990-05-14",
      gender: "FEMALE",
      address: "1 High Street",
      status: "ACTIVE",
      licence: { number: licence.number, status: "VALID" },
      alerts: { markers: 0, warrants: 0 },
      since: car.keeperSince
    })
    expect(record).toMatchObject({ markers: [], counts: { records: 0, markers: 0 }, stolen: false, alerts: { markers: 0 } })
    expect(record.keepers).toEqual([{
      civilian: { id: civilian.id, reference: civilian.reference, fullName: civilian.fullName },
      startedAt: car.keeperSince,
      endedAt: null
    }])
    expectError(await get(world, world.officer, "/api/pnc/vehicles/nothing-here"), 404, "NOT_FOUND")
  })

  it("PATCH: reason 3 to 500, at least one status differs, history with the reason, audit entry", async () => {
    const owner = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, owner.id)
    const path = `/api/pnc/vehicles/${car.id}`
    await reasonCases((reason) => send(world, world.officer, "PATCH", path, { reason, motStatus: "EXPIRED" }), 200)
    expectError(await send(world, world.officer, "PATCH", path, { reason: "Nothing new", motStatus: "EXPIRED" }), 409, "NO_CHANGE")
    expectError(await send(world, world.officer, "PATCH", path, { reason: "Nothing at all" }), 409, "NO_CHANGE")
    expectError(await send(world, world.officer, "PATCH", path, { reason: "Bad", taxStatus: "PAID" }), 400, "INVALID_INPUT")
    expectError(await send(world, world.officer, "PATCH", path, { reason: "Extra", plate: "X" }), 400, "INVALID_INPUT")
    const changed = ok<Vehicle>(
      await send(world, world.officer, "PATCH", path, { reason: "  Insurance lapsed  ", insuranceStatus: "UNINSURED", taxStatus: "SORN" })
    )
    expect(changed).toMatchObject({ insuranceStatus: "UNINSURED", taxStatus: "SORN", motStatus: "EXPIRED" })
    expect(Object.keys(changed)).not.toContain("keeper")
    expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(DateTime.toEpochMillis(car.updatedAt))
    const events = listOf<{ type: string; vehicleId: string; data: JsonObject; actor: JsonObject; seq: number }>(
      await get(world, world.officer, `/api/pnc/events?vehicleId=${car.id}`)
    ).data
    expect(events.map((e) => e.type)).toEqual(["VEHICLE_STATUS_CHANGED", "VEHICLE_STATUS_CHANGED", "VEHICLE_REGISTERED"])
    expect(events[0]!.data["reason"]).toBe("Insurance lapsed")
    const officer = await meData(world.server, world.officer)
    expect(events[0]!.actor).toEqual({ id: officer.id, displayName: officer.displayName })
    const audit =
      listOf<{ action: string; targetId: string }>(await get(world, world.admin, `/api/audit?action=pnc.vehicle.status.changed&targetId=${car.id}`)).data
    expect(audit).toHaveLength(2)
    expectError(await send(world, world.officer, "PATCH", "/api/pnc/vehicles/nothing-here", { reason: "Gone", motStatus: "VALID" }), 404, "NOT_FOUND")
  })
})

describe("licences", () => {
  it("GET the official view", async () => {
    const { licence } = await licensedCharacter()
    const view = (await as(world, world.credential).run((api) => api.pnc.getLicence({ params: { id: licence.id } }))).data
    expect(view).toEqual(licence)
    expectError(await get(world, world.officer, "/api/pnc/licences/none"), 404, "NOT_FOUND")
  })

  it("PATCH: categories and expiry with a reason; NO_CHANGE; INVALID_EXPIRY; renewing an expired licence", async () => {
    const { licence } = await licensedCharacter()
    const path = `/api/pnc/licences/${licence.id}`
    await reasonCases((reason) => send(world, world.officer, "PATCH", path, { reason, categories: ["A", "B"] }), 200)
    expectError(await send(world, world.officer, "PATCH", path, { reason: "Same again", categories: ["B", "A"] }), 409, "NO_CHANGE")
    expectError(await send(world, world.officer, "PATCH", path, { reason: "Nothing" }), 409, "NO_CHANGE")
    expectError(await send(world, world.officer, "PATCH", path, { reason: "Same expiry", expiresAt: DateTime.formatIso(licence.expiresAt) }), 409, "NO_CHANGE")
    for (const categories of [[], ["A", "B", "C", "D", "A"], ["A", "A"], ["E"]]) {
      expectError(await send(world, world.officer, "PATCH", path, { reason: "Categories", categories }), 400, "INVALID_INPUT")
    }
    expect(ok<OfficialLicenceData>(await send(world, world.officer, "PATCH", path, { reason: "All four", categories: ["D", "C", "B", "A"] })).categories)
      .toEqual(["A", "B", "C", "D"])
    expectError(
      await send(world, world.officer, "PATCH", path, { reason: "Backdated", expiresAt: DateTime.formatIso(licence.issuedAt) }),
      422,
      "INVALID_EXPIRY"
    )
    expectError(await send(world, world.officer, "PATCH", path, { reason: "Way back", expiresAt: "2000-01-01T00:00:00.000Z" }), 422, "INVALID_EXPIRY")
    expectError(await send(world, world.officer, "PATCH", path, { reason: "Bad time", expiresAt: "tomorrow" }), 400, "INVALID_INPUT")
    expectError(await send(world, world.officer, "PATCH", "/api/pnc/licences/none", { reason: "Missing", categories: ["B"] }), 404, "NOT_FOUND")
    const soon = DateTime.formatIso(DateTime.add(licence.issuedAt, { minutes: 1 }))
    const shortened = ok<OfficialLicenceData>(await send(world, world.officer, "PATCH", path, { reason: "Short licence", expiresAt: soon }))
    expect(shortened.expiresAt).toBe(soon)
    await advanceClock(world.server, 120_000)
    expect(ok<OfficialLicenceData>(await get(world, world.officer, `/api/pnc/licences/${licence.id}`)).status).toBe("EXPIRED")
    const renewed = ok<OfficialLicenceData>(await send(world, world.officer, "PATCH", path, { reason: "Renewal", expiresAt: LATER }))
    expect(renewed).toMatchObject({ status: "VALID", expiresAt: LATER })
  })

  it("endorsements: added with a three-year default expiry, removed once, ENDORSEMENT_NOT_ACTIVE twice", async () => {
    const { civilian, licence } = await licensedCharacter()
    const base = `/api/pnc/licences/${licence.id}/endorsements`
    await reasonCases((reason) => send(world, world.officer, "POST", base, { code: "SP30", reason, points: 3 }), 201)
    for (
      const bad of [{ code: "sp30" }, { code: "S" }, { points: -1 }, { points: 13 }, { points: 1.5 }, { expiresAt: "2000-01-01T00:00:00.000Z" }, {
        recordedBy: "me"
      }]
    ) {
      expectError(await send(world, world.officer, "POST", base, { code: "SP30", reason: "Speeding", points: 3, ...bad }), 400, "INVALID_INPUT")
    }
    const added = ok<OfficialLicenceData>(await send(world, world.officer, "POST", base, { code: "CU80", reason: "Phone at the wheel", points: 6 }), 201)
    // Two SP30 (3 points each, from the reason bounds) and this one.
    expect(added.points).toBe(12)
    const endorsement = added.endorsements.find((e) => e["code"] === "CU80")!
    const officer = await meData(world.server, world.officer)
    expect(endorsement).toMatchObject({
      active: true,
      issuedBy: { id: officer.id, displayName: officer.displayName },
      removedAt: null,
      removedBy: null,
      removalReason: null,
      record: null
    })
    const created = Date.parse(endorsement["createdAt"] as string)
    expect(new Date(endorsement["expiresAt"] as string).getUTCFullYear() - new Date(created).getUTCFullYear()).toBe(3)
    const remove = `${base}/${endorsement.id}/remove`
    await reasonCases((reason) => send(world, world.officer, "POST", `${base}/no-such-one/remove`, { reason }), 409)
    const removed = ok<OfficialLicenceData>(await send(world, world.officer, "POST", remove, { reason: "Appeal upheld" }))
    expect(removed.points).toBe(6)
    expect(removed.endorsements.find((e) => e.id === endorsement.id)).toMatchObject({
      active: false,
      removedBy: { id: officer.id, displayName: officer.displayName },
      removalReason: "Appeal upheld"
    })
    expectError(await send(world, world.officer, "POST", remove, { reason: "Again" }), 409, "ENDORSEMENT_NOT_ACTIVE")
    expectError(await send(world, world.officer, "POST", remove, { reason: "And again" }), 409, "ENDORSEMENT_NOT_ACTIVE")
    const holder = ok<CivilianData>(await get(world, world.alice, `/api/civilians/${civilian.id}`)).licence!
    expect(holder.endorsements.map((e) => e.id)).not.toContain(endorsement.id)
    expect(Object.keys(holder.endorsements[0]!).sort()).toEqual(["active", "code", "createdAt", "expiresAt", "id", "points", "reason"])
    const events = listOf<{ type: string }>(await get(world, world.officer, `/api/pnc/events?civilianId=${civilian.id}&limit=3`)).data
    // The endorsement that brought the points to 12, the default threshold, suspended the licence (totting-up).
    expect(events.map((e) => e.type)).toEqual(["ENDORSEMENT_REMOVED", "LICENCE_SUSPENDED", "ENDORSEMENT_ADDED"])
  })

  it("suspend, revoke, reinstate", async () => {
    const { licence } = await licensedCharacter()
    const path = (action: string) => `/api/pnc/licences/${licence.id}/${action}`
    await reasonCases((reason) => send(world, world.officer, "POST", path("suspend"), { reason, until: LATER }), 200)
    const suspended = ok<OfficialLicenceData>(await get(world, world.officer, `/api/pnc/licences/${licence.id}`))
    expect(suspended).toMatchObject({ status: "SUSPENDED", suspendedUntil: LATER })
    expectError(await send(world, world.officer, "POST", path("suspend"), { reason: "Again", until: LATER }), 409, "NO_CHANGE")
    expectError(await send(world, world.officer, "POST", path("suspend"), { reason: "Past", until: "2000-01-01T00:00:00.000Z" }), 400, "INVALID_INPUT")
    expect(ok<OfficialLicenceData>(await send(world, world.officer, "POST", path("revoke"), { reason: "Disqualified" })).status).toBe("REVOKED")
    expectError(await send(world, world.officer, "POST", path("revoke"), { reason: "Again" }), 409, "NO_CHANGE")
    expectError(await send(world, world.officer, "POST", path("suspend"), { reason: "Revoked" }), 409, "INVALID_STATE")
    expect(ok<OfficialLicenceData>(await send(world, world.officer, "POST", path("reinstate"), { reason: "Served" })).status).toBe("VALID")
    expectError(await send(world, world.officer, "POST", path("reinstate"), { reason: "Again" }), 409, "NO_CHANGE")
    expectError(await send(world, world.officer, "POST", "/api/pnc/licences/none/revoke", { reason: "Missing" }), 404, "NOT_FOUND")
  })
})

describe("access", () => {
  it("a credential is refused with USER_REQUIRED on every official change", async () => {
    const { licence } = await licensedCharacter()
    const owner = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, owner.id)
    const calls: Array<[string, string, unknown]> = [
      ["PATCH", `/api/pnc/vehicles/${car.id}`, { reason: "Bot", motStatus: "EXPIRED" }],
      ["PATCH", `/api/pnc/licences/${licence.id}`, { reason: "Bot", categories: ["A"] }],
      ["POST", `/api/pnc/licences/${licence.id}/suspend`, { reason: "Bot" }],
      ["POST", `/api/pnc/licences/${licence.id}/revoke`, { reason: "Bot" }],
      ["POST", `/api/pnc/licences/${licence.id}/reinstate`, { reason: "Bot" }],
      ["POST", `/api/pnc/licences/${licence.id}/endorsements`, { code: "SP30", reason: "Bot", points: 3 }],
      ["POST", `/api/pnc/licences/${licence.id}/endorsements/x/remove`, { reason: "Bot" }]
    ]
    for (const [method, path, body] of calls) expectError(await send(world, world.credential, method, path, body), 403, "USER_REQUIRED")
  })

  it("a member without PNC permissions is FORBIDDEN, the message naming the permission", async () => {
    const { licence } = await licensedCharacter()
    const cases: Array<[string, string, unknown, string]> = [
      ["GET", "/api/pnc/vehicles?search=a", undefined, "pnc.view"],
      ["GET", "/api/pnc/civilians?search=a", undefined, "pnc.view"],
      ["GET", `/api/pnc/licences/${licence.id}`, undefined, "pnc.view"],
      ["GET", "/api/pnc/events", undefined, "pnc.view"],
      ["PATCH", `/api/pnc/licences/${licence.id}`, { reason: "Mine", categories: ["A"] }, "pnc.licences.manage"],
      ["PATCH", "/api/pnc/vehicles/x", { reason: "Mine", motStatus: "VALID" }, "pnc.vehicles.manage"],
      ["POST", `/api/pnc/licences/${licence.id}/endorsements`, { code: "SP30", reason: "Mine", points: 0 }, "pnc.licences.manage"]
    ]
    for (const [method, path, body, permission] of cases) {
      const reply = method === "GET" ? await get(world, world.alice, path) : await send(world, world.alice, method, path, body)
      expect(expectError(reply, 403, "FORBIDDEN").message).toContain(permission)
    }
    expectError(await world.server.request("GET", "/api/pnc/vehicles"), 401, "UNAUTHENTICATED")
  })

  it("the PNC history reads newest first with its shape, filtered by person or vehicle", async () => {
    const civilian = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, civilian.id)
    const entries = listOf<JsonObject & { seq: number }>(await get(world, world.credential, `/api/pnc/events?civilianId=${civilian.id}`)).data
    expect(entries.map((e) => e["type"])).toEqual(["VEHICLE_REGISTERED", "CIVILIAN_CREATED"])
    expect(Object.keys(entries[0]!).sort()).toEqual(["actor", "at", "civilianId", "data", "id", "licenceId", "seq", "type", "vehicleId"])
    expect(entries[0]).toMatchObject({ civilianId: civilian.id, vehicleId: car.id, licenceId: null })
    expect(entries[0]!.seq).toBeGreaterThan(entries[1]!.seq)
    const all = listOf<{ seq: number }>(await get(world, world.officer, "/api/pnc/events?limit=5"))
    expect(all.data.map((e) => e.seq)).toEqual([...all.data.map((e) => e.seq)].sort((a, b) => b - a))
    expectError(await get(world, world.officer, "/api/pnc/events?type=X"), 400, "INVALID_INPUT")
    expect(dataOf<Array<unknown>>(await get(world, world.officer, "/api/pnc/events?civilianId=nobody"))).toEqual([])
  })
})

describe("history and audit commit with the change", () => {
  it("when the audit entry fails, the vehicle keeps its statuses and the PNC history has no entry", async () => {
    const owner = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, owner.id)
    const db = world.server.database!
    // Installed while the server is idle (PGlite serves one connection).
    await db.query(`
      CREATE FUNCTION test_refuse_vehicle_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'pnc.vehicle.status.changed' THEN
          RAISE EXCEPTION 'test: audit entry refused';
        END IF;
        RETURN NEW;
      END
      $$`)
    await db.query("CREATE TRIGGER test_refuse_vehicle_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_vehicle_audit()")
    try {
      expectError(
        await send(world, world.officer, "PATCH", `/api/pnc/vehicles/${car.id}`, { reason: "Never audited", taxStatus: "UNTAXED" }),
        500,
        "INTERNAL_ERROR"
      )
    } finally {
      await db.query("DROP TRIGGER test_refuse_vehicle_audit ON audit_log")
      await db.query("DROP FUNCTION test_refuse_vehicle_audit()")
    }
    expect(ok<JsonObject>(await get(world, world.officer, `/api/pnc/vehicles/${car.id}`))["taxStatus"]).toBe("TAXED")
    const events = listOf<{ type: string }>(await get(world, world.officer, `/api/pnc/events?vehicleId=${car.id}`)).data
    expect(events.map((e) => e.type)).toEqual(["VEHICLE_REGISTERED"])
  })

  it("the PNC history cannot be changed or deleted", async () => {
    const db = world.server.database!
    await expect(db.query("UPDATE pnc_events SET type = 'X'")).rejects.toThrow(/append-only/)
    await expect(db.query("DELETE FROM pnc_events")).rejects.toThrow(/append-only/)
    await expect(db.query("TRUNCATE pnc_events")).rejects.toThrow(/append-only/)
  })
})
