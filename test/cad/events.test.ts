import type { CadEventView } from "@bluelight/core/cad"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { errorOf, listOf } from "../harness/body.js"
import {
  asCredential,
  asSession,
  type CadClient,
  CONTROL_PERMISSIONS,
  createIncident,
  credentialWith,
  crewMember,
  crewedUnit,
  CONNECTED_COMMENT,
  type EventStream,
  openStream
} from "../harness/cad.js"
import { advanceClock, bearer, issueCredential, type Session, signIn, staffMember, write } from "../harness/identity.js"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { type RunningServer, startServer } from "../harness/server.js"

type CadEvent = typeof CadEventView.Encoded

const LIMITS = { RATE_LIMIT_WRITES_PER_MINUTE: "100000", RATE_LIMIT_READS_PER_MINUTE: "100000" }

let database: TestDatabase
let serverA: RunningServer
let serverB: RunningServer
let admin: Session
let control: CadClient
let token: string
beforeAll(async () => {
  database = await freshDatabase()
  serverA = await startServer({ database, env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "events-admin", ...LIMITS } })
  serverB = await startServer({ database, env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "events-admin", SHUTDOWN_GRACE_SECONDS: "3600", ...LIMITS } })
  admin = await signIn(serverA, { id: "events-admin" })
  token = (await issueCredential(serverA, admin, { name: "control", scopes: [...CONTROL_PERMISSIONS] })).token
  control = await credentialWith(serverA, admin, CONTROL_PERMISSIONS, "control a")
})
afterAll(async () => {
  await serverA?.stop()
  await serverB?.stop()
  await database?.dispose()
})

const history = async (query = "") => listOf<CadEvent>(await control.call("GET", `/api/cad/events?limit=100${query}`)).data

/** Opens a stream and waits for its first comment: from then on nothing committed is missed. */
const follow = async (server: RunningServer, query = "", headers: Record<string, string> = bearer(token)): Promise<EventStream> => {
  const stream = await openStream(server, `/api/cad/events/stream${query}`, headers)
  expect(stream.status).toBe(200)
  expect(stream.headers.get("content-type")).toContain("text/event-stream")
  expect(await stream.opening()).toBe(CONNECTED_COMMENT)
  return stream
}

describe("CAD history", () => {
  it("records every change, oldest first, with the entry shape and its audit entry", async () => {
    const person = await crewMember(serverA, admin, "hist-crew", ["cad.unit.self"], "Hist Crew")
    const before = (await history()).at(-1)?.seq ?? 0
    const incident = await createIncident(control)
    const unit = await crewedUnit(control, person.accountId)
    await control.call("POST", `/api/cad/incidents/${incident.id}/assign`, { unitId: unit.id, version: unit.version })
    const booker = asSession(serverA, person.session)
    await booker.call("POST", "/api/mdt/status", { status: "EN_ROUTE", version: unit.version + 1 })
    const events = await history(`&after=${before}`)
    expect(events.map((event) => event.type)).toEqual([
      "INCIDENT_CREATED",
      "UNIT_CREATED",
      "CREW_JOINED",
      "UNIT_STATUS_CHANGED",
      "UNIT_ASSIGNED",
      "UNIT_STATUS_CHANGED"
    ])
    const seqs = events.map((event) => event.seq)
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    expect(Object.keys(events[0]!).sort()).toEqual(["actor", "at", "callId", "data", "id", "incidentId", "seq", "type", "unitId"])
    expect(events[0]!.actor).toEqual({ serviceId: expect.any(String) })
    expect(events.at(-1)!.actor).toEqual({ id: person.accountId, displayName: "Hist Crew" })
    expect(events[4]).toMatchObject({ incidentId: incident.id, unitId: unit.id, callId: null, data: { from: "AVAILABLE", to: "ASSIGNED" } })
    expect((await history(`&incidentId=${incident.id}`)).map((event) => event.type)).toEqual(["INCIDENT_CREATED", "UNIT_ASSIGNED", "UNIT_STATUS_CHANGED"])
    expect((await history(`&unitId=${unit.id}&after=${seqs[3]}`)).map((event) => event.type)).toEqual(["UNIT_ASSIGNED", "UNIT_STATUS_CHANGED"])
    const audit = await serverA.request("GET", `/api/audit?action=cad.unit.assigned&targetId=${unit.id}`, { headers: { cookie: admin.cookie } })
    expect(listOf<{ action: string }>(audit).data).toHaveLength(1)
    for (const query of ["&after=-1", "&after=1.5", "&after=x", "&incidentId=bad%20id", "&unknown=1"]) {
      const reply = await control.call("GET", `/api/cad/events?limit=100${query}`)
      expect([reply.status, errorOf(reply).code], query).toEqual([400, "INVALID_INPUT"])
    }
  })

  it("refuses to be changed, even behind the API's back", async () => {
    await expect(database.query("UPDATE cad_events SET type = 'X'")).rejects.toThrow(/append-only/)
    await expect(database.query("DELETE FROM cad_events")).rejects.toThrow(/append-only/)
  })
})

describe("the live stream", () => {
  it("delivers a change made through one instance to a client of the other, in seq order", async () => {
    const onB = await follow(serverB)
    const incident = await createIncident(control)
    const person = await crewMember(serverA, admin, "live-crew")
    const unit = await crewedUnit(control, person.accountId)
    const received: Array<CadEvent> = []
    while (received.length < 4) received.push((await onB.nextEvent())!)
    onB.close()
    expect(received.map((event) => event.type)).toEqual(["INCIDENT_CREATED", "UNIT_CREATED", "CREW_JOINED", "UNIT_STATUS_CHANGED"])
    expect(received[0]).toMatchObject({ incidentId: incident.id })
    expect(received[1]).toMatchObject({ unitId: unit.id })
    const polled = await history(`&after=${received[0]!.seq - 1}`)
    expect(polled.slice(0, 4)).toEqual(received)
  })

  it("resumes after Last-Event-ID (and after=), and filters by incident", async () => {
    const first = await createIncident(control)
    const stream = await follow(serverB, `?incidentId=${first.id}&after=0`)
    const message = (await stream.nextMessage())!
    const created = message.entry
    expect(created).toMatchObject({ type: "INCIDENT_CREATED", incidentId: first.id })
    // Each message's `id:` is its entry's seq: what an EventSource sends back as Last-Event-ID.
    expect(message.id).toBe(String(created.seq))
    stream.close()
    await control.call("POST", `/api/cad/incidents/${first.id}/update`, {
      type: "Changed",
      priority: "SCHEDULED",
      location: "B2",
      description: "",
      controlNotes: "",
      version: 1
    })
    await createIncident(control)
    await control.call("POST", `/api/cad/incidents/${first.id}/close`, { version: 2 })
    const resumed = await follow(serverA, `?incidentId=${first.id}&after=0`, { ...bearer(token), "last-event-id": String(created.seq) })
    expect((await resumed.nextEvent())!.type).toBe("INCIDENT_UPDATED")
    const closed = (await resumed.nextEvent())!
    expect(closed.type).toBe("INCIDENT_CLOSED")
    resumed.close()
    const bad = await serverA.request("GET", "/api/cad/events/stream?after=abc", { headers: bearer(token) })
    expect([bad.status, errorOf(bad).code]).toEqual([400, "INVALID_INPUT"])
  })

  it("ends when the session that opened it is signed out", async () => {
    const viewer = await staffMember(serverA, admin, { id: "stream-viewer" }, ["cad.view"])
    const stream = await follow(serverA, "", { cookie: viewer.session.cookie })
    await createIncident(control)
    expect((await stream.nextEvent())!.type).toBe("INCIDENT_CREATED")
    expect((await write(serverA, viewer.session, "POST", "/api/auth/logout")).status).toBeLessThan(400)
    await advanceClock(serverA, 10_000)
    await createIncident(control)
    expect(await stream.nextEvent()).toBeUndefined()
  })

  it("ends when the credential that opened it loses cad.view", async () => {
    const reader = await issueCredential(serverA, admin, { name: "reader", scopes: ["cad.view"] })
    const stream = await follow(serverA, "", bearer(reader.token))
    expect((await write(serverA, admin, "DELETE", `/api/admin/services/${reader.id}`)).status).toBeLessThan(400)
    await advanceClock(serverA, 10_000)
    await createIncident(control)
    expect(await stream.nextEvent()).toBeUndefined()
  })

  it("ends as soon as the server begins to shut down, not at the shutdown deadline (an hour here)", async () => {
    const stream = await follow(serverB)
    expect(await serverB.stop()).toBe(0)
    expect(await stream.nextEvent()).toBeUndefined()
    expect(serverB.logs.some((line) => String(line.message).startsWith("shutdown: requests still open"))).toBe(false)
    const closed = serverB.logs.filter((line) => line.annotations?.["route"] === "/api/cad/events/stream").at(-1)
    expect(closed?.annotations?.["status"]).toBe(200)
  })
})

describe("the embedded default", () => {
  it("feeds the stream from the process's own commits", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "bluelight-cad-"))
    try {
      const server = await startServer({ database: null, env: { DATA_DIR: dataDir, BLUELIGHT_ADMIN_IDENTITY_IDS: "embedded-admin" } })
      try {
        const owner = await signIn(server, { id: "embedded-admin" })
        const issued = await issueCredential(server, owner, { name: "control", scopes: [...CONTROL_PERMISSIONS] })
        const stream = await follow(server, "", bearer(issued.token))
        const incident = await createIncident(asCredential(server, issued.token))
        expect(await stream.nextEvent()).toMatchObject({ type: "INCIDENT_CREATED", incidentId: incident.id })
        stream.close()
      } finally {
        await server.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
