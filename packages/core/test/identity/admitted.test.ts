import { admitted, createRole, type Permitted, Roles } from "@bluelight/core/identity"
import { aPerson, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { readTables } from "./helpers.js"

/**
 * A tool creating a role on the core directly, under the rule of the endpoint it
 * stands in for (`POST /admin/roles`, AdminApi's `admin`). No `accessNotChecked`
 * here: `admitted` is what takes `createRole`'s proof of `admin.manage` away.
 */
const ADMIN_RULE = { access: "session", permissions: ["admin.manage"] } as const
const DISPATCH = { name: "Dispatch", permissions: ["cad.view", "cad.dispatch"] } as const

// The same in types: a rule that does not name the key leaves its proof required, and the effect cannot run.
const someone = aPerson({ permissions: [] })
const _admitted: Effect.Effect<unknown, unknown, never> = createRole(someone, DISPATCH).pipe(admitted(ADMIN_RULE, someone), Effect.provide(testPorts()))
// The staff rule proves staff.manage, not the admin.manage that createRole requires: that proof stays required.
const staffRule = createRole(someone, DISPATCH).pipe(admitted({ access: "session", permissions: ["staff.manage"] }, someone), Effect.provide(testPorts()))
const _staffRule: typeof staffRule extends Effect.Effect<unknown, unknown, infer R> ? Permitted<"admin.manage"> extends R ? true : false : false = true
void [_admitted, _staffRule]

describe("an identity use case run through admitted", () => {
  it.effect("is refused FORBIDDEN for a caller without the rule's key, before anything is written or audited", () =>
    Effect.gen(function*() {
      const before = yield* readTables
      // Staff management is not administration: granting roles, not making them.
      const staffManager = aPerson({ permissions: ["staff.view", "staff.manage"] })
      const refused = yield* Effect.flip(createRole(staffManager, DISPATCH).pipe(admitted(ADMIN_RULE, staffManager)))
      expect(refused).toMatchObject({ code: "FORBIDDEN", permission: "admin.manage" })
      expect(yield* readTables).toEqual(before)
    }).pipe(Effect.provide(testPorts())))

  it.effect("runs for a caller holding it: the role is stored and audited", () =>
    Effect.gen(function*() {
      const administrator = aPerson({ permissions: ["admin.manage"] })
      const role = yield* createRole(administrator, DISPATCH).pipe(admitted(ADMIN_RULE, administrator))
      expect(role).toMatchObject({ name: "Dispatch", permissions: ["cad.dispatch", "cad.view"] })
      expect(yield* Roles.use((roles) => roles.findById(role.id))).toEqual(Option.some(role))
      expect((yield* readTables).audit).toMatchObject([{
        action: "role.permissions.changed",
        actor: { type: "user", id: administrator.account.id },
        targetId: role.id
      }])
    }).pipe(Effect.provide(testPorts())))
})
