import type { DateTime } from "effect"
import type { AccountId, ServiceCredentialId } from "../identity/ids.js"
import type { ModerationActionId } from "./ids.js"

/** What a moderation action does in game: a private message, a kick or a ban. */
export const MODERATION_TYPES = ["warn", "kick", "ban"] as const
export type ModerationType = (typeof MODERATION_TYPES)[number]

/** Whether the game server carried the command out (API document, "States and transitions"). */
export const DELIVERY_STATES = ["SUCCEEDED", "FAILED", "UNKNOWN"] as const
export type Delivery = (typeof DELIVERY_STATES)[number]

/** Why a `FAILED` action failed (API.md, "Values the API document leaves open"). */
export const MODERATION_ERROR_CODES = ["TARGET_NOT_IN_SERVER", "TARGET_IS_STAFF", "GAME_UNAVAILABLE", "GAME_REJECTED"] as const
export type ModerationErrorCode = (typeof MODERATION_ERROR_CODES)[number]

/** Bounds of a moderation request (the API document leaves them open; docs/decisions-14.md). */
export const MODERATION_LIMITS = {
  targetPlatformId: { min: 1, max: 64 },
  reason: { min: 1, max: 500 },
  evidence: { max: 2000 },
  idempotencyKey: { min: 16, max: 128 }
} as const

/** The `Idempotency-Key` header's form: 16 to 128 of `A-Z a-z 0-9 _ -`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/

/** Who asked for an action: a person (`moderatorId`) or a service credential (`serviceId`). */
export type ModerationRequester =
  | { readonly _tag: "Moderator"; readonly id: AccountId }
  | { readonly _tag: "Service"; readonly id: ServiceCredentialId }

/** What a moderator asks for, decoded and trimmed. */
export interface ModerationRequest {
  readonly targetPlatformId: string
  readonly reason: string
  readonly evidence: string | null
}

/**
 * A warning, kick or ban against a player, with the truth about its delivery.
 * The idempotency key and the request's fingerprint are kept with it for good:
 * a retry with the same key finds it instead of acting twice.
 */
export interface ModerationAction {
  readonly id: ModerationActionId
  readonly type: ModerationType
  readonly targetPlatformId: string
  /** As the live snapshot named the player; null when the player was not in it (or it could not be read). */
  readonly targetUsername: string | null
  readonly requester: ModerationRequester
  readonly reason: string
  readonly evidence: string | null
  readonly createdAt: DateTime.Utc
  readonly updatedAt: DateTime.Utc
  readonly delivery: Delivery
  readonly errorCode: ModerationErrorCode | null
  readonly idempotencyKey: string
  readonly fingerprint: string
}

/**
 * The request's fingerprint: the action type and the normalised body (trimmed
 * text, absent evidence as null), so that the same request sent again matches
 * and any other request under the same key does not.
 */
export const fingerprintOf = (type: ModerationType, request: ModerationRequest): string =>
  JSON.stringify([type, request.targetPlatformId, request.reason, request.evidence])
