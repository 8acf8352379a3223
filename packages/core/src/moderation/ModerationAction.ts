import { type DateTime, Schema } from "effect"
import { MultiLineText, OneLineText, SafeText } from "../kernel/text.js"
import type { AccountId, ServiceCredentialId } from "../identity/ids.js"
import type { ModerationActionId } from "./ids.js"

/** What a moderation action does in game: a private message, a kick or a ban. */
export const MODERATION_TYPES = ["warn", "kick", "ban"] as const
export type ModerationType = (typeof MODERATION_TYPES)[number]

/** Whether the game server carried the command out (API document, "States and transitions"). */
export const DELIVERY_STATES = ["SUCCEEDED", "FAILED", "UNKNOWN"] as const
export type Delivery = (typeof DELIVERY_STATES)[number]

/** Why a `FAILED` action failed (docs/decisions/moderation.md, "Values"). */
export const MODERATION_ERROR_CODES = ["TARGET_NOT_IN_SERVER", "TARGET_IS_STAFF", "GAME_UNAVAILABLE", "GAME_REJECTED"] as const
export type ModerationErrorCode = (typeof MODERATION_ERROR_CODES)[number]

/** Bounds of a moderation request (the API document leaves them open; docs/decisions/moderation.md, "Requests"). */
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

/** A rule that stops at its first failure, like the text rules: a value breaking several is reported once. */
const rule = (test: (text: string) => boolean, message: string) => Schema.makeFilter((text: string) => test(text) || message, undefined, true)

/**
 * What the API description says of a platform id: written out (the rules
 * check `*`, so that an empty value is reported as empty; the description
 * says `+`, with the minimum length).
 */
const documented = (jsonSchema: { readonly minLength: number; readonly maxLength: number; readonly pattern: string }) =>
  Schema.makeFilter((_: string) => undefined, { toJsonSchema: () => jsonSchema })

const { targetPlatformId, reason, evidence } = MODERATION_LIMITS
const PLATFORM_ID_CHARACTERS = /^[A-Za-z0-9_-]*$/

/** A game-platform id: 1 to 64 letters, digits, `_` or `-` (the platform's ids are digits). */
export const PlatformId = SafeText.check(
  documented({ minLength: targetPlatformId.min, maxLength: targetPlatformId.max, pattern: "^[A-Za-z0-9_-]+$" }),
  rule((text) => PLATFORM_ID_CHARACTERS.test(text), "must contain only letters, digits, '_' and '-'"),
  rule((text) => text.length >= targetPlatformId.min, "must not be empty"),
  rule((text) => text.length <= targetPlatformId.max, `must be at most ${targetPlatformId.max} characters`)
).annotate({
  title: "PlatformId",
  description: `A game-platform account id: ${targetPlatformId.min} to ${targetPlatformId.max} characters matching ^[A-Za-z0-9_-]+$`
})

/** Why a player is warned, kicked or banned (they are shown it): one line of 1 to 500 characters. */
export const ModerationReason = OneLineText(reason)

/** What backs the action up (links, a log excerpt): free text of at most 2000 characters, for staff only. */
export const ModerationEvidence = MultiLineText(evidence)

/** What a moderator asks for, decoded and trimmed. */
export const ModerationRequest = Schema.Struct({
  targetPlatformId: PlatformId,
  reason: ModerationReason,
  evidence: Schema.NullOr(ModerationEvidence)
})
export type ModerationRequest = typeof ModerationRequest.Type

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
