/** The unit and incident rules of docs/decisions/cad.md, "Transitions", without ports. */
import {
  assignTo,
  clearFrom,
  crewJoined,
  crewLeft,
  ensureVersion,
  type Incident,
  incidentBoardOrder,
  IncidentId,
  moveStatus,
  type Unit,
  UnitId,
  UNIT_STATUSES,
  type UnitStatus,
  ensureOpen
} from "@bluelight/core/cad"
import { describe, expect, it } from "@effect/vitest"
import { Cause, DateTime, Effect, Exit } from "effect"

const T0 = DateTime.makeUnsafe(0)
const NOW = DateTime.makeUnsafe(1000)

const aUnit = (overrides: Partial<Unit> = {}): Unit => ({
  id: UnitId.make("unit-1"),
  callsign: "MP-1",
  agencyCode: "MET",
  type: "RESPONSE",
  status: "AVAILABLE",
  incidentId: null,
  version: 3,
  createdAt: T0,
  updatedAt: T0,
  ...overrides
})

const anIncident = (overrides: Partial<Incident> = {}): Incident => ({
  id: IncidentId.make("incident-1"),
  number: 1,
  status: "OPEN",
  priority: "IMMEDIATE",
  type: "RTC",
  location: "A1",
  description: "",
  controlNotes: "",
  version: 1,
  createdAt: T0,
  updatedAt: T0,
  closedAt: null,
  ...overrides
})

const codeOf = <A, E extends { readonly code: string }>(effect: Effect.Effect<A, E>): string => {
  const exit = Effect.runSyncExit(effect)
  if (Exit.isSuccess(exit)) return "OK"
  const [only, ...others] = exit.cause.reasons
  const failure = only !== undefined && others.length === 0 && Cause.isFailReason(only) ? only.error : undefined
  return failure?.code ?? "DEFECT"
}

const INCIDENT = IncidentId.make("incident-1")

describe("unit status moves (crew or Control)", () => {
  const free: ReadonlyArray<UnitStatus> = ["AVAILABLE", "BUSY", "UNAVAILABLE"]
  const attending: ReadonlyArray<UnitStatus> = ["ASSIGNED", "EN_ROUTE", "ON_SCENE"]

  it("an unassigned crewed unit moves between AVAILABLE, BUSY and UNAVAILABLE only", () => {
    for (const from of free) {
      for (const to of UNIT_STATUSES) {
        const expected = from === to ? "NO_CHANGE" : free.includes(to) ? "OK" : "INVALID_STATE"
        expect(codeOf(moveStatus(aUnit({ status: from }), to, NOW)), `${from} -> ${to}`).toBe(expected)
      }
    }
  })

  it("an attending unit moves between ASSIGNED, EN_ROUTE and ON_SCENE only", () => {
    for (const from of attending) {
      for (const to of UNIT_STATUSES) {
        const expected = from === to ? "NO_CHANGE" : attending.includes(to) ? "OK" : "INVALID_STATE"
        expect(codeOf(moveStatus(aUnit({ status: from, incidentId: INCIDENT }), to, NOW)), `${from} -> ${to}`).toBe(expected)
      }
    }
  })

  it("an OFF_DUTY unit has no status moves", () => {
    for (const to of UNIT_STATUSES.filter((s) => s !== "OFF_DUTY")) {
      expect(codeOf(moveStatus(aUnit({ status: "OFF_DUTY" }), to, NOW))).toBe("INVALID_STATE")
    }
  })

  it("every move bumps version and updatedAt and keeps the rest", () => {
    const moved = Effect.runSync(moveStatus(aUnit(), "BUSY", NOW))
    expect(moved).toEqual({ ...aUnit(), status: "BUSY", version: 4, updatedAt: NOW })
  })
})

describe("assigning", () => {
  it("AVAILABLE and unassigned to an open incident becomes ASSIGNED on it, version bumped", () => {
    const assigned = Effect.runSync(assignTo(aUnit(), anIncident(), NOW))
    expect(assigned).toMatchObject({ status: "ASSIGNED", incidentId: INCIDENT, version: 4 })
  })

  it("refuses a closed incident, an uncrewed unit, a busy unit and one attending elsewhere", () => {
    expect(codeOf(assignTo(aUnit(), anIncident({ status: "CLOSED" }), NOW))).toBe("INVALID_STATE")
    expect(codeOf(assignTo(aUnit({ status: "OFF_DUTY" }), anIncident(), NOW))).toBe("INVALID_STATE")
    expect(codeOf(assignTo(aUnit({ status: "BUSY" }), anIncident(), NOW))).toBe("INVALID_STATE")
    expect(codeOf(assignTo(aUnit({ status: "UNAVAILABLE" }), anIncident(), NOW))).toBe("INVALID_STATE")
    const elsewhere = aUnit({ status: "ASSIGNED", incidentId: IncidentId.make("other") })
    expect(codeOf(assignTo(elsewhere, anIncident(), NOW))).toBe("INVALID_STATE")
  })
})

describe("clearing", () => {
  it("a unit on the incident becomes AVAILABLE on none", () => {
    for (const status of ["ASSIGNED", "EN_ROUTE", "ON_SCENE"] as const) {
      const cleared = Effect.runSync(clearFrom(aUnit({ status, incidentId: INCIDENT }), INCIDENT, NOW))
      expect(cleared).toMatchObject({ status: "AVAILABLE", incidentId: null, version: 4 })
    }
  })

  it("a unit not on that incident cannot be cleared from it", () => {
    expect(codeOf(clearFrom(aUnit(), INCIDENT, NOW))).toBe("INVALID_STATE")
    expect(codeOf(clearFrom(aUnit({ status: "ASSIGNED", incidentId: IncidentId.make("other") }), INCIDENT, NOW))).toBe("INVALID_STATE")
  })
})

describe("crew changes", () => {
  it("crew joining an OFF_DUTY unit makes it AVAILABLE; any other keeps its status; both bump version", () => {
    expect(crewJoined(aUnit({ status: "OFF_DUTY" }), NOW)).toMatchObject({ status: "AVAILABLE", version: 4 })
    expect(crewJoined(aUnit({ status: "BUSY" }), NOW)).toMatchObject({ status: "BUSY", version: 4 })
  })

  it("the last crew leaving makes it OFF_DUTY; others leaving keep its status", () => {
    expect(crewLeft(aUnit({ status: "BUSY" }), 0, NOW)).toMatchObject({ status: "OFF_DUTY", incidentId: null, version: 4 })
    expect(crewLeft(aUnit({ status: "BUSY" }), 1, NOW)).toMatchObject({ status: "BUSY", version: 4 })
  })
})

describe("versions and incidents", () => {
  it("a stale version is CAD_CONFLICT, the current one passes", () => {
    expect(codeOf(ensureVersion(aUnit(), 2))).toBe("CAD_CONFLICT")
    expect(codeOf(ensureVersion(aUnit(), 4))).toBe("CAD_CONFLICT")
    expect(codeOf(ensureVersion(aUnit(), 3))).toBe("OK")
  })

  it("closed incidents cannot be changed", () => {
    expect(codeOf(ensureOpen(anIncident({ status: "CLOSED" })))).toBe("INVALID_STATE")
    expect(codeOf(ensureOpen(anIncident()))).toBe("OK")
  })

  it("the board lists IMMEDIATE, PRIORITY, SCHEDULED, RESOLUTION, then by number", () => {
    const incidents = [
      anIncident({ number: 5, priority: "RESOLUTION" }),
      anIncident({ number: 4, priority: "PRIORITY" }),
      anIncident({ number: 3, priority: "IMMEDIATE" }),
      anIncident({ number: 1, priority: "SCHEDULED" }),
      anIncident({ number: 2, priority: "PRIORITY" }),
      anIncident({ number: 6, priority: "IMMEDIATE" })
    ]
    expect([...incidents].sort(incidentBoardOrder).map((i) => `${i.priority}:${i.number}`)).toEqual([
      "IMMEDIATE:3",
      "IMMEDIATE:6",
      "PRIORITY:2",
      "PRIORITY:4",
      "SCHEDULED:1",
      "RESOLUTION:5"
    ])
  })
})
