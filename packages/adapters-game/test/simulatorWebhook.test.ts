import { customCommandEvent, type GameServerSimulator, startGameServerSimulator, WEBHOOK_HEADERS } from "@bluelight/adapters-game"
import { GameEvent } from "@bluelight/core/game"
import { Schema } from "effect"
import { createPublicKey, verify } from "node:crypto"
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import { afterEach, beforeEach, describe, expect, it } from "vitest"

/** What our endpoint received: the raw bytes and headers of one POST. */
interface Received {
  readonly headers: IncomingHttpHeaders
  readonly raw: Buffer
}

/** A webhook endpoint for the test: keeps what it receives; answers 204 when the signature verifies with `publicKey`, else 401. */
const startEndpoint = async (publicKey: () => string) => {
  const received: Array<Received> = []
  const server: Server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const raw = Buffer.concat(chunks)
      received.push({ headers: request.headers, raw })
      response.writeHead(verifies(publicKey(), request.headers, raw) ? 204 : 401).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (typeof address !== "object" || address === null) throw new Error("no address")
  return {
    url: `http://127.0.0.1:${address.port}/api/game/events`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** Verification as the game's documentation says: Ed25519 over the timestamp's text and the raw body, hex signature. */
const verifies = (publicKey: string, headers: IncomingHttpHeaders, raw: Buffer): boolean => {
  const signature = headers[WEBHOOK_HEADERS.signature]
  const timestamp = headers[WEBHOOK_HEADERS.timestamp]
  if (typeof signature !== "string" || typeof timestamp !== "string" || !/^[0-9a-f]{128}$/.test(signature)) return false
  const key = createPublicKey({ key: Buffer.from(publicKey, "base64"), format: "der", type: "spki" })
  return verify(null, Buffer.concat([Buffer.from(timestamp, "utf8"), raw]), key, Buffer.from(signature, "hex"))
}

const NOW = 1_800_000_123_456
let simulator: GameServerSimulator
let endpoint: Awaited<ReturnType<typeof startEndpoint>>
beforeEach(async () => {
  endpoint = await startEndpoint(() => simulator.webhookPublicKey)
  simulator = await startGameServerSimulator({
    now: () => NOW,
    webhookUrl: endpoint.url,
    players: [
      { username: "Jane_Doe", platformId: "101", callsign: "1A-01", team: "Police", location: { x: -120.5, z: 640.25 } },
      { username: "JohnSmith", platformId: "102" }
    ]
  })
})
afterEach(async () => {
  await simulator.close()
  await endpoint.close()
})

const bodyOf = (index: number) => JSON.parse(endpoint.received[index]?.raw.toString("utf8") ?? "null") as { server: string; events: Array<unknown> }

describe("the simulator's event webhook", () => {
  it("publishes its Ed25519 public key as base64 SPKI DER", () => {
    const der = Buffer.from(simulator.webhookPublicKey, "base64")
    expect(der.toString("base64")).toBe(simulator.webhookPublicKey)
    expect(der).toHaveLength(44)
    expect(der.subarray(0, 12).toString("hex")).toBe("302a300506032b6570032100")
    expect(createPublicKey({ key: der, format: "der", type: "spki" }).asymmetricKeyType).toBe("ed25519")
  })

  it("signs a probe over the timestamp's text and the raw body, as the game does", async () => {
    expect(await simulator.probe()).toBe(204)
    const [delivery] = endpoint.received
    expect(delivery?.headers["content-type"]).toBe("application/json")
    expect(delivery?.headers[WEBHOOK_HEADERS.timestamp]).toBe("1800000123")
    expect(delivery?.headers[WEBHOOK_HEADERS.signature]).toMatch(/^[0-9a-f]{128}$/)
    expect(bodyOf(0)).toEqual({ server: simulator.webhookServerId, events: [{ event: "WebhookProbe", origin: "global", timestamp: 1800000123, data: {} }] })
    expect(simulator.webhookServerId).toMatch(/^[A-Za-z]{40}$/)
    expect(simulator.deliveries).toEqual([{
      url: endpoint.url,
      headers: expect.any(Object),
      body: delivery?.raw.toString("utf8"),
      timestamp: "1800000123",
      signature: delivery?.headers[WEBHOOK_HEADERS.signature],
      status: 204
    }])
  })

  it("delivers emergency calls that start and end, camelCase, matching the v2 section", async () => {
    const started = await simulator.startEmergencyCall({ caller: "101", description: "help me", team: "Fire" })
    expect(started.status).toBe(204)
    const section = simulator.snapshot(["EmergencyCalls"]).EmergencyCalls
    expect(section).toEqual([started.call])
    const data = {
      players: [],
      caller: 101,
      description: "help me",
      callNumber: started.callNumber,
      team: "Fire",
      position: [-120.5, 640.25],
      positionDescriptor: started.call.PositionDescriptor,
      startedAt: 1800000123
    }
    expect(bodyOf(0)).toEqual({
      server: simulator.webhookServerId,
      events: [{ event: "EmergencyCallStarted", origin: "server", timestamp: 1800000123, data }]
    })
    expect(typeof data.positionDescriptor).toBe("string")
    expect(await simulator.endEmergencyCall(started.callNumber)).toBe(204)
    expect(bodyOf(1).events).toEqual([{ event: "EmergencyCallEnded", origin: "server", timestamp: 1800000123, data }])
    expect(simulator.openEmergencyCalls).toEqual([])
    // Core reads every event Bluelight acts on.
    for (const index of [0, 1]) {
      for (const event of bodyOf(index).events) expect(Schema.decodeUnknownSync(GameEvent, { onExcessProperty: "error" })(event)).toEqual(event)
    }
    const automated = await simulator.startEmergencyCall({ caller: null, description: null })
    expect((bodyOf(2).events[0] as { data: unknown }).data).toMatchObject({ caller: null, description: null, callNumber: automated.callNumber })
  })

  it("delivers a player's ; chat command pre-parsed, from the player's platform id", async () => {
    expect(await simulator.chat("101", ";panic shots fired on   Main Street ")).toBe(204)
    expect(await simulator.chat("101", ";STATUS")).toBe(204)
    expect(await simulator.chat("999", ";")).toBe(204)
    expect(await simulator.chat("101", "just chatting")).toBeNull()
    expect(endpoint.received).toHaveLength(3)
    expect([0, 1, 2].map((i) => bodyOf(i).events)).toEqual([
      [{ event: "CustomCommand", origin: "101", timestamp: 1800000123, data: { command: "panic", argument: "shots fired on   Main Street" } }],
      [{ event: "CustomCommand", origin: "101", timestamp: 1800000123, data: { command: "STATUS", argument: "" } }],
      [{ event: "CustomCommand", origin: "999", timestamp: 1800000123, data: { command: "", argument: "" } }]
    ])
    expect(customCommandEvent("5", ";status\tEN_ROUTE", 1).data).toEqual({ command: "status", argument: "EN_ROUTE" })
  })

  it("spoils a delivery on request, each one failing verification", async () => {
    const events = [customCommandEvent("101", ";panic", 1800000123)]
    expect(await simulator.sendEvents(events, { badSignature: true })).toBe(401)
    expect(await simulator.sendEvents(events, { signWithOtherKey: true })).toBe(401)
    expect(await simulator.sendEvents(events, { omitHeaders: true })).toBe(401)
    expect(await simulator.sendEvents(events, { omitHeaders: ["timestamp"] })).toBe(401)
    expect(await simulator.sendEvents(events, { headers: { [WEBHOOK_HEADERS.signature]: "zz" } })).toBe(401)
    const [bad, other, none, noTimestamp, badHex] = endpoint.received
    expect(bad?.headers[WEBHOOK_HEADERS.signature]).toMatch(/^[0-9a-f]{128}$/)
    expect(other?.headers[WEBHOOK_HEADERS.signature]).toMatch(/^[0-9a-f]{128}$/)
    expect(none?.headers[WEBHOOK_HEADERS.signature]).toBeUndefined()
    expect(none?.headers[WEBHOOK_HEADERS.timestamp]).toBeUndefined()
    expect(noTimestamp?.headers[WEBHOOK_HEADERS.signature]).toMatch(/^[0-9a-f]{128}$/)
    expect(noTimestamp?.headers[WEBHOOK_HEADERS.timestamp]).toBeUndefined()
    expect(badHex?.headers[WEBHOOK_HEADERS.signature]).toBe("zz")
    expect(simulator.deliveries.map((d) => d.status)).toEqual([401, 401, 401, 401, 401])
  })

  it("signs a stale timestamp correctly, so only freshness can refuse it", async () => {
    expect(await simulator.probe({ staleBySeconds: 301 })).toBe(204)
    expect(await simulator.probe({ staleBySeconds: -301 })).toBe(204)
    expect(endpoint.received.map((r) => r.headers[WEBHOOK_HEADERS.timestamp])).toEqual([String(1800000123 - 301), String(1800000123 + 301)])
  })

  it("replays an earlier delivery byte for byte, to the same endpoint or another one at once", async () => {
    await simulator.chat("101", ";panic help")
    const first = simulator.deliveries[0]
    if (first === undefined) throw new Error("nothing delivered")
    const second = await startEndpoint(() => simulator.webhookPublicKey)
    try {
      const statuses = await Promise.all([simulator.sendEvents([], { replayOf: first }), simulator.sendEvents([], { replayOf: first, to: second.url })])
      expect(statuses).toEqual([204, 204])
      const copies = [...endpoint.received, ...second.received]
      expect(copies).toHaveLength(3)
      for (const copy of copies) {
        expect(copy.raw.equals(endpoint.received[0]?.raw ?? Buffer.alloc(0))).toBe(true)
        expect(copy.headers[WEBHOOK_HEADERS.signature]).toBe(first.signature)
        expect(copy.headers[WEBHOOK_HEADERS.timestamp]).toBe(first.timestamp)
      }
      expect(simulator.deliveries.map((d) => [d.url, d.status])).toEqual([[endpoint.url, 204], [endpoint.url, 204], [second.url, 204]])
    } finally {
      await second.close()
    }
  })

  it("sends raw bodies as given, signed: hostile JSON and oversized bodies", async () => {
    const large = JSON.stringify({ server: "x", events: [], padding: "é".repeat(40_000) })
    expect(await simulator.sendRaw(large)).toBe(204)
    expect(await simulator.sendRaw("not json {")).toBe(204)
    expect(endpoint.received[0]?.raw.equals(Buffer.from(large, "utf8"))).toBe(true)
    expect(endpoint.received[0]?.raw.length).toBeGreaterThan(64 * 1024)
    expect(endpoint.received[1]?.raw.toString("utf8")).toBe("not json {")
    expect(simulator.signWebhook("1", "body")).toMatch(/^[0-9a-f]{128}$/)
  })

  it("sends nothing without a URL, and records an endpoint that does not answer", async () => {
    simulator.webhookUrl = undefined
    expect(await simulator.probe()).toBeNull()
    expect((await simulator.startEmergencyCall({ caller: "102" })).status).toBeNull()
    expect(simulator.deliveries).toEqual([])
    // Port 1 on loopback: nothing listens there (a closed test endpoint's port could be taken again meanwhile).
    const nowhere = "http://127.0.0.1:1/api/game/events"
    simulator.webhookUrl = nowhere
    expect(await simulator.probe()).toBeNull()
    expect(simulator.deliveries).toEqual([expect.objectContaining({ url: nowhere, status: null, error: expect.any(String) })])
  })
})
