import { Unauthenticated } from "@bluelight/core/identity"
import { InvalidInput, NotFound, SafeText } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { allow, readsOwnBody } from "../access.js"
import { RateLimited } from "../auth/errors.js"
import { maxBodyBytes } from "../bodyLimit.js"
import { failsWith } from "../errors/declared.js"
import { signedByTheGame } from "../openapi/security.js"

/** The largest delivery the webhook takes: the game batches its events. */
export const GAME_EVENTS_MAX_BYTES = 64 * 1024

/**
 * How far `X-Signature-Timestamp` may be from the server's clock, either way,
 * before a delivery is refused as stale: the same signature within it is a
 * replay.
 */
export const GAME_EVENTS_FRESHNESS_SECONDS = 300

/**
 * What a delivery carries, as the game sends it. The handler reads the raw
 * bytes itself (the signature is over them), so this only describes them.
 */
const deliveryBody = {
  required: true,
  content: {
    "application/json": {
      schema: Schema.toJsonSchemaDocument(
        Schema.Struct({
          server: SafeText.annotate({ description: "The game's opaque identifier of the private server" }),
          events: Schema.Array(
            Schema.Struct({
              event: SafeText.annotate({
                description: "WebhookProbe, EmergencyCallStarted, EmergencyCallEnded or CustomCommand; any other is ignored"
              }),
              origin: SafeText.annotate({ description: "The sender's platform id for a chat command; global or server otherwise" }),
              // An example of the game's own: unbounded, Scalar would show MIN_SAFE_INTEGER.
              timestamp: Schema.Int.annotate({ description: "Unix seconds", examples: [1775442933] }),
              data: Schema.Record(Schema.String, Schema.Unknown).annotate({ description: "The event's fields, camelCase" })
            })
          ).annotate({ description: "In the order the game sent them; handled in that order" })
        })
      ).schema,
      example: {
        server: "gbzaDhOJQTPrFVIjmNuyTYqzyqupLolnWfJmPznx",
        events: [{
          event: "EmergencyCallStarted",
          origin: "server",
          timestamp: 1775442933,
          data: {
            players: [],
            caller: 100000002,
            description: "Car on fire outside the bank",
            callNumber: 136,
            team: "Fire",
            position: [2358.7, 1180.1],
            positionDescriptor: null,
            startedAt: 1775442933
          }
        }]
      }
    }
  }
}

/**
 * The game's event webhook (docs/decisions/game.md, "The event webhook"):
 * the URL a server owner pastes into the game's private-server settings.
 */
export class GameEventsApi extends HttpApiGroup.make("gameEvents")
  .add(
    HttpApiEndpoint.post("receiveGameEvents", "/game/events", {
      success: HttpApiSchema.NoContent,
      error: failsWith(Unauthenticated, InvalidInput, NotFound, RateLimited)
    })
      .annotate(OpenApi.Summary, "The game's event webhook")
      .annotate(
        OpenApi.Description,
        "Where the game delivers its events: paste this URL into the private server's settings (Event Webhook). Authenticated by " +
          "the game's signature, never a session: `X-Signature-Ed25519` (128 hex characters) is verified with Ed25519 against " +
          "`GAME_WEBHOOK_PUBLIC_KEY` over the `X-Signature-Timestamp` text (Unix seconds) followed by the raw body, before anything " +
          "of the body is read. Missing or malformed headers, a signature that does not verify, or a timestamp more than " +
          `${GAME_EVENTS_FRESHNESS_SECONDS} s from the server's clock: \`UNAUTHENTICATED\`, nothing recorded. A body over ` +
          `${GAME_EVENTS_MAX_BYTES} bytes: \`PAYLOAD_TOO_LARGE\`. A verified body that is not a batch of events ` +
          "(`{server, events: [{event, origin, timestamp, data}]}`, each known event with its fields): `INVALID_INPUT`, nothing " +
          "handled; events of other names are ignored. More events waiting to be handled than the server's bound " +
          "(`GAME_EVENT_INBOX_MAX_EVENTS`): `RATE_LIMITED` with `Retry-After`, nothing kept. Otherwise `204` at once, and the events are handled in order afterwards: emergency calls become CAD calls, " +
          "`;panic` and `;status` act for a crew member. The same delivery again within the freshness window (on any instance), or " +
          "an event already handled, changes nothing. `NOT_FOUND` while the receiver is off: `GAME_WEBHOOK_PUBLIC_KEY` unset (in " +
          "development the built-in simulator's key is used, and the simulator delivers here by itself)."
      )
      .annotateMerge(OpenApi.annotations({ override: { requestBody: deliveryBody } }))
      .pipe(allow({ access: "public", permissions: [] }), readsOwnBody, maxBodyBytes(GAME_EVENTS_MAX_BYTES), signedByTheGame)
  )
  .annotate(OpenApi.Title, "Game server: events")
  .annotate(OpenApi.Description, "What the game server tells Bluelight by itself, through its signed event webhook.")
{}
