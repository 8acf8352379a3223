/**
 * This instance's worker over the inbox of the game's batches: it handles
 * what it finds at start and what is put, oldest first, each batch's events
 * in order, and removes each batch; stopped within a batch, it gives the
 * batch back for the next taker.
 */
import { type GameEvent, GameEventHandler, GameEventInbox, type ReceivedGameEvents } from "@bluelight/core/game"
import { GAME_EVENT_INBOX_TABLE, InMemoryDatabase, InMemoryGameEventInbox } from "@bluelight/core/testing"
import { GameEventIntake } from "@bluelight/adapters-http"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Duration, Effect, Exit, Layer, Option, Scope } from "effect"
import { layerGameEventInbox } from "../src/gameEventInbox.js"

const command = (argument: string): GameEvent => ({ event: "CustomCommand", origin: "1001", timestamp: 1_767_258_000, data: { command: "status", argument } })
const batch = (...arguments_: ReadonlyArray<string>): ReceivedGameEvents => ({ server: "Bluelight RP", events: arguments_.map(command), requestId: null })

/** A handler that records each event's argument, waits on `hold` for the argument `"hold"`, and fails (answers why) for `"fail"`. */
const recording = (seen: Array<string>, hold: Deferred.Deferred<void>) =>
  Layer.succeed(GameEventHandler, {
    handle: (_server, event) =>
      Effect.gen(function*() {
        if (event.event !== "CustomCommand") return null
        seen.push(event.data.argument)
        if (event.data.argument === "hold") yield* Deferred.await(hold)
        return event.data.argument === "fail" ? "the store refused it" : null
      })
  })

/** Room for every batch a test puts. */
const ROOM = 1000

// The poll never comes within a test: what is handled was found at start or woken by a put.
const OPTIONS = { drainFor: Duration.millis(50), pollEvery: Duration.hours(1), lease: Duration.seconds(30), maxPendingEvents: ROOM }

/** The worker started over the test's inbox, in a scope the test closes (`stop`: the server stopping). */
const startWorker = (seen: Array<string>, hold: Deferred.Deferred<void>) =>
  Effect.gen(function*() {
    const scope = yield* Scope.make()
    const context = yield* Layer.buildWithScope(layerGameEventInbox(OPTIONS).pipe(Layer.provide(recording(seen, hold))), scope)
    return { intake: context, stop: Scope.close(scope, Exit.void) }
  })

describe("the game event inbox's worker", () => {
  it.live("handles the batches left at start, then those put, in order, and removes each", () =>
    Effect.gen(function*() {
      const inbox = yield* GameEventInbox
      const hold = yield* Deferred.make<void>()
      const seen: Array<string> = []
      yield* inbox.put(batch("left 1", "left 2"), ROOM)
      yield* inbox.put(batch("left 3"), ROOM)
      const worker = yield* startWorker(seen, hold)
      yield* Effect.provide(GameEventIntake.use((intake) => intake.put(batch("put 1", "put 2"))), worker.intake)
      yield* Effect.promise(() => expect.poll(() => seen.length).toBe(5))
      expect(seen).toEqual(["left 1", "left 2", "left 3", "put 1", "put 2"])
      yield* worker.stop
      expect(yield* inbox.take("anyone", Duration.seconds(30))).toEqual(Option.none())
    }).pipe(Effect.provide(InMemoryGameEventInbox.pipe(Layer.provideMerge(InMemoryDatabase.layer)))))

  it.live("sets a batch with an event that failed aside, never to take it again, and handles the batches behind it", () =>
    Effect.gen(function*() {
      const inbox = yield* GameEventInbox
      const hold = yield* Deferred.make<void>()
      const seen: Array<string> = []
      yield* inbox.put(batch("before", "fail", "after"), ROOM)
      yield* inbox.put(batch("next"), ROOM)
      const worker = yield* startWorker(seen, hold)
      yield* Effect.promise(() => expect.poll(() => seen).toEqual(["before", "fail", "after", "next"]))
      yield* worker.stop
      expect(yield* inbox.take("anyone", Duration.seconds(30))).toEqual(Option.none())
      // Kept, with why: not removed as a handled batch is.
      const kept = yield* InMemoryDatabase.use((db) => db.rows<{ readonly failure: string | null }>(GAME_EVENT_INBOX_TABLE))
      expect(kept.map((row) => row.failure)).toEqual([expect.stringContaining("the store refused it")])
      // Set aside, it waits no more: it does not count towards the bound.
      yield* inbox.put(batch("room"), 1)
    }).pipe(Effect.provide(InMemoryGameEventInbox.pipe(Layer.provideMerge(InMemoryDatabase.layer)))))

  it.live("stopped within a batch past its grace, gives the batch back whole for the next taker", () =>
    Effect.gen(function*() {
      const inbox = yield* GameEventInbox
      const hold = yield* Deferred.make<void>()
      const seen: Array<string> = []
      yield* inbox.put(batch("first", "hold", "never"), ROOM)
      const worker = yield* startWorker(seen, hold)
      yield* Effect.promise(() => expect.poll(() => seen).toEqual(["first", "hold"]))
      yield* worker.stop
      const again = yield* inbox.take("next", Duration.seconds(30))
      expect(Option.map(again, (taken) => taken.events.map((event) => event.event === "CustomCommand" ? event.data.argument : ""))).toEqual(
        Option.some(["first", "hold", "never"])
      )
      expect(seen).toEqual(["first", "hold"])
    }).pipe(Effect.provide(InMemoryGameEventInbox.pipe(Layer.provideMerge(InMemoryDatabase.layer)))))
})
