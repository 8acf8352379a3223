/**
 * A CAD use case run as a tool or a harness runs it, admitted under its
 * endpoint's rule (`admitted`): who lacks a key of the rule is refused as the
 * server refuses them, before the use case touches anything; who holds every
 * key gets the change, its history and its audit entry.
 */
import { assignUnit, createIncident, listCadEvents } from "@bluelight/core/cad"
import { admitted } from "@bluelight/core/identity"
import { accessNotChecked, aPerson, AUDIT_TABLE, auditEntries, CAD_EVENTS_TABLE, InMemoryDatabase, seedCrewedUnit, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { control, incidentInput, PAGE } from "./world.js"

/** The contract's rule for `POST /cad/incidents/{id}/assign`: dispatchers only. */
const DISPATCH = { access: "session-or-credential", permissions: ["cad.view", "cad.dispatch"] } as const

/** An open incident and an AVAILABLE unit, set up without the access check (not what is tested here). */
const anIncidentAndAUnit = Effect.gen(function*() {
  const { unit } = yield* seedCrewedUnit({ callsign: "MP-1" })
  const incident = yield* accessNotChecked(createIncident(control, incidentInput))
  return { incident, unit }
})

describe("a CAD use case admitted under its endpoint's rule", () => {
  it.effect("a caller lacking the rule's key is refused FORBIDDEN before any change: nothing written, no history, no audit entry", () =>
    Effect.gen(function*() {
      const { incident, unit } = yield* anIncidentAndAUnit
      const db = yield* InMemoryDatabase
      const before = yield* db.snapshot
      const audited = (yield* db.rows(AUDIT_TABLE)).length
      const recorded = (yield* db.rows(CAD_EVENTS_TABLE)).length
      const viewer = aPerson({ permissions: ["cad.view"], displayName: "Viewer" })
      const refused = yield* Effect.flip(assignUnit(viewer, incident.id, unit.id, unit.version).pipe(admitted(DISPATCH, viewer)))
      expect(refused).toMatchObject({ code: "FORBIDDEN", permission: "cad.dispatch" })
      expect(yield* db.snapshot).toEqual(before)
      expect(yield* db.rows(AUDIT_TABLE)).toHaveLength(audited)
      expect(yield* db.rows(CAD_EVENTS_TABLE)).toHaveLength(recorded)
    }).pipe(Effect.provide(testPorts())))

  it.effect("a caller holding every key of the rule runs it: the unit is assigned, with its history and audit entry", () =>
    Effect.gen(function*() {
      const { incident, unit } = yield* anIncidentAndAUnit
      const dispatcher = aPerson({ permissions: ["cad.view", "cad.dispatch"], displayName: "Dispatcher" })
      const assigned = yield* assignUnit(dispatcher, incident.id, unit.id, unit.version).pipe(admitted(DISPATCH, dispatcher))
      expect(assigned).toMatchObject({ id: unit.id, status: "ASSIGNED", incident: { id: incident.id } })
      const history = yield* listCadEvents({ unitId: unit.id }, PAGE).pipe(admitted({ access: "session-or-credential", permissions: ["cad.view"] }, dispatcher))
      expect(history.items.at(-1)).toMatchObject({ type: "UNIT_ASSIGNED", actor: { id: dispatcher.account.id } })
      expect((yield* auditEntries).at(-1)).toMatchObject({ action: "cad.unit.assigned", targetId: unit.id })
    }).pipe(Effect.provide(testPorts())))
})
