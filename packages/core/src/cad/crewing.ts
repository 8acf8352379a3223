import { DateTime, Effect, Option, Schema } from "effect"
import { type AccountId, type Caller, requires, StaffInactive } from "../identity/index.js"
import { checkedPage, InvalidState, newId, NotFound, orNotFound, type Page, validated } from "../kernel/index.js"
import { CrewIdentifier, crewLeaveRefusal, type CrewMembership, CrewSearch, mayCrew, mayJoinCrew } from "./Crew.js"
import type { StatusMoveBy } from "./CadEventData.js"
import { AlreadyCrewed } from "./errors.js"
import { commitAndPublish, recordChange } from "./history.js"
import { CrewMemberId, type UnitId } from "./ids.js"
import { lockUnit, storeUnit } from "./locks.js"
import { CrewDirectory, CrewMemberships, Incidents } from "./ports.js"
import { clearRecorded } from "./clearing.js"
import { crewJoined, crewLeft, type Unit } from "./Unit.js"
import { unitSubjects, unitTarget } from "./units.js"
import { unitView } from "./views.js"

/** A new crew member's identifier as the crew rules have it: a caller that skipped the contract is held to them too. */
const validIdentifier = validated(Schema.Struct({ identifier: CrewIdentifier }), "The crew identifier is not valid")

/** A crew search as the crew rules have it: a caller that skipped the contract is held to them too. */
const validSearch = validated(Schema.Struct({ search: Schema.optional(CrewSearch) }), "The crew search is not valid")

const alreadyCrewed = new AlreadyCrewed({ message: "This person already crews a unit; they must leave it first" })

/** Records the status move a crew change made, if it made one. */
const recordStatusMove = (caller: Caller, before: Unit, after: Unit, reason: Extract<StatusMoveBy, "CREW_JOINED" | "CREW_LEFT">) =>
  before.status === after.status
    ? Effect.void
    : recordChange(caller, {
      type: "UNIT_STATUS_CHANGED",
      ...unitSubjects(after),
      data: { callsign: before.callsign, from: before.status, to: after.status, by: reason }
    }, unitTarget(after))

/**
 * A person joins a unit's crew (Control adding them, or booking on from the
 * MDT), inside the caller's transaction: one unit per person at a time
 * (`ALREADY_CREWED`, settled by the store under a race). An `OFF_DUTY` unit
 * becomes `AVAILABLE`. Records `CREW_JOINED`.
 */
export const joinCrew = (caller: Caller, unitId: UnitId, userId: AccountId, rawIdentifier: string) =>
  Effect.gen(function*() {
    const { identifier } = yield* validIdentifier({ identifier: rawIdentifier })
    const memberships = yield* CrewMemberships
    const unit = yield* lockUnit(unitId)
    const person = yield* CrewDirectory.use((directory) => directory.person(userId)).pipe(orNotFound("No such user"))
    if (!mayCrew(person.user, person.accountActive)) {
      return yield* new StaffInactive({ message: "Only active staff on active accounts can crew a unit" })
    }
    if (!mayJoinCrew(yield* memberships.currentOf(userId))) return yield* alreadyCrewed
    const membership: CrewMembership = {
      id: yield* newId(CrewMemberId),
      unitId: unit.id,
      userId,
      identifier,
      joinedAt: yield* DateTime.now,
      leftAt: null
    }
    if (!(yield* memberships.insert(membership))) return yield* alreadyCrewed
    const joined = crewJoined(unit, membership.joinedAt)
    yield* storeUnit(joined)
    yield* recordChange(caller, {
      type: "CREW_JOINED",
      ...unitSubjects(unit),
      data: { callsign: unit.callsign, crewId: membership.id, userId, identifier }
    }, unitTarget(unit))
    yield* recordStatusMove(caller, unit, joined, "CREW_JOINED")
    return { unit: joined, membership }
  })

/**
 * A membership ends (Control removing it, or booking off), inside the
 * caller's transaction, the unit already locked. When the last crew leaves,
 * the unit is first cleared from its incident (`UNIT_CLEARED`), then goes
 * `OFF_DUTY`. Records `CREW_LEFT`.
 */
export const leaveCrew = (caller: Caller, unit: Unit, membership: CrewMembership) =>
  Effect.gen(function*() {
    const memberships = yield* CrewMemberships
    const refusal = crewLeaveRefusal(membership, unit.id)
    if (refusal === "NOT_ON_UNIT") return yield* new NotFound({ message: "No such crew member on this unit" })
    if (refusal === "ALREADY_LEFT") return yield* new InvalidState({ message: "This crew member has already left the unit" })
    const now = yield* DateTime.now
    yield* memberships.update({ ...membership, leftAt: now })
    const remaining = (yield* memberships.currentOfUnit(unit.id)).length
    let current = unit
    if (remaining === 0 && unit.incidentId !== null) {
      const incident = yield* Effect.map(Incidents.use((incidents) => incidents.findById(unit.incidentId!)), Option.getOrNull)
      current = yield* clearRecorded(caller, unit, { id: unit.incidentId, number: incident?.number ?? null }, "CREW_LEFT", now)
    }
    const left = crewLeft(current, remaining, now)
    yield* storeUnit(left)
    yield* recordChange(caller, {
      type: "CREW_LEFT",
      ...unitSubjects(unit),
      data: { callsign: unit.callsign, crewId: membership.id, userId: membership.userId, identifier: membership.identifier }
    }, unitTarget(unit))
    yield* recordStatusMove(caller, current, left, "CREW_LEFT")
    return left
  })

/** `POST /cad/units/{id}/crew`: Control adds a person to a unit's crew. Answers the unit with its crew. */
export const addCrew = Effect.fn("cad.addCrew")(function*(caller: Caller, unitId: UnitId, input: { readonly userId: AccountId; readonly identifier: string }) {
  const { unit } = yield* commitAndPublish(joinCrew(caller, unitId, input.userId, input.identifier))
  return yield* unitView(unit)
}, requires("cad.view", "cad.units.manage"))

/** `POST /cad/units/{id}/crew/{crewId}/remove`: Control ends a membership. Answers the unit with its crew. */
export const removeCrew = Effect.fn("cad.removeCrew")(function*(caller: Caller, unitId: UnitId, crewId: CrewMemberId) {
  const unit = yield* commitAndPublish(Effect.gen(function*() {
    const unit = yield* lockUnit(unitId)
    const membership = yield* CrewMemberships.use((memberships) => memberships.findByIdForUpdate(crewId)).pipe(orNotFound("No such crew member on this unit"))
    return yield* leaveCrew(caller, unit, membership)
  }))
  return yield* unitView(unit)
}, requires("cad.view", "cad.units.manage"))

/** `GET /cad/units/eligible-crew`: active staff on active accounts, by display name. */
export const listEligibleCrew = Effect.fn("cad.listEligibleCrew")(function*(rawSearch: string | undefined, requested: Page) {
  const page = yield* checkedPage(requested)
  const { search } = yield* validSearch({ search: rawSearch })
  return yield* CrewDirectory.use((directory) => directory.eligible(search === "" ? undefined : search, page))
}, requires("cad.view", "cad.units.manage"))
