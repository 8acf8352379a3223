import type { RoleplaySession } from "@bluelight/core/shifts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { detailsOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { issueCredential, type Session, signIn, staffMember, write } from "../harness/identity.js"
import type { Reply } from "../harness/server.js"
import { type RunningServer, startServer } from "../harness/server.js"
import { auditOf, credentialCaller, dayAhead, get, ok, post } from "./helpers.js"

type RoleplaySessionData = typeof RoleplaySession.Encoded

const KEYS = ["cancelledAt", "createdAt", "description", "endedAt", "hostId", "id", "scheduledFor", "startedAt", "status", "title", "updatedAt"]

let server: RunningServer
let admin: Session
let host: Awaited<ReturnType<typeof staffMember>>
beforeAll(async () => {
  server = await startServer({
    env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "rp-admin", RATE_LIMIT_WRITES_PER_MINUTE: "100000", RATE_LIMIT_READS_PER_MINUTE: "100000" }
  })
  admin = await signIn(server, { id: "rp-admin" })
  host = await staffMember(server, admin, { id: "rp-host", displayName: "RP Host" }, ["sessions.manage", "sessions.view"])
})
afterAll(() => server?.stop())

const schedule = (body: unknown, session: Session = host.session) => post(server, session, "/api/sessions", body)
const created = (reply: Reply): RoleplaySessionData => {
  expect(reply.status, reply.text).toBe(201)
  return (reply.body as { data: RoleplaySessionData }).data
}
const moveTo = (id: string, move: "start" | "end" | "cancel", session: Session = host.session) => post(server, session, `/api/sessions/${id}/${move}`)

describe("POST /sessions", () => {
  it("schedules a session hosted by the caller, trimmed, audited", async () => {
    const session = created(
      await schedule({ title: "  Friday patrol night  ", description: "  Response units  ", scheduledFor: `${dayAhead(8)}T19:00:00+01:00` })
    )
    expect(Object.keys(session).sort()).toEqual(KEYS)
    expect(session).toMatchObject({
      title: "Friday patrol night",
      description: "Response units",
      status: "SCHEDULED",
      scheduledFor: `${dayAhead(8)}T18:00:00.000Z`,
      hostId: host.staff.id,
      startedAt: null,
      endedAt: null,
      cancelledAt: null
    })
    const entries = await auditOf(server, admin, session.id)
    expect(entries).toMatchObject([{ action: "roleplay_session.created", actor: { type: "user", id: host.accountId }, targetType: "roleplay_session" }])
    // No description, or an empty one, is null.
    expect(created(await schedule({ title: "No notes", scheduledFor: `${dayAhead(9)}T19:00:00Z` })).description).toBeNull()
    expect(created(await schedule({ title: "Blank notes", description: "   ", scheduledFor: `${dayAhead(9)}T19:00:00Z` })).description).toBeNull()
  })

  it("holds title to 3..100 and description to 2000 characters after trimming", async () => {
    const when = `${dayAhead(10)}T19:00:00Z`
    created(await schedule({ title: "abc", scheduledFor: when }))
    created(await schedule({ title: "x".repeat(100), description: "d".repeat(2000), scheduledFor: when }))
    created(await schedule({ title: `  ${"x".repeat(100)}  `, scheduledFor: when }))
    for (
      const body of [
        { title: "ab", scheduledFor: when },
        { title: "   abc", scheduledFor: when, extra: 1 },
        { title: "  ab  ", scheduledFor: when },
        { title: "x".repeat(101), scheduledFor: when },
        { title: "Fine", description: "d".repeat(2001), scheduledFor: when },
        { title: "Fine", scheduledFor: "tomorrow" },
        { title: "Fine", scheduledFor: dayAhead(10) },
        { title: "Fine" },
        { title: 5, scheduledFor: when },
        { title: "Nul\u0000", scheduledFor: when },
        { title: "Lone \ud800", scheduledFor: when },
        { title: "Fine", description: null, scheduledFor: when },
        { title: "Fine", scheduledFor: when, hostId: host.staff.id },
        { title: "Fine", scheduledFor: when, status: "LIVE" }
      ]
    ) {
      expectError(await schedule(body), 400, "INVALID_INPUT")
    }
    const error = expectError(await schedule({ title: "ab", description: 3, scheduledFor: "x", extra: true }), 400, "INVALID_INPUT")
    expect(detailsOf(error).map((problem) => problem.path.join(".")).sort()).toEqual(["description", "extra", "scheduledFor", "title"])
  })

  it("the host must be active staff: sessions.manage without a staff profile is 403 STAFF_REQUIRED", async () => {
    // The administrator holds every permission but has no staff profile.
    expectError(await schedule({ title: "Admin night", scheduledFor: `${dayAhead(11)}T19:00:00Z` }, admin), 403, "STAFF_REQUIRED")
    const former = await staffMember(server, admin, { id: "rp-former" }, ["sessions.manage"])
    expect((await write(server, admin, "PATCH", `/api/staff/${former.staff.id}`, { active: false })).status).toBe(200)
    // Deactivated: the role no longer counts, so the permission is gone first.
    expectError(await schedule({ title: "Former night", scheduledFor: `${dayAhead(11)}T19:00:00Z` }, former.session), 403, "FORBIDDEN")
  })
})

describe("moves", () => {
  it("SCHEDULED → LIVE → ENDED, each stamped and audited; any other move is 409 INVALID_STATE", async () => {
    const session = created(await schedule({ title: "Bank job", scheduledFor: `${dayAhead(12)}T19:00:00Z` }))
    expectError(await moveTo(session.id, "end"), 409, "INVALID_STATE")
    const live = ok<RoleplaySessionData>(await moveTo(session.id, "start"))
    expect(live).toMatchObject({ status: "LIVE", endedAt: null, cancelledAt: null })
    expect(live.startedAt).not.toBeNull()
    expectError(await moveTo(session.id, "start"), 409, "INVALID_STATE")
    expectError(await moveTo(session.id, "cancel"), 409, "INVALID_STATE")
    const ended = ok<RoleplaySessionData>(await moveTo(session.id, "end"))
    expect(ended).toMatchObject({ status: "ENDED", startedAt: live.startedAt })
    expect(ended.endedAt).not.toBeNull()
    for (const move of ["start", "end", "cancel"] as const) expectError(await moveTo(session.id, move), 409, "INVALID_STATE")
    expect((await auditOf(server, admin, session.id)).map((entry) => entry.action)).toEqual([
      "roleplay_session.created",
      "roleplay_session.started",
      "roleplay_session.ended"
    ])
  })

  it("SCHEDULED → CANCELLED, then nothing more", async () => {
    const session = created(await schedule({ title: "Rained off", scheduledFor: `${dayAhead(13)}T19:00:00Z` }))
    const cancelled = ok<RoleplaySessionData>(await moveTo(session.id, "cancel"))
    expect(cancelled).toMatchObject({ status: "CANCELLED", startedAt: null, endedAt: null })
    expect(cancelled.cancelledAt).not.toBeNull()
    for (const move of ["start", "end", "cancel"] as const) expectError(await moveTo(session.id, move), 409, "INVALID_STATE")
  })

  it("ten parallel starts: one moves it, the others are INVALID_STATE, one audit entry", async () => {
    const session = created(await schedule({ title: "Race night", scheduledFor: `${dayAhead(14)}T19:00:00Z` }))
    const replies = await Promise.all(Array.from({ length: 10 }, () => moveTo(session.id, "start")))
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, ...Array(9).fill(409)])
    expect((await auditOf(server, admin, session.id)).map((entry) => entry.action)).toEqual(["roleplay_session.created", "roleplay_session.started"])
  })

  it("a parallel start and cancel: exactly one wins", async () => {
    const session = created(await schedule({ title: "Either way", scheduledFor: `${dayAhead(14)}T20:00:00Z` }))
    const [start, cancel] = await Promise.all([moveTo(session.id, "start"), moveTo(session.id, "cancel")])
    expect([start.status, cancel.status].sort()).toEqual([200, 409])
  })

  it("an unknown session is 404 NOT_FOUND, a malformed id 400", async () => {
    expectError(await moveTo("0190a7f2-7a8b-7c9d-8e0f-1a2b3c4d5e6f", "start"), 404, "NOT_FOUND")
    expectError(await moveTo("x".repeat(65), "start"), 400, "INVALID_INPUT")
  })
})

describe("GET /sessions and access", () => {
  it("lists the newest created first (whatever their schedule), filtered by status, paged", async () => {
    const later = created(await schedule({ title: "Later", scheduledFor: `${dayAhead(188)}T19:00:00Z` }))
    const sooner = created(await schedule({ title: "Sooner", scheduledFor: `${dayAhead(187)}T19:00:00Z` }))
    const page = listOf<RoleplaySessionData>(await get(server, host.session, "/api/sessions?status=SCHEDULED&limit=2"))
    expect(page.data.map((session) => session.id)).toEqual([sooner.id, later.id])
    expect(page.meta).toEqual({ limit: 2, offset: 0, hasMore: true })
    const cancelled = listOf<RoleplaySessionData>(await get(server, host.session, "/api/sessions?status=CANCELLED&limit=100"))
    expect(cancelled.data.every((session) => session.status === "CANCELLED")).toBe(true)
    for (const query of ["status=OPEN", "limit=0", "offset=10001", "host=1"]) {
      expectError(await get(server, host.session, `/api/sessions?${query}`), 400, "INVALID_INPUT")
    }
  })

  it("reading needs sessions.view (a credential may read); writing needs sessions.manage and a session", async () => {
    const plain = await staffMember(server, admin, { id: "rp-plain" }, ["staff.view"])
    expect(expectError(await get(server, plain.session, "/api/sessions"), 403, "FORBIDDEN").message).toContain("sessions.view")
    expect(expectError(await schedule({ title: "Nope", scheduledFor: `${dayAhead(15)}T19:00:00Z` }, plain.session), 403, "FORBIDDEN").message).toContain(
      "sessions.manage"
    )
    const session = created(await schedule({ title: "Guarded", scheduledFor: `${dayAhead(15)}T19:00:00Z` }))
    expect(expectError(await moveTo(session.id, "start", plain.session), 403, "FORBIDDEN").message).toContain("sessions.manage")

    const reader = await issueCredential(server, admin, { name: "RP reader", scopes: ["sessions.view", "sessions.manage"] })
    const bot = credentialCaller(reader.token)
    expect(listOf(await get(server, bot, "/api/sessions")).data.length).toBeGreaterThan(0)
    expectError(await post(server, bot, "/api/sessions", { title: "Bot night", scheduledFor: `${dayAhead(15)}T19:00:00Z` }), 403, "USER_REQUIRED")
    expectError(await post(server, bot, `/api/sessions/${session.id}/start`), 403, "USER_REQUIRED")
    expectError(await server.request("GET", "/api/sessions"), 401, "UNAUTHENTICATED")
  })
})
