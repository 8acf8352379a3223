import { DateTime, Duration, Effect, Option } from "effect"
import {
  CadHistory,
  changed,
  AssignedUnitView,
  commitAndPublish,
  crewHandRefusal,
  CrewMemberships,
  Incident,
  incidentFields,
  IncidentId,
  Incidents,
  isCurrent,
  lockUnit,
  MdtUnitStatus,
  moveStatus,
  storeUnit,
  type Unit,
  unitView
} from "../cad/index.js"
import { type Account, Accounts, type Forbidden, lockedStanding, type StaffRequired } from "../identity/index.js"
import { type Actor, emitView, isOneOf, newId } from "../kernel/index.js"
import type { CustomCommandData } from "./events.js"
import { HandledGameEvents } from "./handledEvents.js"
import { auditAs, GAME_ACTOR, gameText, personActor, recordAs, streetAndPostal } from "./handleShared.js"
import { LivePicture } from "./ports.js"

/**
 * The crews' own commands in the game's chat (docs/decisions/game.md, "The
 * game's events" and "The chat commands' permissions"): `;panic [text]` and
 * `;status <STATUS>`, by the player the event's `origin` names, held to the
 * MDT's own rule (`cad/crewHand.ts`). Each runs as one transaction with its
 * claim of the event, its changes, history and audit entries.
 */

/** The commands Bluelight answers, as the game names them (matched ignoring case). */
export const GAME_COMMANDS = ["panic", "status"] as const
export type GameCommand = (typeof GAME_COMMANDS)[number]

/** The command a `CustomCommand` names, or null for one Bluelight does not answer (ignored without a record). */
export const gameCommandOf = (data: CustomCommandData): GameCommand | null => {
  const name = data.command.trim().toLowerCase()
  return GAME_COMMANDS.find((command) => command === name) ?? null
}

/** Where a panic is when the live picture does not show the player (no picture, or no location yet). */
export const UNKNOWN_LOCATION = "Location unknown"

/** The crew member a command comes from: their account, the unit they crew (locked) and who the history names. */
interface CrewAtHand {
  readonly account: Account
  readonly unit: Unit
  readonly actor: Actor
}

type Resolved =
  | { readonly crew: CrewAtHand }
  | { readonly ignored: string }
  | { readonly forbidden: { readonly account: Account; readonly refusal: Forbidden | StaffRequired } }
const ignoredBecause = (ignored: string): Resolved => ({ ignored })

/**
 * The player behind `origin`, as a crew member, inside the transaction: the
 * account linked to that platform id, held to the MDT's rule on their
 * standing read under lock (`lockedStanding`: the account and staff profile
 * locked, their roles shared; `crewHandRefusal`: `cad.unit.self`, then
 * active staff on an active account), crewing a unit now; the unit locked,
 * then the membership (the lock order), and checked current again. Otherwise
 * why the command is ignored (nobody Bluelight knows, or no unit) or
 * forbidden (a person the MDT would refuse).
 */
const crewOf = (platformId: string) =>
  Effect.gen(function*() {
    const linked = isPlatformId(platformId) ? yield* Accounts.use((accounts) => accounts.findByPlatformId(platformId)) : Option.none()
    if (Option.isNone(linked)) return ignoredBecause("The player has no linked Bluelight account")
    const standing = yield* lockedStanding(linked.value.id)
    // Linked a moment ago, and the platform link moved since: the player is nobody now.
    if (Option.isNone(standing) || standing.value.account.platform?.id !== platformId) {
      return ignoredBecause("The player has no linked Bluelight account")
    }
    const account = standing.value.account
    const refusal = crewHandRefusal(standing.value)
    if (refusal !== null) {
      const resolved: Resolved = { forbidden: { account, refusal } }
      return resolved
    }
    const memberships = yield* CrewMemberships
    const current = yield* memberships.currentOf(account.id)
    if (Option.isNone(current)) return ignoredBecause("The player is not crewing a unit")
    const unit = yield* Effect.orDie(lockUnit(current.value.unitId))
    const membership = yield* memberships.findByIdForUpdate(current.value.id)
    if (Option.isNone(membership) || !isCurrent(membership.value)) return ignoredBecause("The player is not crewing a unit")
    const resolved: Resolved = { crew: { account, unit, actor: personActor(account.id) } }
    return resolved
  })

/**
 * A platform id as the game sends one: a whole number, in digits. An `origin`
 * that is not one names nobody (no account is looked up by it) and is
 * recorded cleaned (`gameText`), as it may hold what no store keeps.
 */
const isPlatformId = (origin: string): boolean => /^[0-9]{1,20}$/.test(origin)

/** The platform id as the audit records it: as sent when it is one, else cleaned and cut to 64 characters. */
const recordedPlatformId = (origin: string): string => isPlatformId(origin) ? origin : gameText(origin, 64)

/**
 * How often a player's commands that are not carried out for who sent them
 * (`game.command.ignored`, `game.command.forbidden`) are audited: the first
 * in each window of the application's clock, per player; the others in that
 * window are handled (their events claimed) but not recorded, so a flood of
 * chat from one player writes one entry a minute, not one a line.
 */
export const NOT_CARRIED_OUT_AUDIT_WINDOW = Duration.minutes(1)

/**
 * Whether this is the first command of the player not carried out in the
 * current window: the claim of the window's key (`HandledGameEvents`, so
 * settled by the store across instances and kept, like an event's claim,
 * for a day), in the caller's transaction, so a rolled-back command gives
 * the window back.
 */
const firstInWindow = (platformId: string) =>
  Effect.gen(function*() {
    const now = yield* DateTime.now
    const window = Math.floor(DateTime.toEpochMillis(now) / Duration.toMillis(NOT_CARRIED_OUT_AUDIT_WINDOW))
    return yield* HandledGameEvents.use((handled) => handled.claim(`game.command.not_carried_out:${platformId}:${window}`))
  })

/** `game.command.ignored`, by the game, about the player: why nothing was done (at most once per player per window). */
const ignored = (origin: string, command: GameCommand, reason: string) =>
  Effect.gen(function*() {
    const platformId = recordedPlatformId(origin)
    if (yield* firstInWindow(platformId)) {
      yield* auditAs(GAME_ACTOR, "game.command.ignored", { type: "game_player", id: platformId }, { platformId, command, reason, ...windowNote })
    }
    const outcome: CommandOutcome = { _tag: "Ignored", reason }
    return outcome
  })

/**
 * `game.command.forbidden`, by the person (their account is known), about
 * their account: the MDT's rule refused them, with its code, the permission
 * missing (if that was it) and its message (at most once per player per window).
 */
const forbiddenCommand = (platformId: string, command: GameCommand, account: Account, refusal: Forbidden | StaffRequired) =>
  Effect.gen(function*() {
    if (yield* firstInWindow(platformId)) {
      yield* auditAs(personActor(account.id), "game.command.forbidden", { type: "account", id: account.id }, {
        platformId,
        command,
        code: refusal.code,
        permission: refusal._tag === "Forbidden" ? refusal.permission : null,
        reason: refusal.message,
        ...windowNote
      })
    }
    const outcome: CommandOutcome = { _tag: "Forbidden", reason: refusal.message }
    return outcome
  })

/** What an entry of a bounded kind says of the ones it stands for. */
const windowNote = { auditedOncePer: "player and minute" } as const

/** What a command that is not the crew's comes to: ignored or forbidden, audited within the bound. */
const notCarriedOut = (platformId: string, command: GameCommand, resolved: Exclude<Resolved, { readonly crew: CrewAtHand }>) =>
  "ignored" in resolved
    ? ignored(platformId, command, resolved.ignored)
    : forbiddenCommand(platformId, command, resolved.forbidden.account, resolved.forbidden.refusal)

/** What became of a command: done, ignored (with why), forbidden by the MDT's rule (with its message), refused by CAD's rules (with the rule's message), or handled before. */
export type CommandOutcome =
  | { readonly _tag: "Done" }
  | { readonly _tag: "Ignored"; readonly reason: string }
  | { readonly _tag: "Forbidden"; readonly reason: string }
  | { readonly _tag: "Refused"; readonly reason: string }
  | { readonly _tag: "Duplicate" }

const done: CommandOutcome = { _tag: "Done" }
const duplicate: CommandOutcome = { _tag: "Duplicate" }

/**
 * The unit's open panic: the incident it attends, when that incident was
 * raised by a panic of this unit (its first history entry is this unit's
 * `PANIC_RAISED`). Read on the unit locked: a unit attends one incident at a
 * time, and an incident's closing clears its units first (locking each), so
 * while the unit is locked and on the incident, the incident is open; and
 * what raised it never changes (the history is appended to, never edited).
 */
const openPanicOf = (unit: Unit) =>
  Effect.gen(function*() {
    if (unit.incidentId === null) return Option.none<Incident>()
    const first = (yield* CadHistory.use((history) => history.list({ incidentId: unit.incidentId! }, { limit: 1, offset: 0 }))).items[0]
    if (first === undefined || first.type !== "PANIC_RAISED" || first.unitId !== unit.id) return Option.none<Incident>()
    return Option.filter(yield* Incidents.use((incidents) => incidents.findById(unit.incidentId!)), (incident) => incident.status === "OPEN")
  })

/**
 * `;panic [text]`: an `IMMEDIATE` incident "Panic: <callsign>" at the
 * player's live location (street and postal code; `UNKNOWN_LOCATION` when the
 * live picture does not show it), described by the text, and the player's
 * unit assigned to it (`ASSIGNED`), whatever it was doing: a unit attending
 * another incident is cleared from it first (`UNIT_CLEARED`, reason
 * `PANIC`). Records `PANIC_RAISED`, `INCIDENT_CREATED` and `UNIT_ASSIGNED`
 * by the player. The live picture is read before the transaction.
 *
 * One open panic per unit: while the unit attends the incident its own panic
 * raised, a panic again is that panic again: one more `PANIC_RAISED` on the
 * same incident, with the place as the picture shows it now and the text,
 * and nothing else (no incident, no move, the incident's record as it was:
 * the unit is locked, and the lock order puts the incident before it).
 * Decided on the unit locked, so panics at once, on any instances, raise one
 * incident.
 */
export const panicFromGame = Effect.fn("game.panic")(function*(key: string, platformId: string, argument: string) {
  const snapshot = Option.getOrNull(yield* Effect.option(LivePicture.use((live) => live.snapshot)))
  const player = snapshot?.players.find((candidate) => candidate.platformId === platformId)
  const location = (player?.location === null || player?.location === undefined ? "" : streetAndPostal(player.location)) || UNKNOWN_LOCATION
  const description = gameText(argument, 4000)
  const handled = yield* HandledGameEvents
  const incidents = yield* Incidents
  return yield* commitAndPublish(Effect.gen(function*() {
    if (!(yield* handled.claim(key))) return duplicate
    const resolved = yield* crewOf(platformId)
    if (!("crew" in resolved)) return yield* notCarriedOut(platformId, "panic", resolved)
    const { actor, unit } = resolved.crew
    const open = yield* openPanicOf(unit)
    if (Option.isSome(open)) {
      yield* recordAs(actor, {
        type: "PANIC_RAISED",
        incidentId: open.value.id,
        unitId: unit.id,
        callId: null,
        data: { callsign: unit.callsign, incidentNumber: open.value.number, location, text: description, platformId }
      }, { type: "incident", id: open.value.id })
      yield* emitView("cad.panic", Incident, open.value)
      return done
    }
    const now = yield* DateTime.now
    const incident: Incident = {
      id: yield* newId(IncidentId),
      number: yield* incidents.nextNumber,
      status: "OPEN",
      priority: "IMMEDIATE",
      type: gameText(`Panic: ${unit.callsign}`, 60),
      location,
      description,
      controlNotes: "",
      version: 1,
      createdAt: now,
      updatedAt: now,
      closedAt: null
    }
    yield* incidents.insert(incident)
    const unitSubjects = { incidentId: incident.id, unitId: unit.id, callId: null }
    const incidentTarget = { type: "incident", id: incident.id }
    const unitTarget = { type: "unit", id: unit.id }
    yield* recordAs(actor, {
      type: "PANIC_RAISED",
      ...unitSubjects,
      data: { callsign: unit.callsign, incidentNumber: incident.number, location, text: description, platformId }
    }, incidentTarget)
    yield* recordAs(actor, {
      type: "INCIDENT_CREATED",
      incidentId: incident.id,
      unitId: null,
      callId: null,
      data: { number: incident.number, ...incidentFields(incident) }
    }, incidentTarget)
    let from = unit.status
    if (unit.incidentId !== null) {
      const previous = Option.getOrNull(yield* incidents.findById(unit.incidentId))
      yield* recordAs(actor, {
        type: "UNIT_CLEARED",
        incidentId: unit.incidentId,
        unitId: unit.id,
        callId: null,
        data: { callsign: unit.callsign, incidentNumber: previous?.number ?? null, reason: "PANIC", from: unit.status, to: "AVAILABLE" }
      }, unitTarget)
      from = "AVAILABLE"
    }
    const assigned = changed(unit, { status: "ASSIGNED", incidentId: incident.id }, now)
    yield* storeUnit(assigned)
    yield* recordAs(actor, {
      type: "UNIT_ASSIGNED",
      ...unitSubjects,
      data: { callsign: unit.callsign, incidentNumber: incident.number, from, to: assigned.status }
    }, unitTarget)
    yield* emitView("cad.panic", Incident, incident)
    yield* emitView("cad.incident.created", Incident, incident)
    yield* emitView("cad.unit.assigned", AssignedUnitView, { ...(yield* unitView(assigned)), incident })
    return done
  }))
})

const isMdtStatus = isOneOf(MdtUnitStatus)

/**
 * `;status <STATUS>`: the player's unit moves to the status named (ignoring
 * case; `EN ROUTE` and `en-route` read as `EN_ROUTE`) by the MDT's rules
 * (`moveStatus` over `MdtUnitStatus`: never `ASSIGNED`), without a version:
 * the game is the crew's own hand. Records `UNIT_STATUS_CHANGED` by the
 * player; a status the MDT does not offer, or a move its rules refuse, is
 * audited `game.command.refused` with the rule's message and changes nothing.
 */
export const statusFromGame = Effect.fn("game.status")(function*(key: string, platformId: string, argument: string) {
  const wanted = gameText(argument, 32).toUpperCase().replace(/[\s-]+/g, "_")
  const handled = yield* HandledGameEvents
  return yield* commitAndPublish(Effect.gen(function*() {
    if (!(yield* handled.claim(key))) return duplicate
    const resolved = yield* crewOf(platformId)
    if (!("crew" in resolved)) return yield* notCarriedOut(platformId, "status", resolved)
    const { actor, unit } = resolved.crew
    const refused = (reason: string) =>
      Effect.as(
        auditAs(actor, "game.command.refused", { type: "unit", id: unit.id }, {
          platformId,
          command: "status",
          requested: wanted,
          reason,
          callsign: unit.callsign
        }),
        { _tag: "Refused", reason } as const
      )
    if (!isMdtStatus(wanted)) {
      return yield* refused(`${wanted === "" ? "No status given" : `${wanted} is not a status`}: the crew sets one of ${MdtUnitStatus.literals.join(", ")}`)
    }
    const moved = yield* Effect.result(moveStatus(unit, wanted, yield* DateTime.now))
    if (moved._tag === "Failure") return yield* refused(moved.failure.message)
    yield* storeUnit(moved.success)
    yield* recordAs(actor, {
      type: "UNIT_STATUS_CHANGED",
      incidentId: unit.incidentId,
      unitId: unit.id,
      callId: null,
      data: { callsign: unit.callsign, from: unit.status, to: moved.success.status, by: "CREW" }
    }, { type: "unit", id: unit.id })
    return done
  }))
})
