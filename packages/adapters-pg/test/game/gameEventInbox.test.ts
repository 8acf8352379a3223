import { type GameEvent, GameEventInbox, GameEventInboxFull, type ReceivedGameEvents } from "@bluelight/core/game"
import { InMemoryDatabase, InMemoryGameEventInbox } from "@bluelight/core/testing"
import { layerPgClient, PgGameEventInbox } from "@bluelight/adapters-pg/internal"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Clock, DateTime, Duration, Effect, Layer, ManagedRuntime, Option, Redacted } from "effect"
import { freshDatabase } from "../../../../test/harness/database.js"
import { clockFixedAt } from "../fixedClock.js"

/** The inbox of the game's batches, run on Postgres and on the in-memory port: the same cases, the same answers. */

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, GameEventInbox>) => Promise<A>
  readonly dispose: () => Promise<void>
}

const LEASE = Duration.seconds(30)
/** Room for every batch a case puts. */
const ROOM = 1000
const T0 = DateTime.makeUnsafe("2026-01-01T09:00:00.000Z")

/** The real clock with the time of day fixed `seconds` after `T0`: a take made at that time. */
const clockAt = (seconds: number): Clock.Clock => clockFixedAt(T0.epochMilliseconds + seconds * 1000)
const at = (seconds: number) => <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.provideService(effect, Clock.Clock, clockAt(seconds))

const anEmergencyCall = (callNumber: number, description: string): GameEvent => ({
  event: "EmergencyCallStarted",
  origin: "1001",
  timestamp: 1_767_258_000,
  data: {
    callNumber,
    caller: 1001,
    players: [1001, 1002],
    description,
    team: "Police",
    position: [12.5, -3.25],
    positionDescriptor: "Main Street",
    startedAt: 1_767_258_000
  }
})
const aBatch = (callNumber: number, description = "Help"): ReceivedGameEvents => ({
  server: "Bluelight RP",
  events: [anEmergencyCall(callNumber, description), {
    event: "CustomCommand",
    origin: "1002",
    timestamp: 1_767_258_001,
    data: { command: "panic", argument: "" }
  }],
  requestId: `req-${callNumber}`
})

const take = (taker: string) => GameEventInbox.use((inbox) => inbox.take(taker, LEASE))
const takeAll = (taker: string) =>
  Effect.gen(function*() {
    const ids: Array<string> = []
    for (let next = yield* take(taker); Option.isSome(next); next = yield* take(taker)) ids.push(next.value.id)
    return ids
  })
const done = (id: string) => GameEventInbox.use((inbox) => inbox.done(id))

const contract = (name: string, makeBackend: () => Promise<Backend>) =>
  describe(`game event inbox: ${name}`, () => {
    let backend: Backend
    beforeAll(async () => {
      backend = await makeBackend()
    })
    afterAll(() => backend?.dispose())
    // Every case leaves the inbox empty, its clock fixed so that no lease of another case is in force.
    const run = <A, E>(effect: Effect.Effect<A, E, GameEventInbox>) => backend.run(effect)

    it("answers the batches oldest first, as they were put, and none once all are taken", () =>
      run(Effect.gen(function*() {
        const inbox = yield* GameEventInbox
        yield* inbox.put(aBatch(1), ROOM)
        yield* inbox.put(aBatch(2), ROOM)
        const first = yield* at(0)(take("a"))
        const second = yield* at(0)(take("a"))
        expect(Option.map(first, ({ id: _, ...batch }) => batch)).toEqual(Option.some(aBatch(1)))
        expect(Option.map(second, ({ id: _, ...batch }) => batch)).toEqual(Option.some(aBatch(2)))
        expect(yield* at(0)(take("b"))).toEqual(Option.none())
        for (const batch of [first, second]) if (Option.isSome(batch)) yield* done(batch.value.id)
      })))

    it("removes a batch that is done, for good", () =>
      run(Effect.gen(function*() {
        yield* GameEventInbox.use((inbox) => inbox.put(aBatch(3), ROOM))
        const [id] = yield* at(0)(takeAll("a"))
        expect(id).toBeDefined()
        yield* done(id!)
        yield* done(id!)
        // Long after any lease: nothing to take again.
        expect(yield* at(3600)(take("a"))).toEqual(Option.none())
      })))

    it("takes a batch again once its taker's lease ended, not before", () =>
      run(Effect.gen(function*() {
        yield* GameEventInbox.use((inbox) => inbox.put(aBatch(4), ROOM))
        const taken = yield* at(0)(takeAll("crashed"))
        expect(taken).toHaveLength(1)
        expect(yield* at(29)(take("other"))).toEqual(Option.none())
        const again = yield* at(30)(take("other"))
        expect(Option.map(again, (batch) => batch.id)).toEqual(Option.some(taken[0]))
        yield* done(taken[0]!)
      })))

    it("gives a released batch back at once", () =>
      run(Effect.gen(function*() {
        yield* GameEventInbox.use((inbox) => inbox.put(aBatch(5), ROOM))
        const [id] = yield* at(0)(takeAll("stopping"))
        yield* GameEventInbox.use((inbox) => inbox.release(id!))
        expect(Option.map(yield* at(1)(take("next")), (batch) => batch.id)).toEqual(Option.some(id))
        yield* done(id!)
      })))

    it("keeps a batch while fewer events than the bound wait, taken ones counted, and refuses one once the bound is reached", () =>
      run(Effect.gen(function*() {
        const inbox = yield* GameEventInbox
        // Two events a batch: two batches reach a bound of 4, at which the third is refused.
        yield* inbox.put(aBatch(8), 4)
        const [taken] = yield* at(0)(takeAll("busy"))
        yield* inbox.put(aBatch(9), 4)
        const refused = yield* Effect.flip(inbox.put(aBatch(10), 4))
        expect(refused).toBeInstanceOf(GameEventInboxFull)
        expect(refused.pendingEvents).toBe(4)
        // Below the bound again once one is done: a whole batch fits, even past the bound.
        yield* done(taken!)
        yield* inbox.put(aBatch(11), 3)
        const left = yield* at(0)(takeAll("after"))
        expect(left).toHaveLength(2)
        for (const id of left) yield* done(id)
      })))

    it("never takes a batch set aside again, nor counts its events towards the bound", () =>
      run(Effect.gen(function*() {
        const inbox = yield* GameEventInbox
        yield* inbox.put(aBatch(15), ROOM)
        const [id] = yield* at(0)(takeAll("a"))
        yield* inbox.setAside(id!, "CustomCommand from 1002: the store refused it")
        expect(yield* at(3600)(take("b"))).toEqual(Option.none())
        yield* inbox.put(aBatch(16), 1)
        const left = yield* at(0)(takeAll("c"))
        expect(left).toHaveLength(1)
        for (const taken of left) yield* done(taken)
      })))

    it("lets two takers at once take one batch once", () =>
      run(Effect.gen(function*() {
        yield* GameEventInbox.use((inbox) => inbox.put(aBatch(6), ROOM))
        const [a, b] = yield* at(0)(Effect.all([take("a"), take("b")], { concurrency: 2 }))
        expect([a, b].filter(Option.isSome)).toHaveLength(1)
        for (const batch of [a, b]) if (Option.isSome(batch)) yield* done(batch.value.id)
      })))
  })

contract("Postgres", async () => {
  const database = await freshDatabase({ migrated: true })
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  const runtime = ManagedRuntime.make(PgGameEventInbox.pipe(Layer.provideMerge(client), Layer.orDie))
  return {
    run: (effect) => runtime.runPromise(effect),
    dispose: async () => {
      await runtime.dispose()
      await database.dispose()
    }
  }
})

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(InMemoryGameEventInbox.pipe(Layer.provideMerge(InMemoryDatabase.layer)))
  return { run: (effect) => runtime.runPromise(effect), dispose: () => runtime.dispose() }
})

describe("game event inbox: Postgres's text", () => {
  it("sets a row it cannot read back aside with why, and takes the rows behind it", async () => {
    const database = await freshDatabase({ migrated: true })
    const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
    const runtime = ManagedRuntime.make(PgGameEventInbox.pipe(Layer.provideMerge(client), Layer.orDie))
    try {
      // What an older release kept of `[1e400, 0]`: JSON has no Infinity, so it was written as null.
      const poisoned = { ...anEmergencyCall(12, "Poisoned"), data: { ...anEmergencyCall(12, "Poisoned").data, position: [null, 0] } }
      await database.query("INSERT INTO game_event_inbox (server, events, request_id) VALUES ('Bluelight RP', $1::jsonb, NULL)", [JSON.stringify([poisoned])])
      await runtime.runPromise(GameEventInbox.use((inbox) => inbox.put(aBatch(13), ROOM)))
      const taken = await runtime.runPromise(Effect.gen(function*() {
        const first = yield* take("a")
        const second = yield* take("a")
        return [first, second]
      }))
      expect(taken.map((batch) => Option.map(batch, ({ id: _, ...rest }) => rest))).toEqual([Option.some(aBatch(13)), Option.none()])
      const rows = await database.query<
        { readonly description: string; readonly failed: boolean; readonly failure: string | null; readonly taken_by: string | null }
      >(
        `SELECT events->0->'data'->>'description' AS description, failed_at IS NOT NULL AS failed, failure, taken_by
         FROM game_event_inbox ORDER BY id`
      )
      expect(rows.rows.map((row) => [row.description, row.failed, row.taken_by])).toEqual([["Poisoned", true, null], ["Help", false, "a"]])
      expect(rows.rows[0]!.failure).toContain("position")
      // Set aside for good: never taken again, nor counted towards the bound.
      await runtime.runPromise(Option.match(taken[0]!, { onNone: () => Effect.void, onSome: (batch) => done(batch.id) }))
      expect(await runtime.runPromise(take("b"))).toEqual(Option.none())
      await runtime.runPromise(GameEventInbox.use((inbox) => inbox.put(aBatch(14), 1)))
    } finally {
      await runtime.dispose()
      await database.dispose()
    }
  })

  it("keeps a batch whose text holds what jsonb cannot, without it", async () => {
    const database = await freshDatabase({ migrated: true })
    const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
    const runtime = ManagedRuntime.make(PgGameEventInbox.pipe(Layer.provideMerge(client), Layer.orDie))
    try {
      const taken = await runtime.runPromise(Effect.gen(function*() {
        yield* GameEventInbox.use((inbox) => inbox.put(aBatch(7, "Help\u0000 \ud800me"), ROOM))
        return yield* take("a")
      }))
      expect(Option.map(taken, ({ id: _, ...batch }) => batch)).toEqual(Option.some(aBatch(7, "Help me")))
    } finally {
      await runtime.dispose()
      await database.dispose()
    }
  })
})
