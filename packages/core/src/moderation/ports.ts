import { Context, Data, type Effect, type Option } from "effect"
import type { Page, PageOf } from "../kernel/index.js"
import type { CommandOutcome } from "./CommandOutcome.js"
import type { GameServerStatus } from "./GameServerStatus.js"
import type { GameThrottled } from "./errors.js"
import type { ModerationActionId } from "./ids.js"
import type { LivePlayer } from "./LivePlayer.js"
import type { ModerationAction, ModerationRequester, ModerationType } from "./ModerationAction.js"

/**
 * The game server could not be read (unreachable, refused, malformed answer,
 * no answer in time). `retryAfterSeconds`, when given, is how long not to ask
 * again: the game's rate limit, or a refused key's long back-off.
 */
export class GameServerUnreachable extends Data.TaggedError("GameServerUnreachable")<{
  readonly reason: string
  readonly retryAfterSeconds?: number | undefined
}> {}

/**
 * The community's private game server. Reads fail with `GameServerUnreachable`;
 * `send` never fails: whatever happens is one of the `CommandOutcome`s, and a
 * timeout, a lost connection or a `5xx` is `Unknown` (it may have happened).
 * `send` sends at most once: it never retries.
 */
export class GameServer extends Context.Service<GameServer, {
  readonly status: Effect.Effect<GameServerStatus, GameServerUnreachable>
  readonly players: Effect.Effect<ReadonlyArray<LivePlayer>, GameServerUnreachable>
  readonly send: (command: string) => Effect.Effect<CommandOutcome>
}>()("@bluelight/core/moderation/GameServer") {}

/** A held game-command slot; `release` says whether a command was sent (which starts the cooldown). */
export interface SlotLease {
  readonly release: (sent: boolean) => Effect.Effect<void>
}

/**
 * One new moderation action in flight per game server, and a cooldown after
 * each command actually sent (docs/decisions/moderation.md, "Delivery", step 1). Shared
 * by every instance when they share a store; a slot not released (a crashed
 * instance) frees itself after a bounded time. `take` fails with
 * `GameThrottled` (how long to wait) when the slot is not free.
 */
export class GameCommandSlot extends Context.Service<GameCommandSlot, {
  readonly take: Effect.Effect<SlotLease, GameThrottled>
}>()("@bluelight/core/moderation/GameCommandSlot") {}

/** What the action lists filter on. */
export interface ModerationFilter {
  readonly targetPlatformId?: string | undefined
  readonly type?: ModerationType | undefined
}

/**
 * The moderation actions. The idempotency key is unique per requester in the
 * store itself, so two requests racing with one key store one action.
 */
export class ModerationActions extends Context.Service<ModerationActions, {
  /** Answers `false`, storing nothing, when the requester already has an action under the same key. */
  readonly insert: (action: ModerationAction) => Effect.Effect<boolean>
  readonly findByKey: (requester: ModerationRequester, key: string) => Effect.Effect<Option.Option<ModerationAction>>
  readonly findById: (id: ModerationActionId) => Effect.Effect<Option.Option<ModerationAction>>
  /** The action, locked until the transaction ends: what a delivery update checks on. */
  readonly findByIdForUpdate: (id: ModerationActionId) => Effect.Effect<Option.Option<ModerationAction>>
  readonly update: (action: ModerationAction) => Effect.Effect<void>
  /** Newest first (then by id, newest first). */
  readonly list: (filter: ModerationFilter, page: Page) => Effect.Effect<PageOf<ModerationAction>>
  /**
   * Each target's newest action of `type`, in one read for all the targets asked about: the first
   * `list` would answer for that target and type. A target with no such action is absent from the answer.
   */
  readonly newestPerTarget: (type: ModerationType, targetPlatformIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, ModerationAction>>
}>()("@bluelight/core/moderation/ModerationActions") {}
