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
import { presentBan, presentEmergencyCall, presentPage, presentPlayer, presentQueued, presentVehicle } from "@bluelight/api/game/schemas.js"

export const GameLiveHandlers = HttpApiBuilder.group(BluelightApi, "gameLive", (handlers) =>
  handlers
    .handle("joinLogs", ({ query }) => Effect.map(liveJoinLogs(query), (page) => presentPage(page, (e) => ({ ...e, player: presentPlayer(e.player) }))))
    .handle("killLogs", ({ query }) =>
      Effect.map(liveKillLogs(query), (page) =>
        presentPage(page, (e) => ({ at: e.at, killer: presentPlayer(e.killer), killed: presentPlayer(e.killed) }))))
    .handle("vehicles", ({ query }) =>
      Effect.map(liveVehicles(query), (page) => presentPage(page, presentVehicle)))
    .handle("queue", ({ query }) => Effect.map(liveQueue(query), (page) => presentPage(page, presentQueued)))
    .handle("staff", ({ query }) => Effect.map(liveStaff(query), (page) => presentPage(page, (m) => ({ player: presentPlayer(m.player), level: m.level }))))
    .handle("commandLogs", ({ query }) => Effect.map(liveCommandLogs(query), (page) => presentPage(page, (e) => ({ ...e, player: presentPlayer(e.player) }))))
    .handle("modCalls", ({ query }) =>
      Effect.map(liveModCalls(query), (page) =>
        presentPage(page, (e) => ({ at: e.at, caller: presentPlayer(e.caller), moderator: e.moderator === null ? null : presentPlayer(e.moderator) }))))
    .handle("bans", ({ query }) =>
      Effect.map(liveBans(query), (page) =>
        presentPage(page, presentBan)))
    .handle("emergencyCalls", ({ query }) =>
      Effect.map(liveEmergencyCalls(query), (page) => presentPage(page, presentEmergencyCall))))
