import { Effect, Option, Schema } from "effect"
import { Accounts, Person } from "../identity/index.js"
import { Timestamp } from "../kernel/index.js"
import { type CommunitySettings, CommunityRules } from "./CommunitySettings.js"

/** The community's settings as administrators read them (the API's `CommunitySettings`): who last changed them as a Person. */
export const CommunitySettingsView = Schema.Struct({
  ...CommunityRules.fields,
  updatedAt: Schema.NullOr(Timestamp),
  updatedBy: Schema.NullOr(Person)
}).annotate({
  identifier: "CommunitySettings",
  description: "The community's own rules for the PNC; `updatedAt` and `updatedBy` are null until an administrator first changes them"
})
export type CommunitySettingsView = typeof CommunitySettingsView.Type

/** The settings as shown: the account that last changed them named as a Person (accounts are never deleted). */
export const settingsView = (settings: CommunitySettings) =>
  Effect.gen(function*() {
    const rules = {
      licencePointsThreshold: settings.licencePointsThreshold,
      tottingUpSuspensionDays: settings.tottingUpSuspensionDays,
      warrantsNeedApproval: settings.warrantsNeedApproval
    }
    if (settings.updatedBy === null) return { ...rules, updatedAt: settings.updatedAt, updatedBy: null } satisfies CommunitySettingsView
    const id = settings.updatedBy
    const account = yield* Accounts.use((accounts) => accounts.findById(id))
    if (Option.isNone(account)) return yield* Effect.die(new Error(`the settings were changed by account ${id}, which cannot be read`))
    return {
      ...rules,
      updatedAt: settings.updatedAt,
      updatedBy: { id: account.value.id, displayName: account.value.displayName }
    } satisfies CommunitySettingsView
  })
