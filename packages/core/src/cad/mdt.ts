import { Effect, Option, Schema } from "effect"
import { type Caller, type Forbidden, requires, type StaffRequired, type UserCaller } from "../identity/index.js"
import { InvalidState, validated } from "../kernel/index.js"
import { isCurrent } from "./Crew.js"
import { crewHandRefusal, crewHandStaffRequired } from "./crewHand.js"
import { joinCrew, leaveCrew } from "./crewing.js"
import { commitAndPublish } from "./history.js"
import type { UnitId } from "./ids.js"
import { lockUnit } from "./locks.js"
import { CrewDirectory, CrewMemberships, Incidents, Units } from "./ports.js"
import { MdtUnitStatus } from "./Unit.js"
import { changeUnitStatus } from "./units.js"
import { unitView } from "./views.js"

/**
 * MDT self-service is a crew's own hand (`crewHand.ts`, the rule the game's
 * chat shares): `cad.unit.self` (`FORBIDDEN`), then active staff on an active
 * account (`STAFF_REQUIRED`); credentials never reach it.
 */
const activeStaff = (caller: Caller): Effect.Effect<UserCaller, StaffRequired | Forbidden> => {
  if (caller._tag === "Service") return Effect.fail(crewHandStaffRequired)
  const refusal = crewHandRefusal(caller)
  return refusal === null ? Effect.succeed(caller) : Effect.fail(refusal)
}

/** A crew's status move as the MDT rules have it (never `ASSIGNED`, only Control assigns): a caller that skipped the contract is held to them too. */
const validMove = validated(Schema.Struct({ status: MdtUnitStatus }), "The unit's status is not valid")

const notCrewing = new InvalidState({ message: "You are not crewing a unit" })

/** `GET /mdt/me`: my current crew membership, its unit (with crew) and the incident it attends, each `null` when none. */
export const myMdt = Effect.fn("cad.myMdt")(function*(caller: Caller) {
  const user = yield* activeStaff(caller)
  const membership = yield* CrewMemberships.use((memberships) => memberships.currentOf(user.account.id))
  if (Option.isNone(membership)) return { crew: null, unit: null, incident: null }
  const crew = yield* CrewDirectory.use((directory) => directory.member(membership.value.id))
  const unit = yield* Units.use((units) => units.findById(membership.value.unitId))
  if (Option.isNone(unit) || Option.isNone(crew)) return yield* Effect.die(new Error(`crew membership ${membership.value.id} has no unit`))
  const incident = unit.value.incidentId === null
    ? null
    : Option.getOrNull(yield* Incidents.use((incidents) => incidents.findById(unit.value.incidentId!)))
  return { crew: crew.value, unit: yield* unitView(unit.value), incident }
}, requires("cad.unit.self"))

/** `POST /mdt/book-on`: I join a unit's crew, with my identifier (one unit at a time). */
export const bookOn = Effect.fn("cad.bookOn")(function*(caller: Caller, input: { readonly unitId: UnitId; readonly identifier: string }) {
  const user = yield* activeStaff(caller)
  yield* commitAndPublish(joinCrew(user, input.unitId, user.account.id, input.identifier))
  return yield* myMdt(user)
}, requires("cad.unit.self"))

/** My current membership, locked after its unit (the lock order), or `INVALID_STATE` when I crew no unit. */
const lockMyCrew = (user: UserCaller) =>
  Effect.gen(function*() {
    const memberships = yield* CrewMemberships
    const current = yield* Effect.flatMap(
      memberships.currentOf(user.account.id),
      Option.match({ onNone: () => Effect.fail(notCrewing), onSome: Effect.succeed })
    )
    const unit = yield* lockUnit(current.unitId)
    const membership = yield* memberships.findByIdForUpdate(current.id)
    if (Option.isNone(membership) || !isCurrent(membership.value)) return yield* notCrewing
    return { unit, membership: membership.value }
  })

/** `POST /mdt/book-off`: I leave my unit's crew (the last to leave takes it `OFF_DUTY`). */
export const bookOff = Effect.fn("cad.bookOff")(function*(caller: Caller) {
  const user = yield* activeStaff(caller)
  yield* commitAndPublish(Effect.flatMap(lockMyCrew(user), ({ membership, unit }) => leaveCrew(user, unit, membership)))
  return yield* myMdt(user)
}, requires("cad.unit.self"))

/** `POST /mdt/status`: I move my unit's status, with its current `version` (never to `ASSIGNED`: only Control assigns). */
export const setMyUnitStatus = Effect.fn("cad.setMyUnitStatus")(function*(caller: Caller, rawStatus: MdtUnitStatus, version: number) {
  const { status } = yield* validMove({ status: rawStatus })
  const user = yield* activeStaff(caller)
  yield* commitAndPublish(Effect.flatMap(lockMyCrew(user), ({ unit }) => changeUnitStatus(user, unit, status, version, "CREW")))
  return yield* myMdt(user)
}, requires("cad.unit.self"))
