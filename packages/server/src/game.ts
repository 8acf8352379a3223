import {
  COMMAND_TIMEOUT,
  layerHttpGameServer,
  layerMemoryGameCommandSlot,
  layerRedisGameCommandSlot,
  leaseTtlFor,
  READ_TIMEOUT,
  startGameServerSimulator
} from "@bluelight/adapters-game"
import { GameServer, GameServerUnreachable, LiveGameFromGameServer } from "@bluelight/core/moderation"
import { Duration, Effect, Layer, Option, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import type { Settings } from "./config.js"
import { SharedRedis } from "./redis.js"

/** Where the game server is: the configured one, or the simulator this process started. */
interface GameServerAddress {
  readonly apiUrl: string
  readonly serverKey: Redacted.Redacted
}

/**
 * The development default: the game-server simulator on a loopback port with
 * a handful of players, closed with the server. Like the real server, it
 * takes about one command per five seconds, except with the test hooks on:
 * they move this server's clock (and so its slot's cooldown), which the
 * simulator's own clock does not follow.
 */
const simulatedGameServer = (settings: Settings) =>
  Effect.acquireRelease(
    Effect.promise(() => startGameServerSimulator({ commandIntervalMs: settings.testHooks ? 0 : 5000 })),
    (simulator) => Effect.promise(() => simulator.close())
  ).pipe(
    Effect.tap((simulator) => Effect.logInfo(`game-server simulator on ${simulator.url}`)),
    Effect.map((simulator): GameServerAddress => ({ apiUrl: simulator.url, serverKey: Redacted.make(simulator.serverKey) }))
  )

/** In production without `GAME_API_URL`: no game server, so every read fails and nothing is sent. */
const NoGameServer = Layer.succeed(GameServer, {
  status: Effect.fail(new GameServerUnreachable({ reason: "no game server configured" })),
  players: Effect.fail(new GameServerUnreachable({ reason: "no game server configured" })),
  send: () => Effect.succeed({ _tag: "Unknown", reason: "no game server configured" } as const)
})

/**
 * The game server and what moderation needs around it: the HTTP adapter
 * (towards `GAME_API_URL`, or the simulator outside production), its cached
 * live reads, and the game-command slot, in Redis (one key per game server)
 * when `REDIS_URL` is set, else in this process's memory.
 */
export const layerGame = (settings: Settings) =>
  Layer.unwrap(
    Effect.gen(function*() {
      const configured = Option.map(settings.game, (game): GameServerAddress => ({ apiUrl: game.apiUrl, serverKey: game.serverKey }))
      const address = Option.isSome(configured) || settings.production ? configured : Option.some(yield* simulatedGameServer(settings))
      const commandTimeout = Duration.millis(settings.gameCommandTimeoutMillis)
      const game = Option.match(address, {
        onNone: () => NoGameServer,
        onSome: ({ apiUrl, serverKey }) =>
          layerHttpGameServer({ apiUrl, serverKey, commandTimeout, readTimeout: READ_TIMEOUT }).pipe(Layer.provide(FetchHttpClient.layer))
      })
      const slotSettings = {
        cooldown: Duration.seconds(settings.gameCommandCooldownSeconds),
        leaseTtl: leaseTtlFor({ read: READ_TIMEOUT, command: Duration.max(commandTimeout, COMMAND_TIMEOUT) })
      }
      const redis = yield* SharedRedis
      const server = Option.match(address, { onNone: () => "none", onSome: (a) => a.apiUrl })
      const slot = Option.match(redis, {
        onNone: () => layerMemoryGameCommandSlot(slotSettings),
        onSome: (redis) => layerRedisGameCommandSlot(redis, server, slotSettings)
      })
      return Layer.mergeAll(LiveGameFromGameServer().pipe(Layer.provideMerge(game)), slot)
    })
  )
