/**
 * Every list use case holds its page to the bounds the contract gives `limit`
 * and `offset` (`PAGE_LIMIT`, `PAGE_OFFSET`): a caller that skipped the
 * contract gets `INVALID_INPUT` at the field, never a failed or unbounded read.
 */
import { listCadEvents, listCalls, listEligibleCrew, listIncidents, listUnits } from "@bluelight/core/cad"
import {
  createCivilian,
  listCivilianRecords,
  listCivilians,
  listMarkers,
  listPncEvents,
  listWarrants,
  searchCivilians,
  searchVehicles
} from "@bluelight/core/civilians"
import { livePlayers, lookupPlayers } from "@bluelight/core/game"
import { listRoles, listStaff } from "@bluelight/core/identity"
import { InvalidInput, type Page, PAGE_LIMIT, PAGE_OFFSET } from "@bluelight/core/kernel"
import { listModerationActions, playerHistory } from "@bluelight/core/moderation"
import { listRoleplaySessions, listShifts, shiftSummary } from "@bluelight/core/shifts"
import { accessNotChecked, aPerson, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, type Layer } from "effect"
import { TestClock } from "effect/testing"

type Ports = Layer.Success<ReturnType<typeof testPorts>>

const reader = aPerson({
  permissions: ["cad.view", "pnc.view", "civilians.create", "civilians.manage", "shifts.view", "moderation.view"],
  displayName: "Reader"
})
const character = { fullName: "John Smith", dateOfBirth: "1990-05-14", gender: "MALE", address: "1 High Street" } as const

/** Every list use case of the contexts, by name, asked for one page. */
const LISTS: ReadonlyArray<readonly [string, (page: Page) => Effect.Effect<unknown, unknown, Ports>]> = [
  ["listCalls", (page) => listCalls("WAITING", page)],
  ["listIncidents", (page) => listIncidents("OPEN", page)],
  ["listUnits", (page) => listUnits(page)],
  ["listEligibleCrew", (page) => listEligibleCrew(undefined, page)],
  ["listCadEvents", (page) => listCadEvents({}, page)],
  ["listCivilians", (page) => listCivilians(reader, undefined, page)],
  ["searchCivilians", (page) => searchCivilians("", page)],
  ["searchVehicles", (page) => searchVehicles("", page)],
  ["listPncEvents", (page) => listPncEvents(reader, {}, page)],
  ["listCivilianRecords", (page) => Effect.flatMap(createCivilian(reader, character), (civilian) => listCivilianRecords(civilian.id, page))],
  ["listWarrants", (page) => listWarrants({}, page)],
  ["listMarkers", (page) => listMarkers({}, page)],
  ["listRoles", (page) => accessNotChecked(listRoles(page))],
  ["listStaff", (page) => accessNotChecked(listStaff({}, page))],
  ["listRoleplaySessions", (page) => accessNotChecked(listRoleplaySessions({}, page))],
  ["listShifts", (page) => listShifts(reader, {}, page)],
  ["shiftSummary", (page) => accessNotChecked(shiftSummary({ from: DateTime.makeUnsafe(0), to: DateTime.makeUnsafe(1) }, page))],
  ["listModerationActions", (page) => accessNotChecked(listModerationActions({}, page))],
  ["playerHistory", (page) => accessNotChecked(playerHistory("101", page))],
  ["livePlayers", (page) => accessNotChecked(livePlayers(page))],
  ["lookupPlayers", (page) => accessNotChecked(lookupPlayers("jane", page))]
]

/** The problems of the use case's refusal, when it is `INVALID_INPUT`. */
const problems = (effect: Effect.Effect<unknown, unknown, Ports>) =>
  Effect.map(Effect.flip(effect), (error) => (error instanceof InvalidInput ? error.details : error))

const limitOut = { path: ["limit"], message: `limit must be an integer from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}` }
const offsetOut = { path: ["offset"], message: `offset must be an integer from ${PAGE_OFFSET.min} to ${PAGE_OFFSET.max}` }

describe("list use cases hold their page to the bounds", () => {
  for (const [name, list] of LISTS) {
    it.effect(`${name}: a page past the bounds, negative or fractional is refused at its field; the bounds themselves are read`, () =>
      Effect.gen(function*() {
        // A day when the seeded character (born 1990) can be made.
        yield* TestClock.setTime(DateTime.makeUnsafe("2026-06-15T12:00:00.000Z").epochMilliseconds)
        expect(yield* problems(list({ limit: PAGE_LIMIT.max + 1, offset: PAGE_OFFSET.max + 1 }))).toEqual([limitOut, offsetOut])
        expect(yield* problems(list({ limit: PAGE_LIMIT.min - 1, offset: -1 }))).toEqual([limitOut, offsetOut])
        expect(yield* problems(list({ limit: 2.5, offset: 0 }))).toEqual([limitOut])
        yield* list({ limit: PAGE_LIMIT.max, offset: PAGE_OFFSET.max })
        yield* list({ limit: PAGE_LIMIT.min, offset: PAGE_OFFSET.min })
      }).pipe(Effect.provide(testPorts())))
  }
})
