import { Context, type Effect } from "effect"
import type { CallId } from "../cad/index.js"
import type { GameServerUnreachable, GameUnavailable } from "../moderation/index.js"
import type { GameEvent } from "./events.js"
import type { GameBanList, LiveSnapshot } from "./LiveSnapshot.js"

/** How the live picture stands, for `/api/health`: whether the game server answered its last read, and how old the snapshot is. */
export interface LivePictureHealth {
  /** True when the last read of the game server succeeded. */
  readonly answering: boolean
  /** When the snapshot in use was read; null before the first successful read. */
  readonly observedAt: Date | null
  /** Why the last read failed (short, never the key); null while it answers. */
  readonly problem: string | null
}

/**
 * The game server's live picture, shared: at most one aggregate read of the
 * game server per refresh for every reader on every instance (through the
 * shared store when there is one), never faster than the game's rate-limit
 * headers allow. A picture that cannot be read is `GameUnavailable`.
 */
export class LivePicture extends Context.Service<LivePicture, {
  readonly snapshot: Effect.Effect<LiveSnapshot, GameUnavailable>
  readonly bans: Effect.Effect<GameBanList, GameUnavailable>
  readonly health: Effect.Effect<LivePictureHealth>
}>()("@bluelight/core/game/LivePicture") {}

/**
 * One read of the game server itself, uncached: what a refresh of the live
 * picture asks (the aggregate read, and the ban list, which has a read of its
 * own). A failure may say how long to wait (`retryAfterSeconds`: the game's
 * rate limit, or a refused key).
 */
export class LiveSource extends Context.Service<LiveSource, {
  readonly snapshot: Effect.Effect<LiveSnapshot, GameServerUnreachable>
  readonly bans: Effect.Effect<GameBanList, GameServerUnreachable>
}>()("@bluelight/core/game/LiveSource") {}

/**
 * Which CAD call each of the game's emergency calls became (by the game's
 * call number), in one read: what `/server/emergency-calls` links. A call
 * number no CAD call carries is absent from the answer.
 */
export class GameCallLinks extends Context.Service<GameCallLinks, {
  readonly callsFor: (callNumbers: ReadonlyArray<number>) => Effect.Effect<ReadonlyMap<number, CallId>>
}>()("@bluelight/core/game/GameCallLinks") {}

/**
 * What becomes of one of the game's events, after its delivery was verified,
 * kept in the inbox and answered: the inbox's worker calls it for each event
 * of a batch, in order, one batch after another. It never fails (nobody is waiting for
 * it): it answers why the event's handling failed (nothing of it kept), or
 * null when it was handled; an event it has handled before changes nothing.
 */
export class GameEventHandler extends Context.Service<GameEventHandler, {
  readonly handle: (server: string, event: GameEvent) => Effect.Effect<string | null>
}>()("@bluelight/core/game/GameEventHandler") {}

/**
 * The webhook's deliveries already received, by signature, shared by every
 * instance (the game gives a delivery no id; the same signature again within
 * the freshness window is a replay). `firstSight` records the signature for
 * `ttlMillis` and answers true, or answers false when it was recorded already.
 */
export class WebhookReplays extends Context.Service<WebhookReplays, {
  readonly firstSight: (signature: string, ttlMillis: number) => Effect.Effect<boolean>
  /** Forgets `signature`, so that the same delivery is taken again: for one whose batch could not be kept. */
  readonly forget: (signature: string) => Effect.Effect<void>
}>()("@bluelight/core/game/WebhookReplays") {}
