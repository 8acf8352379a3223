/** The crew's own hand: the one rule the MDT and the game's chat hold a person to (`cad/crewHand.ts`). */
import { bookOn, createUnit, crewHandRefusal, myMdt } from "@bluelight/core/cad"
import { AccountId } from "@bluelight/core/identity"
import { accessNotChecked, aPerson, aStaffMember, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { anAccount } from "../identity/helpers.js"
import { control, unitInput } from "./world.js"

const account = anAccount({ id: AccountId.make("acc-pat"), displayName: "Pat" })

describe("who may act for a crew", () => {
  it("cad.unit.self and active staff on an active account; the permission is asked first, as the MDT's door asks it", () => {
    const crew = aStaffMember({ permissions: ["cad.unit.self"], account })
    expect(crewHandRefusal(crew)).toBeNull()
    expect(crewHandRefusal({ ...crew, permissions: new Set() })).toMatchObject({ code: "FORBIDDEN", permission: "cad.unit.self" })
    expect(crewHandRefusal(aStaffMember({ permissions: ["cad.unit.self"], account, active: false }))).toMatchObject({ code: "STAFF_REQUIRED" })
    expect(crewHandRefusal(aPerson({ permissions: ["cad.unit.self"], account }))).toMatchObject({ code: "STAFF_REQUIRED" })
    expect(crewHandRefusal({ ...crew, account: { ...account, status: "SUSPENDED" } })).toMatchObject({ code: "STAFF_REQUIRED" })
    expect(crewHandRefusal(aStaffMember({ permissions: [], account, active: false }))).toMatchObject({ code: "FORBIDDEN" })
  })

  it.effect("the MDT's use cases hold a caller who skipped the contract to it: no cad.unit.self is FORBIDDEN", () =>
    Effect.gen(function*() {
      const unit = yield* createUnit(control, unitInput)
      const noPermission = aStaffMember({ permissions: [], account })
      const refusal = yield* Effect.flip(bookOn(noPermission, { unitId: unit.id, identifier: "1" }))
      expect(refusal).toMatchObject({ code: "FORBIDDEN", permission: "cad.unit.self" })
      expect(yield* Effect.flip(myMdt(noPermission))).toMatchObject({ code: "FORBIDDEN" })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
