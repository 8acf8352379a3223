import {
  bothGates,
  COMMAND_TIMEOUT,
  layerHttpLiveSource,
  layerMemoryGameCommandSlot,
  makeHttpGameCommands,
  makeMemoryRateGate,
  READ_TIMEOUT,
  startGameServerSimulator
} from "@bluelight/adapters-game"
import { layerRedisGameCommandSlot, layerRedisLivePicture, makeRedisRateGate } from "@bluelight/adapters-redis"
import { gameServerReadsFrom, LivePictureInMemory, LiveSource } from "@bluelight/core/game"
import { GameServer, GameServerUnreachable, leaseTtlFor } from "@bluelight/core/moderation"
import { Duration, Effect, Layer, Option, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import type { Settings } from "./config.js"
import { deliverSimulatorEventsHere, layerGameWebhookKey } from "./gameWebhook.js"
import { SharedRedis } from "./redis.js"

/** Where the game server is: the configured one, or the simulator this process started. */
interface GameServerAddress {
  readonly apiUrl: string
  readonly serverKey: Redacted.Redacted
  /** The built-in simulator's webhook key (base64 SPKI), when it is the simulator (`gameWebhook.ts`). */
  readonly webhookPublicKey?: string
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
    Effect.tap((simulator) => deliverSimulatorEventsHere(settings, simulator)),
    Effect.map((simulator): GameServerAddress => ({
      apiUrl: simulator.url,
      serverKey: Redacted.make(simulator.serverKey),
      webhookPublicKey: simulator.webhookPublicKey
    }))
  )

const NOT_CONFIGURED = "no game server configured"

/** In production without `GAME_API_URL`: no game server, so every read fails and nothing is sent. */
const NoGameServer = Layer.succeed(LiveSource, {
  snapshot: Effect.fail(new GameServerUnreachable({ reason: NOT_CONFIGURED })),
  bans: Effect.fail(new GameServerUnreachable({ reason: NOT_CONFIGURED }))
})

/**
 * The `GameServer` moderation uses: commands sent straight to the game (none
 * without one), its reads fresh reads of the game's aggregate answer.
 */
const layerGameServer = (address: Option.Option<GameServerAddress>, commandTimeout: Duration.Duration) =>
  Layer.effect(
    GameServer,
    Effect.gen(function*() {
      const reads = gameServerReadsFrom(yield* LiveSource)
      return yield* Option.match(address, {
        onNone: () => Effect.succeed({ ...reads, send: () => Effect.succeed({ _tag: "Unknown", reason: NOT_CONFIGURED } as const) }),
        onSome: ({ apiUrl, serverKey }) =>
          Effect.map(
            makeHttpGameCommands({ apiUrl, serverKey, commandTimeout }).pipe(Effect.provide(FetchHttpClient.layer)),
            (http) => ({ ...reads, send: http.send })
          )
      })
    })
  )

/**
 * The game server and what is built around it: the live picture (one v2
 * aggregate read per refresh, towards `GAME_API_URL` or the simulator outside
 * production, obeying the game's rate limits), shared through Redis when
 * `REDIS_URL` is set, else in this process's memory; moderation's reads of it
 * and its commands; and the game-command slot, in Redis (one key per game
 * server) or in memory alike.
 */
export const layerGame = (settings: Settings) =>
  Layer.unwrap(
    Effect.gen(function*() {
      const configured = Option.map(settings.game, (game): GameServerAddress => ({ apiUrl: game.apiUrl, serverKey: game.serverKey }))
      const address = Option.isSome(configured) || settings.production ? configured : Option.some(yield* simulatedGameServer(settings))
      const commandTimeout = Duration.millis(settings.gameCommandTimeoutMillis)
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
      const localGate = yield* makeMemoryRateGate
      const gate = Option.match(redis, { onNone: () => localGate, onSome: (redis) => bothGates(localGate, makeRedisRateGate(redis, server)) })
      const source = Option.match(address, {
        onNone: () => NoGameServer,
        onSome: ({ apiUrl, serverKey }) =>
          layerHttpLiveSource({ apiUrl, serverKey, readTimeout: READ_TIMEOUT }, gate).pipe(Layer.provide(FetchHttpClient.layer))
      })
      const picture = Option.match(redis, {
        onNone: () => LivePictureInMemory(),
        onSome: (redis) => layerRedisLivePicture(redis, server, { readTimeout: READ_TIMEOUT })
      }).pipe(Layer.provide(source))
      // The source is built once: the picture's reads and moderation's share its client and gate.
      return Layer.mergeAll(
        layerGameWebhookKey(settings, Option.flatMap(address, (a) => Option.fromNullishOr(a.webhookPublicKey))),
        slot,
        picture,
        layerGameServer(address, commandTimeout).pipe(Layer.provide(source))
      )
    })
  )
