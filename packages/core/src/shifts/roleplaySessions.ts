import { DateTime, Effect, Schema } from "effect"
import { actorOf, type Caller, isActiveStaff, requires } from "../identity/index.js"
import {
  type AuditAction,
  AuditLog,
  checkedPage,
  checkWithinWindow,
  inTransaction,
  InvalidState,
  newId,
  orNotFound,
  type Page,
  validated
} from "../kernel/index.js"
import { lockActiveStaff, staffRequired } from "./access.js"
import { RoleplaySessionId } from "./ids.js"
import { RoleplaySessions } from "./ports.js"
import {
  nextStatus,
  requiredStatus,
  RoleplayDescription,
  type RoleplayMove,
  type RoleplaySession,
  type RoleplaySessionStatus,
  RoleplayTitle,
  SESSION_TIME
} from "./RoleplaySession.js"

/** A session's text as the session rules have it (title, description): a caller that skipped the contract is held to them too. */
const validText = validated(
  Schema.Struct({ title: RoleplayTitle, description: Schema.optional(RoleplayDescription) }),
  "The role-play session is not valid"
)

/** `GET /sessions`: role-play sessions, latest scheduled first. */
export const listRoleplaySessions = Effect.fn("shifts.listRoleplaySessions")(function*(
  filter: { readonly status?: RoleplaySessionStatus | undefined },
  requested: Page
) {
  const page = yield* checkedPage(requested)
  return yield* RoleplaySessions.use((sessions) => sessions.list(filter, page))
}, requires("sessions.view"))

/**
 * `POST /sessions`: schedules a role-play session hosted by the caller, who
 * must be active staff (`STAFF_REQUIRED`; Developer Access makes nobody staff),
 * for a time within `SESSION_TIME` of now.
 */
export const scheduleRoleplaySession = Effect.fn("shifts.scheduleRoleplaySession")(function*(
  caller: Caller,
  input: { readonly title: string; readonly description?: string | undefined; readonly scheduledFor: DateTime.Utc }
) {
  const text = yield* validText({ title: input.title, description: input.description })
  if (!isActiveStaff(caller)) return yield* staffRequired
  yield* checkWithinWindow(SESSION_TIME, "scheduledFor", input.scheduledFor, yield* DateTime.now)
  const host = caller.staff.id
  const sessions = yield* RoleplaySessions
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    if (!(yield* lockActiveStaff(host))) return yield* staffRequired
    const now = yield* DateTime.now
    const session: RoleplaySession = {
      id: yield* newId(RoleplaySessionId),
      title: text.title,
      description: text.description === undefined || text.description === "" ? null : text.description,
      status: "SCHEDULED",
      scheduledFor: input.scheduledFor,
      hostId: host,
      startedAt: null,
      endedAt: null,
      cancelledAt: null,
      createdAt: now,
      updatedAt: now
    }
    yield* sessions.insert(session)
    yield* audit.record({
      action: "roleplay_session.created",
      actor: actorOf(caller),
      targetType: "roleplay_session",
      targetId: session.id,
      data: { title: session.title, scheduledFor: DateTime.formatIso(session.scheduledFor), hostId: host }
    })
    return session
  }))
}, requires("sessions.manage"))

const AUDIT_ACTION: Record<RoleplayMove, AuditAction> = {
  start: "roleplay_session.started",
  end: "roleplay_session.ended",
  cancel: "roleplay_session.cancelled"
}

const STAMP: Record<RoleplayMove, "startedAt" | "endedAt" | "cancelledAt"> = {
  start: "startedAt",
  end: "endedAt",
  cancel: "cancelledAt"
}

/**
 * Moves a session along its transitions (docs/decisions/shifts.md,
 * "Role-play sessions"; `start`: SCHEDULED → LIVE, `end`: LIVE → ENDED,
 * `cancel`: SCHEDULED → CANCELLED) on its locked row; any other move is
 * `INVALID_STATE`.
 */
export const moveRoleplaySession = Effect.fn("shifts.moveRoleplaySession")(function*(caller: Caller, id: RoleplaySessionId, move: RoleplayMove) {
  const sessions = yield* RoleplaySessions
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    const session = yield* sessions.findByIdForUpdate(id).pipe(orNotFound("No such role-play session"))
    const status = nextStatus(session.status, move)
    if (status === null) {
      return yield* new InvalidState({
        message: `Only a ${requiredStatus(move)} session can be ${
          move === "start" ? "started" : move === "end" ? "ended" : "cancelled"
        }; this one is ${session.status}`
      })
    }
    const now = yield* DateTime.now
    const moved: RoleplaySession = { ...session, status, [STAMP[move]]: now, updatedAt: now }
    yield* sessions.update(moved)
    yield* audit.record({
      action: AUDIT_ACTION[move],
      actor: actorOf(caller),
      targetType: "roleplay_session",
      targetId: session.id,
      data: { status: { before: session.status, after: status } }
    })
    return moved
  }))
}, requires("sessions.manage"))
