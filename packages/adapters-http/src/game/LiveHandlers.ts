import {
  liveBans,
  liveCommandLogs,
  liveEmergencyCalls,
  liveJoinLogs,
  liveKillLogs,
  liveModCalls,
  liveQueue,
  liveStaff,
  liveVehicles
} from "@bluelight/core/game"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentCaller } from "@bluelight/api/auth/CurrentCaller.js"
import { presentBan, presentEmergencyCall, presentPage, presentPlayer, presentQueued, presentVehicle } from "@bluelight/api/game/schemas.js"

export const GameLiveHandlers = HttpApiBuilder.group(BluelightApi, "gameLive", (handlers) =>
  handlers
    .handle("joinLogs", ({ query }) =>
      Effect.map(
        CurrentCaller.use((viewer) => liveJoinLogs(viewer, query)),
        (page) => presentPage(page, (e) => ({ ...e, player: presentPlayer(e.player) }))
      ))
    .handle("killLogs", ({ query }) =>
      Effect.map(
        CurrentCaller.use((viewer) => liveKillLogs(viewer, query)),
        (page) => presentPage(page, (e) => ({ at: e.at, killer: presentPlayer(e.killer), killed: presentPlayer(e.killed) }))
      ))
    .handle("vehicles", ({ query }) =>
      Effect.map(
        CurrentCaller.use((viewer) => liveVehicles(viewer, query)),
        (page) => presentPage(page, presentVehicle)
      ))
    .handle("queue", ({ query }) => Effect.map(CurrentCaller.use((viewer) => liveQueue(viewer, query)), (page) => presentPage(page, presentQueued)))
    .handle("staff", ({ query }) =>
      Effect.map(
        CurrentCaller.use((viewer) => liveStaff(viewer, query)),
        (page) => presentPage(page, (m) => ({ player: presentPlayer(m.player), level: m.level }))
      ))
    .handle("commandLogs", ({ query }) =>
      Effect.map(
        CurrentCaller.use((viewer) => liveCommandLogs(viewer, query)),
        (page) => presentPage(page, (e) => ({ ...e, player: presentPlayer(e.player) }))
      ))
    .handle("modCalls", ({ query }) =>
      Effect.map(
        CurrentCaller.use((viewer) => liveModCalls(viewer, query)),
        (page) => presentPage(page, (e) => ({ at: e.at, caller: presentPlayer(e.caller), moderator: e.moderator === null ? null : presentPlayer(e.moderator) }))
      ))
    .handle("bans", ({ query }) =>
      Effect.map(
        CurrentCaller.use((viewer) => liveBans(viewer, query)),
        (page) => presentPage(page, presentBan)
      ))
    .handle("emergencyCalls", ({ query }) =>
      Effect.map(CurrentCaller.use((viewer) => liveEmergencyCalls(viewer, query)), (page) => presentPage(page, presentEmergencyCall))))
