import {
  CAD_STREAMS_PER_CALLER,
  type CadEventView,
  type CadFeed,
  type CadHistory,
  type FollowGuard,
  followCadEvents,
  guardFollower,
  listCadEvents,
  STREAM_SLOT_LEASE,
  takeCadStreamSlot
} from "@bluelight/core/cad"
import type { AccessSettings, AccessWatch, Permitted, ServiceCredentials, SessionRecords } from "@bluelight/core/identity"
import { Duration, Effect, Exit, Option, Schema, Scope, Stream } from "effect"
import { Sse } from "effect/encoding"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentCaller } from "@bluelight/api/auth/CurrentCaller.js"
import { RateLimited } from "@bluelight/api/auth/errors.js"
import { ServerClosing } from "../requestPath/ServerClosing.js"
import { CAD_HISTORY_RULE, CadEventMessage } from "@bluelight/api/cad/EventsApi.js"
import { page } from "../envelope.js"

/** A comment line every so often keeps proxies from closing an idle stream. */
const HEARTBEAT = Duration.seconds(15)

// The entries come from the store, decoded by the entry's schema: encoding them by the message's cannot fail.
const encodeMessage = Schema.encodeSync(CadEventMessage)

const utf8 = new TextEncoder()
// Effect's `Sse` writes events and `retry:` lines but has no comment: the two comments are written here, once.
const CONNECTED = utf8.encode(": connected\n\n")
const HEARTBEAT_COMMENT = utf8.encode(": heartbeat\n\n")

/**
 * The feed hands every subscriber the same entry object: its message is
 * written and encoded once, however many streams are open (a board of a hundred).
 * The stream is not left to `HttpApiBuilder`'s own encoding of the declared
 * `StreamSse`, which would encode and write every entry once per stream, and
 * could send neither comment; each entry is encoded by the declared message
 * schema and written by Effect's `Sse` encoder, as the builder would write it,
 * and its bytes are shared by every stream.
 */
const written = new WeakMap<CadEventView, Uint8Array>()

const eventMessage = (event: CadEventView): Uint8Array => {
  const cached = written.get(event)
  if (cached !== undefined) return cached
  // No `event:` name: an `EventSource`'s `onmessage` gets every entry.
  const { data, id } = encodeMessage({ id: String(event.seq), data: event })
  const message = utf8.encode(Sse.encoder.write({ _tag: "Event", id, event: "message", data }))
  written.set(event, message)
  return message
}

/**
 * The lines of the stream, for as long as the caller may still read them:
 * each chunk waits for the guard (which reads access afresh only when a change
 * that may concern the caller was committed since its last read), and the
 * stream ends as soon as the guard refuses, whether or not a line is waiting.
 */
const guarded = <R>(guard: FollowGuard, lines: Stream.Stream<Uint8Array, never, R>) =>
  lines.pipe(
    Stream.chunks,
    Stream.mapEffect((chunk) => Effect.map(guard.allowed, (allowed) => (allowed ? Option.some(chunk) : Option.none()))),
    Stream.takeWhile(Option.isSome),
    Stream.map((chunk) => chunk.value),
    Stream.flattenArray,
    Stream.interruptWhen(guard.refused)
  )

const tooManyStreams = new RateLimited({
  message: `At most ${CAD_STREAMS_PER_CALLER} CAD streams may be open at once for one caller; close one first`,
  retryAfterSeconds: Duration.toSeconds(STREAM_SLOT_LEASE)
})

export const EventsHandlers = HttpApiBuilder.group(BluelightApi, "cadEvents", (handlers) =>
  handlers
    .handle("listCadEvents", ({ query: { after, incidentId, limit, offset, unitId } }) =>
      Effect.map(listCadEvents({ after, incidentId, unitId }, { limit, offset }), page))
    .handle("streamCadEvents", ({ headers, query: { after, incidentId, unitId } }) =>
      Effect.gen(function*() {
        const caller = yield* CurrentCaller
        // The body is written after the handler returns: it runs on the services the handler had, and on the proof
        // of `cad.view` its endpoint's rule gave (types only: `Permitted` is never in a context at run time).
        const context = yield* Effect.context<
          CadFeed | CadHistory | SessionRecords | ServiceCredentials | AccessSettings | AccessWatch | Permitted<"cad.view">
        >()
        const { closing } = yield* ServerClosing
        // The caller's place is taken here (a refusal is a 429, not a stream) and held until the stream ends.
        const place = yield* Scope.make()
        const taken = yield* Scope.provide(takeCadStreamSlot(caller), place).pipe(Effect.onInterrupt(() =>
          Scope.close(place, Exit.void)
        ))
        if (!taken) return yield* Effect.andThen(Scope.close(place, Exit.void), Effect.fail(tooManyStreams))
        const events = Stream.unwrap(Effect.map(
          followCadEvents(headers["last-event-id"] ?? after, { incidentId, unitId }),
          // Sent once subscribed: from here on nothing committed is missed.
          (entries) => Stream.concat(Stream.make(CONNECTED), Stream.map(entries, eventMessage))
        ))
        const heartbeats = Stream.tick(HEARTBEAT).pipe(Stream.drop(1), Stream.as(HEARTBEAT_COMMENT))
        // Ends cleanly when the server begins to shut down: the response completes, the connection falls idle.
        const lines = Stream.unwrap(
          Effect.map(guardFollower(caller, CAD_HISTORY_RULE), (guard) => guarded(guard, Stream.merge(events, heartbeats, { haltStrategy: "left" })))
        ).pipe(
          Stream.interruptWhen(closing),
          Stream.ensuring(Scope.close(place, Exit.void))
        )
        return HttpServerResponse.stream(Stream.provideContext(lines, context), {
          contentType: "text/event-stream",
          headers: { "cache-control": "no-store", "x-accel-buffering": "no" }
        })
      })))
