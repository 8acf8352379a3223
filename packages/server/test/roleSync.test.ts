import { createRole, createRoleLink, roleSyncStatus, StaffProfiles } from "@bluelight/core/identity"
import { accessNotChecked, aPerson, auditEntries, personAccount, seedStaff, setMemberRoles, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import { layerRoleSyncWorker } from "../src/roleSync.js"

const admin = aPerson({ permissions: ["admin.manage", "staff.manage"], account: personAccount("Worker Admin") })

describe("the role sync worker", () => {
  it.effect("runs every IDP_ROLE_SYNC_MINUTES on Effect's clock, the first one interval after start, as the role-sync service", () =>
    Effect.gen(function*() {
      const dispatch = yield* createRole(admin, { name: "Dispatch", permissions: ["cad.view"] })
      yield* createRoleLink(admin, { providerRoleId: "123", roleId: dispatch.id })
      const dana = yield* seedStaff({ permissions: [], displayName: "Dana" })
      yield* setMemberRoles(dana.account.identity.id, ["123"])
      yield* Layer.build(layerRoleSyncWorker({ roleSyncMinutes: 3 }))
      yield* TestClock.adjust("2 minutes")
      expect((yield* roleSyncStatus()).lastRun).toBeNull()
      yield* TestClock.adjust("1 minute")
      expect((yield* roleSyncStatus()).lastRun).toMatchObject({ trigger: "SCHEDULE", checked: 1, changed: 1, failed: 0 })
      const profile = Option.getOrThrow(yield* StaffProfiles.use((profiles) => profiles.findById(dana.staff!.id)))
      expect(profile.providerRoleIds).toEqual([dispatch.id])
      expect((yield* auditEntries).filter((entry) => entry.action === "staff.roles.synced")).toMatchObject([
        { actor: { type: "service", id: "role-sync" }, targetId: dana.staff!.id, data: { added: [dispatch.id], removed: [] } }
      ])
      yield* TestClock.adjust("3 minutes")
      expect((yield* roleSyncStatus()).lastRun).toMatchObject({ checked: 1, changed: 0 })
      expect((yield* roleSyncStatus()).lastRun?.finishedAt.epochMilliseconds).toBe(6 * 60_000)
    }).pipe(Effect.scoped, accessNotChecked, Effect.provide(testPorts())))

  it.effect("not configured: nothing runs", () =>
    Effect.gen(function*() {
      yield* Layer.build(layerRoleSyncWorker({ roleSyncMinutes: 1 }))
      yield* TestClock.adjust("5 minutes")
      expect(yield* roleSyncStatus()).toEqual({ configured: false, lastRun: null })
    }).pipe(Effect.scoped, accessNotChecked, Effect.provide(testPorts({ roleSyncConfigured: false }))))
})
