import type { Call } from "@bluelight/core/cad"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, detailsOf, errorOf, listOf } from "../harness/body.js"
import { type CadClient, CONTROL_PERMISSIONS, createIncident, credentialWith } from "../harness/cad.js"
import { type Session, signIn } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

let server: RunningServer
let admin: Session
let control: CadClient
let bot: CadClient
beforeAll(async () => {
  server = await startServer({
    env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "calls-admin", RATE_LIMIT_WRITES_PER_MINUTE: "100000", RATE_LIMIT_READS_PER_MINUTE: "100000" }
  })
  admin = await signIn(server, { id: "calls-admin" })
  control = await credentialWith(server, admin, CONTROL_PERMISSIONS)
  bot = await credentialWith(server, admin, ["cad.view", "cad.calls.manage"], "emergency call relay")
})
afterAll(() => server?.stop())

type CallData = typeof Call.Encoded

const CALL = { callerName: "Jo Bloggs", location: "Legion Square", description: "Two people fighting" }
const receive = async (body: Record<string, unknown> = {}) => {
  const reply = await bot.call("POST", "/api/cad/calls", { ...CALL, ...body })
  expect(reply.status, reply.text).toBe(201)
  return dataOf<CallData>(reply)
}

describe("calls", () => {
  it("a bot relays a call with a credential; it waits, oldest first", async () => {
    const first = await receive({ callerNumber: " 07700 900123 " })
    const second = await receive()
    expect(Object.keys(first).sort()).toEqual(
      [
        "id",
        "status",
        "callerName",
        "callerNumber",
        "location",
        "description",
        "incidentId",
        "closeReason",
        "createdAt",
        "updatedAt",
        "closedAt",
        "source",
        "gameCallNumber"
      ]
        .sort()
    )
    expect(first).toMatchObject({
      ...CALL,
      callerNumber: "07700 900123",
      status: "WAITING",
      incidentId: null,
      closeReason: null,
      closedAt: null,
      source: "API",
      gameCallNumber: null
    })
    expect(second.callerNumber).toBeNull()
    expect((await receive({ callerNumber: null })).callerNumber).toBeNull()
    const waiting = listOf<CallData>(await control.call("GET", "/api/cad/calls?limit=100")).data.map((call) => call.id)
    expect(waiting.indexOf(first.id)).toBeLessThan(waiting.indexOf(second.id))
    expect(waiting.indexOf(first.id)).toBeGreaterThanOrEqual(0)
  })

  it("holds every field to its bounds and refuses hostile input", async () => {
    for (
      const [field, value] of [
        ["callerName", ""],
        ["callerName", "x".repeat(101)],
        ["location", ""],
        ["description", " "],
        ["description", "x".repeat(2001)],
        ["callerNumber", ""],
        ["callerNumber", "1".repeat(33)],
        ["callerName", "a\u0000b"],
        ["location", "\udc00"]
      ] as const
    ) {
      const reply = await bot.call("POST", "/api/cad/calls", { ...CALL, [field]: value })
      expect([reply.status, detailsOf(errorOf(reply))[0]!.path], field).toEqual([400, [field]])
    }
    expect((await bot.call("POST", "/api/cad/calls", { ...CALL, priority: "IMMEDIATE" })).status).toBe(400)
    expect(
      (await bot.call("POST", "/api/cad/calls", { ...CALL, callerName: "x".repeat(100), description: "y".repeat(2000), callerNumber: "1".repeat(32) })).status
    ).toBe(201)
  })

  it("attaches a waiting call to an open incident once; closes with a reason once", async () => {
    const call = await receive()
    const incident = await createIncident(control)
    const attached = dataOf<CallData>(await bot.call("POST", `/api/cad/calls/${call.id}/attach`, { incidentId: incident.id }))
    expect(attached).toMatchObject({ status: "ATTACHED", incidentId: incident.id })
    const again = await bot.call("POST", `/api/cad/calls/${call.id}/attach`, { incidentId: incident.id })
    expect([again.status, errorOf(again).code]).toEqual([409, "INVALID_STATE"])
    const read = dataOf<{ calls: Array<CallData> }>(await control.call("GET", `/api/cad/incidents/${incident.id}`))
    expect(read.calls.map((c) => c.id)).toEqual([call.id])
    expect(listOf<CallData>(await control.call("GET", "/api/cad/calls?status=ATTACHED")).data[0]!.id).toBe(call.id)
    expect((await bot.call("POST", `/api/cad/calls/${call.id}/close`, { reason: "ab" })).status).toBe(400)
    expect((await bot.call("POST", `/api/cad/calls/${call.id}/close`, { reason: "x".repeat(501) })).status).toBe(400)
    const closed = dataOf<CallData>(await bot.call("POST", `/api/cad/calls/${call.id}/close`, { reason: "  Dealt with on scene " }))
    expect(closed).toMatchObject({ status: "CLOSED", closeReason: "Dealt with on scene", incidentId: incident.id })
    expect(closed.closedAt).not.toBeNull()
    expect(errorOf(await bot.call("POST", `/api/cad/calls/${call.id}/close`, { reason: "again" })).code).toBe("INVALID_STATE")
    expect(listOf<CallData>(await control.call("GET", "/api/cad/calls?status=CLOSED")).data[0]!.id).toBe(call.id)
  })

  it("refuses attaching to a closed incident, and unknown calls and incidents", async () => {
    const call = await receive()
    const incident = await createIncident(control)
    await control.call("POST", `/api/cad/incidents/${incident.id}/close`, { version: 1 })
    const closed = await bot.call("POST", `/api/cad/calls/${call.id}/attach`, { incidentId: incident.id })
    expect([closed.status, errorOf(closed).code]).toEqual([409, "INVALID_STATE"])
    expect(errorOf(await bot.call("POST", `/api/cad/calls/${call.id}/attach`, { incidentId: "0190a7f2-0000-7000-8000-000000000000" })).code).toBe("NOT_FOUND")
    expect(errorOf(await bot.call("POST", "/api/cad/calls/0190a7f2-0000-7000-8000-000000000000/close", { reason: "Nope" })).code).toBe("NOT_FOUND")
    expect((await control.call("GET", "/api/cad/calls?status=OPEN")).status).toBe(400)
    // A waiting call closed without ever being attached.
    const waiting = await receive()
    expect(dataOf<CallData>(await bot.call("POST", `/api/cad/calls/${waiting.id}/close`, { reason: "Hoax call" }))).toMatchObject({
      status: "CLOSED",
      incidentId: null
    })
  })
})
