import { describe, expect, it } from "vitest"
import { personAlerts, vehicleAlerts, vehicleSummaryAlerts } from "../../src/pnc/alerts.js"
import { historyDetail, historyTypeText, statusChanges } from "../../src/pnc/historyText.js"
import { suspensionText, tottingUpOf } from "../../src/pnc/licenceText.js"
import type { OfficialPerson, VehicleRecord } from "../../src/pnc/types.js"
import { event, licence, marker, vehicleRecord, vehicleSummary, warrant } from "./fixtures.js"

const AT_LATER = "2027-06-02T05:00:00.000Z"

// The pure rules read the same shapes the client decodes; the tests give them the wire's (the fields they read are the same).
const asPerson = (value: unknown) => value as OfficialPerson
const asVehicle = (value: unknown) => value as VehicleRecord
const asLicence = (value: unknown) => value as NonNullable<OfficialPerson["licence"]>

describe("a person's alerts", () => {
  it("puts active warrants first, then wanted and officer-safety markers in red and other markers as information; inactive ones are left out", () => {
    const alerts = personAlerts(asPerson({
      warrants: [warrant(), warrant({ id: "w2", status: "EXECUTED" })],
      markers: [marker("WANTED"), marker("OFFICER_SAFETY"), marker("GENERAL"), marker("PERSON_BOLO", { active: false })]
    }))
    expect(alerts.map((alert) => [alert.tone, alert.text])).toEqual([
      ["danger", "WANTED: 1 active warrant"],
      ["danger", "WANTED"],
      ["danger", "OFFICER SAFETY"],
      ["info", "General"]
    ])
  })

  it("has none for a person with nothing active", () => {
    expect(personAlerts(asPerson({ warrants: [warrant({ status: "WITHDRAWN" })], markers: [marker("WANTED", { active: false })] }))).toEqual([])
  })
})

describe("a vehicle's alerts", () => {
  it("on a search result: stolen, its bad statuses, its markers", () => {
    const alerts = vehicleSummaryAlerts(asVehicle(vehicleSummary({ stolen: true, insuranceStatus: "UNINSURED", taxStatus: "SORN", alerts: { markers: 2 } })))
    expect(alerts.map((alert) => [alert.tone, alert.text])).toEqual([
      ["danger", "STOLEN"],
      ["warn", "Uninsured"],
      ["warn", "SORN"],
      ["info", "2 markers"]
    ])
  })

  it("on the record: the keeper's warrants and markers too, and a stolen-vehicle marker only once (as STOLEN)", () => {
    const record = vehicleRecord({
      stolen: true,
      motStatus: "EXPIRED",
      markers: [marker("STOLEN_VEHICLE"), marker("VEHICLE_BOLO")],
      keeper: { ...vehicleRecord().keeper, alerts: { markers: 1, warrants: 2 } }
    })
    expect(vehicleAlerts(asVehicle(record)).map((alert) => [alert.tone, alert.text])).toEqual([
      ["danger", "STOLEN"],
      ["danger", "KEEPER WANTED: 2 active warrants"],
      ["warn", "Keeper has 1 active marker"],
      ["warn", "MOT expired"],
      ["info", "Vehicle BOLO"]
    ])
  })

  it("has none for a clean vehicle with a clean keeper", () => {
    expect(vehicleAlerts(asVehicle(vehicleRecord()))).toEqual([])
  })
})

describe("a suspension in words", () => {
  const suspended = (reason: string) => asLicence(licence({ status: "SUSPENDED", suspensionReason: reason, points: 9 }))

  it("explains totting-up with the points and threshold its history entry recorded", () => {
    const entries = [
      event("ENDORSEMENT_REMOVED", { number: "N", code: "SP30", points: 3, reason: "Appeal" }),
      event("LICENCE_SUSPENDED", { number: "N", reason: "TOTTING_UP", until: AT_LATER, points: 12, threshold: 12, automatic: true }),
      event("LICENCE_SUSPENDED", { number: "N", reason: "TOTTING_UP", until: AT_LATER, points: 10, threshold: 10, automatic: true })
    ]
    expect(suspensionText(suspended("TOTTING_UP"), tottingUpOf(entries))).toBe("Suspended automatically: 12 points reached the threshold of 12")
  })

  it("falls back to the points now when the entry is not at hand, and gives an officer's reason as written", () => {
    expect(tottingUpOf([event("LICENCE_SUSPENDED", { number: "N", reason: "Court order", until: null })])).toBeNull()
    expect(suspensionText(suspended("TOTTING_UP"), null)).toBe("Suspended automatically: the points reached the community's threshold (9 active now)")
    expect(suspensionText(suspended("Court order"), null)).toBe("Court order")
    expect(suspensionText(asLicence(licence()), null)).toBeNull()
  })
})

describe("history entries in words", () => {
  it("names each type, and a type it does not know as the API does", () => {
    expect(historyTypeText("KEEPER_CHANGED")).toBe("Keeper changed")
    expect(historyTypeText("SOMETHING_NEW")).toBe("SOMETHING_NEW")
  })

  it("describes the data of each type, the officer's reason included", () => {
    expect(historyDetail(event("KEEPER_CHANGED", { plate: "AB12 CDE", from: { id: "a", reference: "CIV-000002" }, to: { id: "b", reference: "CIV-000001" } })))
      .toBe("AB12 CDE: CIV-000002 → CIV-000001")
    expect(historyDetail(event("RECORD_CREATED", {
      reference: "REC-000001",
      recordType: "CITATION",
      title: "Speeding",
      fineAmount: 100,
      points: 6,
      disclosed: true,
      charges: [{ code: "SP30", count: 2 }]
    }))).toBe("REC-000001, Citation: Speeding; 2 × SP30; fine £100.00; 6 points")
    expect(historyDetail(event("MARKER_CREATED", { reference: "MRK-000001", markerType: "OFFICER_SAFETY", reason: "Violent", expiresAt: null })))
      .toBe("MRK-000001, Officer safety: Violent")
    expect(historyDetail(event("LICENCE_SUSPENDED", { number: "N1", reason: "TOTTING_UP", until: null, points: 12, threshold: 12, automatic: true })))
      .toBe("N1: automatically, 12 points reached the threshold of 12; until no expiry")
  })

  it("says which vehicle statuses changed", () => {
    const before = { registrationStatus: "REGISTERED", insuranceStatus: "INSURED", motStatus: "VALID", taxStatus: "TAXED" } as const
    expect(statusChanges(before, { ...before, insuranceStatus: "UNINSURED", taxStatus: "SORN" })).toBe(
      "Insurance Insured → Uninsured, Tax Taxed → SORN (off the road)"
    )
  })

  it("shows data of a shape it does not know as it came", () => {
    expect(historyDetail(event("SOMETHING_NEW", { a: 1 }))).toBe("{\"a\":1}")
    expect(historyDetail(event("KEEPER_CHANGED", { plate: 4 }))).toBe("{\"plate\":4}")
  })
})
