import { livePlayers, liveStatus, lookupPlayers } from "@bluelight/core/moderation"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import { presentLivePlayer } from "./schemas.js"

export const GameServerHandlers = HttpApiBuilder.group(BluelightApi, "gameServer", (handlers) =>
  handlers
    .handle("serverStatus", () => Effect.map(liveStatus(), (data) => ({ data })))
    .handle("serverPlayers", () =>
      Effect.map(livePlayers(), (players) => ({ data: players.map(presentLivePlayer), meta: { total: players.length } })))
    .handle("lookupPlayers", ({ urlParams }) =>
      Effect.map(lookupPlayers(urlParams.query), (players) => ({ data: players.map(presentLivePlayer) }))))
