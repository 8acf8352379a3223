import { livePlayers, liveStatus, lookupPlayers } from "@bluelight/core/game"
import { accessNotChecked, TestGame, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Ref } from "effect"
import { TestClock } from "effect/testing"

const reads = TestGame.use((game) => Effect.map(Ref.get(game), (s) => s.reads))

const FIRST_PAGE = { limit: 25, offset: 0 }

describe("live reads", () => {
  it.effect("share one game-server call among concurrent readers, and reuse it for a few seconds", () =>
    Effect.gen(function*() {
      const answers = yield* Effect.all(Array.from({ length: 20 }, () => liveStatus()), { concurrency: "unbounded" })
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
      expect(yield* reads).toBe(1)
      yield* TestClock.adjust("2 seconds")
      yield* liveStatus()
      expect(yield* reads).toBe(1)
      yield* TestClock.adjust("2 seconds")
      yield* liveStatus()
      expect(yield* reads).toBe(2)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("answer GAME_UNAVAILABLE with availability when the game server cannot be read", () =>
    Effect.gen(function*() {
      yield* TestGame.use((game) => Ref.update(game, (s) => ({ ...s, down: true })))
      const error = yield* Effect.flip(livePlayers(FIRST_PAGE))
      expect(error).toMatchObject({ code: "GAME_UNAVAILABLE", details: { availability: "unavailable" } })
      expect(error._tag === "GameUnavailable" && error.retryAfterSeconds).toBeGreaterThanOrEqual(1)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("look players up by platform id or a part of the username, ignoring case", () =>
    Effect.gen(function*() {
      expect((yield* lookupPlayers("102", FIRST_PAGE)).players.map((p) => p.player.username)).toEqual(["John_Roe"])
      expect((yield* lookupPlayers("jane", FIRST_PAGE)).players.map((p) => p.player.platformId)).toEqual(["101"])
      expect(yield* lookupPlayers("nobody", FIRST_PAGE)).toMatchObject({ players: [], meta: { limit: 25, offset: 0, hasMore: false }, total: 0 })
      const all = yield* livePlayers(FIRST_PAGE)
      expect(all.players.every((p) => p.account === null)).toBe(true)
      expect(all.total).toBe(all.players.length)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("page the snapshot, linking only the page's players, with the total of every match", () =>
    Effect.gen(function*() {
      const all = yield* livePlayers(FIRST_PAGE)
      const second = yield* livePlayers({ limit: 1, offset: 1 })
      expect(second.players.map((p) => p.player.platformId)).toEqual([all.players[1]?.player.platformId])
      expect(second.meta).toEqual({ limit: 1, offset: 1, hasMore: all.total > 2 })
      expect(second.total).toBe(all.total)
      expect((yield* livePlayers({ limit: 1, offset: all.total })).players).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
