import { DateTime, Effect, Fiber, Option, Ref, Schema } from "effect"
import { actorOf, type Caller, type Permitted } from "../identity/index.js"
import { type AuditAction, AuditLog, emitEvent, inTransaction, newId, validated } from "../kernel/index.js"
import type { CommandOutcome } from "./CommandOutcome.js"
import { gameCommandFor } from "./command.js"
import { IdempotencyConflict } from "./errors.js"
import { ModerationActionId } from "./ids.js"
import {
  fingerprintOf,
  IdempotencyKey,
  type ModerationAction,
  type ModerationErrorCode,
  ModerationRequest,
  type ModerationRequester,
  ModerationType
} from "./ModerationAction.js"
import { GameCommandSlot, GameServer, ModerationActions } from "./ports.js"
import { checkTarget } from "./target.js"

/** A moderation request's answer: the action as it stands, and whether it was already there (a replay). */
export interface ModerationOutcome {
  readonly action: ModerationAction
  readonly replayed: boolean
}

/**
 * An action as its endpoints answer it (the contract's `ModerationAction`),
 * as JSON: what its webhook messages carry.
 */
export const moderationActionMessage = (action: ModerationAction) => ({
  id: action.id,
  targetPlatformId: action.targetPlatformId,
  targetUsername: action.targetUsername,
  moderatorId: action.requester._tag === "Moderator" ? action.requester.id : null,
  serviceId: action.requester._tag === "Service" ? action.requester.id : null,
  type: action.type,
  reason: action.reason,
  evidence: action.evidence,
  createdAt: DateTime.formatIso(action.createdAt),
  updatedAt: DateTime.formatIso(action.updatedAt),
  delivery: action.delivery,
  errorCode: action.errorCode
})

/** The requester an action records: the person's account, or the credential. */
export const requesterOf = (caller: Caller): ModerationRequester =>
  caller._tag === "User" ? { _tag: "Moderator", id: caller.account.id } : { _tag: "Service", id: caller.credential.id }

/** The stored action for a key: a replay when the request is the same, else `IDEMPOTENCY_CONFLICT`. */
const replayOf = (stored: ModerationAction, fingerprint: string) =>
  stored.fingerprint === fingerprint
    ? Effect.succeed<ModerationOutcome>({ action: stored, replayed: true })
    : Effect.fail(new IdempotencyConflict({ message: "This Idempotency-Key was already used for a different request" }))

/** A known outcome: what the record's delivery becomes, and is audited as. */
export type KnownDelivery =
  | { readonly delivery: "SUCCEEDED"; readonly errorCode: null }
  | { readonly delivery: "FAILED"; readonly errorCode: ModerationErrorCode }

/** What the game server's answer means for the record (step 5): a known outcome, or `UNKNOWN`, which is never recorded again. */
export const deliveryOf = (outcome: CommandOutcome): KnownDelivery | { readonly delivery: "UNKNOWN"; readonly errorCode: null } => {
  switch (outcome._tag) {
    case "Executed":
      return { delivery: "SUCCEEDED", errorCode: null }
    // A 429 is a definite "not done" too: the command was not carried out, and it is never sent again.
    case "Refused":
    case "Throttled":
      return { delivery: "FAILED", errorCode: "GAME_REJECTED" }
    case "Unknown":
      return { delivery: "UNKNOWN", errorCode: null }
  }
}

const AUDIT_ACTION: Record<ModerationType, AuditAction> = {
  warn: "moderation.warning.created",
  kick: "moderation.kick.created",
  ban: "moderation.ban.created"
}

const DELIVERY_AUDIT_ACTION: Record<KnownDelivery["delivery"], AuditAction> = {
  SUCCEEDED: "moderation.delivery.succeeded",
  FAILED: "moderation.delivery.failed"
}

/** The request (its type and key, the target, reason and evidence) as the moderation rules have them: a caller that skipped the contract is held to them too. */
const validRequest = validated(
  Schema.Struct({ type: ModerationType, idempotencyKey: IdempotencyKey, ...ModerationRequest.fields }),
  "The moderation request is not valid"
)

/**
 * Warns, kicks or bans a player, in the order of
 * docs/decisions/moderation.md, "Delivery": (1) take the game-command slot (`GAME_THROTTLED`, nothing
 * stored), (2) read the live player snapshot, (3) commit the record as
 * `UNKNOWN` with its audit entry, (4) refuse an absent or staff target, or an
 * unreadable snapshot, as `FAILED`, (5) otherwise send the command once and
 * record what the answer proves. A request whose key the requester already
 * used is answered from the stored record (a replay: nothing taken, sent or
 * audited), or refused as `IDEMPOTENCY_CONFLICT` when the request differs.
 *
 * Steps 2 to 5 run on a fiber of their own, so a client that goes away cannot
 * cut the delivery short between the command and its record.
 *
 * It requires the key of its type (`moderation.warn`, `.kick`, `.ban`: each
 * its own endpoint's rule).
 */
export const moderate = <Type extends ModerationType>(
  caller: Caller,
  type: Type,
  idempotencyKey: string,
  input: ModerationRequest
): Effect.Effect<
  Effect.Success<ReturnType<typeof moderateAny>>,
  Effect.Error<ReturnType<typeof moderateAny>>,
  Effect.Services<ReturnType<typeof moderateAny>> | Permitted<`moderation.${Type}`>
> => moderateAny(caller, type, idempotencyKey, input)

const moderateAny = Effect.fn("moderation.moderate")(function*(
  caller: Caller,
  rawType: ModerationType,
  rawKey: string,
  input: ModerationRequest
) {
  const { type, idempotencyKey, ...request } = yield* validRequest({ ...input, type: rawType, idempotencyKey: rawKey })
  const actions = yield* ModerationActions
  const requester = requesterOf(caller)
  const fingerprint = fingerprintOf(type, request)
  const stored = yield* actions.findByKey(requester, idempotencyKey)
  if (Option.isSome(stored)) return yield* replayOf(stored.value, fingerprint)

  const lease = yield* GameCommandSlot.use((slot) => slot.take)
  const sent = yield* Ref.make(false)
  const delivery = Effect.gen(function*() {
    const game = yield* GameServer
    const snapshot = yield* Effect.option(game.players)
    const target = checkTarget(Option.getOrNull(snapshot), request.targetPlatformId)
    const now = yield* DateTime.now
    const action: ModerationAction = {
      id: yield* newId(ModerationActionId),
      type,
      targetPlatformId: request.targetPlatformId,
      targetUsername: target.username,
      requester,
      reason: request.reason,
      evidence: request.evidence,
      createdAt: now,
      updatedAt: now,
      delivery: "UNKNOWN",
      errorCode: null,
      idempotencyKey,
      fingerprint
    }
    const audit = yield* AuditLog
    const inserted = yield* inTransaction(Effect.gen(function*() {
      if (!(yield* actions.insert(action))) return false
      yield* audit.record({
        action: AUDIT_ACTION[type],
        actor: actorOf(caller),
        targetType: "moderation_action",
        targetId: action.id,
        data: { type, targetPlatformId: action.targetPlatformId, targetUsername: action.targetUsername, reason: action.reason }
      })
      yield* emitEvent("moderation.action.created", moderationActionMessage(action))
      return true
    }))
    // Another request with the same key committed first: answer as its replay.
    if (!inserted) {
      const winner = yield* actions.findByKey(requester, idempotencyKey)
      return yield* Option.match(winner, {
        onNone: () => Effect.die(new Error("an idempotency key clashed with an action that cannot be found")),
        onSome: (winner) => replayOf(winner, fingerprint)
      })
    }
    if (target.refusal !== null || target.username === null) {
      const refused: KnownDelivery = { delivery: "FAILED", errorCode: target.refusal ?? "TARGET_NOT_IN_SERVER" }
      return { action: yield* recordDelivery(caller, action, refused), replayed: false }
    }
    yield* Ref.set(sent, true)
    const outcome = yield* game.send(gameCommandFor(type, { username: target.username, platformId: action.targetPlatformId }, action.reason))
    const result = deliveryOf(outcome)
    return {
      action: result.delivery === "UNKNOWN" ? action : yield* recordDelivery(caller, action, result),
      replayed: false
    }
  }).pipe(Effect.ensuring(Effect.flatMap(Ref.get(sent), lease.release)))
  return yield* Effect.flatMap(Effect.forkDetach(delivery), Fiber.join)
})

/**
 * Records a known outcome on the locked record and audits it in the same
 * transaction (`moderation.delivery.succeeded` / `.failed`, by the requester,
 * the action as target): if the entry cannot be written the record stays
 * `UNKNOWN`. Nothing here sends; the command went out (or not) before.
 */
const recordDelivery = (caller: Caller, action: ModerationAction, result: KnownDelivery) =>
  Effect.gen(function*() {
    const actions = yield* ModerationActions
    const audit = yield* AuditLog
    return yield* inTransaction(Effect.gen(function*() {
      const locked = Option.getOrElse(yield* actions.findByIdForUpdate(action.id), () => action)
      const updated: ModerationAction = { ...locked, ...result, updatedAt: yield* DateTime.now }
      yield* actions.update(updated)
      yield* audit.record({
        action: DELIVERY_AUDIT_ACTION[result.delivery],
        actor: actorOf(caller),
        targetType: "moderation_action",
        targetId: action.id,
        data: { type: action.type, targetPlatformId: action.targetPlatformId, delivery: result.delivery, errorCode: result.errorCode }
      })
      yield* emitEvent("moderation.action.settled", moderationActionMessage(updated))
      return updated
    }))
  })
