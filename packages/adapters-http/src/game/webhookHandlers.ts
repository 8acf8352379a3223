import { GAME_EVENT_INBOX_FULL_RETRY_AFTER, WebhookReplays } from "@bluelight/core/game"
import { Unauthenticated } from "@bluelight/core/identity"
import { CurrentRequestId, NotFound } from "@bluelight/core/kernel"
import { Clock, Duration, Effect, Result } from "effect"
import { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { RateLimited } from "@bluelight/api/auth/errors.js"
import { GAME_EVENTS_FRESHNESS_SECONDS } from "@bluelight/api/game/GameEventsApi.js"
import { readBatch } from "./webhookBatch.js"
import { GameEventIntake } from "./webhookIntake.js"
import { GameWebhookKey } from "./webhookKey.js"
import { isFresh, signedHeadersOf, verifiesWith } from "./webhookSignature.js"

/**
 * How long a signature is remembered: a delivery verifies while its
 * timestamp is within the window of the clock, either way, so the same
 * signature can come back until twice the window after it was first seen.
 */
const REPLAY_MEMORY_MILLIS = 2 * GAME_EVENTS_FRESHNESS_SECONDS * 1000

const receiverOff = new NotFound({ message: "The game's event webhook is off: GAME_WEBHOOK_PUBLIC_KEY is not set" })

/**
 * One delivery of the game's event webhook: the signature headers checked
 * for form, the timestamp for freshness and the signature over the raw bytes
 * verified, all before the body is read as anything; then the batch read, its
 * signature recorded (a replay, on any instance, is answered `204` and does
 * nothing), and the batch kept in the inbox, to be handled in order after
 * the answer.
 * Nothing is recorded for a refused delivery.
 */
const receive = Effect.gen(function*() {
  const { publicKey } = yield* GameWebhookKey
  if (publicKey === null) return yield* receiverOff
  const request = yield* HttpServerRequest.HttpServerRequest
  const signed = signedHeadersOf(request.headers)
  if (signed instanceof Unauthenticated) return yield* signed
  const now = yield* Clock.currentTimeMillis
  if (!isFresh(signed.seconds, now, GAME_EVENTS_FRESHNESS_SECONDS)) {
    return yield* new Unauthenticated({ message: `X-Signature-Timestamp is more than ${GAME_EVENTS_FRESHNESS_SECONDS} s from the server's clock` })
  }
  // The bytes as received: the request path read them whole within the route's limit, and keeps them.
  const body = new Uint8Array(yield* Effect.orDie(request.arrayBuffer))
  if (!verifiesWith(publicKey, signed, body)) {
    return yield* new Unauthenticated({ message: "X-Signature-Ed25519 does not verify against the game's public key" })
  }
  const batch = readBatch(body)
  if (Result.isFailure(batch)) return yield* batch.failure
  const replays = yield* WebhookReplays
  const intake = yield* GameEventIntake
  const requestId = yield* CurrentRequestId
  // Recorded and put in the inbox without a break (the record is bounded by Redis's deadline): a client gone meanwhile
  // must not leave a signature seen whose events were never kept. A put that fails answers `500` and forgets the
  // signature, so that the same delivery sent again is taken; so does an inbox full of waiting events (`429`).
  yield* Effect.uninterruptible(
    Effect.flatMap(replays.firstSight(signed.signature, REPLAY_MEMORY_MILLIS), (first) =>
      first
        ? intake.put({ ...batch.success, requestId }).pipe(Effect.onError(() => replays.forget(signed.signature)))
        : Effect.logInfo("game webhook: a delivery seen before; nothing done"))
  ).pipe(Effect.catchTag("GameEventInboxFull", ({ pendingEvents }) =>
    Effect.andThen(
      Effect.logWarning(`game webhook: ${pendingEvents} events wait in the inbox, its bound; the delivery is refused for now`),
      Effect.fail(
        new RateLimited({
          message: `${pendingEvents} of the game's events wait to be handled: try again later`,
          retryAfterSeconds: Duration.toSeconds(GAME_EVENT_INBOX_FULL_RETRY_AFTER)
        })
      )
    )))
})

export const GameEventsHandlers = HttpApiBuilder.group(BluelightApi, "gameEvents", (handlers) => handlers.handle("receiveGameEvents", () => receive))
