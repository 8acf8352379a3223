/**
 * Every date and time a person enters is bounded (docs/decisions/http-contract.md,
 * "Dates a person enters"): by the schema to 1900-01-01T00:00:00.000Z …
 * 2099-12-31T23:59:59.999Z, and by the rule of each kind relative to the
 * server's clock (the test clock, read through the test hook).
 *
 * The server's clock runs on while a request travels, so a bound that moves
 * with it is tested exactly on the side the clock moves away from, and a
 * minute inside (or past) it on the other side.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { yearsFrom } from "./harness/dates.js"
import type { JsonObject } from "./harness/body.js"
import { detailsOf } from "./harness/body.js"
import { expectError } from "./harness/expectations.js"
import { advanceClock, cookieRead, type Session, signIn, staffMember, write } from "./harness/identity.js"
import { type Reply, type RunningServer, startServer } from "./harness/server.js"

let server: RunningServer
let clerk: Session
let member: Session
beforeAll(async () => {
  server = await startServer({
    env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "dates-admin", RATE_LIMIT_READS_PER_MINUTE: "5000", RATE_LIMIT_WRITES_PER_MINUTE: "5000" }
  })
  const admin = await signIn(server, { id: "dates-admin" })
  clerk = (await staffMember(server, admin, { id: "dates-clerk", displayName: "Clerk" }, [
    "pnc.view",
    "pnc.records.manage",
    "pnc.licences.manage",
    "pnc.warrants.manage",
    "pnc.markers.manage",
    "sessions.manage",
    "sessions.view",
    "shifts.view",
    "audit.view",
    "civilians.create",
    "civilians.manage_own"
  ])).session
  member = await signIn(server, { id: "dates-member" })
})
afterAll(() => server?.stop())

const MINUTE = 60_000
const iso = (millis: number) => new Date(millis).toISOString()
const serverNow = () => advanceClock(server, 0)
const send = (method: string, path: string, body: unknown, who: Session = clerk) => write(server, who, method, path, body)
const created = (reply: Reply, status = 201): JsonObject & { id: string } => {
  expect(reply.status, reply.text).toBe(status)
  return (reply.body as { data: JsonObject & { id: string } }).data
}
/** A 400 naming exactly this field. */
const refusedAt = (reply: Reply, path: ReadonlyArray<string>, message?: string) => {
  const problems = detailsOf(expectError(reply, 400, "INVALID_INPUT"))
  expect(problems.map((problem) => problem.path)).toEqual([path])
  if (message !== undefined) expect(problems[0]!.message).toBe(message)
}

const character = async () =>
  created(await send("POST", "/api/civilians", { fullName: "Dana Date", dateOfBirth: "1980-02-03", gender: "FEMALE", address: "1 Clock Lane" }))
const licensed = async () => {
  const civilian = await character()
  return created(await send("POST", `/api/civilians/${civilian.id}/licence`, { categories: ["B"] }))
}

const OFFICIAL_END = "must be in the future and at most 10 years from now"
const SANE = "must be from 1900-01-01T00:00:00.000Z to 2099-12-31T23:59:59.999Z"

describe("the absolute bounds of every entered date-time (schema)", () => {
  it("refuses 9999-12-31T23:59:59.999Z and anything before 1900 wherever a time is entered, naming the field", async () => {
    const licence = await licensed()
    const civilian = await character()
    const far = "9999-12-31T23:59:59.999Z"
    refusedAt(await send("PATCH", `/api/pnc/licences/${licence.id}`, { reason: "Far renewal", expiresAt: far }), ["expiresAt"], SANE)
    refusedAt(await send("POST", `/api/pnc/licences/${licence.id}/suspend`, { reason: "Far ban", until: far }), ["until"], SANE)
    refusedAt(await send("POST", `/api/pnc/licences/${licence.id}/endorsements`, { code: "SP30", reason: "Speeding", points: 3, expiresAt: far }), [
      "expiresAt"
    ], SANE)
    refusedAt(await send("POST", "/api/pnc/warrants", { civilianId: civilian.id, reason: "Far warrant", expiresAt: far }), ["expiresAt"], SANE)
    refusedAt(
      await send("POST", "/api/pnc/markers", { type: "OFFICER_SAFETY", civilianId: civilian.id, reason: "Far marker", expiresAt: far }),
      ["expiresAt"],
      SANE
    )
    refusedAt(await send("POST", "/api/sessions", { title: "Far night", scheduledFor: far }), ["scheduledFor"], SANE)
    const record = { civilianId: civilian.id, type: "WARNING", title: "Old matter", description: "Long ago", location: "Town" }
    refusedAt(await send("POST", "/api/pnc/records", { ...record, occurredAt: "1899-12-31T23:59:59.999Z" }), ["occurredAt"], SANE)
    created(await send("POST", "/api/pnc/records", { ...record, occurredAt: "1900-01-01T00:00:00.000Z" }))
    // An offset is read as the moment it names: 1900-01-01T00:59:59+01:00 is still 1899.
    refusedAt(await send("POST", "/api/pnc/records", { ...record, occurredAt: "1900-01-01T00:59:59+01:00" }), ["occurredAt"], SANE)
  })

  for (const path of ["/api/audit", "/api/shifts/summary"]) {
    it(`GET ${path}: from and to within the bounds, at and past each`, async () => {
      const get = (query: string) => server.request("GET", `${path}?${query}`, { headers: cookieRead(clerk) })
      const reply = await get("from=1900-01-01T00:00:00.000Z&to=2099-12-31T23:59:59.999Z")
      expect(reply.status, reply.text).toBe(200)
      refusedAt(await get("from=1899-12-31T23:59:59.999Z&to=2000-01-01T00:00:00.000Z"), ["query", "from"], SANE)
      refusedAt(await get("from=2000-01-01T00:00:00.000Z&to=2100-01-01T00:00:00.000Z"), ["query", "to"], SANE)
      refusedAt(await get("from=2000-01-01T00:00:00.000Z&to=9999-12-31T23:59:59.999Z"), ["query", "to"], SANE)
    })
  }
})

describe("ends of official measures: in the future, at most ten years ahead", () => {
  it("suspension until", async () => {
    const licence = await licensed()
    const suspend = (until: number) => send("POST", `/api/pnc/licences/${licence.id}/suspend`, { reason: "Court order", until: iso(until) })
    const now = await serverNow()
    refusedAt(await suspend(now), ["until"], OFFICIAL_END)
    refusedAt(await suspend(yearsFrom(now, 10) + MINUTE), ["until"], OFFICIAL_END)
    created(await suspend(yearsFrom(now, 10)), 200)
    created(await suspend(now + MINUTE), 200)
  })

  it("endorsement expiresAt", async () => {
    const licence = await licensed()
    const endorse = (expiresAt: number) =>
      send("POST", `/api/pnc/licences/${licence.id}/endorsements`, { code: "SP30", reason: "Speeding", points: 3, expiresAt: iso(expiresAt) })
    const now = await serverNow()
    refusedAt(await endorse(now), ["expiresAt"], OFFICIAL_END)
    refusedAt(await endorse(yearsFrom(now, 10) + MINUTE), ["expiresAt"], OFFICIAL_END)
    created(await endorse(yearsFrom(now, 10)))
    created(await endorse(now + MINUTE))
  })

  it("warrant and marker expiresAt", async () => {
    const civilian = await character()
    const warrant = (expiresAt: number) => send("POST", "/api/pnc/warrants", { civilianId: civilian.id, reason: "Failed to appear", expiresAt: iso(expiresAt) })
    const marker = (expiresAt: number) =>
      send("POST", "/api/pnc/markers", { type: "OFFICER_SAFETY", civilianId: civilian.id, reason: "Violent", expiresAt: iso(expiresAt) })
    for (const issue of [warrant, marker]) {
      const now = await serverNow()
      refusedAt(await issue(now), ["expiresAt"], OFFICIAL_END)
      refusedAt(await issue(yearsFrom(now, 10) + MINUTE), ["expiresAt"], OFFICIAL_END)
      created(await issue(yearsFrom(now, 10)))
      created(await issue(now + MINUTE))
    }
  })

  it("licence expiresAt: after issue and at most ten years from now, else INVALID_EXPIRY naming the field", async () => {
    const licence = await licensed()
    const renew = (expiresAt: number) => send("PATCH", `/api/pnc/licences/${licence.id}`, { reason: "Renewal", expiresAt: iso(expiresAt) })
    const now = await serverNow()
    const tooFar = expectError(await renew(yearsFrom(now, 10) + MINUTE), 422, "INVALID_EXPIRY")
    expect(tooFar.message).toBe("expiresAt must be at most 10 years from now")
    const renewed = created(await renew(yearsFrom(now, 10)), 200)
    expect(renewed["expiresAt"]).toBe(iso(yearsFrom(now, 10)))
    expectError(await renew(Date.parse(String(licence["issuedAt"]))), 422, "INVALID_EXPIRY")
  })
})

describe("other entered times", () => {
  it("a record's occurredAt is not in the future", async () => {
    const civilian = await character()
    const record = (occurredAt: number) =>
      send("POST", "/api/pnc/records", {
        civilianId: civilian.id,
        type: "WARNING",
        title: "Noise",
        description: "Loud music",
        location: "Town",
        occurredAt: iso(occurredAt)
      })
    const now = await serverNow()
    refusedAt(await record(now + MINUTE), ["occurredAt"], "must not be in the future")
    created(await record(now))
  })

  it("a role-play session is scheduled within a year of now, either way", async () => {
    const schedule = (at: number) => send("POST", "/api/sessions", { title: "Patrol night", scheduledFor: iso(at) })
    const now = await serverNow()
    const message = "must be from a year before now to a year after"
    refusedAt(await schedule(yearsFrom(now, -1) - 1), ["scheduledFor"], message)
    refusedAt(await schedule(yearsFrom(now, 1) + MINUTE), ["scheduledFor"], message)
    created(await schedule(yearsFrom(now, 1)))
    created(await schedule(yearsFrom(now, -1) + MINUTE))
  })

  it("a date of birth is from 1900-01-01 to today", async () => {
    const create = (dateOfBirth: string) =>
      send("POST", "/api/civilians", { fullName: "Bea Born", dateOfBirth, gender: "FEMALE", address: "2 Clock Lane" }, member)
    const today = new Date(await serverNow()).toISOString().slice(0, 10)
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10)
    created(await create("1900-01-01"))
    refusedAt(await create("1899-12-31"), ["dateOfBirth"], "must be from 1900-01-01 to today")
    created(await create(today))
    refusedAt(await create(tomorrow), ["dateOfBirth"], "must be from 1900-01-01 to today")
  })
})
