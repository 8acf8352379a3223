import { generateKeyPairSync, type KeyObject, randomInt, sign } from "node:crypto"
import { WEBHOOK_HEADERS } from "../protocol.js"

/**
 * The game's event webhook as the simulator sends it: events batched as
 * `{"server": …, "events": [...]}`, signed with the simulator's own Ed25519
 * key over the timestamp's text followed by the raw body, POSTed to the
 * configured URL. Test knobs spoil a delivery on purpose (a bad or foreign
 * signature, a stale timestamp, missing headers) or send one again byte for
 * byte; every delivery and the status it was answered is kept.
 */

/** One event as the game sends it; `data` is camelCase. */
export interface WebhookEvent {
  readonly event: string
  readonly origin: string
  readonly timestamp: number
  readonly data: unknown
}

/** One POST to the webhook URL, exactly as sent, and what it was answered (`null`: no answer, see `error`). */
export interface WebhookDelivery {
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  /** The `X-Signature-Timestamp` text and the `X-Signature-Ed25519` hex as computed (whether or not sent). */
  readonly timestamp: string
  readonly signature: string
  readonly status: number | null
  readonly error?: string
}

/** How to spoil or redirect one delivery. */
export interface DeliveryOptions {
  /** A signature over the right bytes with one bit flipped: still 128 hex characters, no longer valid. */
  readonly badSignature?: boolean
  /** The timestamp this many seconds in the past (negative: the future), correctly signed. */
  readonly staleBySeconds?: number
  /** Sends this earlier delivery again, headers and body byte for byte (the events given are ignored). */
  readonly replayOf?: WebhookDelivery
  /** Signs with a key pair that is not the published one. */
  readonly signWithOtherKey?: boolean
  /** Leaves out both signature headers (`true`) or the ones named. */
  readonly omitHeaders?: boolean | ReadonlyArray<"signature" | "timestamp">
  /** Headers set as given after everything else (hostile input: `{"X-Signature-Ed25519": "zz"}`). */
  readonly headers?: Readonly<Record<string, string>>
  /** Another URL than the configured one (another instance of the same server). */
  readonly to?: string
}

/** How long a delivery waits for the endpoint's answer. */
const DELIVERY_TIMEOUT_MS = 10_000

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/** An opaque 40-letter server identifier like the game's. */
export const randomServerId = (): string => Array.from({ length: 40 }, () => LETTERS[randomInt(LETTERS.length)]).join("")

/** `WebhookProbe`: the game checking that the endpoint verifies and answers. */
export const probeEvent = (timestamp: number): WebhookEvent => ({ event: "WebhookProbe", origin: "global", timestamp, data: {} })

/** `CustomCommand`: a player's `;command argument`, pre-parsed as the game does (the first word without `;`, then the rest). */
export const customCommandEvent = (origin: string, text: string, timestamp: number): WebhookEvent => {
  const message = text.replace(/^;/, "").trimStart()
  const space = message.search(/\s/)
  return {
    event: "CustomCommand",
    origin,
    timestamp,
    data: space < 0 ? { command: message, argument: "" } : { command: message.slice(0, space), argument: message.slice(space).trim() }
  }
}

const publicKeyText = (key: KeyObject) => key.export({ type: "spki", format: "der" }).toString("base64")

/** Signs and delivers the webhook's events, keeping a log of every delivery. */
export class WebhookSender {
  /** The public key to verify deliveries with: base64 DER SubjectPublicKeyInfo, as the game publishes its own. */
  readonly publicKey: string
  private readonly privateKey: KeyObject
  private readonly sent: Array<WebhookDelivery> = []

  constructor(readonly serverId: string, public url: string | undefined, private readonly nowMs: () => number) {
    const pair = generateKeyPairSync("ed25519")
    this.privateKey = pair.privateKey
    this.publicKey = publicKeyText(pair.publicKey)
  }

  /** Every delivery so far, oldest first. */
  get deliveries(): ReadonlyArray<WebhookDelivery> {
    return [...this.sent]
  }

  /** The hex Ed25519 signature of `timestamp` followed by `body`, with the simulator's key unless another is given. */
  sign(timestamp: string, body: string | Buffer, key: KeyObject = this.privateKey): string {
    return sign(null, Buffer.concat([Buffer.from(timestamp, "utf8"), typeof body === "string" ? Buffer.from(body, "utf8") : body]), key).toString("hex")
  }

  /** Delivers a batch of events; answers the endpoint's status, `null` when none answered or no URL is set. */
  send(events: ReadonlyArray<WebhookEvent>, options: DeliveryOptions = {}): Promise<number | null> {
    return this.sendRaw(JSON.stringify({ server: this.serverId, events }), options)
  }

  /** Delivers a body as given (hostile input: not JSON, too large, …), signed unless spoiled. */
  async sendRaw(body: string, options: DeliveryOptions = {}): Promise<number | null> {
    const url = options.to ?? options.replayOf?.url ?? this.url
    if (url === undefined) return null
    const prepared = options.replayOf ?? this.prepare(url, body, options)
    return this.post(url, prepared)
  }

  private prepare(url: string, body: string, options: DeliveryOptions): WebhookDelivery {
    const timestamp = String(Math.floor(this.nowMs() / 1000) - (options.staleBySeconds ?? 0))
    const key = options.signWithOtherKey ? generateKeyPairSync("ed25519").privateKey : this.privateKey
    const signed = Buffer.from(this.sign(timestamp, body, key), "hex")
    if (options.badSignature) signed[0] = (signed[0] ?? 0) ^ 0x01
    const signature = signed.toString("hex")
    const omitted: ReadonlyArray<string> = options.omitHeaders === true
      ? ["signature", "timestamp"]
      : options.omitHeaders === false || options.omitHeaders === undefined
      ? []
      : options.omitHeaders
    const headers: Record<string, string> = { "content-type": "application/json" }
    if (!omitted.includes("signature")) headers[WEBHOOK_HEADERS.signature] = signature
    if (!omitted.includes("timestamp")) headers[WEBHOOK_HEADERS.timestamp] = timestamp
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value
    return { url, headers, body, timestamp, signature, status: null }
  }

  private async post(url: string, prepared: WebhookDelivery): Promise<number | null> {
    const { error: _error, status: _status, ...request } = prepared
    let delivery: WebhookDelivery
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: prepared.headers,
        body: prepared.body,
        redirect: "manual",
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS)
      })
      await response.arrayBuffer().catch(() => undefined)
      delivery = { ...request, url, status: response.status }
    } catch (error) {
      delivery = { ...request, url, status: null, error: error instanceof Error ? error.message : String(error) }
    }
    this.sent.push(delivery)
    return delivery.status
  }
}
