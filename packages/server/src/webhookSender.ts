import { createHmac } from "node:crypto"
import { lookup as dnsLookup, type LookupAddress } from "node:dns"
import { request as httpRequest } from "node:http"
import { request as httpsRequest } from "node:https"
import type { LookupFunction } from "node:net"
import { isIP } from "node:net"
import { type AttemptOutcome, type DueDelivery, isDelivered, resolvedAllowed, type TargetPolicy } from "@bluelight/core/webhooks"
import { Clock, Duration, Effect } from "effect"

/** The error an attempt records when the target resolved to an address the policy refuses. */
export const TARGET_NOT_ALLOWED = "TARGET_NOT_ALLOWED"

/**
 * The Standard Webhooks signature of a message: `v1,` and the base64
 * HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the secret's decoded
 * bytes (`key`, the base64 after `whsec_`).
 */
export const signature = (key: string, id: string, timestamp: number, body: string): string =>
  `v1,${createHmac("sha256", Buffer.from(key, "base64")).update(`${id}.${timestamp}.${body}`, "utf8").digest("base64")}`

/** The headers of an attempt: the message id (the same on every attempt), the time it was signed, its signature. */
export const signedHeaders = (delivery: Pick<DueDelivery, "messageId" | "body" | "secret">, timestamp: number): Record<string, string> => ({
  "content-type": "application/json",
  "user-agent": "Bluelight-Webhooks",
  "webhook-id": delivery.messageId,
  "webhook-timestamp": String(timestamp),
  "webhook-signature": signature(delivery.secret, delivery.messageId, timestamp, delivery.body)
})

class TargetNotAllowed extends Error {
  readonly code = TARGET_NOT_ALLOWED
}

/**
 * A DNS lookup that answers only addresses the policy allows: the address
 * checked is the one connected to (no second resolution between check and
 * connect). A literal address in the URL is checked by the same rule.
 */
const checkedLookup = (policy: TargetPolicy): LookupFunction => (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: ReadonlyArray<LookupAddress>) => {
    if (error !== null) return callback(error, "", 0)
    const allowed = addresses.filter((address) => resolvedAllowed(address.address, policy))
    if (allowed.length < addresses.length || allowed.length === 0)
      return callback(new TargetNotAllowed(`${hostname} resolves to an address not allowed`), "", 0)
    if (options.all === true) return (callback as unknown as (e: null, a: ReadonlyArray<LookupAddress>) => void)(null, allowed)
    return callback(null, allowed[0]!.address, allowed[0]!.family)
  })
}

/** How long an answer's reading is allowed and how much of it is read: only the status matters. */
const MAX_RESPONSE_BYTES = 64 * 1024

/**
 * Posts the message to the target once: signed, within `timeout`, never
 * following a redirect (a `3xx` is a failure like any status outside `2xx`).
 * A target whose address the policy refuses is never connected to
 * (`TARGET_NOT_ALLOWED`). Never fails: every end is an `AttemptOutcome`.
 */
export const sendAttempt = (delivery: DueDelivery, policy: TargetPolicy, timeout: Duration.Duration): Effect.Effect<AttemptOutcome> =>
  Effect.gen(function*() {
    const timestamp = Math.floor((yield* Clock.currentTimeMillis) / 1000)
    const headers = signedHeaders(delivery, timestamp)
    return yield* Effect.callback<AttemptOutcome>((resume) => {
      let url: URL
      try {
        url = new URL(delivery.url)
      } catch {
        resume(Effect.succeed({ _tag: "Failed", responseStatus: null, error: "INVALID_URL" }))
        return
      }
      const https = url.protocol === "https:"
      if (!https && url.protocol !== "http:") {
        resume(Effect.succeed({ _tag: "Failed", responseStatus: null, error: "INVALID_URL" }))
        return
      }
      if (policy.production && !https) {
        resume(Effect.succeed({ _tag: "Failed", responseStatus: null, error: TARGET_NOT_ALLOWED }))
        return
      }
      const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname
      if (isIP(host) !== 0 && !resolvedAllowed(host, policy)) {
        resume(Effect.succeed({ _tag: "Failed", responseStatus: null, error: TARGET_NOT_ALLOWED }))
        return
      }
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), Duration.toMillis(timeout))
      let settled = false
      const settle = (outcome: AttemptOutcome) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resume(Effect.succeed(outcome))
      }
      const body = Buffer.from(delivery.body, "utf8")
      const request = (https ? httpsRequest : httpRequest)(url, {
        method: "POST",
        headers: { ...headers, "content-length": String(body.length) },
        lookup: checkedLookup(policy),
        signal: controller.signal,
        agent: false
      }, (response) => {
        const status = response.statusCode ?? 0
        let read = 0
        response.on("data", (chunk: Buffer) => {
          read += chunk.length
          if (read > MAX_RESPONSE_BYTES) response.destroy()
        })
        // A status outside 100 to 599 is no HTTP status: kept in the error only.
        const done = () =>
          settle(
            isDelivered(status)
              ? { _tag: "Delivered", responseStatus: status }
              : { _tag: "Failed", responseStatus: status >= 100 && status <= 599 ? status : null, error: `HTTP ${status}` }
          )
        response.on("end", done)
        response.on("close", done)
        response.on("error", done)
      })
      request.on("error", (error: Error & { readonly code?: string }) => {
        if (error instanceof TargetNotAllowed || error.code === TARGET_NOT_ALLOWED) settle({ _tag: "Failed", responseStatus: null, error: TARGET_NOT_ALLOWED })
        else if (controller.signal.aborted) settle({ _tag: "Failed", responseStatus: null, error: "TIMEOUT" })
        else settle({ _tag: "Failed", responseStatus: null, error: error.code ?? "CONNECTION_FAILED" })
      })
      request.end(body)
      return Effect.sync(() => {
        clearTimeout(timer)
        controller.abort()
      })
    })
  })
