/**
 * Roles from the identity provider, black box: two server processes on one
 * database, configured with a fake identity provider (a small HTTP server in
 * this test) whose member read answers what each test sets: members and their
 * roles, `404`, `500`, `429`. Links, the sync on demand, what it grants and
 * takes back, what it never touches, one sync at a time across instances, and
 * a CAD stream ending when sync takes `cad.view` away.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, listOf } from "../harness/body.js"
import { asCredential, type CadClient, CONNECTED_COMMENT, CONTROL_PERMISSIONS, createIncident, openStream } from "../harness/cad.js"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { expectError } from "../harness/expectations.js"
import { createRole, createStaff, issueCredential, meData, type Session, signIn, write } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

const GUILD = "424242424242424242"
const BOT_TOKEN = "fake-bot-token-for-tests"

/** What the fake provider answers for one person. */
type Answer =
  | { readonly kind: "member"; readonly roles: ReadonlyArray<string> }
  | { readonly kind: "status"; readonly status: number; readonly body?: unknown; readonly headers?: Record<string, string> }

/** The fake identity provider's member read, as the real one speaks it. */
const answers = new Map<string, Answer>()
const asked: Array<{ readonly userId: string; readonly at: number }> = []
let inFlight = 0
let mostInFlight = 0
let delayMillis = 0
let provider: Server

const answerMember = async (request: IncomingMessage, response: ServerResponse) => {
  inFlight += 1
  mostInFlight = Math.max(mostInFlight, inFlight)
  try {
    const match = /^\/guilds\/([^/]+)\/members\/([^/?]+)$/.exec(request.url ?? "")
    if (request.headers.authorization !== `Bot ${BOT_TOKEN}` || match === null || match[1] !== GUILD) {
      response.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ message: "401: Unauthorized" }))
      return
    }
    const userId = decodeURIComponent(match[2]!)
    asked.push({ userId, at: Date.now() })
    if (delayMillis > 0) await sleep(delayMillis)
    const answer = answers.get(userId) ?? { kind: "status", status: 404, body: { message: "Unknown Member" } }
    if (answer.kind === "member") {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ user: { id: userId }, roles: answer.roles }))
    } else {
      response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers }).end(JSON.stringify(answer.body ?? {}))
    }
  } finally {
    inFlight -= 1
  }
}

const ENV = {
  BLUELIGHT_ADMIN_IDENTITY_IDS: "sync-admin",
  RATE_LIMIT_WRITES_PER_MINUTE: "100000",
  RATE_LIMIT_READS_PER_MINUTE: "100000",
  IDP_GUILD_ID: GUILD,
  IDP_BOT_TOKEN: BOT_TOKEN
}

let database: TestDatabase
let a: RunningServer
let b: RunningServer
let admin: Session
let control: CadClient

beforeAll(async () => {
  provider = createServer((request, response) => void answerMember(request, response))
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve))
  const memberUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/guilds/{guildId}/members/{userId}`
  database = await freshDatabase()
  const env = { ...ENV, IDP_MEMBER_URL: memberUrl }
  a = await startServer({ database, env })
  b = await startServer({ database, env })
  admin = await signIn(a, { id: "sync-admin" })
  control = asCredential(a, (await issueCredential(a, admin, { name: "control", scopes: [...CONTROL_PERMISSIONS] })).token)
})
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await database?.dispose()
  await new Promise((resolve) => provider?.close(resolve))
})

interface LinkData {
  id: string
  providerRoleId: string
  role: { id: string; name: string }
  createdAt: string
  createdBy: string
}
interface SyncResult {
  checked: number
  changed: number
  failed: number
  finishedAt: string
}

let sequence = 0
/** A provider role id no other test uses. */
const providerRole = () => `9${Date.now()}${++sequence}`.slice(0, 32)

const link = async (providerRoleId: string, roleId: string, server = a): Promise<LinkData> => {
  const reply = await write(server, admin, "POST", "/api/admin/role-links", { providerRoleId, roleId })
  expect(reply.status, reply.text).toBe(201)
  return dataOf<LinkData>(reply)
}

const syncNow = async (server = a): Promise<SyncResult> => {
  const reply = await write(server, admin, "POST", "/api/admin/role-sync")
  expect(reply.status, reply.text).toBe(200)
  return dataOf<SyncResult>(reply)
}

const rolesOf = async (staffId: string) => {
  const reply = await a.request("GET", `/api/staff/${staffId}`, { headers: { cookie: admin.cookie } })
  expect(reply.status, reply.text).toBe(200)
  return dataOf<{ roles: Array<{ id: string; name: string; source: string }> }>(reply).roles
}

/** A signed-in person made staff with `handRoleIds` by hand; the fake provider answers `answer` for them. */
const staffPerson = async (id: string, handRoleIds: ReadonlyArray<string>, answer: Answer) => {
  answers.set(id, answer)
  const session = await signIn(a, { id })
  const staff = await createStaff(a, admin, (await meData(a, session)).id, handRoleIds)
  return { session, staff }
}

describe("role sync status", () => {
  // First: no run has happened on this database yet.
  it("GET /admin/role-sync says sync is configured and that it has not run", async () => {
    const reply = await a.request("GET", "/api/admin/role-sync", { headers: { cookie: admin.cookie } })
    expect(reply.status, reply.text).toBe(200)
    expect(dataOf(reply)).toEqual({ configured: true, lastRun: null })
  })
})

describe("role links", () => {
  it("create (201), list, the same pair twice 409 ROLE_LINK_EXISTS, remove (200 with the link), remove again 404", async () => {
    const role = await createRole(a, admin, "Link Dispatch", ["cad.view"])
    const upstream = providerRole()
    const made = await link(upstream, role.id)
    expect(made).toMatchObject({ providerRoleId: upstream, role: { id: role.id, name: "Link Dispatch" }, createdBy: (await meData(a, admin)).id })
    const listed = await a.request("GET", "/api/admin/role-links?limit=100", { headers: { cookie: admin.cookie } })
    expect(listOf<LinkData>(listed).data).toContainEqual(made)
    expectError(await write(b, admin, "POST", "/api/admin/role-links", { providerRoleId: upstream, roleId: role.id }), 409, "ROLE_LINK_EXISTS")
    const removed = await write(a, admin, "DELETE", `/api/admin/role-links/${made.id}`)
    expect(removed.status, removed.text).toBe(200)
    expect(dataOf(removed)).toEqual(made)
    expectError(await write(a, admin, "DELETE", `/api/admin/role-links/${made.id}`), 404, "NOT_FOUND")
    const audit = await a.request("GET", `/api/audit?targetId=${made.id}`, { headers: { cookie: admin.cookie } })
    expect(audit.status, audit.text).toBe(200)
    expect(listOf<{ action: string }>(audit).data.map((entry) => entry.action).sort()).toEqual(["role.link.created", "role.link.removed"])
  })

  it("the same link asked for at once on both instances: exactly one is made, the other is 409 ROLE_LINK_EXISTS", async () => {
    const role = await createRole(a, admin, "Link Race", ["cad.view"])
    const upstream = providerRole()
    for (let round = 0; round < 3; round++) {
      const pair = { providerRoleId: `${upstream}${round}`, roleId: role.id }
      const replies = await Promise.all([write(a, admin, "POST", "/api/admin/role-links", pair), write(b, admin, "POST", "/api/admin/role-links", pair)])
      expect(replies.map((reply) => reply.status).sort(), replies.map((reply) => reply.text).join("\n")).toEqual([201, 409])
      const listed = listOf<LinkData>(await a.request("GET", "/api/admin/role-links?limit=100", { headers: { cookie: admin.cookie } })).data
      expect(listed.filter((made) => made.providerRoleId === pair.providerRoleId)).toHaveLength(1)
    }
  })

  it("the Administrator and a role holding admin.manage are 422 ROLE_NOT_LINKABLE", async () => {
    const boss = await createRole(a, admin, "Link Boss", ["admin.manage", "cad.view"])
    expectError(await write(a, admin, "POST", "/api/admin/role-links", { providerRoleId: providerRole(), roleId: "administrator" }), 422, "ROLE_NOT_LINKABLE")
    expectError(await write(a, admin, "POST", "/api/admin/role-links", { providerRoleId: providerRole(), roleId: boss.id }), 422, "ROLE_NOT_LINKABLE")
  })

  it("providerRoleId is 1 to 32 digits (400 past it); an unknown role is 404", async () => {
    const role = await createRole(a, admin, "Link Bounds", ["cad.view"])
    await link("1".repeat(32), role.id)
    await link("7", role.id)
    for (const providerRoleId of ["", "1".repeat(33), "12a", "-1", 12]) {
      expectError(await write(a, admin, "POST", "/api/admin/role-links", { providerRoleId, roleId: role.id }), 400, "INVALID_INPUT")
    }
    expectError(await write(a, admin, "POST", "/api/admin/role-links", { providerRoleId: "8", roleId: "no-such-role" }), 404, "NOT_FOUND")
  })

  it("a person without admin.manage is refused every role link and role sync operation (403)", async () => {
    const { session } = await staffPerson("sync-nobody", [], { kind: "member", roles: [] })
    expectError(await a.request("GET", "/api/admin/role-links", { headers: { cookie: session.cookie } }), 403, "FORBIDDEN")
    expectError(await write(a, session, "POST", "/api/admin/role-links", { providerRoleId: "5", roleId: "member" }), 403, "FORBIDDEN")
    expectError(await write(a, session, "DELETE", "/api/admin/role-links/some-link"), 403, "FORBIDDEN")
    expectError(await a.request("GET", "/api/admin/role-sync", { headers: { cookie: session.cookie } }), 403, "FORBIDDEN")
    expectError(await write(a, session, "POST", "/api/admin/role-sync"), 403, "FORBIDDEN")
  })
})

describe("the sync", () => {
  it("link, sync grants (source PROVIDER); the role removed upstream: only the provider grant goes, a hand grant of the same role stays", async () => {
    const dispatch = await createRole(a, admin, "Sync Dispatch", ["cad.view", "cad.dispatch"])
    const officer = await createRole(a, admin, "Sync Officer", ["pnc.view"])
    const [up1, up2] = [providerRole(), providerRole()]
    await link(up1, dispatch.id)
    await link(up2, officer.id)
    const person = await staffPerson("sync-dana", [dispatch.id], { kind: "member", roles: [up1, up2, "555"] })
    const first = await syncNow()
    expect(first.failed).toBe(0)
    expect(first.changed).toBeGreaterThanOrEqual(1)
    expect(await rolesOf(person.staff.id)).toEqual([
      { id: dispatch.id, name: "Sync Dispatch", source: "MANUAL" },
      { id: officer.id, name: "Sync Officer", source: "PROVIDER" }
    ])
    expect((await meData(a, person.session)).permissions).toContain("pnc.view")
    const audit = await a.request("GET", `/api/audit?action=staff.roles.synced&targetId=${person.staff.id}`, { headers: { cookie: admin.cookie } })
    expect(listOf<{ actor: { type: string; id: string }; data: unknown }>(audit).data).toMatchObject([
      { actor: { type: "user" }, data: { added: [dispatch.id, officer.id], removed: [] } }
    ])

    answers.set("sync-dana", { kind: "member", roles: [] })
    await syncNow()
    expect(await rolesOf(person.staff.id)).toEqual([{ id: dispatch.id, name: "Sync Dispatch", source: "MANUAL" }])
    expect((await meData(a, person.session)).permissions).not.toContain("pnc.view")
    expect((await meData(a, person.session)).permissions).toContain("cad.dispatch")
  })

  it("not a member (404): the provider grants are removed; sync never makes anyone staff", async () => {
    const role = await createRole(a, admin, "Sync Leaver", ["pnc.view"])
    const upstream = providerRole()
    await link(upstream, role.id)
    const person = await staffPerson("sync-leaver", [], { kind: "member", roles: [upstream] })
    answers.set("sync-outsider", { kind: "member", roles: [upstream] })
    const outsider = await signIn(a, { id: "sync-outsider" })
    await syncNow()
    expect(await rolesOf(person.staff.id)).toEqual([{ id: role.id, name: "Sync Leaver", source: "PROVIDER" }])
    expect((await meData(a, outsider)).staff).toBeNull()
    answers.delete("sync-leaver")
    await syncNow()
    expect(await rolesOf(person.staff.id)).toEqual([])
  })

  it("provider 500 and 429: nothing changed for that person, failed counted; after a 429 the next request waits out retry_after", async () => {
    const role = await createRole(a, admin, "Sync Flaky", ["pnc.view"])
    const upstream = providerRole()
    await link(upstream, role.id)
    const person = await staffPerson("sync-flaky", [], { kind: "member", roles: [upstream] })
    // Made after: checked after the flaky one (profiles are checked in the order of their ids, which grow).
    await staffPerson("sync-after-flaky", [], { kind: "member", roles: [] })
    await syncNow()
    expect(await rolesOf(person.staff.id)).toHaveLength(1)

    answers.set("sync-flaky", { kind: "status", status: 500 })
    const broken = await syncNow()
    expect(broken.failed).toBe(1)
    expect(await rolesOf(person.staff.id)).toEqual([{ id: role.id, name: "Sync Flaky", source: "PROVIDER" }])

    answers.set("sync-flaky", { kind: "status", status: 429, body: { retry_after: 0.4, message: "You are being rate limited." } })
    asked.length = 0
    const limited = await syncNow()
    expect(limited.failed).toBe(1)
    expect(await rolesOf(person.staff.id)).toEqual([{ id: role.id, name: "Sync Flaky", source: "PROVIDER" }])
    const index = asked.findIndex((entry) => entry.userId === "sync-flaky")
    expect(asked[index + 1]?.userId).toBe("sync-after-flaky")
    expect(asked[index + 1]!.at - asked[index]!.at).toBeGreaterThanOrEqual(390)

    answers.set("sync-flaky", { kind: "status", status: 429, headers: { "retry-after": "0" } })
    expect((await syncNow()).failed).toBe(1)
    expect(await rolesOf(person.staff.id)).toHaveLength(1)
    answers.set("sync-flaky", { kind: "member", roles: [upstream] })
  })

  it("a role that came to hold admin.manage after it was linked is not given by the link, and the next sync takes it back", async () => {
    const role = await createRole(a, admin, "Sync Climber", ["pnc.view"])
    const upstream = providerRole()
    await link(upstream, role.id)
    const person = await staffPerson("sync-climber", [], { kind: "member", roles: [upstream] })
    await syncNow()
    const changed = await write(a, admin, "PATCH", `/api/admin/roles/${role.id}`, { permissions: ["pnc.view", "admin.manage"] })
    expect(changed.status, changed.text).toBe(200)
    expect((await meData(a, person.session)).permissions).not.toContain("admin.manage")
    expectError(await a.request("GET", "/api/admin/role-links", { headers: { cookie: person.session.cookie } }), 403, "FORBIDDEN")
    await syncNow()
    expect(await rolesOf(person.staff.id)).toEqual([])
  })

  it("a change by hand racing a sync on the other instance: both stand (each is made on the locked profile)", async () => {
    const synced = await createRole(a, admin, "Sync Race Linked", ["pnc.view"])
    const byHand = await createRole(a, admin, "Sync Race Hand", ["cad.view"])
    const upstream = providerRole()
    await link(upstream, synced.id)
    const person = await staffPerson("sync-race", [], { kind: "member", roles: [upstream] })
    delayMillis = 50
    try {
      const [edit] = await Promise.all([
        sleep(60).then(() => write(b, admin, "PATCH", `/api/staff/${person.staff.id}`, { roleIds: [byHand.id] })),
        syncNow(a)
      ])
      expect(edit.status, edit.text).toBe(200)
    } finally {
      delayMillis = 0
    }
    expect(await rolesOf(person.staff.id)).toEqual([
      { id: byHand.id, name: "Sync Race Hand", source: "MANUAL" },
      { id: synced.id, name: "Sync Race Linked", source: "PROVIDER" }
    ])
  })

  it("two instances: one sync at a time (the other is 409 INVALID_STATE), one provider request at a time", async () => {
    for (const id of ["sync-slow-1", "sync-slow-2", "sync-slow-3"]) await staffPerson(id, [], { kind: "member", roles: [] })
    delayMillis = 150
    mostInFlight = 0
    try {
      const replies = await Promise.all([write(a, admin, "POST", "/api/admin/role-sync"), write(b, admin, "POST", "/api/admin/role-sync")])
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409])
      expectError(replies.find((reply) => reply.status === 409)!, 409, "INVALID_STATE")
      expect(mostInFlight).toBe(1)
    } finally {
      delayMillis = 0
    }
    const status = await b.request("GET", "/api/admin/role-sync", { headers: { cookie: admin.cookie } })
    expect(dataOf<{ lastRun: { trigger: string } }>(status).lastRun.trigger).toBe("ON_DEMAND")
  })

  it("a CAD stream on one instance ends when a sync on the other takes cad.view away", async () => {
    const viewers = await createRole(a, admin, "Sync Viewers", ["cad.view"])
    const upstream = providerRole()
    await link(upstream, viewers.id)
    const person = await staffPerson("sync-viewer", [], { kind: "member", roles: [upstream] })
    await syncNow()
    const stream = await openStream(b, "/api/cad/events/stream", { cookie: person.session.cookie })
    expect(stream.status).toBe(200)
    expect(await stream.opening()).toBe(CONNECTED_COMMENT)
    const before = await createIncident(control)
    expect(await stream.nextEvent()).toMatchObject({ type: "INCIDENT_CREATED", incidentId: before.id })

    answers.set("sync-viewer", { kind: "member", roles: [] })
    await syncNow(a)
    const deadline = Date.now() + 2000
    const rest = (async () => {
      for (;;) if ((await stream.nextEvent()) === undefined) return "ended" as const
    })()
    await createIncident(control)
    const outcome = await Promise.race([rest, sleep(Math.max(0, deadline - Date.now())).then(() => "still open" as const)])
    stream.close()
    expect(outcome).toBe("ended")
  })
})
