import { DateTime, Effect, Equal } from "effect"
import { type Caller, requires } from "../identity/index.js"
import { checkedPage, emitView, newId, NoChange, orNotFound, type Page, validated } from "../kernel/index.js"
import { ensureVersion } from "./errors.js"
import { commitAndPublish, recordChange } from "./history.js"
import { IncidentId } from "./ids.js"
import { ensureOpen, Incident, incidentFields, IncidentFields, type IncidentStatus } from "./Incident.js"
import { lockIncident, storeUnit } from "./locks.js"
import { Incidents, Units } from "./ports.js"
import { clearRecorded } from "./clearing.js"
import { incidentDetail } from "./views.js"

/** The fields as the incident rules have them: a caller that skipped the contract is held to them too. */
const validFields = validated(IncidentFields, "The incident's fields are not valid")

const target = (incident: Incident) => ({ type: "incident", id: incident.id })
const subjects = (incident: Incident) => ({ incidentId: incident.id, unitId: null, callId: null })

/** `GET /cad/incidents`: open ones by priority then number, closed ones newest first. */
export const listIncidents = Effect.fn("cad.listIncidents")(function*(status: IncidentStatus, requested: Page) {
  const page = yield* checkedPage(requested)
  return yield* Incidents.use((incidents) => incidents.list(status, page))
}, requires("cad.view"))

/** One incident with its attending units and attached calls. */
export const getIncident = Effect.fn("cad.getIncident")(function*(id: IncidentId) {
  const incident = yield* Incidents.use((incidents) => incidents.findById(id)).pipe(orNotFound("No such incident"))
  return yield* incidentDetail(incident)
}, requires("cad.view"))

/** Control opens an incident; its number comes from a sequence. Records `INCIDENT_CREATED`. */
export const createIncident = Effect.fn("cad.createIncident")(function*(caller: Caller, input: IncidentFields) {
  const fields = yield* validFields(input)
  const incidents = yield* Incidents
  return yield* commitAndPublish(Effect.gen(function*() {
    const now = yield* DateTime.now
    const incident: Incident = {
      id: yield* newId(IncidentId),
      number: yield* incidents.nextNumber,
      status: "OPEN",
      ...incidentFields(fields),
      version: 1,
      createdAt: now,
      updatedAt: now,
      closedAt: null
    }
    yield* incidents.insert(incident)
    yield* recordChange(
      caller,
      { type: "INCIDENT_CREATED", ...subjects(incident), data: { number: incident.number, ...incidentFields(incident) } },
      target(incident)
    )
    yield* emitView("cad.incident.created", Incident, incident)
    return incident
  }))
}, requires("cad.view", "cad.incidents.create"))

/**
 * Control replaces an open incident's fields, sending the `version` it read
 * (stale: `CAD_CONFLICT`; the same fields again: `NO_CHANGE`). Records
 * `INCIDENT_UPDATED` with the fields before and after.
 */
export const updateIncident = Effect.fn("cad.updateIncident")(function*(caller: Caller, id: IncidentId, input: IncidentFields, version: number) {
  const fields = yield* validFields(input)
  const incidents = yield* Incidents
  return yield* commitAndPublish(Effect.gen(function*() {
    const incident = yield* lockIncident(id)
    yield* ensureVersion(incident, version)
    yield* ensureOpen(incident)
    const before = incidentFields(incident)
    const after = incidentFields(fields)
    if (Equal.equals(before, after)) return yield* new NoChange({ message: "The incident already has these fields" })
    const updated: Incident = { ...incident, ...after, version: incident.version + 1, updatedAt: yield* DateTime.now }
    yield* incidents.update(updated)
    yield* recordChange(caller, { type: "INCIDENT_UPDATED", ...subjects(incident), data: { number: incident.number, before, after } }, target(incident))
    return updated
  }))
}, requires("cad.view", "cad.incidents.manage"))

/**
 * Control closes an open incident with its current `version`: every unit
 * attending it is cleared first (`UNIT_CLEARED` each, `AVAILABLE`), then
 * `INCIDENT_CLOSED`.
 */
export const closeIncident = Effect.fn("cad.closeIncident")(function*(caller: Caller, id: IncidentId, version: number) {
  const incidents = yield* Incidents
  const units = yield* Units
  return yield* commitAndPublish(Effect.gen(function*() {
    const incident = yield* lockIncident(id)
    yield* ensureVersion(incident, version)
    yield* ensureOpen(incident)
    const now = yield* DateTime.now
    for (const unit of yield* units.attendingForUpdate(incident.id)) {
      yield* storeUnit(yield* clearRecorded(caller, unit, incident, "INCIDENT_CLOSED", now))
    }
    const closed: Incident = { ...incident, status: "CLOSED", version: incident.version + 1, updatedAt: now, closedAt: now }
    yield* incidents.update(closed)
    yield* recordChange(caller, { type: "INCIDENT_CLOSED", ...subjects(incident), data: { number: incident.number } }, target(incident))
    yield* emitView("cad.incident.closed", Incident, closed)
    return closed
  }))
}, requires("cad.view", "cad.incidents.manage"))
