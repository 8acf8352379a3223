import { CadEventView, CadFeed, CadHistory, followCadEvents, listCadEvents, mayStillFollow } from "@bluelight/core/cad"
import type { AccessSettings, Caller, ServiceCredentials, SessionRecords } from "@bluelight/core/identity"
import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Chunk, Clock, Duration, Effect, Option, Schema, Stream } from "effect"
import { BluelightApi } from "../Api.js"
import { currentCaller } from "../auth/currentUser.js"
import { ServerClosing } from "../requestPath/ServerClosing.js"
import { CAD_HISTORY_RULE } from "./EventsApi.js"
import { page } from "./present.js"

/** A comment line every so often keeps proxies from closing an idle stream. */
const HEARTBEAT = Duration.seconds(15)
/** Access is read again before a line is sent, at most this often. */
const RECHECK_MILLIS = 5_000

// The entries come from the store, decoded by this very schema: encoding them cannot fail.
const encodeEvent = Schema.encodeSync(CadEventView)

const utf8 = new TextEncoder()
const CONNECTED = utf8.encode(": connected\n\n")
const HEARTBEAT_COMMENT = utf8.encode(": heartbeat\n\n")

/**
 * The feed hands every subscriber the same entry object: its message is
 * written and encoded once, however many streams are open (a board of a hundred).
 */
const written = new WeakMap<CadEventView, Uint8Array>()

const eventMessage = (event: CadEventView): Uint8Array => {
  const cached = written.get(event)
  if (cached !== undefined) return cached
  const message = utf8.encode(`id: ${event.seq}\ndata: ${JSON.stringify(encodeEvent(event))}\n\n`)
  written.set(event, message)
  return message
}

/**
 * The lines of the stream, for as long as the caller may still read them:
 * before a line goes out, access is read again (at most every few seconds),
 * and the stream ends when it no longer holds.
 */
const guarded = <R>(caller: Caller, lines: Stream.Stream<Uint8Array, never, R>) =>
  Stream.unwrap(Effect.map(Clock.currentTimeMillis, (opened) => {
    let checked = opened
    // Once per chunk of lines: the clock is read once for all that arrived together.
    const allowed = (chunk: Chunk.Chunk<Uint8Array>) =>
      Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        if (now - checked < RECHECK_MILLIS) return Option.some(chunk)
        checked = now
        return (yield* mayStillFollow(caller, CAD_HISTORY_RULE)) ? Option.some(chunk) : Option.none()
      })
    return lines.pipe(
      Stream.chunks,
      Stream.mapEffect(allowed),
      Stream.takeWhile(Option.isSome),
      Stream.mapConcatChunk((chunk) => chunk.value)
    )
  }))

export const EventsHandlers = HttpApiBuilder.group(BluelightApi, "cadEvents", (handlers) =>
  handlers
    .handle("listCadEvents", ({ urlParams: { after, incidentId, limit, offset, unitId } }) =>
      Effect.map(listCadEvents({ after, incidentId, unitId }, { limit, offset }), page))
    .handle("streamCadEvents", ({ headers, urlParams: { after, incidentId, unitId } }) =>
      Effect.gen(function*() {
        const caller = yield* currentCaller
        // The body is written after the handler returns: it runs on the services the handler had.
        const context = yield* Effect.context<CadFeed | CadHistory | SessionRecords | ServiceCredentials | AccessSettings>()
        const { closing } = yield* ServerClosing
        const events = Stream.unwrapScoped(Effect.map(
          followCadEvents(headers["last-event-id"] ?? after, { incidentId, unitId }),
          // Sent once subscribed: from here on nothing committed is missed.
          (entries) => Stream.concat(Stream.make(CONNECTED), Stream.map(entries, eventMessage))
        ))
        const heartbeats = Stream.tick(HEARTBEAT).pipe(Stream.drop(1), Stream.as(HEARTBEAT_COMMENT))
        // Ends cleanly when the server begins to shut down: the response completes, the connection falls idle.
        const lines = guarded(caller, Stream.merge(events, heartbeats, { haltStrategy: "left" })).pipe(Stream.interruptWhen(closing))
        return HttpServerResponse.stream(Stream.provideContext(lines, context), {
          contentType: "text/event-stream",
          headers: { "cache-control": "no-store", "x-accel-buffering": "no" }
        })
      })))
