import {
  type Account,
  AccountId,
  Accounts,
  type Permission,
  type StaffProfile,
  StaffProfileId,
  updateStaffProfile,
  type UserCaller
} from "@bluelight/core/identity"
import { InvalidInput, newId } from "@bluelight/core/kernel"
import {
  endShift,
  listShifts,
  moveRoleplaySession,
  nextStatus,
  type RoleplaySession,
  scheduleRoleplaySession,
  type Shift,
  shiftDurationSeconds,
  ShiftId,
  shiftStatus,
  shiftSummary,
  startShift
} from "@bluelight/core/shifts"
import {
  accessNotChecked,
  aService,
  auditEntries,
  InMemoryDatabase,
  ROLEPLAY_SESSIONS_TABLE,
  seedStaff,
  SHIFTS_TABLE,
  testPorts,
  withDeveloperAccess
} from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Cause, DateTime, Effect, Exit } from "effect"
import { TestClock } from "effect/testing"
import { anAccount } from "../identity/helpers.js"

const at = (iso: string) => DateTime.makeUnsafe(iso)
const PAGE = { limit: 100, offset: 0 }

/** An account with a staff profile (active unless told), stored; answers the caller it signs in as. */
const staffCaller = (permissions: ReadonlyArray<Permission> = [], options: { readonly active?: boolean } = {}) =>
  Effect.gen(function*() {
    const id = yield* newId(AccountId)
    const account: Account = anAccount({ id, identity: { id: `idp-${id}`, username: id, avatar: null } })
    return yield* seedStaff({ permissions, account, active: options.active ?? true })
  })

const credentialCaller = (scopes: ReadonlyArray<Permission>) => aService({ scopes })

const tables = InMemoryDatabase.use((db) =>
  Effect.all({
    shifts: db.rows<Shift>(SHIFTS_TABLE),
    sessions: db.rows<RoleplaySession>(ROLEPLAY_SESSIONS_TABLE),
    profiles: db.rows<StaffProfile>("staff_profiles"),
    audit: auditEntries
  })
)

const failureCode = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) return exit._tag
  const [only, ...others] = exit.cause.reasons
  return only !== undefined && others.length === 0 && Cause.isFailReason(only) ? (only.error as { code?: string }).code : exit._tag
}

describe("pure rules", () => {
  const shift: Shift = {
    id: ShiftId.make("s"),
    staffId: StaffProfileId.make("p"),
    type: "PATROL",
    source: "MANUAL",
    startedAt: at("2026-01-01T10:00:00.000Z"),
    endedAt: null
  }
  it("a shift is ACTIVE with 0 seconds until it ends, then ENDED with whole seconds", () => {
    expect([shiftStatus(shift), shiftDurationSeconds(shift)]).toEqual(["ACTIVE", 0])
    const ended = { ...shift, endedAt: at("2026-01-01T11:30:59.999Z") }
    expect([shiftStatus(ended), shiftDurationSeconds(ended)]).toEqual(["ENDED", 5459])
  })
  it("role-play sessions move SCHEDULED → LIVE → ENDED and SCHEDULED → CANCELLED only", () => {
    const statuses = ["SCHEDULED", "LIVE", "ENDED", "CANCELLED"] as const
    const table = statuses.map((status) => [status, nextStatus(status, "start"), nextStatus(status, "end"), nextStatus(status, "cancel")])
    expect(table).toEqual([
      ["SCHEDULED", "LIVE", null, "CANCELLED"],
      ["LIVE", null, "ENDED", null],
      ["ENDED", null, null, null],
      ["CANCELLED", null, null, null]
    ])
  })
})

describe("starting and ending shifts", () => {
  it.effect("own shift: MANUAL, then ended with its exact duration from the clock", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(Date.parse("2026-03-01T10:00:00.000Z"))
      const me = yield* staffCaller()
      const shift = yield* startShift(me, { type: "PATROL" })
      expect(shift).toMatchObject({ staffId: me.staff!.id, source: "MANUAL", endedAt: null })
      expect(failureCode(yield* Effect.exit(startShift(me, { type: "CONTROL" })))).toBe("SHIFT_ALREADY_ACTIVE")
      yield* TestClock.adjust("90500 millis")
      const ended = yield* endShift(me, { id: shift.id })
      expect(shiftDurationSeconds(ended)).toBe(90)
      expect(failureCode(yield* Effect.exit(endShift(me, { id: shift.id })))).toBe("SHIFT_NOT_ACTIVE")
      expect(failureCode(yield* Effect.exit(endShift(me, { id: ShiftId.make("nope") })))).toBe("NOT_FOUND")
      expect((yield* tables).audit.map((entry) => entry.action)).toEqual(["shift.started", "shift.ended"])
    }).pipe(Effect.provide(testPorts())))

  it.effect("refusals: STAFF_REQUIRED, FORBIDDEN, STAFF_INACTIVE", () =>
    Effect.gen(function*() {
      const me = yield* staffCaller()
      const other = yield* staffCaller()
      const inactive = yield* staffCaller([], { active: false })
      const manager = yield* staffCaller(["shifts.manage"])
      const noStaff = withDeveloperAccess({ ...me, staff: null })
      expect(failureCode(yield* Effect.exit(startShift(noStaff, { type: "PATROL" })))).toBe("STAFF_REQUIRED")
      expect(failureCode(yield* Effect.exit(startShift(inactive, { type: "PATROL" })))).toBe("STAFF_REQUIRED")
      expect(failureCode(yield* Effect.exit(startShift(me, { type: "PATROL", staffId: other.staff!.id })))).toBe("FORBIDDEN")
      expect(failureCode(yield* Effect.exit(startShift(manager, { type: "PATROL", staffId: inactive.staff!.id })))).toBe("STAFF_INACTIVE")
      expect(failureCode(yield* Effect.exit(startShift(manager, { type: "PATROL", staffId: StaffProfileId.make("unknown") })))).toBe("STAFF_INACTIVE")
      // A suspended account's profile is not active staff either.
      yield* Accounts.use((accounts) => accounts.update({ ...other.account, status: "SUSPENDED" }))
      expect(failureCode(yield* Effect.exit(startShift(manager, { type: "PATROL", staffId: other.staff!.id })))).toBe("STAFF_INACTIVE")
      expect((yield* tables).shifts).toEqual([])
    }).pipe(Effect.provide(testPorts())))

  it.effect("a credential names the profile and needs shifts.manage; its shifts are INTEGRATION", () =>
    Effect.gen(function*() {
      const member = yield* staffCaller()
      const bot = credentialCaller(["shifts.manage"])
      expect(failureCode(yield* Effect.exit(startShift(bot, { type: "PATROL" })))).toBe("STAFF_REQUIRED")
      expect(failureCode(yield* Effect.exit(startShift(credentialCaller(["shifts.view"]), { type: "PATROL", staffId: member.staff!.id })))).toBe("FORBIDDEN")
      const shift = yield* startShift(bot, { type: "PATROL", staffId: member.staff!.id })
      expect(shift.source).toBe("INTEGRATION")
      const manager = yield* staffCaller(["shifts.manage"])
      yield* endShift(bot, { id: shift.id })
      expect((yield* startShift(manager, { type: "CONTROL", staffId: member.staff!.id })).source).toBe("MANAGER")
    }).pipe(Effect.provide(testPorts())))

  it.effect("listing without shifts.view shows one's own only", () =>
    Effect.gen(function*() {
      const me = yield* staffCaller()
      const other = yield* staffCaller()
      const mine = yield* startShift(me, { type: "PATROL" })
      yield* startShift(other, { type: "PATROL" })
      expect((yield* listShifts(me, {}, PAGE)).items.map((shift) => shift.id)).toEqual([mine.id])
      expect(failureCode(yield* Effect.exit(listShifts(me, { staffId: other.staff!.id }, PAGE)))).toBe("FORBIDDEN")
      expect((yield* listShifts({ ...me, permissions: new Set(["shifts.view"]) }, {}, PAGE)).items).toHaveLength(2)
    }).pipe(Effect.provide(testPorts())))
})

describe("deactivating a profile on shift", () => {
  it.effect("ends its active shift in the same change, audited with the reason", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(Date.parse("2026-03-01T10:00:00.000Z"))
      const me = yield* staffCaller()
      const admin = yield* staffCaller(["staff.manage", "admin.manage"])
      const shift = yield* startShift(me, { type: "CONTROL" })
      yield* TestClock.adjust("1 hour")
      yield* updateStaffProfile(admin, me.staff!.id, { active: false })
      const { shifts, audit } = yield* tables
      expect(shifts).toEqual([{ ...shift, endedAt: at("2026-03-01T11:00:00.000Z") }])
      expect(audit.map((entry) => entry.action)).toEqual(["shift.started", "staff.updated", "shift.ended"])
      expect(audit[2]!.data).toMatchObject({ reason: "staff-deactivated", durationSeconds: 3600 })
      expect(audit[2]!.actor).toEqual({ type: "user", id: admin.account.id })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("a change and its audit entry commit together", () => {
  it.effect("startShift, endShift, a deactivation and role-play moves change nothing when the audit cannot be written", () =>
    Effect.gen(function*() {
      const me = yield* staffCaller(["sessions.manage"])
      const admin = yield* staffCaller(["staff.manage", "admin.manage"])
      const db = yield* InMemoryDatabase
      const shift: Shift = {
        id: ShiftId.make("seeded"),
        staffId: me.staff!.id,
        type: "PATROL",
        source: "MANUAL",
        startedAt: yield* DateTime.now,
        endedAt: null
      }
      yield* db.insert(SHIFTS_TABLE, shift)
      const before = yield* tables
      expect(Exit.isFailure(yield* Effect.exit(startShift(admin, { type: "PATROL" })))).toBe(true)
      expect(Exit.isFailure(yield* Effect.exit(endShift(me, { id: shift.id })))).toBe(true)
      expect(Exit.isFailure(yield* Effect.exit(updateStaffProfile(admin, me.staff!.id, { active: false })))).toBe(true)
      expect(Exit.isFailure(yield* Effect.exit(scheduleRoleplaySession(me, { title: "Night", scheduledFor: yield* DateTime.now })))).toBe(true)
      expect(yield* tables).toEqual(before)
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: "failing" }))))
})

describe("the summary", () => {
  it.effect("splits a shift across midnight and a month's end exactly, clips to the range, counts an active shift up to now", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(Date.parse("2026-01-31T23:00:00.000Z"))
      const me = yield* staffCaller()
      const viewer = yield* staffCaller(["shifts.view"])
      const shift = yield* startShift(me, { type: "PATROL" })
      yield* TestClock.adjust("2 hours")
      yield* endShift(me, { id: shift.id })
      const totals = (from: string, to: string) => Effect.map(shiftSummary({ from: at(from), to: at(to) }, PAGE), (page) => page.items)
      expect(yield* totals("2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z")).toEqual([{ staffId: me.staff!.id, type: "PATROL", totalSeconds: 3600, shifts: 1 }])
      expect(yield* totals("2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z")).toEqual([{ staffId: me.staff!.id, type: "PATROL", totalSeconds: 3600, shifts: 1 }])
      expect(yield* totals("2026-01-31T23:30:00Z", "2026-02-01T00:15:00Z")).toEqual([{ staffId: me.staff!.id, type: "PATROL", totalSeconds: 2700, shifts: 1 }])
      expect(yield* totals("2026-02-01T01:00:00Z", "2026-02-02T00:00:00Z")).toEqual([])
      // An active shift counts up to now.
      yield* startShift(viewer, { type: "CONTROL" })
      yield* TestClock.adjust("10 minutes")
      expect(yield* totals("2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z")).toEqual([
        { staffId: me.staff!.id, type: "PATROL", totalSeconds: 3600, shifts: 1 },
        { staffId: viewer.staff!.id, type: "CONTROL", totalSeconds: 600, shifts: 1 }
      ])
      expect(failureCode(yield* Effect.exit(totals("2026-02-01T00:00:00Z", "2026-02-01T00:00:00Z")))).toBe("INVALID_INPUT")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("role-play sessions", () => {
  it.effect("the host must be active staff; moves follow the transitions", () =>
    Effect.gen(function*() {
      const host = yield* staffCaller(["sessions.manage"])
      const developer: UserCaller = { ...host, staff: null, developerAccess: true }
      expect(failureCode(yield* Effect.exit(scheduleRoleplaySession(developer, { title: "Night", scheduledFor: yield* DateTime.now })))).toBe("STAFF_REQUIRED")
      const session = yield* scheduleRoleplaySession(host, { title: "Night", description: "", scheduledFor: yield* DateTime.now })
      expect(session).toMatchObject({ status: "SCHEDULED", hostId: host.staff!.id, description: null })
      expect(failureCode(yield* Effect.exit(moveRoleplaySession(host, session.id, "end")))).toBe("INVALID_STATE")
      expect((yield* moveRoleplaySession(host, session.id, "start")).status).toBe("LIVE")
      expect(failureCode(yield* Effect.exit(moveRoleplaySession(host, session.id, "cancel")))).toBe("INVALID_STATE")
      expect((yield* moveRoleplaySession(host, session.id, "end")).status).toBe("ENDED")
      expect((yield* tables).audit.map((entry) => entry.action)).toEqual([
        "roleplay_session.created",
        "roleplay_session.started",
        "roleplay_session.ended"
      ])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("field rules in the core", () => {
  it.effect("a title over 100 characters or on two lines, or a hostile description, is refused at its field; nothing is stored", () =>
    Effect.gen(function*() {
      const host = yield* staffCaller(["sessions.manage"])
      const now = yield* DateTime.now
      const long = yield* Effect.flip(scheduleRoleplaySession(host, { title: "T".repeat(101), scheduledFor: now }))
      expect(long).toBeInstanceOf(InvalidInput)
      expect(long).toMatchObject({
        message: "The role-play session is not valid",
        details: [{ path: ["title"], message: "must be at most 100 characters" }]
      })
      const hostile = yield* Effect.flip(
        scheduleRoleplaySession(host, { title: "Friday\nnight", description: `${"d".repeat(2001)}`, scheduledFor: now })
      )
      expect(hostile).toMatchObject({
        details: [
          { path: ["title"], message: "must be one line, without control characters" },
          { path: ["description"], message: "must be at most 2000 characters" }
        ]
      })
      const hidden = yield* Effect.flip(scheduleRoleplaySession(host, { title: "Patrol", description: "nul\u0000byte", scheduledFor: now }))
      expect(hidden).toMatchObject({ details: [{ path: ["description"], message: "must not contain NUL characters or unpaired surrogates" }] })
      const stored = yield* tables
      expect(stored.sessions).toEqual([])
      expect(stored.audit).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a valid session is stored with its text trimmed, line breaks as LF", () =>
    Effect.gen(function*() {
      const host = yield* staffCaller(["sessions.manage"])
      const session = yield* scheduleRoleplaySession(host, {
        title: "  Friday patrol night ",
        description: " Response\r\nand traffic ",
        scheduledFor: yield* DateTime.now
      })
      expect(session).toMatchObject({ title: "Friday patrol night", description: "Response\nand traffic" })
      expect((yield* tables).sessions).toEqual([session])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a shift of an unknown type or for a malformed staff id is refused at its field; no shift starts", () =>
    Effect.gen(function*() {
      const manager = yield* staffCaller(["shifts.manage"])
      const unknownType = yield* Effect.flip(startShift(manager, { type: "NAPPING" as "PATROL" }))
      expect(unknownType).toBeInstanceOf(InvalidInput)
      expect(unknownType).toMatchObject({ message: "The shift is not valid", details: [{ path: ["type"] }] })
      const badStaff = yield* Effect.flip(startShift(manager, { type: "PATROL", staffId: "../staff" as StaffProfileId }))
      expect(badStaff).toMatchObject({ details: [{ path: ["staffId"], message: "must contain only letters, digits, '_' and '-'" }] })
      const stored = yield* tables
      expect(stored.shifts).toEqual([])
      expect(stored.audit).toEqual([])
      expect((yield* startShift(manager, { type: "PATROL" })).type).toBe("PATROL")
    }).pipe(Effect.provide(testPorts())))
})
