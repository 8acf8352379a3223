/**
 * The game's event webhook, black-box (docs/decisions/game.md, "The event
 * webhook"): the server verifies every delivery against the simulator's key
 * (`GAME_WEBHOOK_PUBLIC_KEY`) before it reads anything of it. Every refusal
 * answers `401`/`413`/`400` and leaves nothing behind: the events are handled
 * in order from the inbox (oldest batch first), so a valid delivery sent after the refused ones and
 * seen in CAD proves that none of them was handled.
 */
import type { GameServerSimulator } from "@bluelight/adapters-game"
import { generateKeyPairSync, sign } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { detailsOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { startServerWithSimulator, WEBHOOK_PATH } from "../harness/game.js"
import { type Session, testRedisUrl } from "../harness/identity.js"
import { type RunningServer, UNLIMITED_RATES } from "../harness/server.js"
import { arrived, auditOf, batchText, callsOf, type Delivery, deliver, emergencyEvent, gameCalls, nowSeconds, signed } from "./webhookSigning.js"

const LIMIT = 64 * 1024

/** A batch's text padded with a property the receiver ignores, to exactly `bytes` bytes. */
const paddedTo = (text: string, bytes: number) => `${text.slice(0, -1)},"padding":"${"x".repeat(bytes - Buffer.byteLength(text) - 13)}"}`

let simulator: GameServerSimulator
let server: RunningServer
let admin: Session
let stop: () => Promise<void>
beforeAll(async () => {
  ;({ simulator, server, admin, stop } = await startServerWithSimulator({
    admin: "webhook-admin",
    webhook: true,
    // The tests poll CAD for what a delivery did.
    env: { ...UNLIMITED_RATES, REDIS_URL: testRedisUrl }
  }))
})
afterAll(() => stop?.())

/** Call numbers of this file's own events, unique within it. */
let nextCallNumber = 7000
const callNumber = () => ++nextCallNumber

/** A delivery of one emergency call, signed correctly, with the headers changed by `change`. */
const callDelivery = (number: number, change: (headers: Record<string, string>) => Record<string, string> = (h) => h): Delivery => {
  const delivery = signed(simulator, batchText(simulator, [emergencyEvent(number)]))
  return { body: delivery.body, headers: change({ ...delivery.headers }) }
}

/** How many deliveries the server's log says it recognised as replays. */
const replaysSeen = () => server.logs.filter((line) => typeof line.message === "string" && line.message.includes("a delivery seen before")).length

/** Proves that none of `refused` was handled: a delivery sent after them (taken from the inbox after them) arrives alone. */
const nothingHandled = async (refused: ReadonlyArray<number>) => {
  const sentinel = callNumber()
  expect((await deliver(server, callDelivery(sentinel))).status).toBe(204)
  await arrived(server, admin, sentinel)
  const calls = await callsOf(server, admin)
  expect(calls.filter((call) => call.gameCallNumber !== null && refused.includes(call.gameCallNumber))).toEqual([])
  const audit = await auditOf(server, admin)
  for (const number of refused) expect(JSON.stringify(audit)).not.toContain(`Webhook test call ${number}"`)
}

describe("a valid delivery", () => {
  it("answers a WebhookProbe with 204 and no body", async () => {
    expect(await simulator.probe()).toBe(204)
    const reply = await deliver(
      server,
      signed(simulator, batchText(simulator, [{ event: "WebhookProbe", origin: "global", timestamp: nowSeconds(), data: {} }]))
    )
    expect({ status: reply.status, text: reply.text }).toEqual({ status: 204, text: "" })
  })

  it("answers 204 and turns an emergency call into a CAD call afterwards; an ignored query string changes nothing", async () => {
    const number = callNumber()
    const delivery = callDelivery(number)
    const response = await fetch(`${server.url}${WEBHOOK_PATH}?long=true`, { method: "POST", headers: delivery.headers, body: delivery.body })
    expect(response.status).toBe(204)
    const [call] = await arrived(server, admin, number)
    expect(call).toMatchObject({ source: "GAME", gameCallNumber: number, status: "WAITING", description: `Webhook test call ${number}` })
  })

  it("audits what an event did under the id of the request that delivered it", async () => {
    const number = callNumber()
    const reply = await deliver(server, callDelivery(number))
    expect(reply.status).toBe(204)
    const [call] = await arrived(server, admin, number)
    const entries = await server.request("GET", `/api/audit?targetId=${call!.id}`, { headers: { cookie: admin.cookie } })
    expect(listOf<{ action: string; requestId: string | null }>(entries).data).toContainEqual(
      expect.objectContaining({ action: "cad.call.received", requestId: reply.headers.get("x-request-id") })
    )
  })

  it("handles the events of a batch in order: a call that starts and ends in one delivery is closed", async () => {
    const number = callNumber()
    const events = [emergencyEvent(number), emergencyEvent(number, { event: "EmergencyCallEnded" })]
    expect((await deliver(server, signed(simulator, batchText(simulator, events)))).status).toBe(204)
    await expect.poll(async () => (await gameCalls(server, admin, number)).map((call) => call.status), { timeout: 30_000, interval: 100 })
      .toEqual(["CLOSED"])
  })

  it("drops events of names it does not know and handles the rest", async () => {
    const number = callNumber()
    // An unknown event is dropped whatever its data; it still carries the game's envelope (malformed without it, below).
    const events = [
      { event: "ModCallStarted", origin: "server", timestamp: nowSeconds(), data: { caller: 1 } },
      { event: "SomethingNew", origin: "global", timestamp: nowSeconds(), data: { nested: [{ deep: true }] }, extra: "ignored" },
      emergencyEvent(number)
    ]
    expect((await deliver(server, signed(simulator, batchText(simulator, events)))).status).toBe(204)
    expect(await arrived(server, admin, number)).toHaveLength(1)
  })

  it("takes a batch of hundreds of events, handling the last after all the others", async () => {
    const number = callNumber()
    const probes = Array.from({ length: 600 }, () => ({ event: "WebhookProbe", origin: "global", timestamp: nowSeconds(), data: {} }))
    const text = batchText(simulator, [...probes, emergencyEvent(number)])
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LIMIT)
    expect((await deliver(server, signed(simulator, text))).status).toBe(204)
    expect(await arrived(server, admin, number)).toHaveLength(1)
  })

  it("takes a body of exactly 64 KiB, and one sent in chunks without Content-Length", async () => {
    const number = callNumber()
    const text = batchText(simulator, [emergencyEvent(number)])
    const padded = paddedTo(text, LIMIT)
    expect(Buffer.byteLength(padded)).toBe(LIMIT)
    expect((await deliver(server, signed(simulator, padded))).status).toBe(204)
    await arrived(server, admin, number)

    const chunked = callNumber()
    const delivery = callDelivery(chunked)
    const half = Math.floor(delivery.body.length / 2)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(delivery.body.subarray(0, half))
        controller.enqueue(delivery.body.subarray(half))
        controller.close()
      }
    })
    const response = await fetch(`${server.url}${WEBHOOK_PATH}`, { method: "POST", headers: delivery.headers, body, duplex: "half" } as RequestInit)
    expect(response.status).toBe(204)
    await arrived(server, admin, chunked)
  })

  it("verifies the bytes as sent: text that is not ASCII, and JSON spaced as the game spaces it", async () => {
    const number = callNumber()
    const event = emergencyEvent(number, { description: "Fahrzeug brennt – Straße gesperrt 🚒" })
    const spaced = JSON.stringify({ server: simulator.webhookServerId, events: [event] }, null, 2)
    expect((await deliver(server, signed(simulator, spaced))).status).toBe(204)
    const [call] = await arrived(server, admin, number)
    expect(call?.description).toBe("Fahrzeug brennt – Straße gesperrt 🚒")
  })
})

describe("refusals, each with nothing recorded", () => {
  it("refuses a delivery without its signature headers: 401 UNAUTHENTICATED", async () => {
    const refused: Array<number> = []
    for (const omit of [["x-signature-ed25519", "x-signature-timestamp"], ["x-signature-ed25519"], ["x-signature-timestamp"]]) {
      const number = callNumber()
      refused.push(number)
      const delivery = callDelivery(number, (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !omit.includes(name))))
      expectError(await deliver(server, delivery), 401, "UNAUTHENTICATED")
    }
    // Through the simulator's own knob too.
    expect(await simulator.sendEvents([emergencyEvent(callNumber())], { omitHeaders: true })).toBe(401)
    await nothingHandled(refused)
  })

  it("refuses malformed headers: a signature not 128 hex characters (base64, short, long, not hex), a timestamp not Unix seconds", async () => {
    const refused: Array<number> = []
    const spoil = async (change: (headers: Record<string, string>) => Record<string, string>) => {
      const number = callNumber()
      refused.push(number)
      return expectError(await deliver(server, callDelivery(number, change)), 401, "UNAUTHENTICATED")
    }
    const base64 = (headers: Record<string, string>) => Buffer.from(headers["x-signature-ed25519"]!, "hex").toString("base64")
    await spoil((h) => ({ ...h, "x-signature-ed25519": base64(h) }))
    await spoil((h) => ({ ...h, "x-signature-ed25519": h["x-signature-ed25519"]!.slice(0, 127) }))
    await spoil((h) => ({ ...h, "x-signature-ed25519": `${h["x-signature-ed25519"]!}0` }))
    await spoil((h) => ({ ...h, "x-signature-ed25519": `zz${h["x-signature-ed25519"]!.slice(2)}` }))
    await spoil((h) => ({ ...h, "x-signature-ed25519": "" }))
    // Sent twice, the header arrives as both values joined.
    await spoil((h) => ({ ...h, "x-signature-ed25519": `${h["x-signature-ed25519"]!}, ${h["x-signature-ed25519"]!}` }))
    for (const timestamp of ["", "abc", "-5", "+1775444267", "1775444267.5", "0x10", "1e9", "9".repeat(16)]) {
      const error = await spoil((h) => ({ ...h, "x-signature-timestamp": timestamp }))
      expect(error.message).toContain("X-Signature-Timestamp")
    }
    await nothingHandled(refused)
  })

  it("refuses a signature that does not verify: another key, a flipped bit, a body changed after signing, a timestamp changed", async () => {
    const refused: Array<number> = []
    const refuse = async (delivery: Delivery, number: number) => {
      refused.push(number)
      const error = expectError(await deliver(server, delivery), 401, "UNAUTHENTICATED")
      expect(error.message).toContain("does not verify")
    }
    // Another key pair altogether.
    const other = generateKeyPairSync("ed25519").privateKey
    const foreign = callNumber()
    const foreignBody = Buffer.from(batchText(simulator, [emergencyEvent(foreign)]))
    const timestamp = String(nowSeconds())
    await refuse({
      body: foreignBody,
      headers: {
        "content-type": "application/json",
        "x-signature-timestamp": timestamp,
        "x-signature-ed25519": sign(null, Buffer.concat([Buffer.from(timestamp), foreignBody]), other).toString("hex")
      }
    }, foreign)
    // The right signature of another body, over this one; and with one bit flipped.
    const first = callNumber()
    const second = callNumber()
    await refuse({ body: callDelivery(second).body, headers: callDelivery(first).headers }, second)
    const flipped = callNumber()
    await refuse(
      callDelivery(flipped, (h) => {
        const bytes = Buffer.from(h["x-signature-ed25519"]!, "hex")
        bytes[10] = bytes[10]! ^ 0x01
        return { ...h, "x-signature-ed25519": bytes.toString("hex") }
      }),
      flipped
    )
    // A timestamp other than the one signed (still fresh), and one with a separator the signer did not use.
    const moved = callNumber()
    await refuse(callDelivery(moved, (h) => ({ ...h, "x-signature-timestamp": String(Number(h["x-signature-timestamp"]) - 1) })), moved)
    const separated = callNumber()
    const separatedBody = Buffer.from(batchText(simulator, [emergencyEvent(separated)]))
    const ts = String(nowSeconds())
    await refuse({
      body: separatedBody,
      headers: {
        "content-type": "application/json",
        "x-signature-timestamp": ts,
        "x-signature-ed25519": simulator.signWebhook(`${ts}.`, separatedBody)
      }
    }, separated)
    // Re-serialised after signing: the same JSON value, other bytes.
    const reserialised = callNumber()
    const compact = callDelivery(reserialised)
    await refuse({ body: Buffer.from(JSON.stringify(JSON.parse(compact.body.toString()), null, 1)), headers: compact.headers }, reserialised)
    // Through the simulator's knobs.
    expect(await simulator.sendEvents([emergencyEvent(callNumber())], { signWithOtherKey: true })).toBe(401)
    expect(await simulator.sendEvents([emergencyEvent(callNumber())], { badSignature: true })).toBe(401)
    await nothingHandled(refused)
  })

  it("refuses a timestamp more than 300 s from the server's clock either way, correctly signed", async () => {
    const refused: Array<number> = []
    for (const seconds of [301, 3600, -302, -86_400]) {
      const number = callNumber()
      refused.push(number)
      const delivery = callDelivery(number)
      const timestamp = String(nowSeconds() - seconds)
      const error = expectError(await deliver(server, signed(simulator, delivery.body, timestamp)), 401, "UNAUTHENTICATED")
      expect(error.message).toContain("300 s")
    }
    expect(await simulator.sendEvents([emergencyEvent(callNumber())], { staleBySeconds: 400 })).toBe(401)
    await nothingHandled(refused)
    // Within the window (a margin for the seconds the clocks round to), it is taken.
    const recent = callNumber()
    expect((await deliver(server, signed(simulator, callDelivery(recent).body, String(nowSeconds() - 290)))).status).toBe(204)
    await arrived(server, admin, recent)
  })

  it("refuses a body over 64 KiB with 413, whether declared or sent in chunks, before it is verified", async () => {
    const number = callNumber()
    const text = batchText(simulator, [emergencyEvent(number)])
    const over = paddedTo(text, LIMIT + 1)
    expect(Buffer.byteLength(over)).toBe(LIMIT + 1)
    const declared = await deliver(server, signed(simulator, over))
    expect(expectError(declared, 413, "PAYLOAD_TOO_LARGE").message).toContain(String(LIMIT))
    const delivery = signed(simulator, over)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < delivery.body.length; at += 8192) controller.enqueue(delivery.body.subarray(at, at + 8192))
        controller.close()
      }
    })
    const chunked = await fetch(`${server.url}${WEBHOOK_PATH}`, { method: "POST", headers: delivery.headers, body, duplex: "half" } as RequestInit)
    expect(chunked.status).toBe(413)
    // Unsigned, it is still too large first.
    expect((await fetch(`${server.url}${WEBHOOK_PATH}`, { method: "POST", body: "x".repeat(LIMIT + 1) })).status).toBe(413)
    // Other operations keep their 16 KiB.
    const other = await server.request("POST", "/api/cad/calls", { headers: { cookie: admin.cookie }, body: { description: "x".repeat(20_000) } })
    expectError(other, 413, "PAYLOAD_TOO_LARGE")
    await nothingHandled([number])
  })

  it("answers a verified body that is not a batch of events with 400 INVALID_INPUT naming each problem, nothing handled", async () => {
    const number = callNumber()
    const refuse = async (body: string | Buffer) => expectError(await deliver(server, signed(simulator, body)), 400, "INVALID_INPUT")
    expect(detailsOf(await refuse("not json"))).toEqual([{ path: [], message: "must be valid JSON" }])
    expect(detailsOf(await refuse(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])))).toEqual([{ path: [], message: "must be UTF-8 JSON" }])
    expect(detailsOf(await refuse(`${"[".repeat(40)}${"]".repeat(40)}`))[0]?.message).toContain("32 levels")
    expect(detailsOf(await refuse(JSON.stringify({ server: 1, events: {} }))).map((p) => p.path)).toEqual([["server"], ["events"]])
    expect(detailsOf(await refuse(JSON.stringify({ server: "s", events: [{ event: 42, origin: "o", timestamp: 1, data: {} }] }))).map((p) => p.path))
      .toEqual([["events", "0", "event"]])
    // Every event carries the envelope, whatever its name.
    expect(detailsOf(await refuse(JSON.stringify({ server: "s", events: [{ event: "SomethingNew", timestamp: 1.5, data: [] }] }))).map((p) => p.path))
      .toEqual([["events", "0", "origin"], ["events", "0", "timestamp"], ["events", "0", "data"]])
    // A known event missing its fields refuses the whole batch, the valid event before it included.
    const broken = { ...emergencyEvent(callNumber()), data: { description: "no number" } }
    const problems = detailsOf(await refuse(batchText(simulator, [emergencyEvent(number), broken])))
    expect(problems.map((p) => p.path)).toContainEqual(["events", "1", "data", "callNumber"])
    expect(problems.every((p) => p.path[0] === "events" && p.path[1] === "1")).toBe(true)
    await nothingHandled([number])
  })

  it("ignores the content type: the signature is what authenticates", async () => {
    const number = callNumber()
    const delivery = callDelivery(number, (h) => ({ ...h, "content-type": "text/plain" }))
    expect((await deliver(server, delivery)).status).toBe(204)
    await arrived(server, admin, number)
  })
})

describe("replays", () => {
  it("answers the same delivery again 204 and does nothing more, byte for byte or through the simulator", async () => {
    const number = callNumber()
    const delivery = callDelivery(number)
    const before = replaysSeen()
    expect((await deliver(server, delivery)).status).toBe(204)
    await arrived(server, admin, number)
    expect((await deliver(server, delivery)).status).toBe(204)
    // The same signature in capitals is the same signature.
    expect(
      (await deliver(server, { ...delivery, headers: { ...delivery.headers, "x-signature-ed25519": delivery.headers["x-signature-ed25519"]!.toUpperCase() } }))
        .status
    )
      .toBe(204)
    const started = await simulator.startEmergencyCall({ caller: null, description: "Replay through the simulator" })
    expect(started.status).toBe(204)
    const original = simulator.deliveries.at(-1)!
    expect(await simulator.sendEvents([], { replayOf: original })).toBe(204)
    await arrived(server, admin, started.callNumber)
    // Whatever came after them is handled: both were done with once.
    await nothingHandled([])
    expect(await gameCalls(server, admin, number)).toHaveLength(1)
    expect(await gameCalls(server, admin, started.callNumber)).toHaveLength(1)
    // Known as replays by their signature, before any event was looked at.
    expect(replaysSeen() - before).toBe(3)
  })

  it("handles one of many identical deliveries sent at once", async () => {
    const number = callNumber()
    const delivery = callDelivery(number)
    const before = replaysSeen()
    const replies = await Promise.all(Array.from({ length: 8 }, () => deliver(server, delivery)))
    expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 8 }, () => 204))
    await arrived(server, admin, number)
    await nothingHandled([])
    expect(await gameCalls(server, admin, number)).toHaveLength(1)
    expect(replaysSeen() - before).toBe(7)
  })
})
