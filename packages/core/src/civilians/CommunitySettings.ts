import { Result, Schema } from "effect"
import { AccountId } from "../identity/index.js"
import { IntegerBetween, NoChange, Timestamp } from "../kernel/index.js"

/**
 * The community's own rules for the PNC: one record for the deployment,
 * changed by administrators (`PATCH /admin/settings`). Until first changed it
 * reads as `defaultCommunitySettings`.
 */

/** The active points at which a valid licence is suspended (totting-up); 0 turns totting-up off. */
export const LicencePointsThreshold = IntegerBetween(
  { min: 0, max: 100 },
  "licencePointsThreshold must be an integer from 0 to 100 (0 turns totting-up off)"
)

/** How long a totting-up suspension lasts, in days. */
export const TottingUpSuspensionDays = IntegerBetween({ min: 1, max: 3650 }, "tottingUpSuspensionDays must be an integer from 1 to 3650")

/** The settings an administrator changes, each with its rule. */
export const CommunityRules = Schema.Struct({
  licencePointsThreshold: LicencePointsThreshold,
  tottingUpSuspensionDays: TottingUpSuspensionDays,
  /** Whether a new warrant waits for a second officer's approval before it counts. */
  warrantsNeedApproval: Schema.Boolean
})
export type CommunityRules = typeof CommunityRules.Type

/** The stored record: the rules, and who last changed them when (null until first changed). */
export const CommunitySettings = Schema.Struct({
  ...CommunityRules.fields,
  updatedAt: Schema.NullOr(Timestamp),
  updatedBy: Schema.NullOr(AccountId)
}).annotate({ identifier: "CommunitySettingsRecord" })
export type CommunitySettings = typeof CommunitySettings.Type

/** What the community's settings read as until an administrator first changes them. */
export const defaultCommunitySettings: CommunitySettings = {
  licencePointsThreshold: 12,
  tottingUpSuspensionDays: 180,
  warrantsNeedApproval: false,
  updatedAt: null,
  updatedBy: null
}

/** The names of the settings, in the order they are shown and compared. */
export const COMMUNITY_RULE_NAMES = ["licencePointsThreshold", "tottingUpSuspensionDays", "warrantsNeedApproval"] as const
export type CommunityRuleName = (typeof COMMUNITY_RULE_NAMES)[number]

/** The fields of a change of the settings: each optional, held to its setting's rule. */
export const communitySettingsChangeFields = {
  licencePointsThreshold: Schema.optionalKey(LicencePointsThreshold),
  tottingUpSuspensionDays: Schema.optionalKey(TottingUpSuspensionDays),
  warrantsNeedApproval: Schema.optionalKey(Schema.Boolean)
}

/** A change names at least one setting (an empty one is a mistake, not "nothing changes"). */
export const someSettingGiven = Schema.makeFilter((change: object) => Object.keys(change).length > 0 || "at least one setting must be given", {
  toJsonSchema: () => ({ minProperties: 1 })
}, true)

/**
 * A change of the settings: the fields sent, at least one; those left out
 * stay as they are. What the `PATCH /admin/settings` body is made of.
 */
export const CommunitySettingsChange = Schema.Struct(communitySettingsChangeFields).check(someSettingGiven)
export type CommunitySettingsChange = typeof CommunitySettingsChange.Type

/** The settings a change moved: each changed field's value before and after, and no other field. */
export interface SettingsDifference {
  readonly before: Partial<CommunityRules>
  readonly after: Partial<CommunityRules>
}

/**
 * What `change` changes of `current`: before and after of only the fields
 * whose value differs. A change that sets every field it names to the value
 * it already has changes nothing: `NO_CHANGE`.
 */
export const settingsDifference = (current: CommunityRules, change: CommunitySettingsChange): Result.Result<SettingsDifference, NoChange> => {
  const before: Partial<Record<CommunityRuleName, number | boolean>> = {}
  const after: Partial<Record<CommunityRuleName, number | boolean>> = {}
  for (const name of COMMUNITY_RULE_NAMES) {
    const next = change[name]
    if (next !== undefined && next !== current[name]) {
      before[name] = current[name]
      after[name] = next
    }
  }
  return Object.keys(after).length === 0
    ? Result.fail(new NoChange({ message: "The settings already have these values" }))
    : Result.succeed({ before: before as Partial<CommunityRules>, after: after as Partial<CommunityRules> })
}
