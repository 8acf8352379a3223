/**
 * Outbound webhooks over HTTP against the real server: the subscriptions'
 * endpoints, and messages received by a real receiver, signed, retried on
 * the schedule (the server's clock moved through the test hooks), never
 * redirected, and never sent for a change that rolled back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, listOf } from "../harness/body.js"
import { asSession, createIncident } from "../harness/cad.js"
import { expectError } from "../harness/expectations.js"
import { advanceClock, type Session, signIn, write } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"
import { type Receiver, startReceiver, verifies } from "./receiver.js"

interface WebhookData {
  id: string
  url: string
  events: Array<string>
  description: string | null
  active: boolean
  createdAt: string
  updatedAt: string
  revokedAt: string | null
  secret?: string
}
interface DeliveryData {
  id: string
  messageId: string
  type: string
  attempt: number
  status: string
  responseStatus: number | null
  error: string | null
  createdAt: string
  nextAttemptAt: string | null
}

let server: RunningServer
let admin: Session
let receiver: Receiver
beforeAll(async () => {
  ;[server, receiver] = await Promise.all([
    startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "webhook-admin", ...UNLIMITED_RATES } }),
    startReceiver()
  ])
  admin = await signIn(server, { id: "webhook-admin", displayName: "Webhook Admin" })
})
afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

const create = async (body: Record<string, unknown>) => {
  const reply = await write(server, admin, "POST", "/api/admin/webhooks", body)
  expect(reply.status, reply.text).toBe(201)
  return dataOf<WebhookData & { secret: string }>(reply)
}
const deliveries = async (id: string) => {
  const reply = await server.request("GET", `/api/admin/webhooks/${id}/deliveries?limit=100`, { headers: { cookie: admin.cookie } })
  expect(reply.status, reply.text).toBe(200)
  return listOf<DeliveryData>(reply).data
}
const audit = async (action: string) => {
  const reply = await server.request("GET", `/api/audit?action=${action}&limit=100`, { headers: { cookie: admin.cookie } })
  expect(reply.status, reply.text).toBe(200)
  return listOf<{ targetId: string; data: Record<string, unknown> }>(reply).data
}
const arrivalsAt = (path: string) => receiver.arrivals.filter((arrival) => arrival.path === path)
const waitFor = (path: string, count: number) => expect.poll(() => arrivalsAt(path).length, { timeout: 10_000, interval: 25 }).toBe(count)

describe("subscriptions", () => {
  it("POST answers 201 with a whsec_ secret shown once; lists, changes and revokes never show it; each change audited", async () => {
    const made = await create({ url: `${receiver.url}/crud`, events: ["cad.panic", "shift.started"], description: "Discord bot" })
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(made.secret.slice(6), "base64")).toHaveLength(32)
    expect(made).toMatchObject({
      url: `${receiver.url}/crud`,
      events: ["cad.panic", "shift.started"],
      description: "Discord bot",
      active: true,
      revokedAt: null
    })
    const listed = await server.request("GET", "/api/admin/webhooks?limit=100", { headers: { cookie: admin.cookie } })
    expect(listed.status).toBe(200)
    expect(listed.text).not.toContain(made.secret.slice(6))
    const ours = listOf<WebhookData>(listed).data.find((w) => w.id === made.id)!
    expect(ours).not.toHaveProperty("secret")
    const changed = await write(server, admin, "PATCH", `/api/admin/webhooks/${made.id}`, { active: false, events: ["shift.ended"] })
    expect(changed.status, changed.text).toBe(200)
    expect(dataOf<WebhookData>(changed)).toMatchObject({ active: false, events: ["shift.ended"] })
    expect(changed.text).not.toContain(made.secret.slice(6))
    const revoked = await write(server, admin, "DELETE", `/api/admin/webhooks/${made.id}`)
    expect(revoked.status, revoked.text).toBe(200)
    expect(dataOf<WebhookData>(revoked).revokedAt).not.toBeNull()
    expectError(await write(server, admin, "PATCH", `/api/admin/webhooks/${made.id}`, { active: true }), 409, "INVALID_STATE")
    expectError(await write(server, admin, "POST", `/api/admin/webhooks/${made.id}/test`), 409, "INVALID_STATE")
    for (const action of ["webhook.created", "webhook.changed", "webhook.revoked"]) {
      const entries = (await audit(action)).filter((entry) => entry.targetId === made.id)
      expect(entries, action).toHaveLength(1)
      expect(JSON.stringify(entries)).not.toContain(made.secret.slice(6))
    }
    // The secret is never logged either.
    expect(JSON.stringify(server.logs)).not.toContain(made.secret.slice(6))
  })

  it("refuses 0 or 21 events, an unknown event, and a URL that is not http(s) as INVALID_INPUT, and an unknown id as NOT_FOUND", async () => {
    const url = `${receiver.url}/refused`
    expectError(await write(server, admin, "POST", "/api/admin/webhooks", { url, events: [] }), 400, "INVALID_INPUT")
    expectError(await write(server, admin, "POST", "/api/admin/webhooks", { url, events: Array(21).fill("cad.panic") }), 400, "INVALID_INPUT")
    expectError(await write(server, admin, "POST", "/api/admin/webhooks", { url, events: ["cad.nothing"] }), 400, "INVALID_INPUT")
    for (const bad of ["ftp://example.com/", "not a url", "https://user:pw@example.com/"]) {
      const error = expectError(await write(server, admin, "POST", "/api/admin/webhooks", { url: bad, events: ["cad.panic"] }), 400, "INVALID_INPUT")
      expect(JSON.stringify(error)).toContain("url")
    }
    // 20 events is the bound, allowed.
    await create({ url, events: Array(20).fill("cad.panic") }).then((w) => write(server, admin, "DELETE", `/api/admin/webhooks/${w.id}`))
    expectError(await write(server, admin, "DELETE", "/api/admin/webhooks/nope"), 404, "NOT_FOUND")
    expectError(await server.request("GET", "/api/admin/webhooks/nope/deliveries", { headers: { cookie: admin.cookie } }), 404, "NOT_FOUND")
  })

  it("bounds the description at 500 characters and the URL at 2000", async () => {
    const base = `${receiver.url}/bounds/`
    const at = await create({ url: base + "a".repeat(2000 - base.length), events: ["cad.panic"], description: "d".repeat(500) })
    expect(at.description).toHaveLength(500)
    expectError(
      await write(server, admin, "POST", "/api/admin/webhooks", { url: `${receiver.url}/b`, events: ["cad.panic"], description: "d".repeat(501) }),
      400,
      "INVALID_INPUT"
    )
    expectError(
      await write(server, admin, "POST", "/api/admin/webhooks", { url: base + "a".repeat(2001 - base.length), events: ["cad.panic"] }),
      400,
      "INVALID_INPUT"
    )
    await write(server, admin, "DELETE", `/api/admin/webhooks/${at.id}`)
  })

  it("the same change or revocation sent at once is made once: one audit entry each", async () => {
    const made = await create({ url: `${receiver.url}/races`, events: ["cad.panic"] })
    const changes = await Promise.all(Array.from({ length: 6 }, () => write(server, admin, "PATCH", `/api/admin/webhooks/${made.id}`, { active: false })))
    expect(changes.map((reply) => reply.status)).toEqual(Array(6).fill(200))
    expect((await audit("webhook.changed")).filter((entry) => entry.targetId === made.id)).toHaveLength(1)
    const revokes = await Promise.all(Array.from({ length: 6 }, () => write(server, admin, "DELETE", `/api/admin/webhooks/${made.id}`)))
    expect(revokes.map((reply) => reply.status)).toEqual(Array(6).fill(200))
    expect(new Set(revokes.map((reply) => dataOf<WebhookData>(reply).revokedAt)).size).toBe(1)
    expect((await audit("webhook.revoked")).filter((entry) => entry.targetId === made.id)).toHaveLength(1)
  })

  it("refuses a person without admin.manage", async () => {
    const member = await signIn(server, { id: "webhook-member", displayName: "Member" })
    expectError(await write(server, member, "POST", "/api/admin/webhooks", { url: `${receiver.url}/x`, events: ["cad.panic"] }), 403, "FORBIDDEN")
    expectError(await server.request("GET", "/api/admin/webhooks", { headers: { cookie: member.cookie } }), 403, "FORBIDDEN")
  })
})

describe("messages", () => {
  it("an incident created is received signed with the secret, its data the incident as the API answered it, and logged SUCCEEDED", async () => {
    const hook = await create({ url: `${receiver.url}/incidents`, events: ["cad.incident.created"] })
    const incident = await createIncident(asSession(server, admin), { location: "Webhook Street" })
    await waitFor("/incidents", 1)
    const [arrival] = arrivalsAt("/incidents")
    expect(verifies(arrival!, hook.secret)).toBe(true)
    expect(verifies(arrival!, "whsec_" + Buffer.alloc(32, 1).toString("base64"))).toBe(false)
    expect(arrival!.headers["content-type"]).toBe("application/json")
    const message = JSON.parse(arrival!.body) as { type: string; timestamp: string; data: Record<string, unknown> }
    expect(message.type).toBe("cad.incident.created")
    const read = await server.request("GET", `/api/cad/incidents/${incident.id}`, { headers: { cookie: admin.cookie } })
    const { units: _units, calls: _calls, ...answered } = dataOf<Record<string, unknown>>(read)
    expect(message.data).toEqual(answered)
    expect(Math.abs(Number(arrival!.headers["webhook-timestamp"]) - Date.parse(message.timestamp) / 1000)).toBeLessThan(5)
    await expect.poll(async () => (await deliveries(hook.id)).map((d) => [d.type, d.attempt, d.status, d.responseStatus])).toEqual([
      ["cad.incident.created", 1, "SUCCEEDED", 204]
    ])
    expect((await deliveries(hook.id))[0]!.messageId).toBe(arrival!.headers["webhook-id"])
  })

  it("POST /test answers 202 and a webhook.test message arrives at that webhook only", async () => {
    const hook = await create({ url: `${receiver.url}/tested`, events: ["cad.panic"] })
    const other = await create({ url: `${receiver.url}/untested`, events: ["cad.panic"] })
    const reply = await write(server, admin, "POST", `/api/admin/webhooks/${hook.id}/test`)
    expect(reply.status, reply.text).toBe(202)
    await waitFor("/tested", 1)
    expect(JSON.parse(arrivalsAt("/tested")[0]!.body)).toMatchObject({ type: "webhook.test" })
    expect(arrivalsAt("/tested")[0]!.headers["webhook-id"]).toBe(dataOf<{ messageId: string }>(reply).messageId)
    expect(arrivalsAt("/untested")).toEqual([])
    await write(server, admin, "DELETE", `/api/admin/webhooks/${other.id}`)
  })

  it("a redirect is not followed: the attempt fails with its status and the target it names is never called", async () => {
    const hook = await create({ url: `${receiver.url}/redirecting`, events: ["cad.incident.closed"] })
    receiver.answer = (path) => (path === "/redirecting" ? { status: 307, headers: { location: `${receiver.url}/redirected` } } : { status: 204 })
    try {
      await write(server, admin, "POST", `/api/admin/webhooks/${hook.id}/test`)
      // The newest is the second attempt, due in 5 s; the first failed.
      await expect.poll(async () => (await deliveries(hook.id)).map((d) => [d.attempt, d.status]), { timeout: 10_000 }).toEqual([[2, "PENDING"], [1, "FAILED"]])
      const [failed] = (await deliveries(hook.id)).filter((d) => d.status === "FAILED")
      expect(failed).toMatchObject({ responseStatus: 307, error: "HTTP 307", attempt: 1 })
      expect(arrivalsAt("/redirected")).toEqual([])
    } finally {
      receiver.answer = () => ({ status: 204 })
      await write(server, admin, "DELETE", `/api/admin/webhooks/${hook.id}`)
    }
  })

  it("a burst of messages to one subscription arrives one at a time, in order of creation", async () => {
    const hook = await create({ url: `${receiver.url}/burst`, events: ["cad.incident.created"] })
    // A receiver slow to answer: later messages queue up behind the one in flight.
    receiver.answer = (path) => (path === "/burst" ? { status: 204, delayMs: 100 } : { status: 204 })
    try {
      const made: Array<string> = []
      for (let i = 0; i < 15; i++) {
        made.push((await createIncident(asSession(server, admin), { location: `Burst ${i}` })).id)
      }
      await waitFor("/burst", made.length)
      expect(arrivalsAt("/burst").map((arrival) => (JSON.parse(arrival.body) as { data: { id: string } }).data.id)).toEqual(made)
      // One at a time: the next is sent only once the one before has been answered.
      expect(receiver.mostAtOnce("/burst")).toBe(1)
      await expect.poll(async () => (await deliveries(hook.id)).every((d) => d.status === "SUCCEEDED")).toBe(true)
    } finally {
      receiver.answer = () => ({ status: 204 })
      await write(server, admin, "DELETE", `/api/admin/webhooks/${hook.id}`)
    }
  })

  it("a change that rolls back (its audit entry cannot be written) sends nothing", async () => {
    const database = server.database!
    const hook = await create({ url: `${receiver.url}/rolled-back`, events: ["cad.incident.created"] })
    await database.query(
      "CREATE OR REPLACE FUNCTION webhook_test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$"
    )
    await database.query(
      "CREATE TRIGGER webhook_test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.action = 'cad.incident.created') EXECUTE FUNCTION webhook_test_refuse_audit()"
    )
    try {
      const reply = await write(server, admin, "POST", "/api/cad/incidents", {
        type: "Rolled back",
        priority: "IMMEDIATE",
        location: "Nowhere",
        description: "",
        controlNotes: ""
      })
      expectError(reply, 500, "INTERNAL_ERROR")
    } finally {
      await database.query("DROP TRIGGER webhook_test_refuse_audit ON audit_log")
    }
    const queued = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE subscription_id = $1", [hook.id])
    expect(queued.rows[0]!.n).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(arrivalsAt("/rolled-back")).toEqual([])
    // The same change, committed, is sent.
    await createIncident(asSession(server, admin), { type: "Committed" })
    await waitFor("/rolled-back", 1)
    await write(server, admin, "DELETE", `/api/admin/webhooks/${hook.id}`)
  })

  it("a receiver answering 500 is retried after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h with the same webhook-id, each attempt logged, then given up", async () => {
    const hook = await create({ url: `${receiver.url}/failing`, events: ["shift.started"] })
    receiver.answer = (path) => (path === "/failing" ? { status: 500 } : { status: 204 })
    try {
      await write(server, admin, "POST", `/api/admin/webhooks/${hook.id}/test`)
      await waitFor("/failing", 1)
      const delays = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]
      for (const [index, delay] of delays.entries()) {
        // Not before its time: a millisecond short of it, nothing more is sent.
        await expect.poll(async () => (await deliveries(hook.id)).length).toBe(index + 2)
        const [next, last] = await deliveries(hook.id)
        expect(last).toMatchObject({ attempt: index + 1, status: "FAILED", responseStatus: 500, error: "HTTP 500" })
        expect(Date.parse(last!.nextAttemptAt!) - Date.parse(last!.createdAt)).toBeGreaterThanOrEqual(delay)
        expect(next).toMatchObject({ attempt: index + 2, status: "PENDING", nextAttemptAt: last!.nextAttemptAt })
        await advanceClock(server, delay - 1_000)
        await new Promise((resolve) => setTimeout(resolve, 250))
        expect(arrivalsAt("/failing")).toHaveLength(index + 1)
        await advanceClock(server, 1_000)
        await waitFor("/failing", index + 2)
      }
      await expect.poll(async () => (await deliveries(hook.id))[0]?.status).toBe("GAVE_UP")
      const log = await deliveries(hook.id)
      expect(log.map((d) => [d.attempt, d.status])).toEqual([
        [7, "GAVE_UP"],
        [6, "FAILED"],
        [5, "FAILED"],
        [4, "FAILED"],
        [3, "FAILED"],
        [2, "FAILED"],
        [1, "FAILED"]
      ])
      expect(new Set(log.map((d) => d.messageId)).size).toBe(1)
      expect(new Set(arrivalsAt("/failing").map((a) => a.headers["webhook-id"]))).toEqual(new Set([log[0]!.messageId]))
      // Each attempt signed anew, each verifying.
      expect(arrivalsAt("/failing").every((a) => verifies(a, hook.secret))).toBe(true)
      await advanceClock(server, 86_400_000)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(arrivalsAt("/failing")).toHaveLength(7)
    } finally {
      receiver.answer = () => ({ status: 204 })
    }
  })
})
