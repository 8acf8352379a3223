/**
 * The setup the CAD use-case tests share: Control (a signed-in caller holding
 * every CAD permission but the MDT's), the people an MDT test seeds, and the
 * plain inputs of an incident and a unit. The ports are the testing kit's
 * (`testPorts` from `@bluelight/core/testing`).
 */
import { type Account, AccountId, Accounts, type UserCaller } from "@bluelight/core/identity"
import { aPerson, personAccount, seedStaff } from "@bluelight/core/testing"
import { DateTime, Effect } from "effect"

/** The time every seeded record was made at. */
export const EPOCH = DateTime.makeUnsafe(0)

/** One page large enough for everything a test writes. */
export const PAGE = { limit: 100, offset: 0 }

/** Control: dispatches, and manages incidents, units and calls; not staff, crews no unit. */
export const control: UserCaller = aPerson({
  permissions: ["cad.view", "cad.dispatch", "cad.incidents.create", "cad.incidents.manage", "cad.units.manage", "cad.calls.manage"],
  account: { ...personAccount("Control"), id: AccountId.make("control") }
})

/** An account with an active (or not) staff profile, or none; answers it as an MDT caller (`cad.unit.self`). */
export const seedPerson = (name: string, staff: "active" | "inactive" | "none" = "active") =>
  Effect.gen(function*() {
    const account: Account = { ...personAccount(name), id: AccountId.make(`acc-${name}`), identity: { id: `idp-${name}`, username: name, avatar: null } }
    if (staff !== "none") return yield* seedStaff({ permissions: ["cad.unit.self"], account, active: staff === "active" })
    yield* Accounts.use((accounts) => accounts.insert(account))
    return aPerson({ permissions: ["cad.unit.self"], account })
  })

/** An incident Control opens, every field valid. */
export const incidentInput = { type: "Road traffic collision", priority: "IMMEDIATE", location: "A1 J4", description: "Two cars", controlNotes: "" } as const

/** A unit Control creates, every field valid. */
export const unitInput = { callsign: "MP-1", agencyCode: "MET", type: "RESPONSE" } as const
