import { DateTime, Effect, Option } from "effect"
import { isCurrent, mayCrew } from "../cad/Crew.js"
import { commitAndPublish } from "../cad/history.js"
import { IncidentId } from "../cad/ids.js"
import { type Incident, incidentFields } from "../cad/Incident.js"
import { lockUnit, storeUnit } from "../cad/locks.js"
import { CrewDirectory, CrewMemberships, Incidents } from "../cad/ports.js"
import { changed, MdtUnitStatus, moveStatus, type Unit } from "../cad/Unit.js"
import type { Account } from "../identity/Account.js"
import { Accounts } from "../identity/ports.js"
import type { Actor } from "../kernel/AuditLog.js"
import { newId } from "../kernel/Ids.js"
import { isOneOf } from "../kernel/oneOf.js"
import type { CustomCommandData } from "./events.js"
import { HandledGameEvents } from "./handledEvents.js"
import { auditAs, GAME_ACTOR, gameText, personActor, recordAs, streetAndPostal } from "./handleShared.js"
import { LivePicture } from "./ports.js"

/**
 * The crews' own commands in the game's chat (docs/decisions/game.md, "The
 * game's events"): `;panic [text]` and `;status <STATUS>`, by the player the
 * event's `origin` names. Each runs as one transaction with its claim of the
 * event, its changes, history and audit entries.
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

type Resolved = { readonly crew: CrewAtHand } | { readonly ignored: string }
const ignoredBecause = (ignored: string): Resolved => ({ ignored })

/**
 * The player behind `origin`, as a crew member, inside the transaction: the
 * account linked to that platform id, active staff on an active account,
 * crewing a unit now; the unit locked, then the membership (the lock order),
 * and checked current again. Otherwise why the command is ignored.
 */
const crewOf = (platformId: string) =>
  Effect.gen(function*() {
    const account = isPlatformId(platformId) ? yield* Accounts.use((accounts) => accounts.findByPlatformId(platformId)) : Option.none()
    if (Option.isNone(account)) return ignoredBecause("The player has no linked Bluelight account")
    const person = yield* CrewDirectory.use((directory) => directory.person(account.value.id))
    if (Option.isNone(person) || !mayCrew(person.value.user, person.value.accountActive)) {
      return ignoredBecause("The player is not active staff on an active account")
    }
    const memberships = yield* CrewMemberships
    const current = yield* memberships.currentOf(account.value.id)
    if (Option.isNone(current)) return ignoredBecause("The player is not crewing a unit")
    const unit = yield* Effect.orDie(lockUnit(current.value.unitId))
    const membership = yield* memberships.findByIdForUpdate(current.value.id)
    if (Option.isNone(membership) || !isCurrent(membership.value)) return ignoredBecause("The player is not crewing a unit")
    const resolved: Resolved = { crew: { account: account.value, unit, actor: personActor(account.value.id) } }
    return resolved
  })

/**
 * A platform id as the game sends one: a whole number, in digits. An `origin`
 * that is not one names nobody (no account is looked up by it) and is
 * recorded cleaned (`gameText`), as it may hold what no store keeps.
 */
const isPlatformId = (origin: string): boolean => /^[0-9]{1,20}$/.test(origin)

/** `game.command.ignored`, by the game, about the player: why nothing was done. */
const ignored = (origin: string, command: GameCommand, reason: string) => {
  const platformId = isPlatformId(origin) ? origin : gameText(origin, 64)
  return auditAs(GAME_ACTOR, "game.command.ignored", { type: "game_player", id: platformId }, { platformId, command, reason })
}

/** What became of a command: done, ignored (with why), refused by CAD's rules (with the rule's message), or handled before. */
export type CommandOutcome =
  | { readonly _tag: "Done" }
  | { readonly _tag: "Ignored"; readonly reason: string }
  | { readonly _tag: "Refused"; readonly reason: string }
  | { readonly _tag: "Duplicate" }

const done: CommandOutcome = { _tag: "Done" }
const duplicate: CommandOutcome = { _tag: "Duplicate" }

/**
 * `;panic [text]`: an `IMMEDIATE` incident "Panic: <callsign>" at the
 * player's live location (street and postal code; `UNKNOWN_LOCATION` when the
 * live picture does not show it), described by the text, and the player's
 * unit assigned to it (`ASSIGNED`), whatever it was doing: a unit attending
 * another incident is cleared from it first (`UNIT_CLEARED`, reason
 * `PANIC`). Records `PANIC_RAISED`, `INCIDENT_CREATED` and `UNIT_ASSIGNED`
 * by the player. The live picture is read before the transaction.
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
    if ("ignored" in resolved) return yield* Effect.as(ignored(platformId, "panic", resolved.ignored), { _tag: "Ignored", reason: resolved.ignored } as const)
    const { actor, unit } = resolved.crew
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
    if ("ignored" in resolved) return yield* Effect.as(ignored(platformId, "status", resolved.ignored), { _tag: "Ignored", reason: resolved.ignored } as const)
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
