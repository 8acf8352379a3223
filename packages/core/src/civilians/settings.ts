import { DateTime, Effect, Result } from "effect"
import { actorOf, requires, type UserCaller } from "../identity/index.js"
import { AuditLog, inTransaction, validated } from "../kernel/index.js"
import { type CommunitySettings, CommunitySettingsChange, settingsDifference } from "./CommunitySettings.js"
import { CommunitySettingsStore } from "./ports.js"
import { settingsView } from "./settingsView.js"

/** The change as the settings' rules have it (each field's bounds, at least one field): a caller that skipped the contract is held to them too. */
const validChange = validated(CommunitySettingsChange, "The settings change is not valid")

/** `GET /admin/settings`: the community's settings as they stand (the defaults until first changed). */
export const getCommunitySettings = Effect.fn("civilians.getCommunitySettings")(function*() {
  return yield* settingsView(yield* CommunitySettingsStore.use((store) => store.read))
}, requires("admin.manage"))

/**
 * `PATCH /admin/settings`: changes the fields sent, leaving the others as
 * they are. Read-check-write on the locked settings, so parallel changes
 * apply one after the other, each audited `settings.changed` with `before`
 * and `after` of only the fields it changed. A change that changes nothing is
 * `NO_CHANGE`, and leaves no entry.
 */
export const changeCommunitySettings = Effect.fn("civilians.changeCommunitySettings")(function*(
  caller: UserCaller,
  input: CommunitySettingsChange
) {
  const change = yield* validChange(input)
  return yield* inTransaction(Effect.gen(function*() {
    const store = yield* CommunitySettingsStore
    const current = yield* store.readForUpdate
    const difference = settingsDifference(current, change)
    if (Result.isFailure(difference)) return yield* difference.failure
    const changed: CommunitySettings = { ...current, ...difference.success.after, updatedAt: yield* DateTime.now, updatedBy: caller.account.id }
    yield* store.save(changed)
    yield* AuditLog.use((log) =>
      log.record({
        action: "settings.changed",
        actor: actorOf(caller),
        targetType: "settings",
        targetId: null,
        data: { before: difference.success.before, after: difference.success.after }
      })
    )
    return yield* settingsView(changed)
  }))
}, requires("admin.manage"))
