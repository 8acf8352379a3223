import { type DateTime, Schema } from "effect"
import { MultiLineText, OneLineText, OneOf, SafeText } from "../kernel/index.js"
import type { AccountId, ServiceCredentialId } from "../identity/index.js"
import type { ModerationActionId } from "./ids.js"

/** What a moderation action does in game: a private message, a kick or a ban. */
export const MODERATION_TYPES = ["warn", "kick", "ban"] as const
export const ModerationType = OneOf(...MODERATION_TYPES)
export type ModerationType = typeof ModerationType.Type

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

const { targetPlatformId, reason, evidence, idempotencyKey } = MODERATION_LIMITS
const IDENTIFIER_CHARACTERS = /^[A-Za-z0-9_-]*$/
const IDENTIFIER_CHARACTERS_MESSAGE = "must contain only letters, digits, '_' and '-'"

/** A game-platform id: 1 to 64 letters, digits, `_` or `-` (the platform's ids are digits). */
export const PlatformId = SafeText.check(
  documented({ minLength: targetPlatformId.min, maxLength: targetPlatformId.max, pattern: "^[A-Za-z0-9_-]+$" }),
  rule((text) => IDENTIFIER_CHARACTERS.test(text), IDENTIFIER_CHARACTERS_MESSAGE),
  rule((text) => text.length >= targetPlatformId.min, "must not be empty"),
  rule((text) => text.length <= targetPlatformId.max, `must be at most ${targetPlatformId.max} characters`)
).annotate({
  title: "PlatformId",
  description: `A game-platform account id: ${targetPlatformId.min} to ${targetPlatformId.max} characters matching ^[A-Za-z0-9_-]+$`
})

/**
 * The key a requester gives one deliberate action (the `Idempotency-Key`
 * header): 16 to 128 of `A-Z a-z 0-9 _ -`; kept with the action for good.
 */
export const IdempotencyKey = SafeText.check(
  documented({ minLength: idempotencyKey.min, maxLength: idempotencyKey.max, pattern: "^[A-Za-z0-9_-]+$" }),
  rule((text) => IDENTIFIER_CHARACTERS.test(text), IDENTIFIER_CHARACTERS_MESSAGE),
  rule((text) => text.length >= idempotencyKey.min, `must be at least ${idempotencyKey.min} characters`),
  rule((text) => text.length <= idempotencyKey.max, `must be at most ${idempotencyKey.max} characters`)
).annotate({
  title: "IdempotencyKey",
  description: "Generated once per deliberate action and sent again, unchanged, on every retry of it; kept for good, per caller"
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
