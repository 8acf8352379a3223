import { Duration, Effect, Layer } from "effect"
import { GameUnavailable } from "./errors.js"
import { GameServer, type GameServerUnreachable, LiveGame } from "./ports.js"

/** How long a live read is reused: a burst of page loads makes one call to the game server. */
export const LIVE_READ_TTL = Duration.seconds(3)

const unavailable = (error: GameServerUnreachable) => GameUnavailable.because(error.reason, Duration.toSeconds(LIVE_READ_TTL))

/**
 * `LiveGame` over the `GameServer`: each read is cached for `ttl`, failures
 * included (a game server that is down is not asked again by every reader),
 * and concurrent readers wait for the one call in flight.
 */
export const LiveGameFromGameServer = (ttl: Duration.Input = LIVE_READ_TTL) =>
  Layer.effect(
    LiveGame,
    Effect.gen(function*() {
      const game = yield* GameServer
      const status = yield* Effect.cachedWithTTL(Effect.mapError(game.status, unavailable), ttl)
      const players = yield* Effect.cachedWithTTL(Effect.mapError(game.players, unavailable), ttl)
      return { status, players }
    })
  )
