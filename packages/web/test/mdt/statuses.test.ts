import { describe, expect, it } from "vitest"
import { mayMoveTo, statusChoices } from "../../src/mdt/statuses.js"

const INCIDENT = "01a2352a-d94e-7539-a6d0-e6e376d98b01" as never

describe("the MDT's status choices", () => {
  it("on no incident: available, busy, unavailable, the current one marked", () => {
    expect(statusChoices({ status: "BUSY", incidentId: null })).toEqual([
      { status: "AVAILABLE", current: false },
      { status: "BUSY", current: true },
      { status: "UNAVAILABLE", current: false }
    ])
  })

  it("on an incident: en route and on scene only, never assigned, even while assigned", () => {
    const choices = statusChoices({ status: "ASSIGNED", incidentId: INCIDENT })
    expect(choices.map((choice) => choice.status)).toEqual(["EN_ROUTE", "ON_SCENE"])
    expect(choices.some((choice) => choice.current)).toBe(false)
  })

  it("an uncrewed unit has none", () => {
    expect(statusChoices({ status: "OFF_DUTY", incidentId: null })).toEqual([])
  })

  it("allows a move only to a shown, other status", () => {
    expect(mayMoveTo({ status: "ASSIGNED", incidentId: INCIDENT }, "ON_SCENE")).toBe(true)
    expect(mayMoveTo({ status: "ASSIGNED", incidentId: INCIDENT }, "AVAILABLE")).toBe(false)
    expect(mayMoveTo({ status: "EN_ROUTE", incidentId: INCIDENT }, "EN_ROUTE")).toBe(false)
    expect(mayMoveTo({ status: "AVAILABLE", incidentId: null }, "ASSIGNED")).toBe(false)
    expect(mayMoveTo({ status: "AVAILABLE", incidentId: null }, "OFF_DUTY")).toBe(false)
  })
})
