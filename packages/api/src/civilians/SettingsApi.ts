import { communitySettingsChangeFields, CommunitySettingsView, someSettingGiven } from "@bluelight/core/civilians"
import { NoChange } from "@bluelight/core/kernel"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single } from "../schema/envelope.js"
import { NoQuery } from "../schema/query.js"

/** The community's settings rule the PNC (docs/decisions/civilians.md), while only administrators read and change them. */
const admin = operation({ access: "session", permissions: ["admin.manage"] })

const SETTINGS_CHANGE = "CommunitySettingsChange"
/** The fields sent, at least one (`someSettingGiven`); named again after the check, which a check's schema does not carry over. */
const SettingsChange = Body(communitySettingsChangeFields, {
  name: SETTINGS_CHANGE,
  example: { licencePointsThreshold: 12, tottingUpSuspensionDays: 180 }
}).check(someSettingGiven).annotate({ identifier: SETTINGS_CHANGE })

export class SettingsApi extends HttpApiGroup.make("settings")
  .add(
    HttpApiEndpoint.get("getSettings", "/admin/settings", { query: NoQuery, success: Single(CommunitySettingsView) }).pipe(
      admin(
        "Get the community's settings",
        "The community's own rules: `licencePointsThreshold` (the active points at which a valid licence is suspended; 0 turns " +
          "totting-up off), `tottingUpSuspensionDays` (how long that suspension lasts) and `warrantsNeedApproval` (whether a new " +
          "warrant waits for a second officer). Defaults 12, 180 and false; `updatedAt` and `updatedBy` are null until first changed."
      )
    )
  )
  .add(
    HttpApiEndpoint.patch("changeSettings", "/admin/settings", {
      payload: SettingsChange,
      success: Single(CommunitySettingsView),
      error: failsWith(NoChange)
    }).pipe(
      admin(
        "Change the community's settings",
        "Changes the settings sent (at least one), leaving the others as they are: `licencePointsThreshold` 0 to 100, " +
          "`tottingUpSuspensionDays` 1 to 3650, `warrantsNeedApproval`. Nothing changing is `NO_CHANGE`. Audited as " +
          "`settings.changed` with `before` and `after` of the settings that changed."
      )
    )
  )
  .annotate(OpenApi.Title, "Community settings")
  .annotate(OpenApi.Description, "The community's own rules for the PNC: totting-up and warrant approval.")
{}
