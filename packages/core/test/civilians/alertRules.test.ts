/** The pure rules of records, warrants and markers: no ports. */
import {
  canEndRecord,
  decideWarrant,
  disclosedByDefault,
  endorsesLicence,
  markerActiveAt,
  markerTarget,
  markerTargetProblems,
  newWarrantStatus,
  recordReference,
  type Warrant,
  WarrantId,
  warrantActiveAt,
  warrantInForce,
  warrantStatusAt,
  warrantStatusWords,
  CivilianId,
  StoredWarrantStatus
} from "@bluelight/core/civilians"
import { AccountId } from "@bluelight/core/identity"
import { describe, expect, it } from "@effect/vitest"
import { Cause, DateTime, Effect, Exit } from "effect"

const at = (iso: string) => DateTime.makeUnsafe(iso)
const NOW = at("2026-06-15T12:00:00.000Z")

describe("warrant status at reading", () => {
  const active = { status: "ACTIVE" as const, expiresAt: at("2026-06-15T12:00:01.000Z") }
  it("an active warrant reads ACTIVE before its expiry and EXPIRED from that instant on", () => {
    expect(warrantStatusAt(active, NOW)).toBe("ACTIVE")
    expect(warrantStatusAt(active, at("2026-06-15T12:00:01.000Z"))).toBe("EXPIRED")
    expect(warrantStatusAt(active, at("2027-01-01T00:00:00.000Z"))).toBe("EXPIRED")
    expect(warrantActiveAt(active, NOW)).toBe(true)
    expect(warrantActiveAt(active, at("2026-06-15T12:00:01.000Z"))).toBe(false)
  })
  it("without an expiry it stays active; executed and withdrawn never read EXPIRED", () => {
    expect(warrantStatusAt({ status: "ACTIVE", expiresAt: null }, at("2100-01-01T00:00:00.000Z"))).toBe("ACTIVE")
    expect(warrantStatusAt({ status: "EXECUTED", expiresAt: at("2020-01-01T00:00:00.000Z") }, NOW)).toBe("EXECUTED")
    expect(warrantStatusAt({ status: "WITHDRAWN", expiresAt: null }, NOW)).toBe("WITHDRAWN")
    expect(warrantActiveAt({ status: "WITHDRAWN", expiresAt: null }, NOW)).toBe(false)
  })
})

describe("warrant approval", () => {
  const requester = AccountId.make("requester")
  const approver = AccountId.make("approver")
  const REQUESTED = at("2026-06-15T11:00:00.000Z")
  const request = (more: Partial<Warrant> = {}): Warrant => ({
    id: WarrantId.make("w1"),
    reference: "WAR-000001",
    civilianId: CivilianId.make("c1"),
    reason: "Failed to appear",
    details: null,
    status: "PENDING_APPROVAL",
    requestedBy: requester,
    requestedAt: REQUESTED,
    issuedBy: requester,
    issuedAt: REQUESTED,
    expiresAt: null,
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    closedAt: null,
    closedBy: null,
    closeNote: null,
    updatedAt: REQUESTED,
    ...more
  })
  /** The decision's outcome: the warrant decided, or the code it was refused with. */
  const outcome = (decided: Effect.Effect<Warrant, { readonly code: string }>) => {
    const exit = Effect.runSyncExit(decided)
    if (Exit.isSuccess(exit)) return exit.value
    const error = exit.cause.reasons.find(Cause.isFailReason)
    return error === undefined ? "defect" : error.error.code
  }
  const APPROVE = { outcome: "APPROVED", note: null } as const
  const REJECT = { outcome: "REJECTED", reason: "No grounds" } as const

  it("a new warrant waits for approval only when the community asks for it", () => {
    expect(newWarrantStatus(true)).toBe("PENDING_APPROVAL")
    expect(newWarrantStatus(false)).toBe("ACTIVE")
  })

  it("approved by another officer: ACTIVE from the approval's time, the decision recorded; the requester and the issuer stay", () => {
    const approved = outcome(decideWarrant(request(), { outcome: "APPROVED", note: "Grounds checked" }, approver, NOW))
    expect(approved).toEqual(request({
      status: "ACTIVE",
      issuedAt: NOW,
      decidedBy: approver,
      decidedAt: NOW,
      decisionNote: "Grounds checked",
      updatedAt: NOW
    }))
    expect(outcome(decideWarrant(request(), APPROVE, approver, NOW))).toMatchObject({ status: "ACTIVE", decisionNote: null })
  })

  it("rejected by another officer: REJECTED with the reason, issuedAt left as requested", () => {
    expect(outcome(decideWarrant(request(), REJECT, approver, NOW))).toEqual(request({
      status: "REJECTED",
      decidedBy: approver,
      decidedAt: NOW,
      decisionNote: "No grounds",
      updatedAt: NOW
    }))
  })

  it("the requester can neither approve nor reject their own, whatever its state", () => {
    for (const status of StoredWarrantStatus.literals) {
      expect(outcome(decideWarrant(request({ status }), APPROVE, requester, NOW))).toBe("SELF_APPROVAL")
      expect(outcome(decideWarrant(request({ status }), REJECT, requester, NOW))).toBe("SELF_APPROVAL")
    }
  })

  it("only a pending request is decided: every other status is INVALID_STATE, both ways", () => {
    for (const status of StoredWarrantStatus.literals.filter((s) => s !== "PENDING_APPROVAL")) {
      expect([status, outcome(decideWarrant(request({ status }), APPROVE, approver, NOW))]).toEqual([status, "INVALID_STATE"])
      expect([status, outcome(decideWarrant(request({ status }), REJECT, approver, NOW))]).toEqual([status, "INVALID_STATE"])
    }
  })

  it("a request whose expiry has passed is rejected but not approved: it would be in force for no time", () => {
    const lapsing = request({ expiresAt: at("2026-06-15T12:00:00.001Z") })
    expect(outcome(decideWarrant(lapsing, APPROVE, approver, NOW))).toMatchObject({ status: "ACTIVE", expiresAt: lapsing.expiresAt })
    const lapsed = request({ expiresAt: NOW })
    expect(outcome(decideWarrant(lapsed, APPROVE, approver, NOW))).toBe("INVALID_STATE")
    expect(outcome(decideWarrant(lapsed, REJECT, approver, NOW))).toMatchObject({ status: "REJECTED" })
  })

  it("a request reads PENDING_APPROVAL, past its expiry too; a rejected one REJECTED; neither is active", () => {
    const lapsed = { status: "PENDING_APPROVAL" as const, expiresAt: at("2020-01-01T00:00:00.000Z") }
    expect(warrantStatusAt(lapsed, NOW)).toBe("PENDING_APPROVAL")
    expect(warrantActiveAt(lapsed, NOW)).toBe(false)
    expect(warrantStatusAt({ status: "REJECTED", expiresAt: null }, NOW)).toBe("REJECTED")
    expect(warrantActiveAt({ status: "REJECTED", expiresAt: null }, NOW)).toBe(false)
  })

  it("a status reads in a sentence in words", () => {
    expect(warrantStatusWords("PENDING_APPROVAL")).toBe("pending approval")
    expect(warrantStatusWords("EXPIRED")).toBe("expired")
  })

  it("only warrants in force, ever, count: not a request pending or rejected", () => {
    expect(StoredWarrantStatus.literals.filter((status) => warrantInForce({ status }))).toEqual(["ACTIVE", "EXECUTED", "WITHDRAWN"])
  })
})

describe("marker active at reading", () => {
  it("active until cleared, and before its expiry", () => {
    expect(markerActiveAt({ clearedAt: null, expiresAt: null }, NOW)).toBe(true)
    expect(markerActiveAt({ clearedAt: NOW, expiresAt: null }, NOW)).toBe(false)
    expect(markerActiveAt({ clearedAt: null, expiresAt: at("2026-06-15T12:00:00.001Z") }, NOW)).toBe(true)
    expect(markerActiveAt({ clearedAt: null, expiresAt: NOW }, NOW)).toBe(false)
  })
  it("vehicle types go on a vehicle, person types on a person, GENERAL on either", () => {
    expect(markerTarget("STOLEN_VEHICLE")).toBe("vehicle")
    expect(markerTarget("VEHICLE_BOLO")).toBe("vehicle")
    for (const type of ["PERSON_BOLO", "WANTED", "MISSING_PERSON", "OFFICER_SAFETY"] as const) expect(markerTarget(type)).toBe("person")
    expect(markerTarget("GENERAL")).toBe("either")
  })
  it("names every problem with the target by its field", () => {
    expect(markerTargetProblems("STOLEN_VEHICLE", { civilianId: null, vehicleId: "v" })).toEqual([])
    expect(markerTargetProblems("STOLEN_VEHICLE", { civilianId: null, vehicleId: null }).map((p) => p.field)).toEqual(["vehicleId"])
    expect(markerTargetProblems("VEHICLE_BOLO", { civilianId: "c", vehicleId: null }).map((p) => p.field)).toEqual(["vehicleId", "civilianId"])
    expect(markerTargetProblems("WANTED", { civilianId: "c", vehicleId: null })).toEqual([])
    expect(markerTargetProblems("OFFICER_SAFETY", { civilianId: null, vehicleId: "v" }).map((p) => p.field)).toEqual(["civilianId", "vehicleId"])
    expect(markerTargetProblems("GENERAL", { civilianId: "c", vehicleId: "v" })).toEqual([])
    expect(markerTargetProblems("GENERAL", { civilianId: null, vehicleId: "v" })).toEqual([])
    expect(markerTargetProblems("GENERAL", { civilianId: null, vehicleId: null }).map((p) => p.field)).toEqual(["civilianId"])
  })
})

describe("records", () => {
  it("are disclosed by default, except intelligence", () => {
    for (const type of ["CITATION", "CAUTION", "ARREST", "CHARGE", "WARNING"] as const) expect(disclosedByDefault(type)).toBe(true)
    expect(disclosedByDefault("INTELLIGENCE")).toBe(false)
  })
  it("only an open record can be closed or voided", () => {
    expect(canEndRecord({ status: "OPEN" })).toBe(true)
    expect(canEndRecord({ status: "CLOSED" })).toBe(false)
    expect(canEndRecord({ status: "VOID" })).toBe(false)
  })
  it("endorse a licence only with points and a licence", () => {
    expect(endorsesLicence({ points: 3 }, true)).toBe(true)
    expect(endorsesLicence({ points: 3 }, false)).toBe(false)
    expect(endorsesLicence({ points: 0 }, true)).toBe(false)
  })
  it("references are REC- and six or more digits", () => {
    expect(recordReference(1)).toBe("REC-000001")
    expect(recordReference(1234567)).toBe("REC-1234567")
  })
})
