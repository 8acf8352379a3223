import type { CadEventView, IncidentDetail, MdtView } from "@bluelight/core/cad"
import { describe, expect, it } from "vitest"
import { applyToIncident, applyToMdt, combinedFeedState, otherUnits } from "../../src/mdt/applyEntry.js"
import { ACCOUNT, AT, crewMember, INCIDENT, incidentJson, OTHER_UNIT, UNIT, unitJson } from "./fixtures.js"

type Mdt = typeof MdtView.Type
type Detail = typeof IncidentDetail.Type
type Entry = typeof CadEventView.Type

// The plain modules read ids, statuses and text only: the wire shapes stand in for the decoded records.
const mdt = (over: Record<string, unknown> = {}) => ({ crew: crewMember(UNIT), unit: unitJson(), incident: null, ...over }) as unknown as Mdt
const entry = (type: string, data: Record<string, unknown>, subjects: { unitId?: string | null; incidentId?: string | null } = {}) =>
  ({
    id: "01a2352a-d94e-7539-a6d0-e6e376d98e01",
    seq: 7,
    type,
    at: AT,
    actor: { id: ACCOUNT, displayName: "Dana Dispatcher" },
    incidentId: subjects.incidentId ?? null,
    unitId: subjects.unitId ?? null,
    callId: null,
    data
  }) as unknown as Entry

const onIncident = () => mdt({ unit: unitJson({ status: "EN_ROUTE", incidentId: INCIDENT }), incident: incidentJson() })

describe("applying a feed entry to my MDT", () => {
  it("moves my unit's status and asks for a read (the next press needs the new version)", () => {
    const applied = applyToMdt(
      mdt(),
      entry("UNIT_STATUS_CHANGED", { callsign: "MP21", from: "AVAILABLE", to: "BUSY", by: "CONTROL" }, { unitId: UNIT }),
      ACCOUNT
    )
    expect(applied.mdt.unit?.status).toBe("BUSY")
    expect(applied.refetch).toBe(true)
  })

  it("puts my unit on the incident Control assigned, to read it", () => {
    const applied = applyToMdt(
      mdt(),
      entry("UNIT_ASSIGNED", { callsign: "MP21", incidentNumber: 42, from: "AVAILABLE", to: "ASSIGNED" }, { unitId: UNIT, incidentId: INCIDENT }),
      ACCOUNT
    )
    expect(applied.mdt.unit?.status).toBe("ASSIGNED")
    expect(applied.mdt.unit?.incidentId).toBe(INCIDENT)
    expect(applied.refetch).toBe(true)
  })

  it("takes my unit off its incident when cleared", () => {
    const applied = applyToMdt(
      onIncident(),
      entry("UNIT_CLEARED", { callsign: "MP21", incidentNumber: 42, reason: "CLEARED", from: "EN_ROUTE", to: "AVAILABLE" }, {
        unitId: UNIT,
        incidentId: INCIDENT
      }),
      ACCOUNT
    )
    expect(applied.mdt.incident).toBeNull()
    expect(applied.mdt.unit).toMatchObject({ status: "AVAILABLE", incidentId: null })
  })

  it("shows my incident's new location and description at once", () => {
    const fields = { type: "Road traffic collision", priority: "PRIORITY", location: "A1 junction 5", description: "Now clear", controlNotes: "" }
    const applied = applyToMdt(onIncident(), entry("INCIDENT_UPDATED", { number: 42, before: fields, after: fields }, { incidentId: INCIDENT }), ACCOUNT)
    expect(applied.mdt.incident).toMatchObject({ location: "A1 junction 5", description: "Now clear", priority: "PRIORITY" })
    expect(applied.refetch).toBe(true)
  })

  it("leaves my MDT alone for another unit's move on my incident, and for entries about others", () => {
    const state = onIncident()
    const other = applyToMdt(
      state,
      entry("UNIT_STATUS_CHANGED", { callsign: "MP22", from: "ASSIGNED", to: "ON_SCENE", by: "CREW" }, { unitId: OTHER_UNIT, incidentId: INCIDENT }),
      ACCOUNT
    )
    expect(other).toEqual({ mdt: state, refetch: false })
    const elsewhere = applyToMdt(state, entry("INCIDENT_CLOSED", { number: 9 }, { incidentId: "01a2352a-d94e-7539-a6d0-e6e376d98b99" }), ACCOUNT)
    expect(elsewhere).toEqual({ mdt: state, refetch: false })
  })

  it("not crewing: reads again only when Control adds me to a crew", () => {
    const state = mdt({ crew: null, unit: null })
    const crewData = { callsign: "MP21", crewId: "01a2352a-d94e-7539-a6d0-e6e376d98c09", identifier: "4521" }
    expect(applyToMdt(state, entry("CREW_JOINED", { ...crewData, userId: ACCOUNT }, { unitId: UNIT }), ACCOUNT).refetch).toBe(true)
    expect(applyToMdt(state, entry("CREW_JOINED", { ...crewData, userId: "01a2352a-d94e-7539-a6d0-e6e376d98f00" }, { unitId: UNIT }), ACCOUNT).refetch).toBe(
      false
    )
  })
})

describe("applying a feed entry to my incident's other units", () => {
  const detail = () =>
    ({
      ...incidentJson(),
      units: [unitJson({ status: "EN_ROUTE", incidentId: INCIDENT }), unitJson({ id: OTHER_UNIT, callsign: "MP22", status: "ASSIGNED", incidentId: INCIDENT })],
      calls: []
    }) as unknown as Detail

  it("moves another unit's status", () => {
    const applied = applyToIncident(
      detail(),
      entry("UNIT_STATUS_CHANGED", { callsign: "MP22", from: "ASSIGNED", to: "ON_SCENE", by: "CREW" }, { unitId: OTHER_UNIT, incidentId: INCIDENT })
    )
    expect(applied.detail.units.find((unit) => unit.id === OTHER_UNIT)?.status).toBe("ON_SCENE")
    expect(applied.refetch).toBe(false)
  })

  it("drops a unit cleared, reads the incident for one newly assigned", () => {
    const cleared = applyToIncident(
      detail(),
      entry("UNIT_CLEARED", { callsign: "MP22", incidentNumber: 42, reason: "CLEARED", from: "ASSIGNED", to: "AVAILABLE" }, {
        unitId: OTHER_UNIT,
        incidentId: INCIDENT
      })
    )
    expect(otherUnits(cleared.detail, UNIT)).toEqual([])
    const assigned = applyToIncident(
      cleared.detail,
      entry("UNIT_ASSIGNED", { callsign: "MP22", incidentNumber: 42, from: "AVAILABLE", to: "ASSIGNED" }, { unitId: OTHER_UNIT, incidentId: INCIDENT })
    )
    expect(assigned.refetch).toBe(true)
  })

  it("lists the other units by callsign, without mine", () => {
    expect(otherUnits(detail(), UNIT).map((unit) => unit.callsign)).toEqual(["MP22"])
  })
})

describe("the feeds' state together", () => {
  it("is live only when every feed is", () => {
    expect(combinedFeedState([{ _tag: "Live" }, { _tag: "Live" }])).toEqual({ _tag: "Live" })
    expect(combinedFeedState([{ _tag: "Live" }, { _tag: "Connecting" }])).toEqual({ _tag: "Connecting" })
    expect(combinedFeedState([{ _tag: "Connecting" }, { _tag: "Reconnecting" }])).toEqual({ _tag: "Reconnecting" })
    const stopped = { _tag: "Stopped", error: new Error("Forbidden") } as const
    expect(combinedFeedState([{ _tag: "Reconnecting" }, stopped])).toBe(stopped)
  })
})
