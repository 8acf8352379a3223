import { Effect, Layer } from "effect"
import type { Call } from "../cad/Call.js"
import type { GameLocation, LiveSnapshot } from "../game/LiveSnapshot.js"
import { GameCallLinks } from "../game/ports.js"
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
