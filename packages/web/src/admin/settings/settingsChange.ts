import { ApiFailure } from "../../api/failure.js"

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

const WHOLE = /^\s*\d+\s*$/
const NUMBERS = ["licencePointsThreshold", "tottingUpSuspensionDays"] as const

/**
 * The `PATCH /admin/settings` body for what was typed over `shown`: only the settings that differ from
 * those on screen (another administrator's change to another setting is not undone), or every one when
 * none differs (the API then answers `NO_CHANGE`). A number that is not a whole number is refused here,
 * as the API would, at its field; the ranges are the API's to check.
 */
export const settingsChange = (shown: Settings, typed: SettingsFields): Partial<Settings> | ApiFailure => {
  const notWhole = NUMBERS.filter((name) => !WHOLE.test(typed[name]))
  if (notWhole.length > 0) {
    return new ApiFailure("INVALID_INPUT", "The settings are not valid", notWhole.map((name) => ({ path: [name], message: "must be a whole number" })), undefined, undefined)
  }
  const all: Settings = {
    licencePointsThreshold: Number(typed.licencePointsThreshold),
    tottingUpSuspensionDays: Number(typed.tottingUpSuspensionDays),
    warrantsNeedApproval: typed.warrantsNeedApproval
  }
  const changed = (Object.keys(all) as Array<keyof Settings>).filter((name) => all[name] !== shown[name])
  return changed.length === 0 ? all : Object.fromEntries(changed.map((name) => [name, all[name]]))
}
