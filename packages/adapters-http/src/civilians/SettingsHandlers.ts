import { changeCommunitySettings, getCommunitySettings } from "@bluelight/core/civilians"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { data } from "../envelope.js"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentUser } from "@bluelight/api/auth/CurrentCaller.js"

export const SettingsHandlers = HttpApiBuilder.group(BluelightApi, "settings", (handlers) =>
  handlers
    .handle("getSettings", () => Effect.map(getCommunitySettings(), data))
    .handle("changeSettings", ({ payload }) => Effect.map(CurrentUser.use((caller) => changeCommunitySettings(caller, payload)), data)))
