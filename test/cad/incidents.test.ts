import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, detailsOf, errorOf, listOf } from "../harness/body.js"
import { type CadClient, CONTROL_PERMISSIONS, createIncident, credentialWith, type Incident, type IncidentData } from "../harness/cad.js"
import { type Session, signIn } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

let server: RunningServer
let admin: Session
let control: CadClient
beforeAll(async () => {
  server = await startServer({
    env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "cad-admin", RATE_LIMIT_WRITES_PER_MINUTE: "100000", RATE_LIMIT_READS_PER_MINUTE: "100000" }
  })
  admin = await signIn(server, { id: "cad-admin" })
  control = await credentialWith(server, admin, CONTROL_PERMISSIONS)
})
afterAll(() => server?.stop())

const FIELDS = { type: "Burglary", priority: "PRIORITY" as const, location: "12 High Street", description: "Window smashed", controlNotes: "Caller on scene" }

describe("incidents", () => {
  it("creates an incident numbered from a sequence, every field present", async () => {
    const first = await createIncident(control, FIELDS)
    // Sent raw: description and control notes left out default to "".
    const second = dataOf<IncidentData>(await control.call("POST", "/api/cad/incidents", { type: "RTC", priority: "IMMEDIATE", location: "A1" }))
    expect(second.number).toBe(first.number + 1)
    expect(Object.keys(first).sort()).toEqual(
      ["id", "number", "status", "priority", "type", "location", "description", "controlNotes", "version", "createdAt", "updatedAt", "closedAt"].sort()
    )
    expect(first).toMatchObject({ ...FIELDS, status: "OPEN", version: 1, closedAt: null })
    expect(second).toMatchObject({ description: "", controlNotes: "" })
  })

  it("trims text and holds it to its bounds", async () => {
    const trimmed = dataOf<IncidentData>(await control.call("POST", "/api/cad/incidents", { type: "  ab  ", priority: "IMMEDIATE", location: " x " }))
    expect(trimmed).toMatchObject({ type: "ab", location: "x" })
    for (
      const [field, value] of [
        ["type", "a"],
        ["type", "   a  "],
        ["type", "x".repeat(61)],
        ["location", ""],
        ["location", "x".repeat(201)],
        ["description", "x".repeat(4001)],
        ["priority", "URGENT"],
        ["priority", "immediate"],
        ["type", 12],
        ["location", null]
      ] as const
    ) {
      const reply = await control.call("POST", "/api/cad/incidents", { type: "RTC", priority: "IMMEDIATE", location: "A1", [field]: value })
      expect(reply.status, `${field}=${String(value).slice(0, 20)}`).toBe(400)
      expect(detailsOf(errorOf(reply)).map((problem) => problem.path)).toContainEqual([field])
    }
    const atBounds = await createIncident(control, { type: "x".repeat(60), location: "y".repeat(200), description: "z".repeat(4000) })
    expect(atBounds.type.length).toBe(60)
  })

  it("refuses hostile input with INVALID_INPUT, never a 500", async () => {
    const bodies: Array<unknown> = [
      { type: "RTC\u0000", priority: "IMMEDIATE", location: "A1" },
      { type: "RTC\ud800", priority: "IMMEDIATE", location: "A1" },
      { type: "RTC", priority: "IMMEDIATE", location: "A1", extra: true },
      "{\"type\":\"RTC\",\"priority\":\"IMMEDIATE\",\"location\":\"A1\",\"__proto__\":{\"x\":1}}",
      "{\"type\":\"RTC\",\"priority\":\"IMMEDIATE\",",
      [],
      "text"
    ]
    for (const body of bodies) {
      const reply = await control.call("POST", "/api/cad/incidents", body)
      expect(reply.status, JSON.stringify(body)).toBe(400)
      expect(errorOf(reply).code).toBe("INVALID_INPUT")
    }
    const huge = await control.call("POST", "/api/cad/incidents", { type: "RTC", priority: "IMMEDIATE", location: "A1", description: "x".repeat(20_000) })
    expect(huge.status).toBe(413)
  })

  it("lists open incidents by priority then number, closed ones newest first", async () => {
    const made: Array<Incident> = []
    for (const priority of ["RESOLUTION", "IMMEDIATE", "SCHEDULED", "PRIORITY", "IMMEDIATE"] as const) made.push(await createIncident(control, { priority }))
    const { data } = listOf<IncidentData>(await control.call("GET", "/api/cad/incidents?limit=100"))
    const ours = data.filter((incident) => made.some((m) => m.id === incident.id))
    expect(ours.map((incident) => incident.priority)).toEqual(["IMMEDIATE", "IMMEDIATE", "PRIORITY", "SCHEDULED", "RESOLUTION"])
    expect(ours[0]!.number).toBeLessThan(ours[1]!.number)
    const order = ["IMMEDIATE", "PRIORITY", "SCHEDULED", "RESOLUTION"]
    for (let i = 1; i < data.length; i++) {
      const [a, b] = [data[i - 1]!, data[i]!]
      expect(order.indexOf(a.priority) < order.indexOf(b.priority) || (a.priority === b.priority && a.number < b.number)).toBe(true)
    }
    await control.call("POST", `/api/cad/incidents/${made[0]!.id}/close`, { version: 1 })
    await control.call("POST", `/api/cad/incidents/${made[1]!.id}/close`, { version: 1 })
    const closed = listOf<IncidentData>(await control.call("GET", "/api/cad/incidents?status=CLOSED")).data
    expect(closed.slice(0, 2).map((incident) => incident.id)).toEqual([made[1]!.id, made[0]!.id])
    expect(closed.every((incident) => incident.status === "CLOSED")).toBe(true)
    expect(listOf<IncidentData>(await control.call("GET", "/api/cad/incidents?limit=100")).data.some((i) => i.id === made[0]!.id)).toBe(false)
    expect((await control.call("GET", "/api/cad/incidents?status=open")).status).toBe(400)
    expect((await control.call("GET", "/api/cad/incidents?limit=101")).status).toBe(400)
    expect((await control.call("GET", "/api/cad/incidents?limit=100&offset=10000")).status).toBe(200)
    expect((await control.call("GET", "/api/cad/incidents?offset=10001")).status).toBe(400)
    expect((await control.call("GET", "/api/cad/incidents?bogus=1")).status).toBe(400)
  })

  it("edits replace the whole record with the current version; stale is CAD_CONFLICT and writes nothing", async () => {
    const incident = await createIncident(control, FIELDS)
    const edited = { ...FIELDS, priority: "IMMEDIATE" as const, controlNotes: "Armed units requested" }
    const partial = await control.call("POST", `/api/cad/incidents/${incident.id}/update`, { priority: "IMMEDIATE", version: 1 })
    expect(partial.status).toBe(400)
    const updated = dataOf<IncidentData>(await control.call("POST", `/api/cad/incidents/${incident.id}/update`, { ...edited, version: 1 }))
    expect(updated).toMatchObject({ ...edited, version: 2 })
    const stale = await control.call("POST", `/api/cad/incidents/${incident.id}/update`, { ...FIELDS, version: 1 })
    expect(stale.status).toBe(409)
    expect(errorOf(stale).code).toBe("CAD_CONFLICT")
    const again = await control.call("POST", `/api/cad/incidents/${incident.id}/update`, { ...edited, version: 2 })
    expect(errorOf(again).code).toBe("NO_CHANGE")
    const read = dataOf<IncidentData & { units: Array<unknown>; calls: Array<unknown> }>(await control.call("GET", `/api/cad/incidents/${incident.id}`))
    expect(read).toMatchObject({ ...edited, version: 2, units: [], calls: [] })
  })

  it("closes with the current version once; a closed incident cannot be edited, closed or assigned to", async () => {
    const incident = await createIncident(control)
    expect(errorOf(await control.call("POST", `/api/cad/incidents/${incident.id}/close`, { version: 2 })).code).toBe("CAD_CONFLICT")
    const closed = dataOf<IncidentData>(await control.call("POST", `/api/cad/incidents/${incident.id}/close`, { version: 1 }))
    expect(closed).toMatchObject({ status: "CLOSED", version: 2 })
    expect(closed.closedAt).not.toBeNull()
    const closeAgain = await control.call("POST", `/api/cad/incidents/${incident.id}/close`, { version: 2 })
    expect([closeAgain.status, errorOf(closeAgain).code]).toEqual([409, "INVALID_STATE"])
    const edit = await control.call("POST", `/api/cad/incidents/${incident.id}/update`, { ...FIELDS, version: 2 })
    expect(errorOf(edit).code).toBe("INVALID_STATE")
  })

  it("answers NOT_FOUND for an unknown incident and INVALID_INPUT for a malformed id", async () => {
    const missing = await control.call("GET", "/api/cad/incidents/0190a7f2-3c4d-7e5f-8a6b-1c2d3e4f5a6b")
    expect([missing.status, errorOf(missing).code]).toEqual([404, "NOT_FOUND"])
    const bodies: Record<string, unknown> = {
      update: { ...FIELDS, version: 1 },
      close: { version: 1 },
      assign: { unitId: "nope", version: 1 },
      clear: { unitId: "nope", version: 1 }
    }
    for (const [path, body] of Object.entries(bodies)) {
      const reply = await control.call("POST", `/api/cad/incidents/nope/${path}`, body)
      expect([reply.status, errorOf(reply).code], path).toEqual([404, "NOT_FOUND"])
    }
    const malformed = await control.call("GET", "/api/cad/incidents/not%20an%20id")
    expect([malformed.status, errorOf(malformed).code]).toEqual([400, "INVALID_INPUT"])
    const version = await control.call("POST", "/api/cad/incidents/nope/close", { version: 0 })
    expect(version.status).toBe(400)
    const fraction = await control.call("POST", "/api/cad/incidents/nope/close", { version: 1.5 })
    expect(fraction.status).toBe(400)
  })
})
