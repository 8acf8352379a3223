import { type BluelightApiClient, makeBluelightClient } from "@bluelight/client"
import { DateTime, Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CONTROL_PERMISSIONS } from "../harness/cad.js"
import { issueCredential, type Session, signIn } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"

/**
 * A request through the client that leaves out what the contract gives a
 * default (the types allow it: `packages/client/test/requests.test.ts`) gets
 * the contract's default from the server.
 */

let server: RunningServer
let admin: Session
let control: BluelightApiClient
let asAdmin: BluelightApiClient
const client = (options: Omit<Parameters<typeof makeBluelightClient>[0], "baseUrl">) =>
  Effect.runPromise(makeBluelightClient({ baseUrl: server.url, ...options }))

const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "defaults-admin", ...UNLIMITED_RATES } })
  admin = await signIn(server, { id: "defaults-admin" })
  control = await client({ credential: (await issueCredential(server, admin, { name: "control", scopes: CONTROL_PERMISSIONS })).token })
  asAdmin = await client({ headers: { cookie: admin.cookie, origin: new URL(server.url).origin } })
})
afterAll(() => server?.stop())

describe("the server's defaults, for a client request without them", () => {
  it("an incident without description and controlNotes gets them empty", async () => {
    const { data } = await Effect.runPromise(
      control.cadIncidents.createIncident({ payload: { type: "Fire", priority: "IMMEDIATE", location: "Legion Square" } })
    )
    expect(data).toMatchObject({ type: "Fire", description: "", controlNotes: "", status: "OPEN" })
  })

  it("a list without a query lists the default status, 25 from the first", async () => {
    const { data: closing } = await Effect.runPromise(
      control.cadIncidents.createIncident({ payload: { type: "Fire", priority: "PRIORITY", location: "Closed later", description: "Bins" } })
    )
    await Effect.runPromise(
      control.cadIncidents.closeIncident({ params: { id: closing.id }, payload: { version: closing.version } })
    )
    const open = await Effect.runPromise(control.cadIncidents.listIncidents({ query: {} }))
    expect(open.meta).toEqual({ limit: 25, offset: 0, hasMore: false })
    expect(open.data.length).toBeGreaterThan(0)
    expect(open.data.every((incident) => incident.status === "OPEN")).toBe(true)
    expect(open.data.map((incident) => incident.id)).not.toContain(closing.id)
    // A value given is sent, the others still defaulted.
    const closed = await Effect.runPromise(control.cadIncidents.listIncidents({ query: { status: "CLOSED" } }))
    expect(closed.meta).toEqual({ limit: 25, offset: 0, hasMore: false })
    expect(closed.data.map((incident) => incident.id)).toEqual([closing.id])
  })

  it("a call without callerNumber has none, and the calls listed by default are the waiting ones", async () => {
    const { data: call } = await Effect.runPromise(
      control.cadCalls.receiveCall({ payload: { callerName: "Jo Bloggs", location: "Legion Square", description: "Smoke" } })
    )
    expect(call).toMatchObject({ callerNumber: null, status: "WAITING" })
    const waiting = await Effect.runPromise(control.cadCalls.listCalls({ query: { limit: 5 } }))
    expect(waiting.meta).toMatchObject({ limit: 5, offset: 0 })
    expect(waiting.data.map((listed) => listed.id)).toContain(call.id)
  })

  it("a service credential without lifetimeDays lives the default 30 days", async () => {
    const before = Date.now()
    const { data } = await Effect.runPromise(asAdmin.admin.issueService({ payload: { name: "relay", scopes: ["cad.view"] } }))
    const lifetime = DateTime.toEpochMillis(data.expiresAt) - before
    expect(lifetime).toBeGreaterThan(30 * DAY_MS - 60_000)
    expect(lifetime).toBeLessThanOrEqual(30 * DAY_MS + 60_000)
  })
})
