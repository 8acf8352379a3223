/** Warrant approval's use cases on the in-memory ports, with a controllable clock (issue 33). */
import {
  approveWarrant,
  changeCommunitySettings,
  type CivilianId,
  closeWarrant,
  createCivilian,
  getOfficialCivilian,
  getOwnCivilian,
  getVehicleRecord,
  issueWarrant,
  listPncEvents,
  listWarrants,
  registerVehicle,
  rejectWarrant,
  type VehicleId,
  WarrantId,
  WarrantView
} from "@bluelight/core/civilians"
import { type Account, AccountId, Accounts, type Permission, type Permitted } from "@bluelight/core/identity"
import { accessNotChecked, auditEntries, civilianTables, InMemoryDatabase, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { sentMessages, subscribe } from "../webhooks/helpers.js"
import { Cause, DateTime, type Duration, Effect, Exit, type Layer, Schema } from "effect"
import { TestClock } from "effect/testing"
import { anAccount, aUserCaller } from "../identity/helpers.js"

const OFFICER: ReadonlyArray<Permission> = ["pnc.view", "pnc.warrants.manage"]

const person = (id: string, displayName: string): Account =>
  anAccount({ id: AccountId.make(id), displayName, identity: { id: `idp-${id}`, username: id, avatar: null } })
const alice = aUserCaller(["civilians.create", "civilians.manage_own"], person("alice", "Alice"))
const requester = aUserCaller(OFFICER, person("requester", "PC Requester"))
const approver = aUserCaller(OFFICER, person("approver", "Sgt Approver"))
const second = aUserCaller(OFFICER, person("second", "Insp Second"))
const admin = aUserCaller(["admin.manage"], person("admin", "Admin"))

const page = { limit: 25, offset: 0 }
const TODAY = DateTime.makeUnsafe("2026-06-15T12:00:00.000Z")
const later = (duration: Duration.Input) => DateTime.addDuration(TODAY, duration)

/** The kit's ports and the proofs of access, taken away unchecked: who may call each use case is the contract's rule. */
type Needs = Layer.Success<ReturnType<typeof testPorts>> | Permitted<Permission>

/** The code of the one expected error the effect failed with, if that is how it ended. */
const failureCode = <A, E>(exit: Exit.Exit<A, E>): string | undefined => {
  if (Exit.isSuccess(exit)) return undefined
  const [only, ...others] = exit.cause.reasons
  return only !== undefined && others.length === 0 && Cause.isFailReason(only) ? (only.error as { code?: string }).code : undefined
}

const approvalNeeded = (on: boolean) => changeCommunitySettings(admin, { warrantsNeedApproval: on })

/** Today is 2026-06-15; Alice has a character with a car; warrants need approval. */
const world = Effect.gen(function*() {
  yield* TestClock.setTime(TODAY.epochMilliseconds)
  const accounts = yield* Accounts
  for (const caller of [alice, requester, approver, second, admin]) yield* accounts.insert(caller.account)
  const civilian = yield* createCivilian(alice, { fullName: "John Smith", dateOfBirth: "1990-05-14", gender: "MALE", address: "1 High Street" })
  const vehicle = yield* registerVehicle(alice, civilian.id, { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" })
  yield* approvalNeeded(true)
  return { civilianId: civilian.id, vehicleId: vehicle.id }
})

const run = <A, E>(body: (ids: { civilianId: CivilianId; vehicleId: VehicleId }) => Effect.Effect<A, E, Needs>) =>
  Effect.flatMap(world, body).pipe(accessNotChecked, Effect.provide(testPorts()))

const request = (civilianId: CivilianId, more: { readonly expiresAt?: DateTime.Utc } = {}) =>
  issueWarrant(requester, { civilianId, reason: "Failed to appear", ...more })

const tables = InMemoryDatabase.use(civilianTables)
const actions = Effect.map(auditEntries, (entries) => entries.map((entry) => entry.action))

describe("requesting a warrant while approval is needed", () => {
  it.effect("makes a request: in no active list, alert or count, listed only by its status, and written as WARRANT_REQUESTED", () =>
    run(({ civilianId, vehicleId }) =>
      Effect.gen(function*() {
        const warrant = yield* request(civilianId)
        expect(warrant).toMatchObject({
          status: "PENDING_APPROVAL",
          requestedBy: { id: "requester", displayName: "PC Requester" },
          issuedBy: { id: "requester", displayName: "PC Requester" },
          requestedAt: TODAY,
          issuedAt: TODAY,
          decidedBy: null,
          decidedAt: null,
          decisionNote: null
        })
        const file = yield* getOfficialCivilian(requester, civilianId)
        expect([file.warrants, file.counts.warrants]).toEqual([[], 0])
        expect((yield* getVehicleRecord(vehicleId)).keeper?.alerts.warrants).toBe(0)
        expect((yield* getOwnCivilian(alice, civilianId)).identityLocked).toBe(false)
        expect((yield* listWarrants({ civilianId }, page)).items).toEqual([])
        expect((yield* listWarrants({ status: "ACTIVE" }, page)).items).toEqual([])
        expect((yield* listWarrants({ status: "PENDING_APPROVAL" }, page)).items).toEqual([warrant])
        const [entry] = (yield* listPncEvents(requester, { civilianId }, page)).items
        expect(entry).toMatchObject({ type: "WARRANT_REQUESTED", data: { reference: warrant.reference, reason: "Failed to appear", expiresAt: null } })
        expect((yield* actions).at(-1)).toBe("pnc.warrant.requested")
        expect(failureCode(yield* Effect.exit(closeWarrant(approver, warrant.id, { outcome: "EXECUTED", note: "Arrested" })))).toBe("WARRANT_NOT_ACTIVE")
      })
    ))

  it.effect("with approval off, a warrant is ACTIVE at once, its issuer its requester, and there is nothing to decide", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        yield* approvalNeeded(false)
        const warrant = yield* request(civilianId)
        expect(warrant).toMatchObject({ status: "ACTIVE", requestedBy: { id: "requester" }, requestedAt: TODAY, decidedBy: null })
        expect((yield* actions).at(-1)).toBe("pnc.warrant.issued")
        expect(failureCode(yield* Effect.exit(approveWarrant(approver, warrant.id, {})))).toBe("INVALID_STATE")
        expect(failureCode(yield* Effect.exit(rejectWarrant(approver, warrant.id, { reason: "No grounds" })))).toBe("INVALID_STATE")
      })
    ))
})

describe("deciding a request", () => {
  it.effect("approved by another officer: ACTIVE from the approval's time, shown and counted everywhere, WARRANT_APPROVED", () =>
    run(({ civilianId, vehicleId }) =>
      Effect.gen(function*() {
        const warrant = yield* request(civilianId)
        yield* TestClock.adjust("2 hours")
        const approved = yield* approveWarrant(approver, warrant.id, { note: "Grounds checked" })
        expect(approved).toMatchObject({
          status: "ACTIVE",
          requestedAt: TODAY,
          issuedAt: later("2 hours"),
          decidedBy: { id: "approver", displayName: "Sgt Approver" },
          decidedAt: later("2 hours"),
          decisionNote: "Grounds checked",
          updatedAt: later("2 hours")
        })
        const file = yield* getOfficialCivilian(requester, civilianId)
        expect([file.warrants, file.counts.warrants]).toEqual([[approved], 1])
        expect((yield* getVehicleRecord(vehicleId)).keeper?.alerts.warrants).toBe(1)
        expect((yield* getOwnCivilian(alice, civilianId)).identityLocked).toBe(true)
        expect((yield* listWarrants({ civilianId }, page)).items).toEqual([approved])
        const [entry] = (yield* listPncEvents(requester, { civilianId }, page)).items
        expect(entry).toMatchObject({ type: "WARRANT_APPROVED", actor: { id: "approver" }, data: { reference: warrant.reference, note: "Grounds checked" } })
        expect((yield* actions).at(-1)).toBe("pnc.warrant.approved")
        expect(failureCode(yield* Effect.exit(approveWarrant(second, warrant.id, {})))).toBe("INVALID_STATE")
        expect(failureCode(yield* Effect.exit(rejectWarrant(second, warrant.id, { reason: "Too late" })))).toBe("INVALID_STATE")
        expect((yield* approveWarrant(second, (yield* request(civilianId)).id, {})).decisionNote).toBeNull()
      })
    ))

  it.effect("rejected by another officer: REJECTED for good, counted nowhere, listed only by its status, WARRANT_REJECTED", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        const warrant = yield* request(civilianId)
        const rejected = yield* rejectWarrant(approver, warrant.id, { reason: "  No grounds given  " })
        expect(rejected).toMatchObject({
          status: "REJECTED",
          issuedAt: TODAY,
          decidedBy: { id: "approver" },
          decidedAt: TODAY,
          decisionNote: "No grounds given"
        })
        expect((yield* getOfficialCivilian(requester, civilianId)).counts.warrants).toBe(0)
        expect((yield* listWarrants({ civilianId }, page)).items).toEqual([])
        expect((yield* listWarrants({ status: "REJECTED" }, page)).items).toEqual([rejected])
        const [entry] = (yield* listPncEvents(requester, { civilianId }, page)).items
        expect(entry).toMatchObject({ type: "WARRANT_REJECTED", data: { reference: warrant.reference, reason: "No grounds given" } })
        expect((yield* actions).at(-1)).toBe("pnc.warrant.rejected")
        expect(failureCode(yield* Effect.exit(approveWarrant(second, warrant.id, {})))).toBe("INVALID_STATE")
        expect(failureCode(yield* Effect.exit(closeWarrant(second, warrant.id, { outcome: "WITHDRAWN", note: "Gone" })))).toBe("WARRANT_NOT_ACTIVE")
      })
    ))

  it.effect("the requester decides neither way (SELF_APPROVAL); nothing is written", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        const warrant = yield* request(civilianId)
        const before = yield* tables
        const audit = yield* actions
        expect(failureCode(yield* Effect.exit(approveWarrant(requester, warrant.id, { note: "My own" })))).toBe("SELF_APPROVAL")
        expect(failureCode(yield* Effect.exit(rejectWarrant(requester, warrant.id, { reason: "Changed my mind" })))).toBe("SELF_APPROVAL")
        expect(yield* tables).toEqual(before)
        expect(yield* actions).toEqual(audit)
      })
    ))

  it.effect("the note and the reason are held to 3 to 500 characters at their field; an unknown warrant is NOT_FOUND", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        const warrant = yield* request(civilianId)
        const before = yield* tables
        for (
          const refused of [
            approveWarrant(approver, warrant.id, { note: "ab" }),
            approveWarrant(approver, warrant.id, { note: "x".repeat(501) }),
            rejectWarrant(approver, warrant.id, { reason: "ab" }),
            rejectWarrant(approver, warrant.id, { reason: "x".repeat(501) }),
            rejectWarrant(approver, warrant.id, { reason: "two\nlines" })
          ]
        ) expect(failureCode(yield* Effect.exit(refused))).toBe("INVALID_INPUT")
        expect(yield* tables).toEqual(before)
        expect(failureCode(yield* Effect.exit(approveWarrant(approver, WarrantId.make("none"), {})))).toBe("NOT_FOUND")
        expect(failureCode(yield* Effect.exit(rejectWarrant(approver, WarrantId.make("none"), { reason: "No grounds" })))).toBe("NOT_FOUND")
        expect((yield* approveWarrant(approver, warrant.id, { note: "x".repeat(500) })).decisionNote).toBe("x".repeat(500))
        expect((yield* rejectWarrant(approver, (yield* request(civilianId)).id, { reason: "abc" })).decisionNote).toBe("abc")
      })
    ))

  it.effect("a request past its expiry reads PENDING_APPROVAL, cannot be approved, can be rejected", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        const warrant = yield* request(civilianId, { expiresAt: later("1 hour") })
        yield* TestClock.adjust("1 hour")
        expect((yield* listWarrants({ status: "PENDING_APPROVAL" }, page)).items.map((w) => w.id)).toEqual([warrant.id])
        expect((yield* listWarrants({ status: "EXPIRED" }, page)).items).toEqual([])
        expect(failureCode(yield* Effect.exit(approveWarrant(approver, warrant.id, {})))).toBe("INVALID_STATE")
        expect((yield* rejectWarrant(approver, warrant.id, { reason: "Lapsed" })).status).toBe("REJECTED")
      })
    ))

  it.effect("officers deciding at once: exactly one decision, one history entry, one audit entry", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        const warrant = yield* request(civilianId)
        const exits = yield* Effect.all([
          Effect.exit(approveWarrant(approver, warrant.id, {})),
          Effect.exit(rejectWarrant(second, warrant.id, { reason: "No grounds" })),
          Effect.exit(approveWarrant(second, warrant.id, {})),
          Effect.exit(rejectWarrant(approver, warrant.id, { reason: "No grounds" }))
        ], { concurrency: "unbounded" })
        expect(exits.map((exit) => failureCode(exit) ?? "DECIDED").sort()).toEqual(["DECIDED", "INVALID_STATE", "INVALID_STATE", "INVALID_STATE"])
        const decisions = (yield* listPncEvents(requester, { civilianId }, page)).items.filter((e) =>
          e.type === "WARRANT_APPROVED" || e.type === "WARRANT_REJECTED"
        )
        expect(decisions).toHaveLength(1)
        expect((yield* actions).filter((a) => a === "pnc.warrant.approved" || a === "pnc.warrant.rejected")).toHaveLength(1)
      })
    ))
})

describe("turning approval off", () => {
  it.effect("leaves every request pending until decided; new warrants are ACTIVE", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        const pending = yield* request(civilianId)
        yield* approvalNeeded(false)
        expect((yield* listWarrants({ status: "PENDING_APPROVAL" }, page)).items.map((w) => w.id)).toEqual([pending.id])
        expect((yield* getOfficialCivilian(requester, civilianId)).warrants).toEqual([])
        const active = yield* request(civilianId)
        expect(active.status).toBe("ACTIVE")
        expect(failureCode(yield* Effect.exit(approveWarrant(requester, pending.id, {})))).toBe("SELF_APPROVAL")
        expect((yield* approveWarrant(approver, pending.id, {})).status).toBe("ACTIVE")
        expect((yield* getOfficialCivilian(requester, civilianId)).counts.warrants).toBe(2)
        // And on again: active warrants stay active.
        yield* approvalNeeded(true)
        expect((yield* getOfficialCivilian(requester, civilianId)).warrants.map((w) => w.id).sort()).toEqual([active.id, pending.id].sort())
      })
    ))
})

describe("a decision and its history and audit entries commit together", () => {
  for (const action of ["pnc.warrant.requested", "pnc.warrant.approved", "pnc.warrant.rejected"] as const) {
    it.effect(`${action}: every table as it was when its audit entry fails`, () =>
      Effect.gen(function*() {
        const { civilianId } = yield* world
        const warrant = action === "pnc.warrant.requested" ? undefined : yield* request(civilianId)
        const before = yield* tables
        const exit = yield* Effect.exit(
          warrant === undefined
            ? request(civilianId)
            : action === "pnc.warrant.approved"
            ? approveWarrant(approver, warrant.id, {})
            : rejectWarrant(approver, warrant.id, { reason: "No grounds" })
        )
        expect(Exit.isFailure(exit)).toBe(true)
        expect(yield* tables).toEqual(before)
      }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: { failingOn: [action] } }))))
  }
})

describe("webhook messages of a warrant", () => {
  it.effect("pnc.warrant.activated is sent when a warrant is issued active or approved, never for a request or a rejection", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        yield* subscribe(admin, ["pnc.warrant.activated"])
        const pending = yield* request(civilianId)
        const rejected = yield* request(civilianId)
        yield* rejectWarrant(approver, rejected.id, { reason: "No grounds" })
        expect(yield* sentMessages).toEqual([])
        const approved = yield* approveWarrant(approver, pending.id, {})
        yield* approvalNeeded(false)
        const issued = yield* request(civilianId)
        const messages = yield* sentMessages
        expect(messages.map((m) => [m.type, m.data.id, m.data.status])).toEqual([
          ["pnc.warrant.activated", approved.id, "ACTIVE"],
          ["pnc.warrant.activated", issued.id, "ACTIVE"]
        ])
        expect(messages[0]!.data).toEqual(Schema.encodeSync(WarrantView)(approved))
      })
    ))
})
