import { PageMeta, Timestamp } from "@bluelight/core/kernel"
import { GameServerStatus, GameUnavailable, PlayerQuery } from "@bluelight/core/moderation"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { failsWith } from "../errors/declared.js"
import { NoQuery, paging, StrictQuery } from "../schema/query.js"
import { Count, LivePlayerView } from "./schemas.js"

/** When the game server was read: every live answer says so. */
const ObservedAt = Timestamp.annotate({ description: "When the game server was read: the snapshot is at most a few seconds old" })

const LIVE = "Read live from the game server, and shared for a few seconds by every reader on every instance (`meta.observedAt`). " +
  "`GAME_UNAVAILABLE` (`503`, `Retry-After`, `details.availability: \"unavailable\"`) when the game server cannot be read."

export class GameServerApi extends HttpApiGroup.make("gameServer")
  .add(
    HttpApiEndpoint.get("serverStatus", "/server", {
      query: NoQuery,
      success: Schema.Struct({ data: GameServerStatus, meta: Schema.Struct({ observedAt: ObservedAt }) }),
      error: failsWith(GameUnavailable)
    }).pipe(
      operation({ access: "session-or-credential", permissions: ["server.view"] })(
        "The game server's status",
        `Name, players on now, capacity and join key. ${LIVE}`
      )
    )
  )
  .add(
    HttpApiEndpoint.get("serverPlayers", "/server/players", {
      query: StrictQuery(paging),
      success: Schema.Struct({ data: Schema.Array(LivePlayerView), meta: Schema.Struct({ ...PageMeta.fields, total: Count, observedAt: ObservedAt }) }),
      error: failsWith(GameUnavailable)
    }).pipe(
      operation({ access: "session-or-credential", permissions: ["players.view"] })(
        "The players on the game server",
        `The players on the server now, a page at a time in the game server's order (\`meta.total\`: how many in all), each with their in-game permission and the account linked to their platform id (\`account\`, null when none). ${LIVE}`
      )
    )
  )
  .add(
    HttpApiEndpoint.get("lookupPlayers", "/players/lookup", {
      query: StrictQuery({ query: PlayerQuery, ...paging }),
      success: Schema.Struct({ data: Schema.Array(LivePlayerView), meta: Schema.Struct({ ...PageMeta.fields, observedAt: ObservedAt }) }),
      error: failsWith(GameUnavailable)
    }).pipe(
      operation({ access: "session-or-credential", permissions: ["players.lookup"] })(
        "Find a player on the game server",
        `Players on the server now whose platform id is \`query\` or whose username contains it (ignoring case; 1 to 100 characters), each with their linked account. ${LIVE}`
      )
    )
  )
  .annotate(OpenApi.Title, "Game server")
  .annotate(OpenApi.Description, "Live data from the community's private game server.")
{}
