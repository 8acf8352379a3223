import { DateTime, Effect, Schema } from "effect"
import { type Caller, requires } from "../identity/index.js"
import { checkedPage, InvalidInput, newId, NoChange, orNotFound, type Page, validated } from "../kernel/index.js"
import { ensureVersion } from "./errors.js"
import { commitAndPublish, recordChange } from "./history.js"
import { UnitId } from "./ids.js"
import { lockUnit, storeUnit } from "./locks.js"
import { Units } from "./ports.js"
import { changed, moveStatus, type Unit, UnitFields, UnitStatus } from "./Unit.js"
import { unitView, withCrew } from "./views.js"

const callsignTaken = (callsign: string) =>
  new InvalidInput({ message: "Callsign in use", details: [{ path: ["callsign"], message: `another unit has the callsign ${callsign}` }] })

/** The fields as the unit rules have them (callsign, agency code, type): a caller that skipped the contract is held to them too. */
const validFields = validated(UnitFields, "The unit's fields are not valid")

/** A status move as the unit rules have it (a known status): a caller that skipped the contract is held to them too. */
const validMove = validated(Schema.Struct({ status: UnitStatus }), "The unit's status is not valid")

const fieldsOf = (unit: UnitFields): UnitFields => ({ callsign: unit.callsign, agencyCode: unit.agencyCode, type: unit.type })

export const unitSubjects = (unit: Unit) => ({ incidentId: unit.incidentId, unitId: unit.id, callId: null })
export const unitTarget = (unit: Unit) => ({ type: "unit", id: unit.id })

/** `GET /cad/units`: by callsign, each with its crew. */
export const listUnits = Effect.fn("cad.listUnits")(function*(requested: Page) {
  const page = yield* checkedPage(requested)
  const found = yield* Units.use((units) => units.list(page))
  return { items: yield* withCrew(found.items), meta: found.meta }
}, requires("cad.view"))

export const getUnit = Effect.fn("cad.getUnit")(function*(id: UnitId) {
  const unit = yield* Units.use((units) => units.findById(id)).pipe(orNotFound("No such unit"))
  return yield* unitView(unit)
}, requires("cad.view"))

/** A new unit, `OFF_DUTY` until crew joins. Callsigns are unique ignoring case. Records `UNIT_CREATED`. */
export const createUnit = Effect.fn("cad.createUnit")(function*(caller: Caller, input: UnitFields) {
  const fields = yield* validFields(input)
  const units = yield* Units
  const unit = yield* commitAndPublish(Effect.gen(function*() {
    const now = yield* DateTime.now
    const unit: Unit = { id: yield* newId(UnitId), ...fieldsOf(fields), status: "OFF_DUTY", incidentId: null, version: 1, createdAt: now, updatedAt: now }
    if (!(yield* units.insert(unit))) return yield* callsignTaken(unit.callsign)
    yield* recordChange(caller, { type: "UNIT_CREATED", ...unitSubjects(unit), data: { ...fieldsOf(unit) } }, unitTarget(unit))
    return unit
  }))
  return yield* unitView(unit)
}, requires("cad.view", "cad.units.manage"))

/** Control replaces a unit's callsign, agency and type with its current `version`. Records `UNIT_UPDATED`. */
export const updateUnit = Effect.fn("cad.updateUnit")(function*(caller: Caller, id: UnitId, input: UnitFields, version: number) {
  const fields = yield* validFields(input)
  const units = yield* Units
  const unit = yield* commitAndPublish(Effect.gen(function*() {
    const unit = yield* lockUnit(id)
    yield* ensureVersion(unit, version)
    const before = fieldsOf(unit)
    const after = fieldsOf(fields)
    if (before.callsign === after.callsign && before.agencyCode === after.agencyCode && before.type === after.type) {
      return yield* new NoChange({ message: "The unit already has these fields" })
    }
    const updated = changed(unit, after, yield* DateTime.now)
    if (!(yield* units.update(updated))) return yield* callsignTaken(after.callsign)
    yield* recordChange(caller, { type: "UNIT_UPDATED", ...unitSubjects(unit), data: { before, after } }, unitTarget(unit))
    return updated
  }))
  return yield* unitView(unit)
}, requires("cad.view", "cad.units.manage"))

/**
 * A status move of one unit, by Control or its crew, with the unit's current
 * `version`; the moves are `moveStatus`'s. Records `UNIT_STATUS_CHANGED`.
 * Runs inside the caller's transaction.
 */
export const changeUnitStatus = (caller: Caller, unit: Unit, status: UnitStatus, version: number, by: "CONTROL" | "CREW") =>
  Effect.gen(function*() {
    yield* ensureVersion(unit, version)
    const moved = yield* moveStatus(unit, status, yield* DateTime.now)
    yield* storeUnit(moved)
    yield* recordChange(caller, {
      type: "UNIT_STATUS_CHANGED",
      ...unitSubjects(unit),
      data: { callsign: unit.callsign, from: unit.status, to: moved.status, by }
    }, unitTarget(unit))
    return moved
  })

/** `POST /cad/units/{id}/status`: Control moves a unit's status. */
export const setUnitStatus = Effect.fn("cad.setUnitStatus")(function*(caller: Caller, id: UnitId, rawStatus: UnitStatus, version: number) {
  const { status } = yield* validMove({ status: rawStatus })
  const unit = yield* commitAndPublish(Effect.flatMap(lockUnit(id), (unit) => changeUnitStatus(caller, unit, status, version, "CONTROL")))
  return yield* unitView(unit)
}, requires("cad.view", "cad.dispatch"))
