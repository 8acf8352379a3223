/** The community's settings: the pure rules of a change, and the use cases on the in-memory ports. */
import {
  changeCommunitySettings,
  CommunitySettingsChange,
  CommunitySettingsStore,
  defaultCommunitySettings,
  getCommunitySettings,
  settingsDifference
} from "@bluelight/core/civilians"
import { Accounts, admitted, type Permission, type Permitted } from "@bluelight/core/identity"
import { accessNotChecked, aPerson, auditEntries, civilianTables, InMemoryDatabase, setNow, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Exit, type Layer, Option, Result, Schema } from "effect"

const decodeChange = Schema.decodeUnknownExit(CommunitySettingsChange)
const problemsOf = (input: unknown) => {
  const exit = decodeChange(input, { errors: "all" })
  return Exit.isSuccess(exit) ? [] : String(exit.cause)
}

describe("the settings' field rules", () => {
  it("licencePointsThreshold is an integer 0 to 100, tottingUpSuspensionDays 1 to 3650, at and past each bound", () => {
    for (const ok of [0, 1, 12, 100]) expect(problemsOf({ licencePointsThreshold: ok }), String(ok)).toEqual([])
    for (const bad of [-1, 101, 1.5, "12", null]) expect(problemsOf({ licencePointsThreshold: bad }), String(bad)).not.toEqual([])
    for (const ok of [1, 180, 3650]) expect(problemsOf({ tottingUpSuspensionDays: ok }), String(ok)).toEqual([])
    for (const bad of [0, 3651, 2.5, "180", null]) expect(problemsOf({ tottingUpSuspensionDays: bad }), String(bad)).not.toEqual([])
    expect(problemsOf({ warrantsNeedApproval: true })).toEqual([])
    expect(problemsOf({ warrantsNeedApproval: "true" })).not.toEqual([])
  })

  it("a change names at least one setting", () => {
    expect(String(problemsOf({}))).toContain("at least one setting must be given")
    expect(problemsOf({ warrantsNeedApproval: false })).toEqual([])
  })

  it("the defaults: 12 points, 180 days, warrants without approval, never changed", () => {
    expect(defaultCommunitySettings).toEqual({
      licencePointsThreshold: 12,
      tottingUpSuspensionDays: 180,
      warrantsNeedApproval: false,
      updatedAt: null,
      updatedBy: null
    })
  })
})

describe("settingsDifference", () => {
  const current = { licencePointsThreshold: 12, tottingUpSuspensionDays: 180, warrantsNeedApproval: false }

  it("before and after of only the fields whose value changes", () => {
    expect(Result.getOrThrow(settingsDifference(current, { licencePointsThreshold: 9 }))).toEqual({
      before: { licencePointsThreshold: 12 },
      after: { licencePointsThreshold: 9 }
    })
    expect(Result.getOrThrow(settingsDifference(current, { licencePointsThreshold: 12, tottingUpSuspensionDays: 30, warrantsNeedApproval: true })))
      .toEqual({
        before: { tottingUpSuspensionDays: 180, warrantsNeedApproval: false },
        after: { tottingUpSuspensionDays: 30, warrantsNeedApproval: true }
      })
  })

  it("a change that sets every field it names to its value is NO_CHANGE", () => {
    for (const change of [{ licencePointsThreshold: 12 }, { warrantsNeedApproval: false }, { ...current }, {}]) {
      const difference = settingsDifference(current, change)
      expect(Result.isFailure(difference) ? difference.failure.code : "changed", JSON.stringify(change)).toBe("NO_CHANGE")
    }
  })
})

type Needs = Layer.Success<ReturnType<typeof testPorts>> | Permitted<Permission>

const admin = aPerson({ permissions: ["admin.manage"], displayName: "Ada Admin" })
const other = aPerson({ permissions: ["admin.manage"], displayName: "Otto Other" })

/** Today is 2026-06-15; the administrators exist as accounts. */
const run = <A, E>(effect: Effect.Effect<A, E, Needs>) =>
  Effect.gen(function*() {
    yield* setNow("2026-06-15T12:00:00.000Z")
    yield* Accounts.use((accounts) => Effect.forEach([admin, other], (caller) => accounts.insert(caller.account)))
    return yield* effect
  }).pipe(accessNotChecked, Effect.provide(testPorts()))

/** How the effect ended: "OK", the code of its expected error, or "DEFECT". */
const codeOf = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isSuccess(exit)
    ? "OK"
    : Option.match(Exit.findErrorOption(exit), { onNone: () => "DEFECT", onSome: (error) => (error as { code?: string }).code })

describe("the settings' use cases", () => {
  it.effect("read as the defaults until first changed, nobody named", () =>
    run(Effect.gen(function*() {
      expect(yield* getCommunitySettings()).toEqual({
        licencePointsThreshold: 12,
        tottingUpSuspensionDays: 180,
        warrantsNeedApproval: false,
        updatedAt: null,
        updatedBy: null
      })
    })))

  it.effect("a change keeps the fields left out, names who changed it when, and is audited with before and after of what changed", () =>
    run(Effect.gen(function*() {
      const changed = yield* changeCommunitySettings(admin, { licencePointsThreshold: 9, warrantsNeedApproval: false })
      expect(changed).toEqual({
        licencePointsThreshold: 9,
        tottingUpSuspensionDays: 180,
        warrantsNeedApproval: false,
        updatedAt: DateTime.makeUnsafe("2026-06-15T12:00:00.000Z"),
        updatedBy: { id: admin.account.id, displayName: "Ada Admin" }
      })
      expect(yield* getCommunitySettings()).toEqual(changed)
      const [entry, ...more] = yield* auditEntries
      expect(more).toEqual([])
      expect(entry).toMatchObject({
        action: "settings.changed",
        actor: { type: "user", id: admin.account.id },
        targetType: "settings",
        targetId: null,
        data: { before: { licencePointsThreshold: 12 }, after: { licencePointsThreshold: 9 } }
      })

      yield* setNow("2026-06-16T08:00:00.000Z")
      const again = yield* changeCommunitySettings(other, { tottingUpSuspensionDays: 3650, warrantsNeedApproval: true })
      expect(again).toMatchObject({ licencePointsThreshold: 9, tottingUpSuspensionDays: 3650, warrantsNeedApproval: true })
      expect([DateTime.formatIso(again.updatedAt!), again.updatedBy?.displayName]).toEqual(["2026-06-16T08:00:00.000Z", "Otto Other"])
      expect((yield* auditEntries).map((e) => e.data)).toEqual([
        { before: { licencePointsThreshold: 12 }, after: { licencePointsThreshold: 9 } },
        { before: { tottingUpSuspensionDays: 180, warrantsNeedApproval: false }, after: { tottingUpSuspensionDays: 3650, warrantsNeedApproval: true } }
      ])
    })))

  it.effect("nothing changing is NO_CHANGE: nothing stored, nothing audited", () =>
    run(Effect.gen(function*() {
      expect(codeOf(yield* Effect.exit(changeCommunitySettings(admin, { licencePointsThreshold: 12, warrantsNeedApproval: false })))).toBe("NO_CHANGE")
      expect(yield* auditEntries).toEqual([])
      expect((yield* InMemoryDatabase.use(civilianTables)).settings).toEqual([])
      yield* changeCommunitySettings(admin, { licencePointsThreshold: 0 })
      expect(codeOf(yield* Effect.exit(changeCommunitySettings(other, { licencePointsThreshold: 0 })))).toBe("NO_CHANGE")
      expect((yield* getCommunitySettings()).updatedBy?.id).toBe(admin.account.id)
    })))

  it.effect("a change past a bound, or naming nothing, is INVALID_INPUT with the field's path, even from a caller that skipped the contract", () =>
    run(Effect.gen(function*() {
      const refused = yield* Effect.flip(changeCommunitySettings(admin, { licencePointsThreshold: 101, tottingUpSuspensionDays: 0 }))
      expect(refused).toMatchObject({ code: "INVALID_INPUT", details: [{ path: ["licencePointsThreshold"] }, { path: ["tottingUpSuspensionDays"] }] })
      const empty = yield* Effect.flip(changeCommunitySettings(admin, {}))
      expect(empty).toMatchObject({ code: "INVALID_INPUT", details: [{ path: [], message: "at least one setting must be given" }] })
      expect(yield* CommunitySettingsStore.use((store) => store.read)).toEqual(defaultCommunitySettings)
    })))

  it.effect("the change rolls back when its audit entry cannot be written", () =>
    Effect.gen(function*() {
      yield* setNow("2026-06-15T12:00:00.000Z")
      yield* Accounts.use((accounts) => accounts.insert(admin.account))
      const exit = yield* Effect.exit(changeCommunitySettings(admin, { warrantsNeedApproval: true }))
      expect(codeOf(exit)).toBe("DEFECT")
      expect(yield* CommunitySettingsStore.use((store) => store.read)).toEqual(defaultCommunitySettings)
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: "failing" }))))

  it.effect("admitted under its endpoint's rule: FORBIDDEN without admin.manage, nothing changed", () =>
    run(Effect.gen(function*() {
      const rule = { access: "session", permissions: ["admin.manage"] } as const
      const officer = aPerson({ permissions: ["pnc.view", "pnc.licences.manage"], displayName: "PC Officer" })
      const refused = yield* Effect.flip(changeCommunitySettings(officer, { licencePointsThreshold: 3 }).pipe(admitted(rule, officer)))
      expect(refused).toMatchObject({ code: "FORBIDDEN", permission: "admin.manage" })
      expect(yield* Effect.flip(getCommunitySettings().pipe(admitted(rule, officer)))).toMatchObject({ code: "FORBIDDEN" })
      expect(yield* auditEntries).toEqual([])
      expect((yield* changeCommunitySettings(admin, { licencePointsThreshold: 3 }).pipe(admitted(rule, admin))).licencePointsThreshold).toBe(3)
    })))
})
