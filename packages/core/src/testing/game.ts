import { DateTime, type Duration, Effect, Layer, Option } from "effect"
import type { Call } from "../cad/index.js"
import {
  GameCallLinks,
  GameEventInbox,
  GameEventInboxFull,
  type GameLocation,
  type InboxBatch,
  type LiveSnapshot,
  type ReceivedGameEvents
} from "../game/index.js"
import { CALLS_TABLE } from "./cad.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

/** The parts of the live picture a test sets beside the status and the players (`TestGameState`). */
export interface TestPicture extends Omit<LiveSnapshot, "observedAt" | "status" | "players"> {
  /** Where players are, by platform id; a player not in it has no location yet. */
  readonly locations: Readonly<Record<string, GameLocation>>
  /** Wanted stars by platform id; 0 when not in it. */
  readonly wantedStars: Readonly<Record<string, number>>
}

export const EMPTY_PICTURE: TestPicture = {
  staff: [],
  joinLogs: [],
  killLogs: [],
  commandLogs: [],
  modCalls: [],
  queue: [],
  vehicles: [],
  emergencyCalls: [],
  locations: {},
  wantedStars: {}
}

/**
 * Which CAD call each game call number became, from the in-memory calls
 * table (the newest call carrying the number), as the database answers it.
 */
export const InMemoryGameCallLinks = Layer.effect(
  GameCallLinks,
  InMemoryDatabase.useSync((db) => ({
    callsFor: (numbers: ReadonlyArray<number>) =>
      Effect.map(db.rows<Call>(CALLS_TABLE), (calls) => {
        const wanted = new Set(numbers)
        const oldestFirst = [...calls].sort((a, b) => a.createdAt.epochMilliseconds - b.createdAt.epochMilliseconds || (a.id < b.id ? -1 : 1))
        return new Map(
          oldestFirst.flatMap((call) => (call.gameCallNumber !== null && wanted.has(call.gameCallNumber) ? [[call.gameCallNumber, call.id] as const] : []))
        )
      })
  }))
)

export const GAME_EVENT_INBOX_TABLE = "game_event_inbox"

interface InboxRow extends InboxBatch {
  readonly receivedAt: DateTime.Utc
  readonly takenBy: string | null
  readonly takenUntil: DateTime.Utc | null
  /** Why the batch was set aside; null while it waits or is taken. */
  readonly failure: string | null
}

/**
 * The inbox of the game's batches as a table, oldest (smallest id) first,
 * leases by the clock as the Postgres one.
 */
export const InMemoryGameEventInbox = Layer.effect(
  GameEventInbox,
  Effect.gen(function*() {
    const db = yield* InMemoryDatabase
    let lastId = 0
    const change = (id: string, f: (row: InboxRow) => InboxRow) =>
      db.update<InboxRow>(GAME_EVENT_INBOX_TABLE, (stored) => stored.map((row) => (row.id === id ? f(row) : row)))
    return {
      put: (batch: ReceivedGameEvents, maxPendingEvents: number) =>
        Effect.gen(function*() {
          const receivedAt = yield* DateTime.now
          let pendingEvents = 0
          // The count and the write in one update of the table, as the store's lock makes them one step.
          yield* db.update<InboxRow>(GAME_EVENT_INBOX_TABLE, (stored) => {
            pendingEvents = stored.reduce((sum, row) => sum + (row.failure === null ? row.events.length : 0), 0)
            if (pendingEvents >= maxPendingEvents) return stored
            lastId += 1
            return [...stored, {
              id: String(lastId),
              server: batch.server,
              events: batch.events,
              requestId: batch.requestId,
              receivedAt,
              takenBy: null,
              takenUntil: null,
              failure: null
            }]
          })
          if (pendingEvents >= maxPendingEvents) return yield* new GameEventInboxFull({ pendingEvents })
        }),
      take: (taker: string, leaseFor: Duration.Duration) =>
        Effect.gen(function*() {
          const now = yield* DateTime.now
          const until = DateTime.addDuration(now, leaseFor)
          let taken: InboxRow | undefined
          // The look and the write in one update of the table, so two takers at once never take one batch.
          yield* db.update<InboxRow>(GAME_EVENT_INBOX_TABLE, (stored) => {
            taken = [...stored]
              .filter((row) => row.failure === null && (row.takenUntil === null || !DateTime.isGreaterThan(row.takenUntil, now)))
              .sort((a, b) => Number(a.id) - Number(b.id))[0]
            return stored.map((row) => (row.id === taken?.id ? { ...row, takenBy: taker, takenUntil: until } : row))
          })
          if (taken === undefined) return Option.none<InboxBatch>()
          const { id, requestId, server, events } = taken
          return Option.some<InboxBatch>({ id, requestId, server, events })
        }),
      release: (id: string) => change(id, (row) => ({ ...row, takenBy: null, takenUntil: null })),
      setAside: (id: string, reason: string) => change(id, (row) => ({ ...row, takenBy: null, takenUntil: null, failure: reason })),
      done: (id: string) => db.update<InboxRow>(GAME_EVENT_INBOX_TABLE, (stored) => stored.filter((row) => row.id !== id))
    }
  })
)
