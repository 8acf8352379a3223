/** One attempt of a webhook, against real local receivers: the signature, the outcomes, redirects and refused targets. */
import { createHmac, timingSafeEqual } from "node:crypto"
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { DueDelivery } from "@bluelight/core/webhooks"
import { WebhookDeliveryId, WebhookId, WebhookMessageId } from "@bluelight/core/webhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Duration, Effect } from "effect"
import { sendAttempt, signature, TARGET_NOT_ALLOWED } from "../src/webhookSender.js"

interface Received {
  readonly path: string
  readonly headers: IncomingMessage["headers"]
  readonly body: string
}

const received: Array<Received> = []
let answer: (path: string) => { status: number; headers?: Record<string, string>; delayMs?: number } = () => ({ status: 204 })
let server: Server
let port: number
beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const path = request.url ?? "/"
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") })
      const { status, headers, delayMs } = answer(path)
      setTimeout(() => {
        response.writeHead(status, headers)
        response.end("ok")
      }, delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
const key = SECRET.slice("whsec_".length)
const delivery = (path: string, host = "127.0.0.1"): DueDelivery => ({
  id: WebhookDeliveryId.make("delivery-1"),
  messageId: WebhookMessageId.make("msg_2KWPBgLlAfxdpx2AI54pPJ85f4W"),
  subscriptionId: WebhookId.make("webhook-1"),
  attempt: 1,
  type: "cad.panic",
  body: JSON.stringify({ type: "cad.panic", timestamp: "2026-01-01T00:00:00.000Z", data: { callsign: "A1", note: "é ✓" } }),
  url: `http://${host}:${port}${path}`,
  secret: key
})
const development = { production: false, allowPrivate: false }
const production = { production: true, allowPrivate: false }
const send = (d: DueDelivery, policy = development, timeout = Duration.seconds(10)) => Effect.runPromise(sendAttempt(d, policy, timeout))

describe("signature", () => {
  it("is the Standard Webhooks test vector", () => {
    // The example of the Standard Webhooks specification (and its libraries' tests).
    expect(signature(key, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, "{\"test\": 2432232314}"))
      .toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
  })
})

describe("an attempt", () => {
  it("posts the body with webhook-id, webhook-timestamp and a signature the secret verifies", async () => {
    received.length = 0
    answer = () => ({ status: 200 })
    const d = delivery("/ok")
    const before = Math.floor(Date.now() / 1000)
    expect(await send(d)).toEqual({ _tag: "Delivered", responseStatus: 200 })
    const [got] = received
    expect(got!.body).toBe(d.body)
    expect(got!.headers["content-type"]).toBe("application/json")
    expect(got!.headers["webhook-id"]).toBe(d.messageId)
    const timestamp = Number(got!.headers["webhook-timestamp"])
    expect(timestamp).toBeGreaterThanOrEqual(before)
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    // Verified as a receiver does, with node:crypto alone.
    const expected = createHmac("sha256", Buffer.from(key, "base64")).update(`${String(got!.headers["webhook-id"])}.${timestamp}.${got!.body}`).digest()
    const [version, sig] = String(got!.headers["webhook-signature"]).split(",")
    expect(version).toBe("v1")
    expect(timingSafeEqual(Buffer.from(sig!, "base64"), expected)).toBe(true)
    // Another secret does not verify it.
    const other = createHmac("sha256", Buffer.from("b3RoZXI=", "base64")).update(`${d.messageId}.${timestamp}.${got!.body}`).digest("base64")
    expect(other).not.toBe(sig)
  })

  it("counts any 2xx as delivered and anything else, with its status, as failed", async () => {
    for (const status of [200, 201, 204, 299]) {
      answer = () => ({ status })
      expect(await send(delivery("/s"))).toEqual({ _tag: "Delivered", responseStatus: status })
    }
    for (const status of [300, 400, 404, 410, 500, 503]) {
      answer = () => ({ status })
      expect(await send(delivery("/s"))).toEqual({ _tag: "Failed", responseStatus: status, error: `HTTP ${status}` })
    }
  })

  it("does not follow a redirect", async () => {
    received.length = 0
    for (const status of [301, 302, 307, 308]) {
      answer = (path) => (path === "/moved" ? { status, headers: { location: `http://127.0.0.1:${port}/elsewhere` } } : { status: 200 })
      expect(await send(delivery("/moved"))).toEqual({ _tag: "Failed", responseStatus: status, error: `HTTP ${status}` })
    }
    expect(received.map((r) => r.path)).toEqual(["/moved", "/moved", "/moved", "/moved"])
  })

  it("gives up on an answer that takes longer than the timeout", async () => {
    answer = () => ({ status: 200, delayMs: 1_000 })
    expect(await send(delivery("/slow"), development, Duration.millis(200))).toEqual({ _tag: "Failed", responseStatus: null, error: "TIMEOUT" })
  })

  it("records a target that does not answer as failed", async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const outcome = await send({ ...delivery("/"), url: `http://127.0.0.1:${closedPort}/` })
    expect(outcome).toEqual({ _tag: "Failed", responseStatus: null, error: "ECONNREFUSED" })
  })

  it("in production never connects to a loopback or private address, literal or resolved, nor over http:", async () => {
    received.length = 0
    answer = () => ({ status: 200 })
    // A hostname resolving to 127.0.0.1 at delivery: refused before connecting.
    for (const url of [`https://localhost:${port}/`, `https://127.0.0.1:${port}/`, `https://[::1]:${port}/`, `https://10.0.0.1:${port}/`]) {
      expect(await send({ ...delivery("/"), url }, production)).toEqual({ _tag: "Failed", responseStatus: null, error: TARGET_NOT_ALLOWED })
    }
    expect(await send(delivery("/plain"), production)).toEqual({ _tag: "Failed", responseStatus: null, error: TARGET_NOT_ALLOWED })
    expect(received).toEqual([])
    // WEBHOOK_ALLOW_PRIVATE_TARGETS lifts the address rule, not https: (this receiver is http:).
    expect(await send(delivery("/lifted", "localhost"), { production: true, allowPrivate: true })).toEqual({
      _tag: "Failed",
      responseStatus: null,
      error: TARGET_NOT_ALLOWED
    })
    expect(await send(delivery("/dev", "localhost"), development)).toEqual({ _tag: "Delivered", responseStatus: 200 })
    expect(received.map((r) => r.path)).toEqual(["/dev"])
  })
})
