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
import { currentCaller } from "../auth/currentUser.js"
import { presentBan, presentEmergencyCall, presentPage, presentPlayer, presentQueued, presentVehicle } from "@bluelight/api/game/schemas.js"

export const GameLiveHandlers = HttpApiBuilder.group(BluelightApi, "gameLive", (handlers) =>
  handlers
    .handle("joinLogs", ({ query }) =>
      Effect.map(
        Effect.flatMap(currentCaller, (viewer) => liveJoinLogs(viewer, query)),
        (page) => presentPage(page, (e) => ({ ...e, player: presentPlayer(e.player) }))
      ))
    .handle("killLogs", ({ query }) =>
      Effect.map(
        Effect.flatMap(currentCaller, (viewer) => liveKillLogs(viewer, query)),
        (page) => presentPage(page, (e) => ({ at: e.at, killer: presentPlayer(e.killer), killed: presentPlayer(e.killed) }))
      ))
    .handle("vehicles", ({ query }) =>
      Effect.map(
        Effect.flatMap(currentCaller, (viewer) => liveVehicles(viewer, query)),
        (page) => presentPage(page, presentVehicle)
      ))
    .handle("queue", ({ query }) => Effect.map(Effect.flatMap(currentCaller, (viewer) => liveQueue(viewer, query)), (page) => presentPage(page, presentQueued)))
    .handle("staff", ({ query }) =>
      Effect.map(
        Effect.flatMap(currentCaller, (viewer) => liveStaff(viewer, query)),
        (page) => presentPage(page, (m) => ({ player: presentPlayer(m.player), level: m.level }))
      ))
    .handle("commandLogs", ({ query }) =>
      Effect.map(
        Effect.flatMap(currentCaller, (viewer) => liveCommandLogs(viewer, query)),
        (page) => presentPage(page, (e) => ({ ...e, player: presentPlayer(e.player) }))
      ))
    .handle("modCalls", ({ query }) =>
      Effect.map(
        Effect.flatMap(currentCaller, (viewer) => liveModCalls(viewer, query)),
        (page) => presentPage(page, (e) => ({ at: e.at, caller: presentPlayer(e.caller), moderator: e.moderator === null ? null : presentPlayer(e.moderator) }))
      ))
    .handle("bans", ({ query }) =>
      Effect.map(
        Effect.flatMap(currentCaller, (viewer) => liveBans(viewer, query)),
        (page) => presentPage(page, presentBan)
      ))
    .handle("emergencyCalls", ({ query }) =>
      Effect.map(Effect.flatMap(currentCaller, (viewer) => liveEmergencyCalls(viewer, query)), (page) => presentPage(page, presentEmergencyCall))))
