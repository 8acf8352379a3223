import { DateTime, Effect, Option } from "effect"
import { Call, CallFields, CallId, Calls, commitAndPublish } from "../cad/index.js"
import { emitView, newId, validated } from "../kernel/index.js"
import type { EmergencyCallData } from "./events.js"
import { HandledGameEvents } from "./handledEvents.js"
import { GAME_ACTOR, gameText, recordAs, streetAndPostal } from "./handleShared.js"
import type { LiveSnapshot } from "./LiveSnapshot.js"
import { LivePicture } from "./ports.js"

/** The caller's name on a call the game made itself (an automated call), or whose caller the live picture does not show. */
export const UNKNOWN_CALLER = "Unknown caller"

/** The description of a game call whose caller said nothing. */
export const GAME_CALL_DESCRIPTION = "Emergency call from the game"

/** Why a waiting call closed when its emergency call ended in the game. */
export const ENDED_IN_THE_GAME = "Ended in the game"

const target = (call: Call) => ({ type: "call", id: call.id })

/** The fields as the call rules have them: what `gameCallFields` makes always passes; a defect in it is refused, not stored. */
const validFields = validated(CallFields, "The game call's fields are not valid")

/**
 * What a CAD call made from the game's emergency call says: the caller's
 * username from the live picture (`UNKNOWN_CALLER` for an automated call, or
 * a caller it does not show, or no picture); where, from the game's own
 * description of the place, else the caller's street and postal code, else
 * the map position; what, from the caller's words, else `GAME_CALL_DESCRIPTION`.
 * The game's text is cleaned to the call's rules, never refused.
 */
export const gameCallFields = (data: EmergencyCallData, snapshot: LiveSnapshot | null): CallFields => {
  const caller = data.caller === null || snapshot === null ? undefined : snapshot.players.find((player) => player.platformId === String(data.caller))
  const [x, z] = data.position
  return {
    callerName: gameText(caller?.username, 100) || UNKNOWN_CALLER,
    callerNumber: null,
    location: gameText(data.positionDescriptor, 200) ||
      (caller?.location === null || caller?.location === undefined ? "" : streetAndPostal(caller.location)) ||
      `Map position ${Math.round(x)}, ${Math.round(z)}`,
    description: gameText(data.description, 2000) || GAME_CALL_DESCRIPTION
  }
}

/**
 * `EmergencyCallStarted`: a `WAITING` CAD call, `source` `GAME`, carrying the
 * game's call number; records `CALL_RECEIVED` by `{serviceId: "game"}` with
 * the game's team, and reaches the live feed as any call does. The live
 * picture is read before the transaction (a read of the game server holds no
 * lock). A start for a number whose newest call is still `WAITING` is that
 * call sent again (the game stamps each sending anew, so it is another event)
 * and does nothing; a number whose call was attached or closed is the game
 * numbering again, and makes a new call. The number is locked before it is
 * looked up, so two starts at once make one call. A start whose end was
 * handled first (an end of that number remembered at or after `startedAt`)
 * makes its call and closes it at once, as the end would have. Answers the
 * call, or null when the event was handled before or its call is waiting
 * already.
 */
export const gameCallStarted = Effect.fn("game.callStarted")(function*(key: string, data: EmergencyCallData) {
  const snapshot = Option.getOrNull(yield* Effect.option(LivePicture.use((live) => live.snapshot)))
  const fields = yield* validFields(gameCallFields(data, snapshot))
  const calls = yield* Calls
  const handled = yield* HandledGameEvents
  return yield* commitAndPublish(Effect.gen(function*() {
    if (!(yield* handled.claim(key))) return null
    const newest = yield* calls.findByGameCallNumberForUpdate(data.callNumber)
    if (Option.isSome(newest) && newest.value.status === "WAITING") return null
    // Under the number's lock: an end handled before this start (out of order, or on another instance) is seen here.
    const endedAlready = yield* handled.takeCallEnd(data.callNumber, data.startedAt)
    const now = yield* DateTime.now
    const call: Call = {
      id: yield* newId(CallId),
      status: "WAITING",
      ...fields,
      incidentId: null,
      closeReason: null,
      createdAt: now,
      updatedAt: now,
      closedAt: null,
      source: "GAME",
      gameCallNumber: data.callNumber
    }
    yield* calls.insert(call)
    yield* recordAs(GAME_ACTOR, {
      type: "CALL_RECEIVED",
      incidentId: null,
      unitId: null,
      callId: call.id,
      data: { ...fields, source: "GAME", gameCallNumber: data.callNumber, team: gameText(data.team, 100) }
    }, target(call))
    yield* emitView("cad.call.received", Call, call)
    return endedAlready ? yield* closeAsEnded(call) : call
  }))
})

/** A waiting call closed because its emergency call ended in the game (`CALL_CLOSED` by the game), in the caller's transaction. */
const closeAsEnded = (call: Call) =>
  Effect.gen(function*() {
    const calls = yield* Calls
    const now = yield* DateTime.now
    const closed: Call = { ...call, status: "CLOSED", closeReason: ENDED_IN_THE_GAME, updatedAt: now, closedAt: now }
    yield* calls.update(closed)
    yield* recordAs(GAME_ACTOR, {
      type: "CALL_CLOSED",
      incidentId: null,
      unitId: null,
      callId: call.id,
      data: { reason: ENDED_IN_THE_GAME, from: call.status }
    }, target(call))
    return closed
  })

/**
 * `EmergencyCallEnded` at `endedAt` (the event's Unix seconds): the newest
 * call the game's call number became, while still `WAITING`, closes with
 * `ENDED_IN_THE_GAME` (`CALL_CLOSED` by the game). An attached or closed
 * call, or none, is left as it is, and the end remembered
 * (`HandledGameEvents.rememberCallEnd`): a start of that number from before
 * the end, handled later (out of order, or on another instance), makes its
 * call closed at once rather than waiting for ever. Answers the closed call,
 * or null when nothing closed.
 */
export const gameCallEnded = Effect.fn("game.callEnded")(function*(key: string, data: EmergencyCallData, endedAt: number) {
  const calls = yield* Calls
  const handled = yield* HandledGameEvents
  return yield* commitAndPublish(Effect.gen(function*() {
    if (!(yield* handled.claim(key))) return null
    const found = yield* calls.findByGameCallNumberForUpdate(data.callNumber)
    if (Option.isNone(found) || found.value.status !== "WAITING") {
      // Its start may not have been handled yet: remembered under the number's lock, for the start to close its call.
      yield* handled.rememberCallEnd(data.callNumber, Math.max(endedAt, data.startedAt))
      return null
    }
    return yield* closeAsEnded(found.value)
  }))
})
