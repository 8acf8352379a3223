import { UnitId } from "@bluelight/core/cad"
import { AccountId } from "@bluelight/core/identity"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, detailsOf, errorOf, listOf } from "../harness/body.js"
import {
  addCrew,
  assign,
  type CadClient,
  CONTROL_PERMISSIONS,
  createIncident,
  createUnit,
  credentialWith,
  crewedUnit,
  crewMember,
  type CrewData,
  plainMember,
  type UnitData
} from "../harness/cad.js"
import { linkPlatform, type Session, setAccountStatus, signIn, write } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

let server: RunningServer
let admin: Session
let control: CadClient
beforeAll(async () => {
  server = await startServer({
    env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "units-admin", RATE_LIMIT_WRITES_PER_MINUTE: "100000", RATE_LIMIT_READS_PER_MINUTE: "100000" }
  })
  admin = await signIn(server, { id: "units-admin" })
  control = await credentialWith(server, admin, CONTROL_PERMISSIONS)
})
afterAll(() => server?.stop())

const status = (unit: { id: string; version: number }, to: string) =>
  control.call("POST", `/api/cad/units/${unit.id}/status`, { status: to, version: unit.version })

describe("units", () => {
  it("creates OFF_DUTY units with unique callsigns (ignoring case), lists them by callsign", async () => {
    const b = await createUnit(control, { callsign: "ZB-2" })
    const a = await createUnit(control, { callsign: "za-1", type: "ARMED", agencyCode: "SO19" })
    expect(Object.keys(a).sort()).toEqual(["id", "callsign", "agencyCode", "type", "status", "incidentId", "version", "createdAt", "updatedAt", "crew"].sort())
    expect(a).toMatchObject({ callsign: "za-1", type: "ARMED", status: "OFF_DUTY", incidentId: null, version: 1, crew: [] })
    const clash = await control.call("POST", "/api/cad/units", { callsign: "ZA-1", agencyCode: "MET", type: "RESPONSE" })
    expect([clash.status, detailsOf(errorOf(clash))[0]!.path]).toEqual([400, ["callsign"]])
    expect((await control.call("POST", "/api/cad/units", { callsign: "X", agencyCode: "MET", type: "TANK" })).status).toBe(400)
    expect((await control.call("POST", "/api/cad/units", { callsign: "x".repeat(33), agencyCode: "MET", type: "DOG" })).status).toBe(400)
    expect((await control.call("POST", "/api/cad/units", { callsign: "x".repeat(32), agencyCode: "M".repeat(16), type: "DOG" })).status).toBe(201)
    const listed = listOf<UnitData>(await control.call("GET", "/api/cad/units?limit=100")).data.map((unit) => unit.callsign.toLowerCase())
    expect(listed).toEqual([...listed].sort())
    expect(listed.indexOf("za-1")).toBeLessThan(listed.indexOf("zb-2"))
    expect(dataOf<UnitData>(await control.call("GET", `/api/cad/units/${b.id}`)).callsign).toBe("ZB-2")
    expect(errorOf(await control.call("GET", "/api/cad/units/0190a7f2-0000-7000-8000-000000000000")).code).toBe("NOT_FOUND")
  })

  it("edits replace callsign, agency and type with the current version", async () => {
    const unit = await createUnit(control)
    const edited = dataOf<UnitData>(
      await control.call("POST", `/api/cad/units/${unit.id}/update`, { callsign: `${unit.callsign}-X`, agencyCode: "BTP", type: "TRAFFIC", version: 1 })
    )
    expect(edited).toMatchObject({ agencyCode: "BTP", type: "TRAFFIC", version: 2 })
    expect(errorOf(await control.call("POST", `/api/cad/units/${unit.id}/update`, { callsign: "Q", agencyCode: "BTP", type: "TRAFFIC", version: 1 })).code)
      .toBe("CAD_CONFLICT")
    expect(
      errorOf(await control.call("POST", `/api/cad/units/${unit.id}/update`, { callsign: edited.callsign, agencyCode: "BTP", type: "TRAFFIC", version: 2 }))
        .code
    ).toBe("NO_CHANGE")
    expect((await control.call("POST", `/api/cad/units/${unit.id}/update`, { callsign: "Q", version: 2 })).status).toBe(400)
  })
})

describe("crew", () => {
  it("adds active staff with the crew user shape; the unit becomes AVAILABLE and its version moves", async () => {
    const alice = await crewMember(server, admin, "crew-alice", ["cad.unit.self"], "Alice Crew")
    await linkPlatform(server, alice.session, { id: "7001", username: "AliceInGame" })
    const unit = await createUnit(control)
    const crewed = await addCrew(control, unit.id, alice.accountId, "  4521 ")
    expect(crewed).toMatchObject({ status: "AVAILABLE", version: 2 })
    const member = crewed.crew[0]!
    expect(Object.keys(member).sort()).toEqual(["id", "unitId", "identifier", "userId", "joinedAt", "leftAt", "user"].sort())
    expect(member).toMatchObject({ unitId: unit.id, userId: alice.accountId, identifier: "4521", leftAt: null })
    expect(member.user).toEqual({
      id: alice.accountId,
      displayName: "Alice Crew",
      identity: { id: "crew-alice", username: "user.crew-alice", avatar: null },
      platform: { id: "7001", username: "AliceInGame" },
      staff: { id: alice.staff.id, active: true }
    })
  })

  it("one unit per person: ALREADY_CREWED, also on the same unit; identifier 1 to 64", async () => {
    const bob = await crewMember(server, admin, "crew-bob")
    const first = await crewedUnit(control, bob.accountId)
    const other = await createUnit(control)
    const again = await control.call("POST", `/api/cad/units/${other.id}/crew`, { userId: bob.accountId, identifier: "1" })
    expect([again.status, errorOf(again).code]).toEqual([409, "ALREADY_CREWED"])
    expect(errorOf(await control.call("POST", `/api/cad/units/${first.id}/crew`, { userId: bob.accountId, identifier: "1" })).code).toBe("ALREADY_CREWED")
    const carol = await crewMember(server, admin, "crew-carol")
    expect((await control.call("POST", `/api/cad/units/${other.id}/crew`, { userId: carol.accountId, identifier: "" })).status).toBe(400)
    expect((await control.call("POST", `/api/cad/units/${other.id}/crew`, { userId: carol.accountId, identifier: "x".repeat(65) })).status).toBe(400)
    expect((await control.call("POST", `/api/cad/units/${other.id}/crew`, { userId: carol.accountId, identifier: "x".repeat(64) })).status).toBe(201)
  })

  it("refuses people who are not active staff (STAFF_INACTIVE) and unknown people (NOT_FOUND)", async () => {
    const unit = await createUnit(control)
    const member = await plainMember(server, "crew-plain")
    const plain = await control.call("POST", `/api/cad/units/${unit.id}/crew`, { userId: member.accountId, identifier: "1" })
    expect([plain.status, errorOf(plain).code]).toEqual([422, "STAFF_INACTIVE"])
    const dave = await crewMember(server, admin, "crew-dave")
    await write(server, admin, "PATCH", `/api/staff/${dave.staff.id}`, { active: false })
    // The rest through the typed client: each refusal decodes to the contract's error, with its code.
    const crewing = (userId: string, unitId: string = unit.id) =>
      control.refusal((api) => api.cadUnits.addCrew({ params: { id: UnitId.make(unitId) }, payload: { userId: AccountId.make(userId), identifier: "1" } }))
    expect(await crewing(dave.accountId)).toMatchObject({ _tag: "StaffInactive", code: "STAFF_INACTIVE" })
    const erin = await crewMember(server, admin, "crew-erin")
    await setAccountStatus(server, admin, erin.accountId, "SUSPENDED")
    expect((await crewing(erin.accountId)).code).toBe("STAFF_INACTIVE")
    expect((await crewing("0190a7f2-0000-7000-8000-000000000000")).code).toBe("NOT_FOUND")
    expect((await crewing(dave.accountId, "0190a7f2-0000-7000-8000-000000000000")).code).toBe("NOT_FOUND")
  })

  it("removing the last crew of an assigned unit clears it, then takes it OFF_DUTY; removing twice is INVALID_STATE", async () => {
    const fay = await crewMember(server, admin, "crew-fay")
    const gus = await crewMember(server, admin, "crew-gus")
    const incident = await createIncident(control)
    const unit = await addCrew(control, (await crewedUnit(control, fay.accountId)).id, gus.accountId)
    await assign(control, incident.id, unit)
    const [fayCrew, gusCrew] = [unit.crew[0]!, unit.crew[1]!]
    const one = dataOf<UnitData>(await control.call("POST", `/api/cad/units/${unit.id}/crew/${fayCrew.id}/remove`))
    expect(one).toMatchObject({ status: "ASSIGNED", incidentId: incident.id })
    expect(one.crew.map((member) => member.id)).toEqual([gusCrew.id])
    const none = dataOf<UnitData>(await control.call("POST", `/api/cad/units/${unit.id}/crew/${gusCrew.id}/remove`))
    expect(none).toMatchObject({ status: "OFF_DUTY", incidentId: null, crew: [] })
    const twice = await control.call("POST", `/api/cad/units/${unit.id}/crew/${gusCrew.id}/remove`)
    expect([twice.status, errorOf(twice).code]).toEqual([409, "INVALID_STATE"])
    const elsewhere = await createUnit(control)
    expect(errorOf(await control.call("POST", `/api/cad/units/${elsewhere.id}/crew/${gusCrew.id}/remove`)).code).toBe("NOT_FOUND")
    // Fay is free to crew again.
    await crewedUnit(control, fay.accountId)
  })

  it("eligible crew: active staff on active accounts by display name; search; unknown parameters ignored", async () => {
    await crewMember(server, admin, "elig-1", ["cad.unit.self"], "zz Eligible Bravo")
    await crewMember(server, admin, "elig-2", ["cad.unit.self"], "ZZ eligible alpha")
    const off = await crewMember(server, admin, "elig-3", ["cad.unit.self"], "zz Eligible Off")
    await write(server, admin, "PATCH", `/api/staff/${off.staff.id}`, { active: false })
    await plainMember(server, "elig-plain")
    const reply = await control.call("GET", "/api/cad/units/eligible-crew?search=%20ELIGIBLE%20&unknown=1&limit=10")
    expect(reply.status, reply.text).toBe(200)
    const { data, meta } = listOf<CrewData["user"]>(reply)
    expect(data.map((user) => user.displayName)).toEqual(["ZZ eligible alpha", "zz Eligible Bravo"])
    expect(meta).toEqual({ limit: 10, offset: 0, hasMore: false })
    expect(Object.keys(data[0]!).sort()).toEqual(["displayName", "id", "identity", "platform", "staff"])
    expect(data[0]!.staff?.active).toBe(true)
    const all = listOf<CrewData["user"]>(await control.call("GET", "/api/cad/units/eligible-crew?limit=100")).data.map((user) => user.displayName)
    expect(all.map((name) => name.toLowerCase())).toEqual([...all].map((name) => name.toLowerCase()).sort())
    expect((await control.call("GET", `/api/cad/units/eligible-crew?search=${"x".repeat(100)}`)).status).toBe(200)
    const long = await control.call("GET", `/api/cad/units/eligible-crew?search=${"x".repeat(101)}`)
    expect([long.status, detailsOf(errorOf(long))[0]!.path]).toEqual([400, ["query", "search"]])
    expect((await control.call("GET", "/api/cad/units/eligible-crew?limit=0")).status).toBe(400)
  })
})

describe("status moves, assigning and clearing", () => {
  it("moves statuses as the transitions allow and refuses the rest", async () => {
    const hal = await crewMember(server, admin, "move-hal")
    // The unit as the typed client made it, then as each raw status change answers it.
    let unit: { readonly id: string; readonly version: number; readonly status: string } = await crewedUnit(control, hal.accountId)
    for (const to of ["BUSY", "UNAVAILABLE", "AVAILABLE"]) {
      unit = dataOf<UnitData>(await status(unit, to))
      expect(unit.status).toBe(to)
    }
    for (const to of ["ASSIGNED", "EN_ROUTE", "ON_SCENE", "OFF_DUTY"]) {
      const reply = await status(unit, to)
      expect([reply.status, errorOf(reply).code], to).toEqual([409, "INVALID_STATE"])
    }
    expect(errorOf(await status(unit, "AVAILABLE")).code).toBe("NO_CHANGE")
    expect(errorOf(await status({ ...unit, version: unit.version - 1 }, "BUSY")).code).toBe("CAD_CONFLICT")
    expect((await status(unit, "available")).status).toBe(400)
    const incident = await createIncident(control)
    unit = await assign(control, incident.id, unit)
    for (const to of ["EN_ROUTE", "ON_SCENE", "ASSIGNED"]) unit = dataOf<UnitData>(await status(unit, to))
    for (const to of ["AVAILABLE", "BUSY", "UNAVAILABLE", "OFF_DUTY"]) expect(errorOf(await status(unit, to)).code, to).toBe("INVALID_STATE")
  })

  it("assign answers the unit with crew and incident; several units per incident, one incident per unit", async () => {
    const [ivy, jon] = [await crewMember(server, admin, "asg-ivy"), await crewMember(server, admin, "asg-jon")]
    const incident = await createIncident(control)
    const other = await createIncident(control)
    const one = await crewedUnit(control, ivy.accountId)
    const two = await crewedUnit(control, jon.accountId)
    const assigned = await assign(control, incident.id, one)
    expect(Object.keys(assigned).sort()).toEqual(
      ["id", "callsign", "agencyCode", "type", "status", "incidentId", "version", "createdAt", "updatedAt", "crew", "incident"].sort()
    )
    expect(assigned).toMatchObject({
      status: "ASSIGNED",
      incidentId: incident.id,
      version: one.version + 1,
      incident: { id: incident.id, number: incident.number }
    })
    expect(assigned.crew[0]!.user.id).toBe(ivy.accountId)
    await assign(control, incident.id, two)
    const elsewhere = await control.call("POST", `/api/cad/incidents/${other.id}/assign`, { unitId: one.id, version: assigned.version })
    expect([elsewhere.status, errorOf(elsewhere).code]).toEqual([409, "INVALID_STATE"])
    const read = dataOf<{ units: Array<UnitData> }>(await control.call("GET", `/api/cad/incidents/${incident.id}`))
    expect(read.units.map((unit) => unit.id).sort()).toEqual([one.id, two.id].sort())
  })

  it("refuses a stale version, an uncrewed unit, a busy unit, a closed incident and unknown records", async () => {
    const kim = await crewMember(server, admin, "asg-kim")
    const incident = await createIncident(control)
    const uncrewed = await createUnit(control)
    expect(errorOf(await control.call("POST", `/api/cad/incidents/${incident.id}/assign`, { unitId: uncrewed.id, version: 1 })).code).toBe("INVALID_STATE")
    const unit = await crewedUnit(control, kim.accountId)
    const stale = await control.call("POST", `/api/cad/incidents/${incident.id}/assign`, { unitId: unit.id, version: unit.version - 1 })
    expect([stale.status, errorOf(stale).code]).toEqual([409, "CAD_CONFLICT"])
    const busy = dataOf<UnitData>(await status(unit, "BUSY"))
    expect(errorOf(await control.call("POST", `/api/cad/incidents/${incident.id}/assign`, { unitId: unit.id, version: busy.version })).code).toBe(
      "INVALID_STATE"
    )
    const free = dataOf<UnitData>(await status(busy, "AVAILABLE"))
    await control.call("POST", `/api/cad/incidents/${incident.id}/close`, { version: 1 })
    const closed = await control.call("POST", `/api/cad/incidents/${incident.id}/assign`, { unitId: unit.id, version: free.version })
    expect([closed.status, errorOf(closed).code]).toEqual([409, "INVALID_STATE"])
    expect(errorOf(await control.call("POST", `/api/cad/incidents/${incident.id}/assign`, { unitId: "0190a7f2-0000-7000-8000-000000000000", version: 1 })).code)
      .toBe("NOT_FOUND")
    expect((await control.call("POST", `/api/cad/incidents/${incident.id}/assign`, { unitId: unit.id })).status).toBe(400)
    expect((await control.call("POST", `/api/cad/incidents/${incident.id}/assign`, { unitId: unit.id, version: "1" })).status).toBe(400)
    // Nothing was written by the refusals.
    expect(dataOf<UnitData>(await control.call("GET", `/api/cad/units/${unit.id}`))).toMatchObject({ status: "AVAILABLE", version: free.version })
  })

  it("clear takes a unit off its incident; closing an incident clears every unit on it", async () => {
    const [lee, mo] = [await crewMember(server, admin, "clr-lee"), await crewMember(server, admin, "clr-mo")]
    const incident = await createIncident(control)
    const one = await assign(control, incident.id, await crewedUnit(control, lee.accountId))
    const two = await assign(control, incident.id, await crewedUnit(control, mo.accountId))
    expect(errorOf(await control.call("POST", `/api/cad/incidents/${incident.id}/clear`, { unitId: one.id, version: one.version - 1 })).code).toBe(
      "CAD_CONFLICT"
    )
    const cleared = dataOf<UnitData>(await control.call("POST", `/api/cad/incidents/${incident.id}/clear`, { unitId: one.id, version: one.version }))
    expect(cleared).toMatchObject({ status: "AVAILABLE", incidentId: null, version: one.version + 1 })
    expect(errorOf(await control.call("POST", `/api/cad/incidents/${incident.id}/clear`, { unitId: one.id, version: cleared.version })).code).toBe(
      "INVALID_STATE"
    )
    await control.call("POST", `/api/cad/incidents/${incident.id}/close`, { version: 1 })
    expect(dataOf<UnitData>(await control.call("GET", `/api/cad/units/${two.id}`))).toMatchObject({
      status: "AVAILABLE",
      incidentId: null,
      version: two.version + 1
    })
  })
})
