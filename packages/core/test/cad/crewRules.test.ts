/** The crewing rules of `Crew.ts` (who may crew, one unit per person at a time, who may leave), without ports. */
import { type CrewMembership, CrewMemberId, type CrewUser, crewLeaveRefusal, isCurrent, mayCrew, mayJoinCrew, UnitId } from "@bluelight/core/cad"
import { AccountId, StaffProfileId } from "@bluelight/core/identity"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Option } from "effect"

const T0 = DateTime.makeUnsafe(0)
const UNIT = UnitId.make("unit-1")

const aMembership = (overrides: Partial<CrewMembership> = {}): CrewMembership => ({
  id: CrewMemberId.make("crew-1"),
  unitId: UNIT,
  userId: AccountId.make("user-1"),
  identifier: "4521",
  joinedAt: T0,
  leftAt: null,
  ...overrides
})

const aPerson = (staff: CrewUser["staff"]): CrewUser => ({
  id: AccountId.make("user-1"),
  displayName: "Sam",
  identity: null,
  platform: null,
  staff
})

describe("who may crew a unit", () => {
  it("is active staff on an active account", () => {
    const staff = { id: StaffProfileId.make("staff-1"), active: true }
    expect(mayCrew(aPerson(staff), true)).toBe(true)
    expect(mayCrew(aPerson(staff), false)).toBe(false)
    expect(mayCrew(aPerson({ ...staff, active: false }), true)).toBe(false)
    expect(mayCrew(aPerson(null), true)).toBe(false)
  })
})

describe("one unit per person at a time", () => {
  it("a person with a current membership may not join another crew", () => {
    expect(mayJoinCrew(Option.some(aMembership()))).toBe(false)
  })
  it("a person with none, or only an ended one, may", () => {
    expect(mayJoinCrew(Option.none())).toBe(true)
    expect(mayJoinCrew(Option.some(aMembership({ leftAt: T0 })))).toBe(true)
  })
  it("a membership is current until it ends", () => {
    expect(isCurrent(aMembership())).toBe(true)
    expect(isCurrent(aMembership({ leftAt: T0 }))).toBe(false)
  })
})

describe("leaving a crew", () => {
  it("ends a current membership of that unit", () => {
    expect(crewLeaveRefusal(aMembership(), UNIT)).toBeUndefined()
  })
  it("refuses another unit's membership, then an ended one", () => {
    expect(crewLeaveRefusal(aMembership(), UnitId.make("unit-2"))).toBe("NOT_ON_UNIT")
    expect(crewLeaveRefusal(aMembership({ leftAt: T0 }), UnitId.make("unit-2"))).toBe("NOT_ON_UNIT")
    expect(crewLeaveRefusal(aMembership({ leftAt: T0 }), UNIT)).toBe("ALREADY_LEFT")
  })
})
