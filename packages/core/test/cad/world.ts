/**
 * The setup the CAD use-case tests share: Control (a signed-in caller holding
 * every CAD permission but the MDT's), the people an MDT test seeds, and the
 * plain inputs of an incident and a unit. The ports are the testing kit's
 * (`testPorts` from `@bluelight/core/testing`).
 */
import { type Account, AccountId, Accounts, type StaffProfile, StaffProfileId, StaffProfiles, type UserCaller } from "@bluelight/core/identity"
import { DateTime, Effect } from "effect"

/** The time every seeded record was made at. */
export const EPOCH = DateTime.makeUnsafe(0)

/** One page large enough for everything a test writes. */
export const PAGE = { limit: 100, offset: 0 }

/** Control: dispatches, and manages incidents, units and calls; not staff, crews no unit. */
export const control: UserCaller = {
  _tag: "User",
  account: {
    id: AccountId.make("control"),
    displayName: "Control",
    status: "ACTIVE",
    identity: { id: "idp-control", username: "control", avatar: null },
    platform: null,
    createdAt: EPOCH,
    updatedAt: EPOCH
  },
  session: {
    id: "s" as never,
    accountId: AccountId.make("control"),
    tokenHash: "h",
    createdAt: EPOCH,
    expiresAt: EPOCH,
    revokedAt: null,
    revokedReason: null,
    developerAccess: false
  },
  staff: null,
  roles: [],
  permissions: new Set(["cad.view", "cad.dispatch", "cad.incidents.create", "cad.incidents.manage", "cad.units.manage", "cad.calls.manage"]),
  developerAccess: false
}

/** An account with an active (or not) staff profile, or none; answers it as an MDT caller (`cad.unit.self`). */
export const seedPerson = (name: string, staff: "active" | "inactive" | "none" = "active") =>
  Effect.gen(function*() {
    const account: Account = {
      id: AccountId.make(`acc-${name}`),
      displayName: name,
      status: "ACTIVE",
      identity: { id: `idp-${name}`, username: name, avatar: null },
      platform: null,
      createdAt: EPOCH,
      updatedAt: EPOCH
    }
    yield* Accounts.use((accounts) => accounts.insert(account))
    const profile: StaffProfile | null = staff === "none" ? null : {
      id: StaffProfileId.make(`staff-${name}`),
      accountId: account.id,
      active: staff === "active",
      roleIds: [],
      createdAt: EPOCH,
      updatedAt: EPOCH
    }
    if (profile !== null) yield* StaffProfiles.use((profiles) => profiles.insert(profile))
    const caller: UserCaller = { ...control, account, staff: profile, permissions: new Set(["cad.unit.self"]) }
    return caller
  })

/** An incident Control opens, every field valid. */
export const incidentInput = { type: "Road traffic collision", priority: "IMMEDIATE", location: "A1 J4", description: "Two cars", controlNotes: "" } as const

/** A unit Control creates, every field valid. */
export const unitInput = { callsign: "MP-1", agencyCode: "MET", type: "RESPONSE" } as const
