import type { LivePlayerWithAccount } from "@bluelight/core/game"
import { AccountId, Person, ServiceCredentialId } from "@bluelight/core/identity"
import { IntegerBetween, OneOf, PageMeta, Timestamp } from "@bluelight/core/kernel"
import {
  DELIVERY_STATES,
  MODERATION_ERROR_CODES,
  IdempotencyKey,
  type ModerationAction,
  ModerationActionId,
  ModerationEvidence,
  ModerationRequest,
  ModerationType,
  isInGameStaff
} from "@bluelight/core/moderation"
import { Schema } from "effect"
import { TextOrNull } from "../schema/nullable.js"

/** The `Idempotency-Key` header every moderation request carries: the core's rule. */
export const ModerationHeaders = Schema.Struct({ "idempotency-key": IdempotencyKey })

/** A moderation request's body: the core's fields, `evidence` optional. */
export const ModerationInput = {
  ...ModerationRequest.fields,
  // Absent or null; never `undefined`, which JSON cannot send (and which would describe a second `null`).
  evidence: Schema.optionalKey(TextOrNull(ModerationEvidence))
}

export const ModerationActionView = Schema.Struct({
  id: ModerationActionId,
  targetPlatformId: Schema.String,
  targetUsername: Schema.NullOr(Schema.String),
  moderatorId: Schema.NullOr(AccountId),
  serviceId: Schema.NullOr(ServiceCredentialId),
  type: ModerationType,
  reason: Schema.String,
  evidence: Schema.NullOr(Schema.String),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  delivery: OneOf(...DELIVERY_STATES),
  errorCode: Schema.NullOr(OneOf(...MODERATION_ERROR_CODES))
}).annotate({ identifier: "ModerationAction" })

/**
 * A new action (`201`) or the stored one for the key (`200`, `replayed: true`).
 * Described inline in each operation, as they always were: no identifier, so
 * no component of their own.
 */
export const ModerationCreated = Schema.Struct({
  data: ModerationActionView,
  meta: Schema.Struct({ replayed: Schema.Literal(false) })
})
export const ModerationReplayed = Schema.Struct({
  data: ModerationActionView,
  meta: Schema.Struct({ replayed: Schema.Literal(true) })
})

export const presentAction = (action: ModerationAction): typeof ModerationActionView.Type => ({
  id: action.id,
  targetPlatformId: action.targetPlatformId,
  targetUsername: action.targetUsername,
  moderatorId: action.requester._tag === "Moderator" ? action.requester.id : null,
  serviceId: action.requester._tag === "Service" ? action.requester.id : null,
  type: action.type,
  reason: action.reason,
  evidence: action.evidence,
  createdAt: action.createdAt,
  updatedAt: action.updatedAt,
  delivery: action.delivery,
  errorCode: action.errorCode
})

export const PlayerHistory = Schema.Struct({
  data: Schema.Struct({
    platformId: Schema.String,
    account: Schema.NullOr(Person),
    actions: Schema.Array(ModerationActionView)
  }),
  meta: PageMeta
}).annotate({ identifier: "PlayerHistory" })

/** A count of players: a whole number, 0 or more. */
export const Count = IntegerBetween({ min: 0, max: 1_000_000 })

export const LivePlayerView = Schema.Struct({
  platformId: Schema.String,
  username: Schema.String,
  permission: Schema.String,
  inGameStaff: Schema.Boolean,
  callsign: Schema.NullOr(Schema.String),
  team: Schema.NullOr(Schema.String),
  account: Schema.NullOr(Person)
}).annotate({ identifier: "LivePlayer" })

export const presentLivePlayer = ({ player, account }: LivePlayerWithAccount): typeof LivePlayerView.Type => ({
  platformId: player.platformId,
  username: player.username,
  permission: player.permission,
  inGameStaff: isInGameStaff(player.permission),
  callsign: player.callsign,
  team: player.team,
  account: account === null ? null : { id: account.id, displayName: account.displayName }
})
