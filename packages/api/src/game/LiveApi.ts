import { GameUnavailable } from "@bluelight/core/moderation"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import type { Permission } from "@bluelight/core/identity"
import { allow } from "../access.js"
import { failsWith } from "../errors/declared.js"
import { paging, StrictQuery } from "../schema/query.js"
import {
  CommandLogView,
  EmergencyCallView,
  GameBanView,
  JoinLogView,
  KillLogView,
  LiveList,
  ModCallView,
  QueueEntryView,
  StaffMemberView,
  VehicleView
} from "./schemas.js"

const LIVE = "From the game server's live picture: one read of it every few seconds, shared by every reader on every instance " +
  "(`meta.observedAt` says when it was read). Each player comes with the Bluelight account linked to their platform id " +
  "(`account`, null when none). `GAME_UNAVAILABLE` (`503`, `Retry-After`, `details.availability: \"unavailable\"`) when the " +
  "game server cannot be read."

/**
 * One live read, under the rule naming its `permission`. The key is kept as its literal type, so that the
 * endpoint's middleware proves that key only (`allow`) and the read's `requires` is checked against it; typed
 * as any `Permission`, the rule would prove every key.
 */
const live = <const Name extends string, const Path extends `/${string}`, S extends Parameters<typeof LiveList>[0], const Key extends Permission>(
  name: Name,
  path: Path,
  item: S,
  permission: Key,
  summary: string,
  description: string
) =>
  HttpApiEndpoint.get(name, path, { query: StrictQuery(paging), success: LiveList(item), error: failsWith(GameUnavailable) })
    .annotate(OpenApi.Summary, summary)
    .annotate(OpenApi.Description, `${description} ${LIVE}`)
    .pipe(allow({ access: "session-or-credential", permissions: [permission] }))

/** The game server's whole live picture beside its status and players (`GameServerApi`): logs, vehicles, queue, staff, bans, emergency calls. */
export class GameLiveApi extends HttpApiGroup.make("gameLive")
  .add(
    live(
      "joinLogs",
      "/server/join-logs",
      JoinLogView,
      "players.view",
      "Joins and leaves",
      "Players joining (`joined: true`) and leaving the server, newest first."
    )
  )
  .add(live("killLogs", "/server/kill-logs", KillLogView, "players.view", "Kills", "Who killed whom, newest first."))
  .add(
    live(
      "vehicles",
      "/server/vehicles",
      VehicleView,
      "players.view",
      "Spawned vehicles",
      "The vehicles spawned on the server, in the game's order, with plate, livery and colour; the game names an owner by username only, so `owner.platformId` is the player on the server under that name now (null when none)."
    )
  )
  .add(
    live(
      "queue",
      "/server/queue",
      QueueEntryView,
      "server.view",
      "The queue",
      "Players waiting to join, in queue order (`position` from 1); the game names them by platform id only, so `username` is the linked account's (null when none)."
    )
  )
  .add(
    live(
      "staff",
      "/server/staff",
      StaffMemberView,
      "server.view",
      "In-game staff",
      "The server's in-game staff, highest level first (`CoOwner`, `Admin`, `Mod`, `Helper`), then by username."
    )
  )
  .add(
    live(
      "commandLogs",
      "/server/command-logs",
      CommandLogView,
      "moderation.view",
      "Commands run in the game",
      "The commands run in the game (`:h hello`), newest first."
    )
  )
  .add(
    live(
      "modCalls",
      "/server/mod-calls",
      ModCallView,
      "moderation.view",
      "Calls for a moderator",
      "Players' calls for a moderator, newest first; `moderator` is who answered, null while nobody has."
    )
  )
  .add(
    live(
      "bans",
      "/server/bans",
      GameBanView,
      "moderation.view",
      "The game's ban list",
      "The game's own ban list (read on its own, shared like the picture), by username, each with Bluelight's newest ban action against that platform id (`action`, null when the ban was made in the game)."
    )
  )
  .add(
    live(
      "emergencyCalls",
      "/server/emergency-calls",
      EmergencyCallView,
      "cad.view",
      "The game's emergency calls",
      "The emergency calls open in the game, newest first, each with the CAD call it became (`cadCallId`, null while none has); `caller` is null for a call the game itself made."
    )
  )
  .annotate(OpenApi.Title, "Game server: live picture")
  .annotate(OpenApi.Description, "What is happening on the community's private game server now: logs, vehicles, queue, staff, bans and emergency calls.")
{}
