import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, detailsOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { advanceClock, issueCredential, meData, SESSION_COOKIE, type Session, sessionOf, setCookie, signIn, staffMember, write } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"
import { auditOf, credentialCaller, dayAhead, endShift, get, ok, post, SHIFT_KEYS, type ShiftData, started, startShift } from "./helpers.js"

const PASSWORD = "shifts-developer-password"

let server: RunningServer
let admin: Session
let n = 0
/** A new active staff member holding a role with these permissions. */
const newStaff = (permissions: ReadonlyArray<string> = []) => {
  n += 1
  return staffMember(server, admin, { id: `shift-staff-${n}`, displayName: `Shift Staff ${n}` }, permissions.length === 0 ? ["staff.view"] : permissions)
}

beforeAll(async () => {
  server = await startServer({
    env: {
      BLUELIGHT_ADMIN_IDENTITY_IDS: "shifts-admin",
      BLUELIGHT_DEVELOPER_PASSWORD: PASSWORD,
      RATE_LIMIT_WRITES_PER_MINUTE: "100000",
      RATE_LIMIT_READS_PER_MINUTE: "100000"
    }
  })
  admin = await signIn(server, { id: "shifts-admin", displayName: "Shifts Admin" })
})
afterAll(() => server?.stop())

describe("POST /shifts/start and /shifts/end for one's own profile", () => {
  it("starts an ACTIVE shift (MANUAL, 0 seconds) without any shifts permission, ends it with its duration, audited", async () => {
    const member = await newStaff()
    const shift = started(await startShift(server, member.session, { type: "PATROL" }))
    expect(Object.keys(shift).sort()).toEqual(SHIFT_KEYS)
    expect(shift).toMatchObject({ staffId: member.staff.id, type: "PATROL", source: "MANUAL", status: "ACTIVE", endedAt: null, durationSeconds: 0 })
    expect(shift.startedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)

    await advanceClock(server, 90_500)
    const ended = ok<ShiftData>(await endShift(server, member.session, shift.id))
    expect(ended).toMatchObject({ id: shift.id, status: "ENDED", startedAt: shift.startedAt })
    expect(ended.endedAt).not.toBeNull()
    const seconds = Math.floor((Date.parse(ended.endedAt!) - Date.parse(shift.startedAt)) / 1000)
    expect(ended.durationSeconds).toBe(seconds)
    expect(ended.durationSeconds).toBeGreaterThanOrEqual(90)
    expect(ended.durationSeconds).toBeLessThan(150)

    const entries = await auditOf(server, admin, shift.id)
    expect(entries.map((entry) => entry.action)).toEqual(["shift.started", "shift.ended"])
    expect(entries[0]).toMatchObject({
      actor: { type: "user", id: member.accountId },
      targetType: "shift",
      data: { staffId: member.staff.id, type: "PATROL", source: "MANUAL" }
    })
    expect(entries[1]).toMatchObject({ data: { durationSeconds: ended.durationSeconds } })
  })

  it("one active shift per profile: a second start is 409 SHIFT_ALREADY_ACTIVE; ending twice is 409 SHIFT_NOT_ACTIVE", async () => {
    const member = await newStaff()
    const shift = started(await startShift(server, member.session, { type: "MODERATION" }))
    expectError(await startShift(server, member.session, { type: "CONTROL" }), 409, "SHIFT_ALREADY_ACTIVE")
    ok(await endShift(server, member.session, shift.id))
    expectError(await endShift(server, member.session, shift.id), 409, "SHIFT_NOT_ACTIVE")
    // After the end a new one starts.
    started(await startShift(server, member.session, { type: "CONTROL" }))
    const entries = await auditOf(server, admin, shift.id)
    expect(entries.map((entry) => entry.action)).toEqual(["shift.started", "shift.ended"])
  })

  it("an unknown shift is 404 NOT_FOUND; a malformed id 400", async () => {
    const member = await newStaff()
    expectError(await endShift(server, member.session, "0190a7f2-7a8b-7c9d-8e0f-1a2b3c4d5e6f"), 404, "NOT_FOUND")
    const error = expectError(await endShift(server, member.session, "not an id"), 400, "INVALID_INPUT")
    expect(detailsOf(error).map((problem) => problem.path)).toEqual([["id"]])
  })

  it("someone without a staff profile is 403 STAFF_REQUIRED, Developer Access included", async () => {
    const member = await signIn(server, { id: "shift-plain-member" })
    expectError(await startShift(server, member, { type: "PATROL" }), 403, "STAFF_REQUIRED")

    const developer = await signIn(server, { id: "shift-developer" })
    const enabled = await write(server, developer, "POST", "/api/auth/developer", { password: PASSWORD })
    expect(enabled.status, enabled.text).toBe(200)
    const withAccess = sessionOf(setCookie(enabled, SESSION_COOKIE)!.value)
    expect((await meData(server, withAccess)).permissions).toContain("shifts.manage")
    expectError(await startShift(server, withAccess, { type: "PATROL" }), 403, "STAFF_REQUIRED")
    const error = expectError(
      await post(server, withAccess, "/api/sessions", { title: "Dev night", scheduledFor: `${dayAhead(5)}T19:00:00Z` }),
      403,
      "STAFF_REQUIRED"
    )
    expect(error.message).toMatch(/active staff/)
  })
})

describe("another profile's shift", () => {
  it("needs shifts.manage: without it 403 FORBIDDEN naming it, to start or to end", async () => {
    const [member, other] = [await newStaff(), await newStaff()]
    const error = expectError(await startShift(server, member.session, { type: "PATROL", staffId: other.staff.id }), 403, "FORBIDDEN")
    expect(error.message).toContain("shifts.manage")
    const shift = started(await startShift(server, other.session, { type: "PATROL" }))
    expect(expectError(await endShift(server, member.session, shift.id), 403, "FORBIDDEN").message).toContain("shifts.manage")
    // Naming one's own profile is one's own shift.
    expect(started(await startShift(server, member.session, { type: "CONTROL", staffId: member.staff.id })).source).toBe("MANUAL")
  })

  it("a manager starts (source MANAGER) and ends it; an inactive or unknown profile is 422 STAFF_INACTIVE", async () => {
    const manager = await newStaff(["shifts.manage"])
    const other = await newStaff()
    const shift = started(await startShift(server, manager.session, { type: "ADMINISTRATION", staffId: other.staff.id }))
    expect(shift).toMatchObject({ staffId: other.staff.id, source: "MANAGER", status: "ACTIVE" })
    const ended = ok<ShiftData>(await endShift(server, manager.session, shift.id))
    expect(ended.status).toBe("ENDED")
    expect((await auditOf(server, admin, shift.id)).map((entry) => entry.actor.id)).toEqual([manager.accountId, manager.accountId])

    const inactive = await newStaff()
    expect((await write(server, admin, "PATCH", `/api/staff/${inactive.staff.id}`, { active: false })).status).toBe(200)
    expectError(await startShift(server, manager.session, { type: "PATROL", staffId: inactive.staff.id }), 422, "STAFF_INACTIVE")
    expectError(await startShift(server, manager.session, { type: "PATROL", staffId: "no-such-profile" }), 422, "STAFF_INACTIVE")
  })

  it("a service credential starts a shift for a profile (source INTEGRATION) and ends it; it must name one, and hold shifts.manage", async () => {
    const member = await newStaff()
    const credential = await issueCredential(server, admin, { name: "Shift bot", scopes: ["shifts.manage", "shifts.view"] })
    const bot = credentialCaller(credential.token)
    expectError(await startShift(server, bot, { type: "PATROL" }), 403, "STAFF_REQUIRED")
    const shift = started(await startShift(server, bot, { type: "PATROL", staffId: member.staff.id }))
    expect(shift).toMatchObject({ staffId: member.staff.id, source: "INTEGRATION", status: "ACTIVE", durationSeconds: 0 })
    expect(ok<ShiftData>(await endShift(server, bot, shift.id)).status).toBe("ENDED")
    const entries = await auditOf(server, admin, shift.id)
    expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([
      ["shift.started", { type: "service", id: credential.id, name: "Shift bot" }],
      ["shift.ended", { type: "service", id: credential.id, name: "Shift bot" }]
    ])

    const viewer = credentialCaller((await issueCredential(server, admin, { name: "Shift reader", scopes: ["shifts.view"] })).token)
    expect(expectError(await startShift(server, viewer, { type: "PATROL", staffId: member.staff.id }), 403, "FORBIDDEN").message).toContain("shifts.manage")
  })

  it("a caller who can end no shift is refused before the shift is read: the same answer for a real and an unknown id", async () => {
    const owner = await newStaff()
    const shift = started(await startShift(server, owner.session, { type: "PATROL" }))
    const plain = await signIn(server, { id: "shift-end-plain-member" })
    const viewer = credentialCaller((await issueCredential(server, admin, { name: "Shift end reader", scopes: ["shifts.view"] })).token)
    for (const id of [shift.id, "no-such-shift"]) {
      expectError(await endShift(server, plain, id), 403, "STAFF_REQUIRED")
      expect(expectError(await endShift(server, viewer, id), 403, "FORBIDDEN").message).toContain("shifts.manage")
    }
    // Active staff may end shifts (their own): an unknown id is 404 for them.
    expectError(await endShift(server, owner.session, "no-such-shift"), 404, "NOT_FOUND")
    expect(ok<ShiftData>(await endShift(server, owner.session, shift.id)).status).toBe("ENDED")
  })
})

describe("parallel requests", () => {
  it("ten parallel starts for one profile give one shift; the others are 409 SHIFT_ALREADY_ACTIVE", async () => {
    const member = await newStaff()
    const replies = await Promise.all(Array.from({ length: 10 }, () => startShift(server, member.session, { type: "PATROL" })))
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, ...Array(9).fill(409)])
    for (const reply of replies.filter((r) => r.status === 409)) expectError(reply, 409, "SHIFT_ALREADY_ACTIVE")
    const list = listOf<ShiftData>(await get(server, admin, `/api/shifts?staffId=${member.staff.id}`))
    expect(list.data).toHaveLength(1)
    const shift = list.data[0]!
    // Ten parallel ends: one ends it, with one audit entry.
    const ends = await Promise.all(Array.from({ length: 10 }, () => endShift(server, member.session, shift.id)))
    expect(ends.map((reply) => reply.status).sort()).toEqual([200, ...Array(9).fill(409)])
    for (const reply of ends.filter((r) => r.status === 409)) expectError(reply, 409, "SHIFT_NOT_ACTIVE")
    expect((await auditOf(server, admin, shift.id)).map((entry) => entry.action)).toEqual(["shift.started", "shift.ended"])
  })

  it("a manager and a credential starting for the same profile at once: one shift", async () => {
    const manager = await newStaff(["shifts.manage"])
    const member = await newStaff()
    const bot = credentialCaller((await issueCredential(server, admin, { name: "Racing bot", scopes: ["shifts.manage"] })).token)
    const replies = await Promise.all([
      startShift(server, manager.session, { type: "PATROL", staffId: member.staff.id }),
      startShift(server, bot, { type: "CONTROL", staffId: member.staff.id }),
      startShift(server, member.session, { type: "MODERATION" })
    ])
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409])
  })
})

describe("a staff profile deactivated while on shift", () => {
  it("ends the active shift in the same change, audited shift.ended by the deactivating manager with the reason", async () => {
    const member = await newStaff()
    const shift = started(await startShift(server, member.session, { type: "CONTROL" }))
    await advanceClock(server, 60_000)
    const deactivated = await write(server, admin, "PATCH", `/api/staff/${member.staff.id}`, { active: false })
    expect(deactivated.status, deactivated.text).toBe(200)

    const [stored] = listOf<ShiftData>(await get(server, admin, `/api/shifts?staffId=${member.staff.id}`)).data
    expect(stored).toMatchObject({ id: shift.id, status: "ENDED" })
    expect(stored!.durationSeconds).toBeGreaterThanOrEqual(60)
    const adminId = (await meData(server, admin)).id
    const entries = await auditOf(server, admin, shift.id)
    expect(entries.map((entry) => entry.action)).toEqual(["shift.started", "shift.ended"])
    expect(entries[1]).toMatchObject({ actor: { type: "user", id: adminId }, data: { reason: "staff-deactivated", durationSeconds: stored!.durationSeconds } })

    // The former staff member can no longer start or end shifts of their own.
    expectError(await startShift(server, member.session, { type: "CONTROL" }), 403, "STAFF_REQUIRED")
    expectError(await endShift(server, member.session, shift.id), 403, "STAFF_REQUIRED")
    // Deactivating again, or reactivating, ends nothing more.
    expect((await write(server, admin, "PATCH", `/api/staff/${member.staff.id}`, { active: true })).status).toBe(200)
    expect(await auditOf(server, admin, shift.id)).toHaveLength(2)
    started(await startShift(server, member.session, { type: "CONTROL" }))
  })

  it("a profile without an active shift deactivates as before", async () => {
    const member = await newStaff()
    const reply = await write(server, admin, "PATCH", `/api/staff/${member.staff.id}`, { active: false })
    expect(reply.status, reply.text).toBe(200)
    expect(dataOf<{ active: boolean }>(reply).active).toBe(false)
  })
})

describe("GET /shifts", () => {
  it("without shifts.view shows only one's own shifts; another's or no profile is 403 FORBIDDEN naming shifts.view", async () => {
    const [member, other] = [await newStaff(), await newStaff()]
    const mine = started(await startShift(server, member.session, { type: "PATROL" }))
    started(await startShift(server, other.session, { type: "PATROL" }))
    const list = listOf<ShiftData>(await get(server, member.session, "/api/shifts"))
    expect(list.data.map((shift) => shift.id)).toEqual([mine.id])
    expect(list.meta).toEqual({ limit: 25, offset: 0, hasMore: false })
    expect(listOf<ShiftData>(await get(server, member.session, `/api/shifts?staffId=${member.staff.id}`)).data).toHaveLength(1)
    expect(expectError(await get(server, member.session, `/api/shifts?staffId=${other.staff.id}`), 403, "FORBIDDEN").message).toContain("shifts.view")
    const plain = await signIn(server, { id: "shift-list-member" })
    expect(expectError(await get(server, plain, "/api/shifts"), 403, "FORBIDDEN").message).toContain("shifts.view")
    const noScope = credentialCaller((await issueCredential(server, admin, { name: "No shift scope", scopes: ["staff.view"] })).token)
    expectError(await get(server, noScope, "/api/shifts"), 403, "FORBIDDEN")
  })

  it("with shifts.view lists everyone's, newest first, filtered by staffId and status, paged", async () => {
    const viewer = await newStaff(["shifts.view"])
    const member = await newStaff()
    const first = started(await startShift(server, member.session, { type: "PATROL" }))
    await advanceClock(server, 1000)
    ok(await endShift(server, member.session, first.id))
    const second = started(await startShift(server, member.session, { type: "CONTROL" }))
    const all = listOf<ShiftData>(await get(server, viewer.session, `/api/shifts?staffId=${member.staff.id}`))
    expect(all.data.map((shift) => shift.id)).toEqual([second.id, first.id])
    expect(listOf<ShiftData>(await get(server, viewer.session, `/api/shifts?staffId=${member.staff.id}&status=ACTIVE`)).data.map((s) => s.id)).toEqual([
      second.id
    ])
    expect(listOf<ShiftData>(await get(server, viewer.session, `/api/shifts?staffId=${member.staff.id}&status=ENDED`)).data.map((s) => s.id)).toEqual([
      first.id
    ])
    const page = listOf<ShiftData>(await get(server, viewer.session, `/api/shifts?staffId=${member.staff.id}&limit=1`))
    expect(page.meta).toEqual({ limit: 1, offset: 0, hasMore: true })
    expect(listOf<ShiftData>(await get(server, viewer.session, `/api/shifts?staffId=${member.staff.id}&limit=1&offset=1`)).data.map((s) => s.id)).toEqual([
      first.id
    ])
    const everyone = listOf<ShiftData>(await get(server, viewer.session, "/api/shifts?status=ACTIVE&limit=100"))
    expect(everyone.data.every((shift) => shift.status === "ACTIVE" && shift.endedAt === null && shift.durationSeconds === 0)).toBe(true)
  })

  it("refuses bad query parameters with 400 INVALID_INPUT", async () => {
    const viewer = await newStaff(["shifts.view"])
    for (
      const query of [
        "limit=0",
        "limit=101",
        "offset=10001",
        "offset=-1",
        "status=PAUSED",
        "staffId=bad%20id",
        "unknown=1",
        "staffId=%00",
        `staffId=${"a".repeat(65)}`
      ]
    ) {
      expectError(await get(server, viewer.session, `/api/shifts?${query}`), 400, "INVALID_INPUT")
    }
    expect(listOf(await get(server, viewer.session, "/api/shifts?limit=100&offset=10000")).meta).toEqual({ limit: 100, offset: 10000, hasMore: false })
  })
})

describe("hostile and malformed bodies", () => {
  it("refuses each with 400 INVALID_INPUT and stores nothing", async () => {
    const member = await newStaff()
    const bodies: Array<unknown> = [
      {},
      { type: "NAPPING" },
      { type: "patrol" },
      { type: 5 },
      { type: ["PATROL"] },
      { type: "PATROL\u0000" },
      { type: "PATROL", staffId: "\ud800" },
      { type: "PATROL", staffId: "x".repeat(65) },
      { type: "PATROL", staffId: 12 },
      { type: "PATROL", staffId: null },
      { type: "PATROL", source: "MANUAL" },
      { type: "PATROL", startedAt: "2026-01-01T00:00:00Z" },
      null,
      "PATROL",
      []
    ]
    for (const body of bodies) expectError(await startShift(server, member.session, body), 400, "INVALID_INPUT")
    for (const body of [{}, { id: 5 }, { id: "\u0000" }, { id: "a".repeat(65) }, { id: "ok", extra: true }]) {
      expectError(await post(server, member.session, "/api/shifts/end", body), 400, "INVALID_INPUT")
    }
    expectError(await startShift(server, member.session, { type: "PATROL", pad: "x".repeat(17 * 1024) }), 413, "PAYLOAD_TOO_LARGE")
    expect(listOf(await get(server, member.session, "/api/shifts")).data).toEqual([])
  })

  it("names each problem's path", async () => {
    const member = await newStaff()
    const error = expectError(await startShift(server, member.session, { type: "NAPPING", staffId: "bad id", extra: 1 }), 400, "INVALID_INPUT")
    expect(detailsOf(error).map((problem) => problem.path.join("."))).toEqual(expect.arrayContaining(["type", "staffId", "extra"]))
    expect(detailsOf(error).find((problem) => problem.path[0] === "type")!.message).toContain("MODERATION, CONTROL, PATROL, ADMINISTRATION")
  })
})

describe("access", () => {
  it("every shift operation needs a caller: 401 UNAUTHENTICATED without one", async () => {
    expectError(await server.request("POST", "/api/shifts/start", { body: { type: "PATROL" } }), 401, "UNAUTHENTICATED")
    expectError(await server.request("POST", "/api/shifts/end", { body: { id: "x" } }), 401, "UNAUTHENTICATED")
    expectError(await server.request("GET", "/api/shifts"), 401, "UNAUTHENTICATED")
    expectError(await server.request("GET", "/api/shifts/summary?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z"), 401, "UNAUTHENTICATED")
  })
})
