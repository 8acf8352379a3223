import { type GameServerSimulator, makeHttpLiveSource, makeMemoryRateGate, startGameServerSimulator } from "@bluelight/adapters-game"
import { LivePicture, LivePictureInMemory, LiveSource } from "@bluelight/core/game"
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Layer, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"

const simulatorFor = Effect.acquireRelease(Effect.promise(() => startGameServerSimulator()), (s) => Effect.promise(() => s.close()))

/** The uncached reads of one instance, with its own gate. */
const sourceOf = (simulator: GameServerSimulator) =>
  Effect.gen(function*() {
    const local = yield* makeMemoryRateGate
    const source = yield* makeHttpLiveSource(
      { apiUrl: simulator.url, serverKey: Redacted.make(simulator.serverKey), readTimeout: Duration.seconds(5) },
      local
    ).pipe(Effect.provide(FetchHttpClient.layer))
    return Layer.succeed(LiveSource, source)
  })

const readers = (picture: LivePicture["Service"], n: number) => Effect.all(Array.from({ length: n }, () => picture.snapshot), { concurrency: "unbounded" })

describe("the live picture in memory", () => {
  it.live("reads the game once for every concurrent reader", () =>
    Effect.gen(function*() {
      const simulator = yield* simulatorFor
      const picture = yield* Effect.gen(function*() {
        return yield* LivePicture
      }).pipe(Effect.provide(LivePictureInMemory().pipe(Layer.provide(yield* sourceOf(simulator)))))
      const answers = yield* readers(picture, 25)
      expect(new Set(answers.map((a) => a.observedAt.epochMilliseconds)).size).toBe(1)
      expect(simulator.readsOf("/v2/server")).toBe(1)
      expect(yield* picture.health).toMatchObject({ answering: true, problem: null })
    }))
})
