import type { CadEventView, IncidentId, UnitId } from "@bluelight/api/cad/schemas.js"
import { Duration, Effect, Option, Predicate, Stream } from "effect"
import { HttpClientError } from "effect/http"
import type { BluelightApiClient } from "./client.js"

/** What to follow of the CAD history, and how to come back after a cut connection. */
export interface FollowCadEventsOptions {
  /** Start after this entry's `seq` (replaying what came after it); without it, with what is committed from now on. */
  readonly after?: number | undefined
  /** Only the entries about this incident. */
  readonly incidentId?: typeof IncidentId.Type | undefined
  /** Only the entries about this unit. */
  readonly unitId?: typeof UnitId.Type | undefined
  /** How long to wait before connecting again after a cut; 1 second when omitted. */
  readonly reconnectDelay?: Duration.Input | undefined
  /**
   * How many times in a row to connect again without receiving an entry in
   * between before failing with the last cut's error; without end when
   * omitted (a bot that follows the feed for as long as it runs).
   */
  readonly reconnects?: number | undefined
  /** Run each time a connection is open (the server answered `200` and entries may flow): a screen says it is live. */
  readonly onConnected?: Effect.Effect<void> | undefined
  /** Run each time a connection is cut, before waiting to connect again: a screen says it is reconnecting. */
  readonly onCut?: Effect.Effect<void> | undefined
}

type OpenStream = ReturnType<BluelightApiClient["cadEvents"]["streamCadEvents"]>
type Messages = Effect.Success<OpenStream>

/** Why following the feed stopped: a declared refusal (its `code`), or a transport or decoding failure that is not a cut. */
export type FollowCadEventsError = Effect.Error<OpenStream> | Stream.Error<Messages>

/** The server ended the stream (it shuts down, or restarts): the feed connects again like after a cut. */
class StreamEnded {
  readonly _tag = "StreamEnded"
}

/**
 * A connection that ended without a refusal: the transport failed (refused,
 * reset, cut mid-body), the stream ended, or the server asked to reconnect.
 * A refusal (FORBIDDEN once `cad.view` is gone, UNAUTHENTICATED once the
 * credential is revoked) is the end of the feed, not a cut.
 */
const isCut = (error: unknown): boolean => error instanceof StreamEnded || HttpClientError.isHttpClientError(error) || Predicate.isTagged(error, "Retry")

/**
 * The CAD history live, as typed entries, in `seq` order, for as long as the
 * stream runs: after a cut connection it connects again with
 * `Last-Event-ID` set to the last entry it delivered, so the server replays
 * what was committed meanwhile; an entry already delivered (at or below that
 * `seq`) is never delivered again. Filtered by `incidentId` and `unitId` as
 * `GET /api/cad/events` is. An entry's `data` is typed by its `type`: a bot
 * narrowing on `entry.type === "UNIT_ASSIGNED"` reads `entry.data.incidentNumber`.
 */
export const followCadEvents = (
  client: BluelightApiClient,
  options: FollowCadEventsOptions = {}
): Stream.Stream<CadEventView, FollowCadEventsError> =>
  Stream.suspend(() => {
    const delay = options.reconnectDelay ?? Duration.seconds(1)
    const filters = {
      ...(options.incidentId === undefined ? {} : { incidentId: options.incidentId }),
      ...(options.unitId === undefined ? {} : { unitId: options.unitId })
    }
    let last = options.after
    let cutsInARow = 0

    const connection: Stream.Stream<CadEventView, FollowCadEventsError | StreamEnded> = Stream.unwrap(Effect.suspend(() =>
      Effect.map(
        client.cadEvents.streamCadEvents({
          query: filters,
          headers: last === undefined ? {} : { "last-event-id": last }
        }),
        (messages) =>
          Stream.concat(Stream.drain(Stream.fromEffect(options.onConnected ?? Effect.void)), messages).pipe(
            Stream.map((message) => message.data),
            Stream.filter((entry) => last === undefined || entry.seq > last),
            Stream.tap((entry) =>
              Effect.sync(() => {
                last = entry.seq
                cutsInARow = 0
              })
            ),
            Stream.concat(Stream.fail(new StreamEnded()))
          )
      )
    ))

    // One connection: its entries, then, after a cut, a pause and nothing (the next connection follows), or
    // `None` when the cuts in a row passed the allowed count and the stream ended (the feed ends too).
    const once: Stream.Stream<Option.Option<CadEventView>, FollowCadEventsError> = connection.pipe(
      Stream.map(Option.some),
      Stream.catch((error) => {
        if (!isCut(error)) return Stream.fail(error as FollowCadEventsError)
        cutsInARow += 1
        const cut = options.onCut ?? Effect.void
        if (options.reconnects !== undefined && cutsInARow > options.reconnects) {
          return error instanceof StreamEnded ? Stream.make(Option.none()) : Stream.fail(error as FollowCadEventsError)
        }
        return Stream.drain(Stream.fromEffect(Effect.andThen(cut, Effect.sleep(delay))))
      })
    )
    return Stream.forever(once).pipe(Stream.takeWhile(Option.isSome), Stream.map((entry) => entry.value))
  })
