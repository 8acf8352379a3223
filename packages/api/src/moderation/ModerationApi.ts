import { GameThrottled, IdempotencyConflict, ModerationActionId, ModerationType, PlatformId } from "@bluelight/core/moderation"
import type { Permission } from "@bluelight/core/identity"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { one, page } from "../endpointParts.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { paging, StrictQuery } from "../schema/query.js"
import { ModerationActionView, ModerationCreated, ModerationHeaders, ModerationInput, ModerationReplayed, PlayerHistory } from "./schemas.js"

const view = operation({ access: "session-or-credential", permissions: ["moderation.view"] })

const DELIVERY = "The record is stored first (`delivery: UNKNOWN`), then the command is sent to the game server once, with the username " +
  "from the live player snapshot. HTTP success means the record exists, not that the command worked: read `delivery` " +
  "(`SUCCEEDED`; `FAILED` with `errorCode` `TARGET_NOT_IN_SERVER`, `TARGET_IS_STAFF`, `GAME_UNAVAILABLE` or `GAME_REJECTED`; " +
  "or `UNKNOWN` when the game server's answer could not be read — it is never sent again). " +
  "`Idempotency-Key` (16 to 128 of `A-Z a-z 0-9 _ -`, required) is kept per caller: the same key again answers the stored " +
  "record with `200` and `meta.replayed: true`, sending nothing; with a different request it is `IDEMPOTENCY_CONFLICT`. " +
  "`GAME_THROTTLED` (`503`, `Retry-After`) while another command is in flight or the game server cools down after one; nothing is stored then. " +
  "`reason` is 3 to 500 characters, `evidence` (optional) at most 2000."

/**
 * One moderation action's endpoint, under the rule naming its `permission`, kept as its literal type so that
 * the endpoint's middleware proves that key only (`allow`); typed as any `Permission`, it would prove every key.
 */
const moderationEndpoint = <const Name extends string, const Key extends Permission>(
  name: Name,
  path: `/moderation/${string}`,
  type: ModerationType,
  permission: Key,
  summary: string,
  what: string
) =>
  HttpApiEndpoint.post(name, path, {
    headers: ModerationHeaders,
    payload: Body(ModerationInput, {
      name: `${name[0]!.toUpperCase()}${name.slice(1)}Input`,
      example: { targetPlatformId: "100000002", reason: "Random deathmatch in the city centre", evidence: null }
    }),
    success: [ModerationCreated.pipe(HttpApiSchema.status(201)), ModerationReplayed],
    error: failsWith(IdempotencyConflict, GameThrottled)
  }).pipe(operation({ access: "session-or-credential", permissions: [permission] })(summary, `${what} (\`type\` \`${type}\`). ${DELIVERY}`))

export class ModerationApi extends HttpApiGroup.make("moderation")
  .add(
    moderationEndpoint("warnPlayer", "/moderation/warnings", "warn", "moderation.warn", "Warn a player", "Sends the player a private message in game (`:pm`)")
  )
  .add(moderationEndpoint("kickPlayer", "/moderation/kicks", "kick", "moderation.kick", "Kick a player", "Kicks the player from the game server (`:kick`)"))
  .add(
    moderationEndpoint(
      "banPlayer",
      "/moderation/bans",
      "ban",
      "moderation.ban",
      "Ban a player",
      "Bans the player's platform id from the game server (`:ban`); the player must be on the server now (offline bans are `TARGET_NOT_IN_SERVER`)"
    )
  )
  .add(
    HttpApiEndpoint.get(
      "listModerationActions",
      "/moderation/actions",
      page({ targetPlatformId: Schema.optional(PlatformId), type: Schema.optional(ModerationType) }, ModerationActionView)
    ).pipe(
      view(
        "List moderation actions",
        "Warnings, kicks and bans, newest first; `targetPlatformId` and `type` narrow the list."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getModerationAction", "/moderation/actions/:id", one(Schema.Struct({ id: ModerationActionId }), ModerationActionView)).pipe(
      view(
        "Get a moderation action",
        "One warning, kick or ban, with its delivery as it stands."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("playerHistory", "/players/:platformId/history", {
      params: Schema.Struct({ platformId: PlatformId }),
      query: StrictQuery({ ...paging }),
      success: PlayerHistory
    }).pipe(
      operation({ access: "session-or-credential", permissions: ["moderation.history"] })(
        "A player's moderation history",
        "Every warning, kick and ban against the player's platform id, newest first (paged), and the account linked to it " +
          "(`account`, null when none). A player never moderated has an empty list."
      )
    )
  )
  .annotate(OpenApi.Title, "Moderation")
  .annotate(OpenApi.Description, "Warnings, kicks and bans on the game server, each with the truth about its delivery.")
{}
