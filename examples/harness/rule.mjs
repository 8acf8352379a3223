/**
 * A community's own rule, checked by a harness on Bluelight's real rules and in-memory ports, as a tool outside the
 * repository does it (installed from the packed tarballs): "an IMMEDIATE incident has a unit assigned within ten
 * minutes of being opened". The rule is the community's (Bluelight does not enforce it); the harness plays an
 * evening through the core's use cases, each admitted under its operation's access rule as the server admits its
 * callers, with callers and seeds from the testing kit and the clock it drives, then judges the CAD history with the
 * rule. Exits non-zero on the first assertion that fails.
 */
import { accessRuleOf, BluelightApi } from "@bluelight/api"
import { assignUnit, createIncident, listCadEvents } from "@bluelight/core/cad"
import { admitted } from "@bluelight/core/identity"
import { advanceClock, aPerson, seedCrewedUnit, setNow, testPorts } from "@bluelight/core/testing"
import { DateTime, Effect, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import assert from "node:assert/strict"

/** How long an IMMEDIATE incident may wait for its first unit, by the community's standing orders. */
const IMMEDIATE_RESPONSE_MS = 10 * 60 * 1000

/**
 * The rule, on the CAD history as Bluelight records it: the numbers of the IMMEDIATE incidents whose first unit
 * was assigned later than allowed, or not yet at `now`.
 */
export const lateImmediateIncidents = (events, now) => {
  const opened = new Map()
  const firstAssigned = new Map()
  for (const event of events) {
    if (event.type === "INCIDENT_CREATED" && event.data.priority === "IMMEDIATE") opened.set(event.data.number, event.at)
    if (event.type === "UNIT_ASSIGNED" && !firstAssigned.has(event.data.incidentNumber)) firstAssigned.set(event.data.incidentNumber, event.at)
  }
  const late = []
  for (const [number, at] of opened) {
    const answered = firstAssigned.get(number) ?? now
    if (DateTime.toEpochMillis(answered) - DateTime.toEpochMillis(at) > IMMEDIATE_RESPONSE_MS) late.push(number)
  }
  return late
}

/**
 * A use case called as the server would call it for `group`'s `operation`: the core's use cases require proof that
 * their caller was admitted under the operation's access rule, and `admitted` checks that rule before the use case
 * runs. The rule is the contract's own (`accessRuleOf`, `@bluelight/api`), so the harness refuses exactly what the
 * server refuses (`FORBIDDEN` for a permission the caller lacks).
 */
const asTheServerWould = (group, operation, caller, useCase) =>
  useCase.pipe(admitted(Option.getOrThrow(accessRuleOf(BluelightApi.groups[group].endpoints[operation])), caller))

/** Control: a dispatcher holding what opening incidents and dispatching asks, made by the kit from those keys. */
const control = aPerson({ displayName: "Control", permissions: ["cad.view", "cad.incidents.create", "cad.dispatch"] })

const evening = Effect.gen(function*() {
  yield* setNow("2026-11-27T20:00:00Z")
  const { unit } = yield* seedCrewedUnit({ callsign: "MP-1" })
  const open = (caller, fields) =>
    asTheServerWould("cadIncidents", "createIncident", caller, createIncident(caller, { priority: "IMMEDIATE", description: "", controlNotes: "", ...fields }))
  const fire = yield* open(control, { type: "Fire", location: "A1 J4" })
  yield* advanceClock("4 minutes")
  yield* asTheServerWould("cadIncidents", "assignUnit", control, assignUnit(control, fire.id, unit.id, unit.version))
  const fight = yield* open(control, { type: "Assault", location: "Legion Square" })
  yield* advanceClock("11 minutes")

  const history = yield* asTheServerWould("cadEvents", "listCadEvents", control, listCadEvents({}, { limit: 100, offset: 0 }))
  const late = lateImmediateIncidents(history.items, yield* DateTime.now)
  assert.deepEqual(late, [fight.number], "the fight, waiting eleven minutes, breaks the rule; the fire, answered in four, does not")

  // Bluelight's own access rules hold beside the community's: a crew member may not open an incident.
  const crew = aPerson({ displayName: "Crew Member", permissions: ["cad.view", "cad.unit.self"] })
  const refused = yield* Effect.flip(open(crew, { type: "Fire", location: "A1" }))
  assert.equal(refused.code, "FORBIDDEN", "a crew member cannot open an incident")
  return { fire, fight }
})

const { fire, fight } = await Effect.runPromise(evening.pipe(Effect.provide(Layer.merge(testPorts(), TestClock.layer()))))
console.log(`harness: incident ${fire.number} answered in time, incident ${fight.number} late by the community's rule`)
