/** The pure rules of records, warrants and markers: no ports. */
import {
  canEndRecord,
  disclosedByDefault,
  endorsesLicence,
  markerActiveAt,
  markerTarget,
  markerTargetProblems,
  recordReference,
  warrantActiveAt,
  warrantStatusAt
} from "@bluelight/core/civilians"
import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"

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
