import type { GameServerSimulator } from "@bluelight/adapters-game"
import { GameWebhookKey } from "@bluelight/adapters-http"
import { layerWebhookReplays } from "@bluelight/adapters-redis"
import {
  FORGET_GAME_EVENT_CLAIMS_EVERY,
  forgetOldGameEventClaims,
  GAME_EVENT_INBOX_LEASE,
  GAME_EVENT_INBOX_POLL,
  GameEventHandler,
  handleGameEvent
} from "@bluelight/core/game"
import { Duration, Effect, Layer, Option, Schedule } from "effect"
import type { Settings } from "./config.js"
import { ed25519PublicKey } from "./config.js"
import { layerGameEventInbox } from "./gameEventInbox.js"
import { SharedRedis } from "./redis.js"

/** Where the game's event webhook is served: the URL to paste into the game's settings. */
export const webhookUrlOf = (settings: Settings) => `${settings.appUrl}/api/game/events`

/**
 * The development default: the built-in simulator delivers its signed events
 * to this server's own webhook (under `APP_URL`), as the game would once the
 * URL is pasted into its settings; and in development (`npm start`) it comes
 * alive (players wander, someone rings the emergency services within 15 s and
 * every minute or so after), so that a newcomer sees the game's emergency
 * calls arrive in CAD. The tests' servers (`NODE_ENV=test`) stay still: a
 * call nobody made would change what they count.
 */
export const deliverSimulatorEventsHere = (settings: Settings, simulator: GameServerSimulator) =>
  Effect.sync(() => {
    simulator.webhookUrl = webhookUrlOf(settings)
    if (settings.development) simulator.startLiveliness()
  })

/**
 * The key deliveries are verified with: `GAME_WEBHOOK_PUBLIC_KEY`; else, in
 * development with the built-in simulator, the simulator's own; else none,
 * and the receiver answers `404`. Never the simulator's in production (the
 * simulator never runs there).
 */
export const layerGameWebhookKey = (settings: Settings, simulatorKey: Option.Option<string>) =>
  Layer.succeed(GameWebhookKey, {
    publicKey: Option.getOrNull(Option.orElse(
      settings.gameWebhookPublicKey,
      () => settings.production ? Option.none() : Option.flatMap(simulatorKey, (text) => Option.fromNullishOr(ed25519PublicKey(text)))
    ))
  })

/** G4's use case as the inbox worker's handler, with the ports it needs resolved once. */
const layerGameEventHandler = Layer.effect(
  GameEventHandler,
  Effect.map(
    Effect.context<Effect.Services<ReturnType<typeof handleGameEvent>>>(),
    (context): typeof GameEventHandler.Service => ({ handle: (server, event) => Effect.provide(handleGameEvent(server, event), context) })
  )
)

/**
 * The claims of the game's events older than a day forgotten, now and then
 * every hour, on each instance (forgetting is idempotent, so instances need
 * not take turns); a failure is logged and the next hour tries again. Stops
 * with the server.
 */
const layerForgetOldClaims = Layer.effectDiscard(
  forgetOldGameEventClaims().pipe(
    Effect.tap((forgotten) => forgotten === 0 ? Effect.void : Effect.logInfo(`game events: ${forgotten} claim(s) older than a day forgotten`)),
    Effect.catchCause((cause) => Effect.logWarning("game events: forgetting old claims failed", cause)),
    Effect.repeat(Schedule.spaced(FORGET_GAME_EVENT_CLAIMS_EVERY)),
    Effect.forkScoped
  )
)

/**
 * What the webhook's receiver needs beside its key: the replay check shared
 * through Redis when `REDIS_URL` is set (else in memory), and the inbox of
 * verified batches in the database with this instance's worker, which
 * handles them in order by the game-event use case and, on shutdown, stops
 * within the shutdown grace (after the HTTP server has drained, before the
 * database closes), leaving what is left in the inbox; and the old claims
 * forgotten every hour.
 */
export const layerGameEvents = (settings: Settings) =>
  Layer.unwrap(Effect.gen(function*() {
    const redis = yield* SharedRedis
    return Layer.mergeAll(
      layerWebhookReplays(redis),
      layerGameEventInbox({
        drainFor: Duration.seconds(Math.max(settings.shutdownGraceSeconds, 1)),
        pollEvery: GAME_EVENT_INBOX_POLL,
        lease: GAME_EVENT_INBOX_LEASE,
        maxPendingEvents: settings.gameEventInboxMaxEvents
      }).pipe(Layer.provide(layerGameEventHandler)),
      layerForgetOldClaims
    )
  }))

/** `ports` with the webhook's replay check and inbox worker added on top of them (they use its Redis, database and game). */
export const withGameEvents = <A, E, R>(settings: Settings, ports: Layer.Layer<A, E, R>) => layerGameEvents(settings).pipe(Layer.provideMerge(ports))
