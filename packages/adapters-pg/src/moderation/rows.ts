import { AccountId, ServiceCredentialId } from "@bluelight/core/identity"
import { type ModerationAction, ModerationActionId } from "@bluelight/core/moderation"
import { OneOf } from "@bluelight/core/kernel"
import { Schema } from "effect"

/** The columns of `moderation_actions`, as the client's camelCase transform names them. */
export const ModerationActionRow = Schema.Struct({
  id: ModerationActionId,
  type: OneOf("warn", "kick", "ban"),
  targetPlatformId: Schema.String,
  targetUsername: Schema.NullOr(Schema.String),
  moderatorId: Schema.NullOr(AccountId),
  serviceId: Schema.NullOr(ServiceCredentialId),
  reason: Schema.String,
  evidence: Schema.NullOr(Schema.String),
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate,
  delivery: OneOf("SUCCEEDED", "FAILED", "UNKNOWN"),
  errorCode: Schema.NullOr(OneOf("TARGET_NOT_IN_SERVER", "TARGET_IS_STAFF", "GAME_UNAVAILABLE", "GAME_REJECTED")),
  idempotencyKey: Schema.String,
  fingerprint: Schema.String
})
export type ModerationActionRow = typeof ModerationActionRow.Type

/** The record a row holds: the requester is whichever of its two columns is set. */
export const actionOfRow = ({ moderatorId, serviceId, ...row }: ModerationActionRow): ModerationAction => ({
  ...row,
  requester: moderatorId !== null
    ? { _tag: "Moderator", id: moderatorId }
    : { _tag: "Service", id: ServiceCredentialId.make(serviceId ?? "") }
})

export const rowOfAction = ({ requester, ...action }: ModerationAction): ModerationActionRow => ({
  ...action,
  moderatorId: requester._tag === "Moderator" ? requester.id : null,
  serviceId: requester._tag === "Service" ? requester.id : null
})
