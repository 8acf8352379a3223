import { CommunitySettingsChange } from "@bluelight/core/civilians"
import type { ApiFailure } from "../../api/failure.js"
import { admin as words } from "../../strings/index.js"
import { checkBody } from "../../api/checkBody.js"

export interface Settings {
  readonly licencePointsThreshold: number
  readonly tottingUpSuspensionDays: number
  readonly warrantsNeedApproval: boolean
}

/** The settings form as typed: numbers as text until sent. */
export interface SettingsFields {
  readonly licencePointsThreshold: string
  readonly tottingUpSuspensionDays: string
  readonly warrantsNeedApproval: boolean
}

export const fieldsOf = (settings: Settings): SettingsFields => ({
  licencePointsThreshold: String(settings.licencePointsThreshold),
  tottingUpSuspensionDays: String(settings.tottingUpSuspensionDays),
  warrantsNeedApproval: settings.warrantsNeedApproval
})

const checkSettings = checkBody(CommunitySettingsChange, words.invalidForm)

/** A number as typed: blank is no number (never 0). */
const numberOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text))

/**
 * The `PATCH /admin/settings` body for what was typed over `shown`: only the settings that differ from
 * those on screen (another administrator's change to another setting is not undone), or every one when
 * none differs (the API then answers `NO_CHANGE`). Checked first by the API's own rules, refused at the
 * field as the API would.
 */
export const settingsChange = (shown: Settings, typed: SettingsFields): Partial<Settings> | ApiFailure => {
  const all: Settings = {
    licencePointsThreshold: numberOf(typed.licencePointsThreshold),
    tottingUpSuspensionDays: numberOf(typed.tottingUpSuspensionDays),
    warrantsNeedApproval: typed.warrantsNeedApproval
  }
  const refused = checkSettings(all)
  if (refused !== null) return refused
  const changed = (Object.keys(all) as Array<keyof Settings>).filter((name) => all[name] !== shown[name])
  return changed.length === 0 ? all : Object.fromEntries(changed.map((name) => [name, all[name]]))
}
