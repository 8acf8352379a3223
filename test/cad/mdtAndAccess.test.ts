import type { MdtView } from "@bluelight/core/cad"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, errorOf } from "../harness/body.js"
import { type CadClient, CONTROL_PERMISSIONS, createIncident, createUnit, credentialWith, crewMember, plainMember, type UnitData } from "../harness/cad.js"
import { type Session, signIn, write } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

let server: RunningServer
let admin: Session
let control: CadClient
beforeAll(async () => {
  server = await startServer({
    env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "mdt-admin", RATE_LIMIT_WRITES_PER_MINUTE: "100000", RATE_LIMIT_READS_PER_MINUTE: "100000" }
  })
  admin = await signIn(server, { id: "mdt-admin" })
  control = await credentialWith(server, admin, CONTROL_PERMISSIONS)
})
afterAll(() => server?.stop())

type Mdt = typeof MdtView.Encoded

const ID = "0190a7f2-0000-7000-8000-000000000000"

/** Every CAD and MDT operation with a body that passes validation, and the permissions it needs besides cad.view. */
const OPERATIONS: ReadonlyArray<{ method: string; path: string; body?: unknown; needs: string }> = [
  { method: "GET", path: "/api/cad/incidents", needs: "cad.view" },
  { method: "POST", path: "/api/cad/incidents", body: { type: "RTC", priority: "IMMEDIATE", location: "A1" }, needs: "cad.incidents.create" },
  { method: "GET", path: `/api/cad/incidents/${ID}`, needs: "cad.view" },
  {
    method: "POST",
    path: `/api/cad/incidents/${ID}/update`,
    body: { type: "RTC", priority: "IMMEDIATE", location: "A1", description: "", controlNotes: "", version: 1 },
    needs: "cad.incidents.manage"
  },
  { method: "POST", path: `/api/cad/incidents/${ID}/close`, body: { version: 1 }, needs: "cad.incidents.manage" },
  { method: "POST", path: `/api/cad/incidents/${ID}/assign`, body: { unitId: ID, version: 1 }, needs: "cad.dispatch" },
  { method: "POST", path: `/api/cad/incidents/${ID}/clear`, body: { unitId: ID, version: 1 }, needs: "cad.dispatch" },
  { method: "GET", path: "/api/cad/units", needs: "cad.view" },
  { method: "POST", path: "/api/cad/units", body: { callsign: "P1", agencyCode: "MET", type: "DOG" }, needs: "cad.units.manage" },
  { method: "GET", path: "/api/cad/units/eligible-crew", needs: "cad.units.manage" },
  { method: "GET", path: `/api/cad/units/${ID}`, needs: "cad.view" },
  { method: "POST", path: `/api/cad/units/${ID}/update`, body: { callsign: "P1", agencyCode: "MET", type: "DOG", version: 1 }, needs: "cad.units.manage" },
  { method: "POST", path: `/api/cad/units/${ID}/status`, body: { status: "BUSY", version: 1 }, needs: "cad.dispatch" },
  { method: "POST", path: `/api/cad/units/${ID}/crew`, body: { userId: ID, identifier: "1" }, needs: "cad.units.manage" },
  { method: "POST", path: `/api/cad/units/${ID}/crew/${ID}/remove`, needs: "cad.units.manage" },
  { method: "GET", path: "/api/cad/calls", needs: "cad.view" },
  { method: "POST", path: "/api/cad/calls", body: { callerName: "A", location: "B", description: "C" }, needs: "cad.calls.manage" },
  { method: "POST", path: `/api/cad/calls/${ID}/attach`, body: { incidentId: ID }, needs: "cad.calls.manage" },
  { method: "POST", path: `/api/cad/calls/${ID}/close`, body: { reason: "Dup" }, needs: "cad.calls.manage" },
  { method: "GET", path: "/api/cad/events", needs: "cad.view" },
  { method: "GET", path: "/api/cad/events/stream", needs: "cad.view" }
]

describe("access to CAD", () => {
  it("every CAD operation refuses a caller without its permission, and one with it but without cad.view, naming what is missing", async () => {
    const nothing = await credentialWith(server, admin, ["audit.view"], "no cad")
    for (const operation of OPERATIONS) {
      const bare = await nothing.call(operation.method, operation.path, operation.body)
      expect([bare.status, errorOf(bare).code], `${operation.method} ${operation.path}`).toEqual([403, "FORBIDDEN"])
      expect(errorOf(bare).message).toContain("cad.")
      if (operation.needs === "cad.view") continue
      const withoutView = await credentialWith(server, admin, [operation.needs], `only ${operation.needs}`)
      const reply = await withoutView.call(operation.method, operation.path, operation.body)
      expect([reply.status, errorOf(reply).code], `${operation.method} ${operation.path}`).toEqual([403, "FORBIDDEN"])
      expect(errorOf(reply).message).toContain("cad.view")
      const viewOnly = await credentialWith(server, admin, ["cad.view"], "view only")
      const missing = await viewOnly.call(operation.method, operation.path, operation.body)
      expect(errorOf(missing).message, `${operation.method} ${operation.path}`).toContain(operation.needs)
    }
  })

  it("answers 401 without a caller", async () => {
    for (const operation of OPERATIONS) {
      const reply = await server.request(operation.method, operation.path, operation.body === undefined ? {} : { body: operation.body })
      expect(reply.status, `${operation.method} ${operation.path}`).toBe(401)
    }
  })

  it("MDT refuses credentials (USER_REQUIRED), even holding cad.unit.self", async () => {
    const bot = await credentialWith(server, admin, ["cad.unit.self", "cad.view"], "mdt bot")
    for (
      const [method, path, body] of [["GET", "/api/mdt/me"], ["POST", "/api/mdt/book-on", { unitId: ID, identifier: "1" }], ["POST", "/api/mdt/book-off"], [
        "POST",
        "/api/mdt/status",
        { status: "BUSY", version: 1 }
      ]] as const
    ) {
      const reply = await bot.call(method, path, body)
      expect([reply.status, errorOf(reply).code], path).toEqual([403, "USER_REQUIRED"])
    }
  })

  it("MDT needs cad.unit.self, then active staff (STAFF_REQUIRED)", async () => {
    const staffWithout = await crewMember(server, admin, "mdt-noperm", ["cad.view"])
    const refused = await staffWithout.client.call("GET", "/api/mdt/me")
    expect([refused.status, errorOf(refused).code, errorOf(refused).message]).toEqual([403, "FORBIDDEN", expect.stringContaining("cad.unit.self")])
    // Every member gets cad.unit.self from here on, staff or not.
    const member = await write(server, admin, "PATCH", "/api/admin/roles/member", {
      permissions: ["civilians.create", "civilians.manage_own", "cad.unit.self"]
    })
    expect(member.status, member.text).toBe(200)
    const plain = await plainMember(server, "mdt-plain")
    const unit = await createUnit(control)
    const bookOn = await plain.client.call("POST", "/api/mdt/book-on", { unitId: unit.id, identifier: "1" })
    expect([bookOn.status, errorOf(bookOn).code]).toEqual([403, "STAFF_REQUIRED"])
    expect(errorOf(await plain.client.call("GET", "/api/mdt/me")).code).toBe("STAFF_REQUIRED")
    const former = await crewMember(server, admin, "mdt-former")
    await write(server, admin, "PATCH", `/api/staff/${former.staff.id}`, { active: false })
    expect(errorOf(await former.client.call("POST", "/api/mdt/book-on", { unitId: unit.id, identifier: "1" })).code).toBe("STAFF_REQUIRED")
    await write(server, admin, "PATCH", "/api/admin/roles/member", { permissions: ["civilians.create", "civilians.manage_own"] })
  })
})

describe("MDT self-service", () => {
  it("books on, follows the unit's incident, moves its status (never ASSIGNED), books off", async () => {
    const nia = await crewMember(server, admin, "mdt-nia", ["cad.unit.self"], "Nia")
    expect(dataOf<Mdt>(await nia.client.call("GET", "/api/mdt/me"))).toEqual({ crew: null, unit: null, incident: null })
    // Unknown query parameters are refused, as on every list.
    for (const query of ["verbose=1", "limit=1"]) {
      const refused = await nia.client.call("GET", `/api/mdt/me?${query}`)
      expect([refused.status, errorOf(refused).code, errorOf(refused).details?.map((problem) => problem.path)], query).toEqual([400, "INVALID_INPUT", [[
        "query",
        query.split("=")[0]
      ]]])
    }
    const unit = await createUnit(control)
    const on = dataOf<Mdt>(await nia.client.call("POST", "/api/mdt/book-on", { unitId: unit.id, identifier: " 77 " }))
    expect(on.crew).toMatchObject({ unitId: unit.id, userId: nia.accountId, identifier: "77", leftAt: null, user: { displayName: "Nia" } })
    expect(on.unit).toMatchObject({ id: unit.id, status: "AVAILABLE", version: 2 })
    expect(on.incident).toBeNull()
    const twice = await nia.client.call("POST", "/api/mdt/book-on", { unitId: unit.id, identifier: "77" })
    expect([twice.status, errorOf(twice).code]).toEqual([409, "ALREADY_CREWED"])
    const busy = dataOf<Mdt>(await nia.client.call("POST", "/api/mdt/status", { status: "BUSY", version: 2 }))
    expect(busy.unit).toMatchObject({ status: "BUSY", version: 3 })
    expect(errorOf(await nia.client.call("POST", "/api/mdt/status", { status: "AVAILABLE", version: 2 })).code).toBe("CAD_CONFLICT")
    expect(errorOf(await nia.client.call("POST", "/api/mdt/status", { status: "EN_ROUTE", version: 3 })).code).toBe("INVALID_STATE")
    for (const status of ["ASSIGNED", "OFF_DUTY", "busy"]) {
      const reply = await nia.client.call("POST", "/api/mdt/status", { status, version: 3 })
      expect([reply.status, errorOf(reply).code], status).toEqual([400, "INVALID_INPUT"])
    }
    const available = dataOf<Mdt>(await nia.client.call("POST", "/api/mdt/status", { status: "AVAILABLE", version: 3 }))
    const incident = await createIncident(control)
    await control.call("POST", `/api/cad/incidents/${incident.id}/assign`, { unitId: unit.id, version: available.unit!.version })
    const attending = dataOf<Mdt>(await nia.client.call("GET", "/api/mdt/me"))
    expect(attending).toMatchObject({ unit: { status: "ASSIGNED", incidentId: incident.id }, incident: { id: incident.id, number: incident.number } })
    const enRoute = dataOf<Mdt>(await nia.client.call("POST", "/api/mdt/status", { status: "EN_ROUTE", version: attending.unit!.version }))
    expect(enRoute.unit!.status).toBe("EN_ROUTE")
    const off = dataOf<Mdt>(await nia.client.call("POST", "/api/mdt/book-off"))
    expect(off).toEqual({ crew: null, unit: null, incident: null })
    expect(dataOf<UnitData>(await control.call("GET", `/api/cad/units/${unit.id}`))).toMatchObject({ status: "OFF_DUTY", incidentId: null, crew: [] })
    const again = await nia.client.call("POST", "/api/mdt/book-off")
    expect([again.status, errorOf(again).code]).toEqual([409, "INVALID_STATE"])
    expect(errorOf(await nia.client.call("POST", "/api/mdt/status", { status: "BUSY", version: 1 })).code).toBe("INVALID_STATE")
    expect(errorOf(await nia.client.call("POST", "/api/mdt/book-on", { unitId: ID, identifier: "1" })).code).toBe("NOT_FOUND")
    expect((await nia.client.call("POST", "/api/mdt/book-on", { unitId: unit.id, identifier: "1", extra: 1 })).status).toBe(400)
  })

  it("a cookie write from another origin is refused (INVALID_ORIGIN)", async () => {
    const oz = await crewMember(server, admin, "mdt-oz")
    const reply = await server.request("POST", "/api/mdt/book-off", { headers: { cookie: oz.session.cookie, origin: "https://evil.example" } })
    expect([reply.status, errorOf(reply).code]).toEqual([403, "INVALID_ORIGIN"])
  })
})
