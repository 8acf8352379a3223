import { livePlayers, liveStatus, lookupPlayers } from "@bluelight/core/game"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { presentLivePlayer } from "@bluelight/api/moderation/schemas.js"

export const GameServerHandlers = HttpApiBuilder.group(BluelightApi, "gameServer", (handlers) =>
  handlers
    .handle("serverStatus", () => Effect.map(liveStatus(), ({ status, observedAt }) => ({ data: status, meta: { observedAt } })))
    .handle("serverPlayers", ({ query }) =>
      Effect.map(livePlayers(query), (page) => ({
        data: page.players.map(presentLivePlayer),
        meta: { ...page.meta, total: page.total, observedAt: page.observedAt }
      })))
    .handle("lookupPlayers", ({ query: { query, ...page } }) =>
      Effect.map(
        lookupPlayers(query, page),
        (found) => ({ data: found.players.map(presentLivePlayer), meta: { ...found.meta, observedAt: found.observedAt } })
      )))
