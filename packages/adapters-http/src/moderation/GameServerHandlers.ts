import { livePlayers, liveStatus, lookupPlayers } from "@bluelight/core/moderation"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import { presentLivePlayer } from "./schemas.js"

export const GameServerHandlers = HttpApiBuilder.group(BluelightApi, "gameServer", (handlers) =>
  handlers
    .handle("serverStatus", () => Effect.map(liveStatus(), (data) => ({ data })))
    .handle("serverPlayers", ({ urlParams }) =>
      Effect.map(livePlayers(urlParams), (page) => ({ data: page.players.map(presentLivePlayer), meta: { ...page.meta, total: page.total } })))
    .handle("lookupPlayers", ({ urlParams: { query, ...page } }) =>
      Effect.map(lookupPlayers(query, page), (found) => ({ data: found.players.map(presentLivePlayer), meta: found.meta }))))
