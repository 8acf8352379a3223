import { DateTime, Duration, Schema } from "effect"
import { EntityId, IntegerBetween, MultiLineText, Timestamp, WEBHOOK_EVENT_TYPES, WebhookEventType } from "../kernel/index.js"

export const WebhookId = EntityId("WebhookId")
export type WebhookId = typeof WebhookId.Type
export const WebhookMessageId = EntityId("WebhookMessageId")
export type WebhookMessageId = typeof WebhookMessageId.Type
export const WebhookDeliveryId = EntityId("WebhookDeliveryId")
export type WebhookDeliveryId = typeof WebhookDeliveryId.Type

/** The type of the message `POST /admin/webhooks/{id}/test` queues: never subscribed to, sent to that subscription alone. */
export const WEBHOOK_TEST_TYPE = "webhook.test"
export type WebhookMessageType = WebhookEventType | typeof WEBHOOK_TEST_TYPE

/** How many event types a subscription lists: 1 to 20. */
export const WEBHOOK_EVENTS_BOUNDS = { min: 1, max: 20 } as const
/** The longest target URL. */
export const WEBHOOK_URL_MAX = 2000

/** A subscription's event types: 1 to 20 of `WEBHOOK_EVENT_TYPES`. */
export const WebhookEvents = Schema.Array(WebhookEventType).check(
  Schema.isMinLength(WEBHOOK_EVENTS_BOUNDS.min, { message: "at least one event type" }),
  Schema.isMaxLength(WEBHOOK_EVENTS_BOUNDS.max, { message: `at most ${WEBHOOK_EVENTS_BOUNDS.max} event types` })
).annotate({
  title: "Event types",
  description: `Event types, ${WEBHOOK_EVENTS_BOUNDS.min} to ${WEBHOOK_EVENTS_BOUNDS.max}, from: ${WEBHOOK_EVENT_TYPES.join(", ")}`
})

/** The parts of an absolute URL the target rules read. */
export interface TargetParts {
  readonly protocol: string
  /** The host as written, an IPv6 address without its brackets, lower case. */
  readonly hostname: string
  readonly hasCredentials: boolean
  readonly hasFragment: boolean
}

const ABSOLUTE_URL = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^#]*)(#.*)?$/u
const AUTHORITY = /^(?:([^@]*)@)?(\[[0-9a-fA-F:.%A-Za-z0-9]+\]|[^:@[\]]*)(?::(\d{0,5}))?$/u

/** The URL's parts, or null when it is not an absolute URL with a host (no white space or controls anywhere). */
export const targetParts = (text: string): TargetParts | null => {
  // No white space, and no control character (code points below 0x20, and DEL).
  if (/\s/u.test(text) || [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null
  const match = ABSOLUTE_URL.exec(text)
  if (match === null) return null
  const authority = AUTHORITY.exec(match[2]!)
  if (authority === null) return null
  const host = authority[2]!.toLowerCase()
  const hostname = host.startsWith("[") ? host.slice(1, -1) : host
  if (hostname === "") return null
  return { protocol: `${match[1]!.toLowerCase()}:`, hostname, hasCredentials: authority[1] !== undefined, hasFragment: match[4] !== undefined }
}

/** Whether the text is an absolute `http:` or `https:` URL with a host, without credentials or a fragment, of at most 2000 characters. */
export const isWebhookUrl = (text: string): boolean => {
  if (text.length > WEBHOOK_URL_MAX) return false
  const parts = targetParts(text)
  return parts !== null && (parts.protocol === "http:" || parts.protocol === "https:") && !parts.hasCredentials && !parts.hasFragment
}

/** A subscription's target: an absolute `http(s):` URL of at most 2000 characters, without credentials or a fragment. */
export const WebhookUrl = Schema.String.check(
  Schema.makeFilter((text: string) => isWebhookUrl(text) || "must be an absolute http: or https: URL without credentials or a fragment", {
    toJsonSchema: () => ({ format: "uri", maxLength: WEBHOOK_URL_MAX })
  }, true)
).annotate({
  title: "Target URL",
  description: `Where messages are posted: an absolute https: URL (http: outside production), at most ${WEBHOOK_URL_MAX} characters`
})

/** What the subscription is for: up to 500 characters. */
export const WebhookDescription = MultiLineText({ max: 500 })

/** The fields a new subscription is written from. */
export const WebhookFields = Schema.Struct({
  url: WebhookUrl,
  events: WebhookEvents,
  description: Schema.optional(Schema.NullOr(WebhookDescription))
})

/** The fields a change may give, each held to the same rule. */
export const WebhookChangeFields = Schema.Struct({
  url: Schema.optional(WebhookUrl),
  events: Schema.optional(WebhookEvents),
  description: Schema.optional(Schema.NullOr(WebhookDescription)),
  active: Schema.optional(Schema.Boolean)
})

/** A subscription as stored: with the secret signing needs (never answered after its creation). */
export interface Webhook {
  readonly id: WebhookId
  readonly url: string
  readonly events: ReadonlyArray<WebhookEventType>
  readonly description: string | null
  readonly active: boolean
  /** The signing key: the secret's 32 bytes, base64 (the `whsec_` secret without its prefix). */
  readonly secret: string
  readonly createdAt: DateTime.Utc
  readonly updatedAt: DateTime.Utc
  readonly revokedAt: DateTime.Utc | null
}

/** A subscription as the API answers it: never its secret. */
export const WebhookView = Schema.Struct({
  id: WebhookId,
  url: Schema.String,
  events: Schema.Array(WebhookEventType),
  description: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  revokedAt: Schema.NullOr(Timestamp)
}).annotate({ identifier: "Webhook" })
export type WebhookView = typeof WebhookView.Type

export const webhookView = ({ secret: _secret, ...view }: Webhook): WebhookView => view

/** `POST /admin/webhooks`'s answer: the subscription with its secret, shown this once. */
export const CreatedWebhook = Schema.Struct({
  ...WebhookView.fields,
  secret: Schema.String.annotate({ description: "whsec_ + base64 of 32 random bytes; shown in this response only" })
}).annotate({ identifier: "CreatedWebhook" })
export type CreatedWebhook = typeof CreatedWebhook.Type

export const DeliveryStatus = Schema.Literals(["PENDING", "SUCCEEDED", "FAILED", "GAVE_UP"]).annotate({ identifier: "WebhookDeliveryStatus" })
export type DeliveryStatus = typeof DeliveryStatus.Type

/** One attempt to deliver a message to a subscription, as the delivery log answers it. */
export const WebhookDelivery = Schema.Struct({
  id: WebhookDeliveryId,
  messageId: WebhookMessageId,
  type: Schema.String,
  attempt: IntegerBetween({ min: 1, max: 7 }).annotate({ description: "1 for the first attempt, up to 7" }),
  status: DeliveryStatus,
  responseStatus: Schema.NullOr(IntegerBetween({ min: 100, max: 599 })).annotate({
    description: "The status the target answered; null when it did not answer"
  }),
  error: Schema.NullOr(Schema.String),
  createdAt: Timestamp,
  nextAttemptAt: Schema.NullOr(Timestamp)
}).annotate({ identifier: "WebhookDelivery" })
export type WebhookDelivery = typeof WebhookDelivery.Type

/**
 * How long after a failed attempt the next one is made: after attempt 1, 5 s;
 * then 5 min, 30 min, 2 h, 5 h, 10 h; the 7th attempt failing gives up.
 */
export const RETRY_DELAYS: ReadonlyArray<Duration.Duration> = [
  Duration.seconds(5),
  Duration.minutes(5),
  Duration.minutes(30),
  Duration.hours(2),
  Duration.hours(5),
  Duration.hours(10)
]
/** The most attempts a message gets at one subscription. */
export const MAX_ATTEMPTS = RETRY_DELAYS.length + 1

/** How long the delivery log keeps an attempt. */
export const DELIVERY_RETENTION = Duration.days(30)

/** How long one attempt may take: a `2xx` within it is delivered. */
export const ATTEMPT_TIMEOUT = Duration.seconds(10)

/** What an attempt came to: a `2xx` answer, or anything else (another status, no answer, a refused target). */
export type AttemptOutcome =
  | { readonly _tag: "Delivered"; readonly responseStatus: number }
  | { readonly _tag: "Failed"; readonly responseStatus: number | null; readonly error: string }

/**
 * The rule after attempt `attempt` (1-based) ended at `at`: delivered is
 * `SUCCEEDED`; a failure is `FAILED` with the next attempt's time, or, after
 * the last, `GAVE_UP`.
 */
export const afterAttempt = (attempt: number, outcome: AttemptOutcome, at: DateTime.Utc): {
  readonly status: "SUCCEEDED" | "FAILED" | "GAVE_UP"
  readonly nextAttemptAt: DateTime.Utc | null
} => {
  if (outcome._tag === "Delivered") return { status: "SUCCEEDED", nextAttemptAt: null }
  const delay = RETRY_DELAYS[attempt - 1]
  return delay === undefined ? { status: "GAVE_UP", nextAttemptAt: null } : { status: "FAILED", nextAttemptAt: DateTime.addDuration(at, delay) }
}

/** Whether a `status` answered counts as delivered. */
export const isDelivered = (status: number): boolean => status >= 200 && status <= 299
