import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { detailsOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { advanceClock, issueCredential, moveClockTo, type Session, signIn, staffMember } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"
import { type Caller, credentialCaller, endShift, get, ok, type ShiftData, started, startShift } from "./helpers.js"

interface Total {
  readonly staffId: string
  readonly type: string
  readonly totalSeconds: number
  readonly shifts: number
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

let server: RunningServer
let admin: Session
let bot: Caller
let staffId: string
let otherId: string

beforeAll(async () => {
  server = await startServer({
    env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "summary-admin", RATE_LIMIT_WRITES_PER_MINUTE: "100000", RATE_LIMIT_READS_PER_MINUTE: "100000" }
  })
  admin = await signIn(server, { id: "summary-admin" })
  staffId = (await staffMember(server, admin, { id: "summary-staff" }, ["staff.view"])).staff.id
  const other = await staffMember(server, admin, { id: "summary-other" }, ["staff.view"])
  otherId = other.staff.id
  // The clock moves weeks ahead in this file, past every session's seven days: a credential (90 days) does the work.
  bot = credentialCaller((await issueCredential(server, admin, { name: "Summary bot", scopes: ["shifts.manage", "shifts.view"], lifetimeDays: 90 })).token)
})
afterAll(() => server?.stop())

const iso = (millis: number) => new Date(millis).toISOString()
const seconds = (from: number, to: number) => Math.floor((to - from) / 1000)

const summary = async (from: number, to: number, extra = ""): Promise<Array<Total>> =>
  listOf<Total>(await get(server, bot, `/api/shifts/summary?from=${iso(from)}&to=${iso(to)}&limit=100${extra}`)).data

/** Moves the server's clock to `target` (it only moves forward), up to a month ahead; answers the new time. */
const moveTo = (target: number) => moveClockTo(server, target)

/** A shift of `type` for `profile` from (about) `from` for `millis`; answers it as ended. */
const shiftAround = async (profile: string, type: string, from: number, millis: number) => {
  await moveTo(from)
  const shift = started(await startShift(server, bot, { type, staffId: profile }))
  await advanceClock(server, millis)
  return ok<ShiftData>(await endShift(server, bot, shift.id))
}

describe("GET /shifts/summary", () => {
  it("splits a shift across midnight between the two days, and totals it over both", async () => {
    const now = await advanceClock(server, 0)
    const midnight = Math.ceil((now + 2 * HOUR) / DAY) * DAY
    const shift = await shiftAround(staffId, "PATROL", midnight - HOUR, 2 * HOUR)
    const [start, end] = [Date.parse(shift.startedAt), Date.parse(shift.endedAt!)]
    expect(start).toBeLessThan(midnight)
    expect(end).toBeGreaterThan(midnight)

    expect(await summary(midnight - DAY, midnight, `&staffId=${staffId}`)).toEqual([
      { staffId, type: "PATROL", totalSeconds: seconds(start, midnight), shifts: 1 }
    ])
    expect(await summary(midnight, midnight + DAY, `&staffId=${staffId}`)).toEqual([
      { staffId, type: "PATROL", totalSeconds: seconds(midnight, end), shifts: 1 }
    ])
    expect(await summary(midnight - DAY, midnight + DAY, `&staffId=${staffId}`)).toEqual([
      { staffId, type: "PATROL", totalSeconds: shift.durationSeconds, shifts: 1 }
    ])
    // `to` is exclusive and `from` inclusive: a range ending where the shift starts holds nothing of it.
    expect(await summary(midnight - DAY, start, `&staffId=${staffId}`)).toEqual([])
    expect(await summary(end, end + DAY, `&staffId=${staffId}`)).toEqual([])
  })

  it("splits a shift across a month's end between the two months", async () => {
    const now = new Date(await advanceClock(server, 0) + DAY)
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)
    const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
    const monthAfter = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)
    const shift = await shiftAround(staffId, "MODERATION", nextMonth - 30 * 60 * 1000, HOUR)
    const [start, end] = [Date.parse(shift.startedAt), Date.parse(shift.endedAt!)]
    expect(new Date(start).getUTCMonth()).not.toBe(new Date(end).getUTCMonth())

    const before = await summary(thisMonth, nextMonth, `&staffId=${staffId}`)
    expect(before.find((total) => total.type === "MODERATION")).toEqual({ staffId, type: "MODERATION", totalSeconds: seconds(start, nextMonth), shifts: 1 })
    expect(await summary(nextMonth, monthAfter, `&staffId=${staffId}`)).toEqual([
      { staffId, type: "MODERATION", totalSeconds: seconds(nextMonth, end), shifts: 1 }
    ])
  })

  it("totals per profile and type, most time first; an active shift counts up to now", async () => {
    const from = await advanceClock(server, DAY)
    const patrol = await shiftAround(otherId, "PATROL", from, 3 * HOUR)
    const control = await shiftAround(otherId, "CONTROL", 0, HOUR)
    const admin1 = await shiftAround(staffId, "ADMINISTRATION", 0, 2 * HOUR)
    const active = started(await startShift(server, bot, { type: "CONTROL", staffId }))
    const now = await advanceClock(server, 10 * 60 * 1000)
    const totals = await summary(from, now + DAY)
    expect(totals.map((total) => [total.staffId, total.type])).toEqual([
      [otherId, "PATROL"],
      [staffId, "ADMINISTRATION"],
      [otherId, "CONTROL"],
      [staffId, "CONTROL"]
    ])
    expect(totals.slice(0, 3).map((total) => total.totalSeconds)).toEqual([patrol.durationSeconds, admin1.durationSeconds, control.durationSeconds])
    const running = totals[3]!
    expect(running.shifts).toBe(1)
    expect(running.totalSeconds).toBeGreaterThanOrEqual(seconds(Date.parse(active.startedAt), now))
    expect(running.totalSeconds).toBeLessThan(seconds(Date.parse(active.startedAt), now) + 60)
    // A range ending before now clips the active shift at its end.
    const clipped = await summary(from, Date.parse(active.startedAt) + 5 * 60 * 1000, `&staffId=${staffId}`)
    expect(clipped.find((total) => total.type === "CONTROL")!.totalSeconds).toBe(300)
    // Paged like every list.
    const page = listOf<Total>(await get(server, bot, `/api/shifts/summary?from=${iso(from)}&to=${iso(now + DAY)}&limit=2&offset=1`))
    expect(page.data.map((total) => total.type)).toEqual(["ADMINISTRATION", "CONTROL"])
    expect(page.meta).toEqual({ limit: 2, offset: 1, hasMore: true })
    ok(await endShift(server, bot, active.id))
  })

  it("needs shifts.view: a staff member without it, or a credential without the scope, is 403 FORBIDDEN naming it", async () => {
    const now = await advanceClock(server, 0)
    const query = `/api/shifts/summary?from=${iso(now - DAY)}&to=${iso(now)}`
    // The clock has moved past the first sessions' seven days: sign in again.
    const member = await signIn(server, { id: "summary-other" })
    expect(expectError(await get(server, member, query), 403, "FORBIDDEN").message).toContain("shifts.view")
    const administrator = await signIn(server, { id: "summary-admin" })
    const manager = credentialCaller((await issueCredential(server, administrator, { name: "Manage only", scopes: ["shifts.manage"] })).token)
    expect(expectError(await get(server, manager, query), 403, "FORBIDDEN").message).toContain("shifts.view")
  })

  it("refuses a range that is missing, malformed or empty with 400 INVALID_INPUT", async () => {
    const cases: Array<[string, ReadonlyArray<string>]> = [
      ["", ["query.from", "query.to"]],
      ["from=2026-01-01T00:00:00Z", ["query.to"]],
      ["from=2026-01-01&to=2026-01-02", ["query.from", "query.to"]],
      ["from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", ["query.to"]],
      ["from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z", ["query.to"]],
      ["from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&staffId=bad%20id", ["query.staffId"]],
      ["from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&bucket=day", ["query.bucket"]],
      ["from=%00&to=2026-01-02T00:00:00Z", ["query.from"]],
      ["from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&limit=101", ["query.limit"]]
    ]
    for (const [query, paths] of cases) {
      const error = expectError(await get(server, bot, `/api/shifts/summary?${query}`), 400, "INVALID_INPUT")
      expect(detailsOf(error).map((problem) => problem.path.join(".")), query).toEqual(paths)
    }
  })
})
