/** The live feed on the in-memory ports: every committed entry once, in `seq` order, past a page of the history. */
import { CadFeed, createIncident, followCadEvents } from "@bluelight/core/cad"
import { accessNotChecked, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Queue, Stream } from "effect"
import { control } from "./world.js"

const incident = { type: "RTC", priority: "IMMEDIATE", location: "A1", description: "", controlNotes: "" } as const

// More than one page (100) of the history, so the feed must read on from where it stopped.
const COUNT = 230

describe("the live CAD feed", () => {
  it.effect("publishes each committed entry once, in seq order", () =>
    Effect.gen(function*() {
      const live = yield* CadFeed.use((feed) => feed.subscribe)
      const received = yield* Stream.runCollect(Stream.take(live, COUNT)).pipe(Effect.forkChild)
      for (let i = 0; i < COUNT; i++) yield* createIncident(control, incident)
      const seqs = (yield* Fiber.join(received)).map((event) => event.seq)
      expect(seqs).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1))
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a follower gets the backlog after its cursor, then the live entries, none twice", () =>
    Effect.gen(function*() {
      for (let i = 0; i < 150; i++) yield* createIncident(control, incident)
      const stream = yield* followCadEvents(20, {})
      const received = yield* Stream.runCollect(Stream.take(stream, 140)).pipe(Effect.forkChild)
      for (let i = 0; i < 10; i++) yield* createIncident(control, incident)
      const seqs = (yield* Fiber.join(received)).map((event) => event.seq)
      expect(seqs).toEqual(Array.from({ length: 140 }, (_, i) => i + 21))
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a subscriber that falls behind by more than the feed keeps loses its stream, never an entry in the middle of it", () =>
    Effect.gen(function*() {
      const live = yield* CadFeed.use((feed) => feed.subscribe)
      const keeping = yield* CadFeed.use((feed) => feed.subscribe)
      const seen = yield* Queue.unbounded<number>()
      yield* Effect.forkChild(Stream.runForEach(keeping, (event) => Queue.offer(seen, event.seq)))
      // `live` reads nothing while twenty entries are published past a lag of eight; the other
      // subscriber reads each as it comes, and gets every one.
      for (let i = 1; i <= 20; i++) {
        yield* createIncident(control, incident)
        expect(yield* Queue.take(seen)).toBe(i)
      }
      // The slow one ends (the client resumes from its last id) instead of skipping what it lost.
      const got = (yield* Stream.runCollect(live)).map((event) => event.seq)
      expect(got).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts({ cadFeedLag: 8 }))))
})
