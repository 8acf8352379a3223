import { AccountId, ServiceCredentialId } from "@bluelight/core/identity"
import { IntegerBetween, MultiLineText, OneLineText, OneOf, PageMeta, SafeText, Timestamp } from "@bluelight/core/kernel"
import {
  DELIVERY_STATES,
  type LivePlayerWithAccount,
  MODERATION_ERROR_CODES,
  MODERATION_LIMITS,
  MODERATION_TYPES,
  type ModerationAction,
  ModerationActionId,
  isInGameStaff
} from "@bluelight/core/moderation"
import { Schema } from "effect"
import { Person } from "../identity/schemas.js"
import { TextOrNull } from "../schema/nullable.js"

const { targetPlatformId, reason, evidence, idempotencyKey } = MODERATION_LIMITS

/** A game-platform id: 1 to 64 letters, digits, `_` or `-` (the platform's ids are digits). */
export const PlatformId = SafeText.pipe(
  Schema.pattern(/^[A-Za-z0-9_-]*$/, { message: () => "must contain only letters, digits, '_' and '-'" }),
  Schema.minLength(targetPlatformId.min, { message: () => "must not be empty" }),
  Schema.maxLength(targetPlatformId.max, { message: () => `must be at most ${targetPlatformId.max} characters` })
).annotations({
  title: "PlatformId",
  description: `A game-platform account id: ${targetPlatformId.min} to ${targetPlatformId.max} characters matching ^[A-Za-z0-9_-]+$`,
  jsonSchema: { type: "string", minLength: targetPlatformId.min, maxLength: targetPlatformId.max, pattern: "^[A-Za-z0-9_-]+$" }
})

/** The `Idempotency-Key` header: 16 to 128 characters matching `^[A-Za-z0-9_-]+$`. */
export const IdempotencyKey = SafeText.pipe(
  Schema.pattern(/^[A-Za-z0-9_-]*$/, { message: () => "must contain only letters, digits, '_' and '-'" }),
  Schema.minLength(idempotencyKey.min, { message: () => `must be at least ${idempotencyKey.min} characters` }),
  Schema.maxLength(idempotencyKey.max, { message: () => `must be at most ${idempotencyKey.max} characters` })
).annotations({
  title: "IdempotencyKey",
  description: "Generated once per deliberate action and sent again, unchanged, on every retry of it; kept for good, per caller",
  jsonSchema: { type: "string", minLength: idempotencyKey.min, maxLength: idempotencyKey.max, pattern: "^[A-Za-z0-9_-]+$" }
})

export const ModerationHeaders = Schema.Struct({ "idempotency-key": IdempotencyKey })

export const ModerationInput = {
  targetPlatformId: PlatformId,
  reason: OneLineText({ min: reason.min, max: reason.max }),
  evidence: Schema.optional(TextOrNull(MultiLineText({ max: evidence.max })))
}

export const ModerationType = OneOf(...MODERATION_TYPES)

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
}).annotations({ identifier: "ModerationAction" })

/** A new action (`201`) or the stored one for the key (`200`, `replayed: true`). */
export const ModerationCreated = Schema.Struct({
  data: ModerationActionView,
  meta: Schema.Struct({ replayed: Schema.Literal(false) })
}).annotations({ identifier: "ModerationActionCreated" })
export const ModerationReplayed = Schema.Struct({
  data: ModerationActionView,
  meta: Schema.Struct({ replayed: Schema.Literal(true) })
}).annotations({ identifier: "ModerationActionReplayed" })

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
}).annotations({ identifier: "PlayerHistory" })

/** A count of players: a whole number, 0 or more. */
export const Count = IntegerBetween({ min: 0, max: 1_000_000 })

export const ServerStatusView = Schema.Struct({
  name: Schema.String,
  currentPlayers: Count,
  maxPlayers: Count,
  joinKey: Schema.String
}).annotations({ identifier: "GameServerStatus" })

export const LivePlayerView = Schema.Struct({
  platformId: Schema.String,
  username: Schema.String,
  permission: Schema.String,
  inGameStaff: Schema.Boolean,
  callsign: Schema.NullOr(Schema.String),
  team: Schema.NullOr(Schema.String),
  account: Schema.NullOr(Person)
}).annotations({ identifier: "LivePlayer" })

export const presentLivePlayer = ({ player, account }: LivePlayerWithAccount): typeof LivePlayerView.Type => ({
  platformId: player.platformId,
  username: player.username,
  permission: player.permission,
  inGameStaff: isInGameStaff(player.permission),
  callsign: player.callsign,
  team: player.team,
  account: account === null ? null : { id: account.id, displayName: account.displayName }
})
