/**
 * Black-box tests of warrant approval (issue 33) against the real server and
 * database: with the community's `warrantsNeedApproval` on, a warrant is a
 * request that counts nowhere until a second officer approves it; the
 * requester can decide neither way; officers deciding at once give exactly
 * one decision; turning approval off decides nothing.
 */
import type { WarrantView } from "@bluelight/core/civilians"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type JsonObject, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { advanceClock, issueCredential, type Session, staffMember } from "../harness/identity.js"
import { createCharacter, get, ok, registerVehicleFor, send, startWorld, type World } from "./world.js"

type WarrantData = typeof WarrantView.Encoded

const WARRANT_PERMISSIONS = ["pnc.view", "pnc.warrants.manage"]

let world: World
/** Two officers who may issue and decide warrants, and a third for races. */
let requester: Session
let approver: Session
let second: Session
/** An officer who may read the PNC but not manage warrants. */
let reader: Session
let credential: string
beforeAll(async () => {
  world = await startWorld("approval")
  requester = (await staffMember(world.server, world.admin, { id: "approval-requester", displayName: "PC Requester" }, WARRANT_PERMISSIONS)).session
  approver = (await staffMember(world.server, world.admin, { id: "approval-approver", displayName: "Sgt Approver" }, WARRANT_PERMISSIONS)).session
  second = (await staffMember(world.server, world.admin, { id: "approval-second", displayName: "Insp Second" }, WARRANT_PERMISSIONS)).session
  reader = (await staffMember(world.server, world.admin, { id: "approval-reader", displayName: "PC Reader" }, ["pnc.view"])).session
  credential = (await issueCredential(world.server, world.admin, { name: "Warrant bot", scopes: WARRANT_PERMISSIONS })).token
})
afterAll(() => world?.server.stop())

/** Turns the community's warrant approval on or off (an administrator's change), and reads it back. */
const approvalNeeded = async (on: boolean) => {
  const reply = await send(world, world.admin, "PATCH", "/api/admin/settings", { warrantsNeedApproval: on })
  if (reply.status !== 200) expectError(reply, 409, "NO_CHANGE")
  expect(ok<JsonObject>(await get(world, world.admin, "/api/admin/settings"))["warrantsNeedApproval"]).toBe(on)
}

const issue = async (civilianId: string, by: Session = requester, more: JsonObject = {}) =>
  ok<WarrantData>(await send(world, by, "POST", "/api/pnc/warrants", { civilianId, reason: "Failed to appear", ...more }), 201)
const approve = (id: string, by: Session | string, body: JsonObject = {}) => send(world, by, "POST", `/api/pnc/warrants/${id}/approve`, body)
const reject = (id: string, by: Session | string, reason: unknown = "No grounds given") => send(world, by, "POST", `/api/pnc/warrants/${id}/reject`, { reason })

const official = async (id: string) => ok<{ warrants: Array<WarrantData>; counts: JsonObject }>(await get(world, world.officer, `/api/pnc/civilians/${id}`))
const keeperAlerts = async (vehicleId: string) =>
  ok<{ keeper: { alerts: JsonObject } }>(await get(world, world.officer, `/api/pnc/vehicles/${vehicleId}`)).keeper.alerts
const listed = async (query: string) => listOf<WarrantData>(await get(world, world.officer, `/api/pnc/warrants?${query}`)).data.map((w) => w.id)
const history = async (civilianId: string) =>
  listOf<{ type: string; data: JsonObject; actor: JsonObject }>(await get(world, world.officer, `/api/pnc/events?civilianId=${civilianId}`)).data
const audited = async (warrantId: string) =>
  listOf<{ action: string; actor: JsonObject }>(await get(world, world.admin, `/api/audit?targetId=${warrantId}`)).data.map((e) => e.action).sort()
/** A warrant as it stands: the list without `status` holds those in force, ever; requests and rejected ones show by their status. */
const warrantNow = async (id: string, civilianId: string) => {
  const lists = await Promise.all(
    ["", "&status=PENDING_APPROVAL", "&status=REJECTED"].map(async (status) =>
      listOf<WarrantData>(await get(world, world.officer, `/api/pnc/warrants?civilianId=${civilianId}${status}`)).data
    )
  )
  return lists.flat().find((w) => w.id === id)
}

describe("with approval off", () => {
  it("a warrant is ACTIVE at once, as before: its issuer its requester, no decision", async () => {
    await approvalNeeded(false)
    const civilian = await createCharacter(world, world.alice)
    const warrant = await issue(civilian.id)
    expect(warrant).toMatchObject({
      status: "ACTIVE",
      requestedBy: { displayName: "PC Requester" },
      issuedBy: { displayName: "PC Requester" },
      requestedAt: warrant.issuedAt,
      decidedBy: null,
      decidedAt: null,
      decisionNote: null
    })
    expect((await official(civilian.id)).warrants.map((w) => w.id)).toEqual([warrant.id])
    expect((await history(civilian.id)).map((e) => e.type)).toContain("WARRANT_ISSUED")
    expect(await audited(warrant.id)).toEqual(["pnc.warrant.issued"])
    // Not a request: nothing to decide.
    expectError(await approve(warrant.id, approver), 409, "INVALID_STATE")
    expectError(await reject(warrant.id, approver), 409, "INVALID_STATE")
  })
})

describe("with approval on", () => {
  it("a warrant is a request: in no active list, alert or count, listed only for ?status=PENDING_APPROVAL; approval puts it everywhere", async () => {
    await approvalNeeded(true)
    const civilian = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, civilian.id)
    const warrant = await issue(civilian.id, requester, { details: "Court 3" })
    expect(warrant).toMatchObject({
      status: "PENDING_APPROVAL",
      requestedBy: { displayName: "PC Requester" },
      requestedAt: warrant.issuedAt,
      decidedBy: null,
      decidedAt: null,
      decisionNote: null,
      closedAt: null
    })

    const pending = await official(civilian.id)
    expect([pending.warrants, pending.counts]).toEqual([[], { records: 0, warrants: 0, markers: 0 }])
    expect(await keeperAlerts(car.id)).toEqual({ markers: 0, warrants: 0 })
    expect(await listed(`civilianId=${civilian.id}`)).toEqual([])
    expect(await listed(`civilianId=${civilian.id}&status=ACTIVE`)).toEqual([])
    expect(await listed(`civilianId=${civilian.id}&status=PENDING_APPROVAL`)).toEqual([warrant.id])
    expect(await listed(`status=PENDING_APPROVAL&limit=100`)).toContain(warrant.id)
    expect((await history(civilian.id))[0]).toMatchObject({
      type: "WARRANT_REQUESTED",
      actor: { displayName: "PC Requester" },
      data: { reference: warrant.reference, reason: "Failed to appear", expiresAt: null }
    })
    expect(await audited(warrant.id)).toEqual(["pnc.warrant.requested"])
    // A request is not a warrant that can be closed.
    const closing = expectError(
      await send(world, approver, "POST", `/api/pnc/warrants/${warrant.id}/close`, { outcome: "EXECUTED", note: "Arrested" }),
      409,
      "WARRANT_NOT_ACTIVE"
    )
    expect(closing.message).toBe("The warrant is pending approval, not active")

    const requestedAt = Date.parse(warrant.requestedAt)
    const decidedAt = await advanceClock(world.server, 90_000)
    const approved = ok<WarrantData>(await approve(warrant.id, approver, { note: "Grounds checked" }))
    expect(approved).toMatchObject({
      status: "ACTIVE",
      requestedBy: { displayName: "PC Requester" },
      requestedAt: warrant.requestedAt,
      issuedBy: { displayName: "PC Requester" },
      decidedBy: { displayName: "Sgt Approver" },
      decisionNote: "Grounds checked"
    })
    // In force from the approval: issuedAt is the approval's time, not the request's.
    expect(approved.issuedAt).toBe(approved.decidedAt)
    expect(Date.parse(approved.issuedAt)).toBeGreaterThanOrEqual(decidedAt)
    expect(Date.parse(approved.issuedAt) - requestedAt).toBeGreaterThanOrEqual(90_000)

    const active = await official(civilian.id)
    expect([active.warrants, active.counts]).toEqual([[approved], { records: 0, warrants: 1, markers: 0 }])
    expect(await keeperAlerts(car.id)).toEqual({ markers: 0, warrants: 1 })
    expect(await listed(`civilianId=${civilian.id}`)).toEqual([warrant.id])
    expect(await listed(`civilianId=${civilian.id}&status=ACTIVE`)).toEqual([warrant.id])
    expect(await listed(`civilianId=${civilian.id}&status=PENDING_APPROVAL`)).toEqual([])
    expect((await history(civilian.id))[0]).toMatchObject({
      type: "WARRANT_APPROVED",
      actor: { displayName: "Sgt Approver" },
      data: { reference: warrant.reference, note: "Grounds checked" }
    })
    expect(await audited(warrant.id)).toEqual(["pnc.warrant.approved", "pnc.warrant.requested"])

    // Decided once: neither decision again, by anyone.
    expectError(await approve(warrant.id, second), 409, "INVALID_STATE")
    expectError(await reject(warrant.id, second), 409, "INVALID_STATE")
    // Now a warrant like any other: it closes.
    expect(ok<WarrantData>(await send(world, second, "POST", `/api/pnc/warrants/${warrant.id}/close`, { outcome: "EXECUTED", note: "Arrested" })))
      .toMatchObject(
        { status: "EXECUTED" }
      )
  })

  it("a request does not lock the character's identity; its approval does", async () => {
    await approvalNeeded(true)
    const civilian = await createCharacter(world, world.alice)
    const warrant = await issue(civilian.id)
    const owner = async () => ok<JsonObject>(await get(world, world.alice, `/api/civilians/${civilian.id}`))["identityLocked"]
    expect(await owner()).toBe(false)
    ok(await approve(warrant.id, approver))
    expect(await owner()).toBe(true)
  })

  it("rejected by another officer with a reason of 3 to 500 characters: REJECTED for good, still counted nowhere", async () => {
    await approvalNeeded(true)
    const civilian = await createCharacter(world, world.alice)
    const longest = await issue(civilian.id)
    const shortest = await issue(civilian.id)
    const tooShort = expectError(await reject(longest.id, approver, "ab"), 400, "INVALID_INPUT")
    expect(tooShort.details?.map((d) => d.path)).toEqual([["reason"]])
    expect(expectError(await reject(longest.id, approver, "x".repeat(501)), 400, "INVALID_INPUT").details?.map((d) => d.path)).toEqual([["reason"]])
    expectError(await reject(longest.id, approver, null), 400, "INVALID_INPUT")
    expectError(await send(world, approver, "POST", `/api/pnc/warrants/${longest.id}/reject`, {}), 400, "INVALID_INPUT")
    expectError(await send(world, approver, "POST", `/api/pnc/warrants/${longest.id}/reject`, { reason: "Fine", note: "extra" }), 400, "INVALID_INPUT")
    expect(await listed(`civilianId=${civilian.id}&status=PENDING_APPROVAL`)).toEqual([shortest.id, longest.id])

    const rejected = ok<WarrantData>(await reject(longest.id, approver, "x".repeat(500)))
    expect(rejected).toMatchObject({
      status: "REJECTED",
      decidedBy: { displayName: "Sgt Approver" },
      decisionNote: "x".repeat(500),
      issuedAt: longest.issuedAt,
      closedAt: null
    })
    expect(rejected.decidedAt).not.toBeNull()
    expect(ok<WarrantData>(await reject(shortest.id, second, "abc"))).toMatchObject({ status: "REJECTED", decisionNote: "abc" })

    const file = await official(civilian.id)
    expect([file.warrants, file.counts]).toEqual([[], { records: 0, warrants: 0, markers: 0 }])
    expect(await listed(`civilianId=${civilian.id}`)).toEqual([])
    expect(await listed(`civilianId=${civilian.id}&status=PENDING_APPROVAL`)).toEqual([])
    expect(await listed(`civilianId=${civilian.id}&status=REJECTED`)).toEqual([shortest.id, longest.id])
    expect((await history(civilian.id)).filter((e) => e.type === "WARRANT_REJECTED").map((e) => e.data)).toEqual([
      { reference: shortest.reference, reason: "abc" },
      { reference: longest.reference, reason: "x".repeat(500) }
    ])
    expect(await audited(longest.id)).toEqual(["pnc.warrant.rejected", "pnc.warrant.requested"])

    // Final: no decision again, no closing.
    expectError(await approve(longest.id, approver), 409, "INVALID_STATE")
    expectError(await reject(longest.id, second), 409, "INVALID_STATE")
    const closing = expectError(
      await send(world, approver, "POST", `/api/pnc/warrants/${longest.id}/close`, { outcome: "WITHDRAWN", note: "Gone" }),
      409,
      "WARRANT_NOT_ACTIVE"
    )
    expect(closing.message).toBe("The warrant is rejected, not active")
  })

  it("an approval's note is optional and held to 3 to 500 characters", async () => {
    await approvalNeeded(true)
    const civilian = await createCharacter(world, world.alice)
    const warrant = await issue(civilian.id)
    expect(expectError(await approve(warrant.id, approver, { note: "ab" }), 400, "INVALID_INPUT").details?.map((d) => d.path)).toEqual([["note"]])
    expect(expectError(await approve(warrant.id, approver, { note: "x".repeat(501) }), 400, "INVALID_INPUT").details?.map((d) => d.path)).toEqual([["note"]])
    expectError(await approve(warrant.id, approver, { note: "Fine", reason: "extra" }), 400, "INVALID_INPUT")
    expect(await warrantNow(warrant.id, civilian.id)).toMatchObject({ status: "PENDING_APPROVAL" })
    expect(ok<WarrantData>(await approve(warrant.id, approver, { note: "x".repeat(500) }))).toMatchObject({ status: "ACTIVE", decisionNote: "x".repeat(500) })
    const plain = await issue(civilian.id)
    expect(ok<WarrantData>(await approve(plain.id, approver))).toMatchObject({ status: "ACTIVE", decisionNote: null })
    expect((await history(civilian.id))[0]).toMatchObject({ type: "WARRANT_APPROVED", data: { reference: plain.reference, note: null } })
  })

  it("the requester can neither approve nor reject their own: SELF_APPROVAL, nothing written", async () => {
    await approvalNeeded(true)
    const civilian = await createCharacter(world, world.alice)
    const warrant = await issue(civilian.id)
    const before = await history(civilian.id)
    const refusedApproval = expectError(await approve(warrant.id, requester, { note: "My own" }), 403, "SELF_APPROVAL")
    expect(refusedApproval.message).toContain(warrant.reference)
    expectError(await reject(warrant.id, requester, "Changed my mind"), 403, "SELF_APPROVAL")
    expect(await warrantNow(warrant.id, civilian.id)).toMatchObject({ status: "PENDING_APPROVAL", decidedBy: null })
    expect(await history(civilian.id)).toEqual(before)
    expect(await audited(warrant.id)).toEqual(["pnc.warrant.requested"])
    // Once decided by another, the requester is still told it is not theirs to decide.
    ok(await approve(warrant.id, approver))
    expectError(await reject(warrant.id, requester), 403, "SELF_APPROVAL")
  })

  it("officers approving and rejecting one request at once: exactly one decision, one history entry, one audit entry", async () => {
    await approvalNeeded(true)
    const civilian = await createCharacter(world, world.alice)
    for (let round = 0; round < 5; round++) {
      const warrant = await issue(civilian.id)
      const replies = await Promise.all([
        approve(warrant.id, approver, { note: "Approved" }),
        reject(warrant.id, second, "Rejected"),
        approve(warrant.id, second),
        reject(warrant.id, approver, "Rejected too")
      ])
      const statuses = replies.map((r) => r.status)
      expect(statuses.filter((s) => s === 200), `round ${round}: ${replies.map((r) => r.text).join(" | ")}`).toHaveLength(1)
      for (const reply of replies.filter((r) => r.status !== 200)) expectError(reply, 409, "INVALID_STATE")
      const winner = ok<WarrantData>(replies.find((r) => r.status === 200)!)
      const decisions = (await history(civilian.id)).filter((e) =>
        (e.type === "WARRANT_APPROVED" || e.type === "WARRANT_REJECTED") && e.data["reference"] === warrant.reference
      )
      expect(decisions).toHaveLength(1)
      expect(decisions[0]!.type).toBe(winner.status === "ACTIVE" ? "WARRANT_APPROVED" : "WARRANT_REJECTED")
      expect(await audited(warrant.id)).toEqual(["pnc.warrant.requested", winner.status === "ACTIVE" ? "pnc.warrant.approved" : "pnc.warrant.rejected"].sort())
      expect(await warrantNow(warrant.id, civilian.id)).toEqual(winner)
    }
  })

  it("a request past its expiry cannot be approved, only rejected", async () => {
    await approvalNeeded(true)
    const civilian = await createCharacter(world, world.alice)
    const now = await advanceClock(world.server, 0)
    const warrant = await issue(civilian.id, requester, { expiresAt: new Date(now + 3_600_000).toISOString() })
    await advanceClock(world.server, 3_600_000)
    expect(await warrantNow(warrant.id, civilian.id)).toMatchObject({ status: "PENDING_APPROVAL" })
    expect(expectError(await approve(warrant.id, approver), 409, "INVALID_STATE").message).toMatch(/expired/)
    expect(ok<WarrantData>(await reject(warrant.id, approver, "Lapsed"))).toMatchObject({ status: "REJECTED" })
  })

  it("unknown warrants are NOT_FOUND; without pnc.warrants.manage FORBIDDEN; a credential USER_REQUIRED; nobody UNAUTHENTICATED", async () => {
    await approvalNeeded(true)
    const civilian = await createCharacter(world, world.alice)
    const warrant = await issue(civilian.id)
    expectError(await approve("0190a7f2-0000-7000-8000-000000000000", approver), 404, "NOT_FOUND")
    expectError(await reject("no-such-warrant", approver), 404, "NOT_FOUND")
    for (const refused of [await approve(warrant.id, reader), await reject(warrant.id, reader)]) {
      expect(expectError(refused, 403, "FORBIDDEN").message).toContain("pnc.warrants.manage")
    }
    expectError(await approve(warrant.id, credential), 403, "USER_REQUIRED")
    expectError(await reject(warrant.id, credential), 403, "USER_REQUIRED")
    expectError(await world.server.request("POST", `/api/pnc/warrants/${warrant.id}/approve`, { body: {} }), 401, "UNAUTHENTICATED")
    expectError(await world.server.request("POST", `/api/pnc/warrants/${warrant.id}/reject`, { body: { reason: "No" } }), 401, "UNAUTHENTICATED")
    expect(await warrantNow(warrant.id, civilian.id)).toMatchObject({ status: "PENDING_APPROVAL" })
    expect(await audited(warrant.id)).toEqual(["pnc.warrant.requested"])
  })
})

describe("turning approval off", () => {
  it("leaves pending requests pending until decided; new warrants are ACTIVE again", async () => {
    await approvalNeeded(true)
    const civilian = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, civilian.id)
    const pending = await issue(civilian.id)
    const doomed = await issue(civilian.id)
    await approvalNeeded(false)

    expect(await listed(`civilianId=${civilian.id}&status=PENDING_APPROVAL`)).toEqual([doomed.id, pending.id])
    expect((await official(civilian.id)).warrants).toEqual([])
    expect(await keeperAlerts(car.id)).toEqual({ markers: 0, warrants: 0 })
    const fresh = await issue(civilian.id)
    expect(fresh.status).toBe("ACTIVE")
    expect(await audited(fresh.id)).toEqual(["pnc.warrant.issued"])
    expect((await official(civilian.id)).warrants.map((w) => w.id)).toEqual([fresh.id])

    // Still decided the same way, with approval off.
    expectError(await approve(pending.id, requester), 403, "SELF_APPROVAL")
    expect(ok<WarrantData>(await approve(pending.id, approver))).toMatchObject({ status: "ACTIVE" })
    expect(ok<WarrantData>(await reject(doomed.id, approver, "No longer needed"))).toMatchObject({ status: "REJECTED" })
    const file = await official(civilian.id)
    expect([file.warrants.map((w) => w.id).sort(), file.counts]).toEqual([[fresh.id, pending.id].sort(), { records: 0, warrants: 2, markers: 0 }])
    expect(await keeperAlerts(car.id)).toEqual({ markers: 0, warrants: 2 })
  })
})
