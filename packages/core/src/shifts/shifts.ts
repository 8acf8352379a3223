import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { actorOf, type Caller, forbidden, StaffDeactivation, StaffProfileId, requires } from "../identity/index.js"
import { AuditLog, checkedPage, emitEvent, inTransaction, InvalidInput, newId, orNotFound, Outbox, type Page, validated } from "../kernel/index.js"
import { lockActiveStaff, mayEndShifts, notActiveStaff, shiftActorFor, sourceOf } from "./access.js"
import { ShiftAlreadyActive, ShiftNotActive } from "./errors.js"
import { ShiftId } from "./ids.js"
import { type ShiftFilter, Shifts, ShiftSummaries } from "./ports.js"
import { endedAt, Shift, shiftDurationSeconds, shiftStatus, ShiftType } from "./Shift.js"

/** A shift as its endpoints answer it (the contract's `Shift`): with its status and whole seconds, as JSON. */
const shiftMessage = (shift: Shift) => ({ ...Schema.encodeSync(Shift)(shift), status: shiftStatus(shift), durationSeconds: shiftDurationSeconds(shift) })

/** A shift start as the shift rules have it (a known type, a well-formed staff id): a caller that skipped the contract is held to them too. */
const validStart = validated(Schema.Struct({ type: ShiftType, staffId: Schema.optional(StaffProfileId) }), "The shift is not valid")

const alreadyActive = new ShiftAlreadyActive({ message: "This staff profile already has an active shift: end it first" })

/**
 * `POST /shifts/start`: a new active shift for the caller's own profile, or,
 * with `shifts.manage`, for the profile `staffId` names. The profile must be
 * active staff; one active shift per profile (the store's unique key settles
 * two starts racing).
 */
export const startShift = Effect.fn("shifts.startShift")(function*(
  caller: Caller,
  start: { readonly type: ShiftType; readonly staffId?: StaffProfileId | undefined }
) {
  const input = yield* validStart(start)
  const actor = yield* shiftActorFor(caller, input.staffId)
  const shifts = yield* Shifts
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    if (!(yield* lockActiveStaff(actor.staffId))) return yield* notActiveStaff(actor)
    if (Option.isSome(yield* shifts.findActiveForUpdate(actor.staffId))) return yield* alreadyActive
    const shift: Shift = {
      id: yield* newId(ShiftId),
      staffId: actor.staffId,
      type: input.type,
      source: sourceOf(caller, actor),
      startedAt: yield* DateTime.now,
      endedAt: null
    }
    if (!(yield* shifts.insert(shift))) return yield* alreadyActive
    yield* audit.record({
      action: "shift.started",
      actor: actorOf(caller),
      targetType: "shift",
      targetId: shift.id,
      data: { staffId: shift.staffId, type: shift.type, source: shift.source, startedAt: DateTime.formatIso(shift.startedAt) }
    })
    yield* emitEvent("shift.started", shiftMessage(shift))
    return shift
  }))
})

/** Ends a locked active shift now and audits it; `reason` says why when it is not a request to end it. */
const endLocked = (caller: Caller, shift: Shift, reason?: string) =>
  Effect.gen(function*() {
    const ended = endedAt(shift, yield* DateTime.now)
    yield* Shifts.use((shifts) => shifts.update(ended))
    yield* AuditLog.use((audit) =>
      audit.record({
        action: "shift.ended",
        actor: actorOf(caller),
        targetType: "shift",
        targetId: shift.id,
        data: {
          staffId: shift.staffId,
          type: shift.type,
          endedAt: DateTime.formatIso(ended.endedAt!),
          durationSeconds: shiftDurationSeconds(ended),
          ...(reason === undefined ? {} : { reason })
        }
      })
    )
    yield* emitEvent("shift.ended", shiftMessage(ended))
    return ended
  })

/**
 * `POST /shifts/end`: ends an active shift. One's own needs active staff;
 * another profile's needs `shifts.manage`. An ended shift is `SHIFT_NOT_ACTIVE`.
 */
export const endShift = Effect.fn("shifts.endShift")(function*(caller: Caller, input: { readonly id: ShiftId }) {
  const shifts = yield* Shifts
  yield* mayEndShifts(caller)
  return yield* inTransaction(Effect.gen(function*() {
    const shift = yield* shifts.findByIdForUpdate(input.id).pipe(orNotFound("No such shift"))
    // Own or another's, decided on the caller as authenticated. The profile is not locked: a
    // deactivation locks the profile and then its shift, so locking here in the other order could
    // deadlock, and a deactivation that wins ends the shift itself (SHIFT_NOT_ACTIVE here).
    yield* shiftActorFor(caller, shift.staffId)
    if (shift.endedAt !== null) return yield* new ShiftNotActive({ message: "This shift has already ended" })
    return yield* endLocked(caller, shift)
  }))
})

/**
 * `GET /shifts`: with `shifts.view`, any profile's shifts; without it, only
 * the caller's own (another `staffId` is `FORBIDDEN`, and so is a caller
 * without a staff profile).
 */
export const listShifts = Effect.fn("shifts.listShifts")(function*(caller: Caller, filter: ShiftFilter, requested: Page) {
  const page = yield* checkedPage(requested)
  const scoped = yield* visibleShifts(caller, filter)
  return yield* Shifts.use((shifts) => shifts.list(scoped, page))
})

const visibleShifts = (caller: Caller, filter: ShiftFilter): Effect.Effect<ShiftFilter, ReturnType<typeof forbidden>> => {
  if (caller.permissions.has("shifts.view")) return Effect.succeed(filter)
  const own = caller._tag === "User" ? caller.staff?.id : undefined
  if (own === undefined || (filter.staffId !== undefined && filter.staffId !== own)) return Effect.fail(forbidden("shifts.view"))
  return Effect.succeed({ ...filter, staffId: own })
}

/**
 * `GET /shifts/summary`: total time per staff profile and shift type from
 * `from` (inclusive) to `to` (exclusive); each shift clipped to the range,
 * active ones counting up to now. `to` must be after `from`.
 */
export const shiftSummary = Effect.fn("shifts.shiftSummary")(function*(
  range: { readonly from: DateTime.Utc; readonly to: DateTime.Utc; readonly staffId?: StaffProfileId | undefined },
  requested: Page
) {
  const page = yield* checkedPage(requested)
  if (!DateTime.isLessThan(range.from, range.to)) {
    return yield* new InvalidInput({ message: "Invalid time range", details: [{ path: ["query", "to"], message: "must be after from" }] })
  }
  const now = yield* DateTime.now
  return yield* ShiftSummaries.use((summaries) => summaries.totals({ ...range, now }, page))
}, requires("shifts.view"))

/**
 * A deactivated profile's active shift ends with it, in the deactivation's
 * transaction, audited as `shift.ended` by whoever deactivated the profile
 * (with `reason: "staff-deactivated"`).
 */
export const EndShiftOnDeactivation = Layer.effect(
  StaffDeactivation,
  Effect.gen(function*() {
    const shifts = yield* Shifts
    const audit = yield* AuditLog
    const outbox = yield* Outbox
    return {
      deactivated: (caller: Caller, staffId: StaffProfileId) =>
        Effect.flatMap(
          shifts.findActiveForUpdate(staffId),
          Option.match({
            onNone: () => Effect.void,
            onSome: (shift) => Effect.asVoid(endLocked(caller, shift, "staff-deactivated"))
          })
        ).pipe(
          Effect.provideService(Shifts, shifts),
          Effect.provideService(AuditLog, audit),
          Effect.provideService(Outbox, outbox),
          Effect.withSpan("shifts.endShiftOnDeactivation")
        )
    }
  })
)
