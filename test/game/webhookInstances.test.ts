/**
 * The game's event webhook across instances and over a server's life: two
 * instances sharing one database and one Redis (`TEST_REDIS_URL`; without
 * it each keeps its own replay check, and the per-event claim in the database
 * still makes one effect), the same delivery to both at once giving one CAD
 * call; what a server stopped right after its `204`s answered for is
 * handled (test/game/inbox.test.ts: what a crash left); the receiver off without a key in production; the built-in
 * simulator's key in development, where its emergency calls reach CAD by
 * themselves; a key that is not one refused at start.
 */
import type { GameServerSimulator } from "@bluelight/adapters-game"
import { generateKeyPairSync, sign } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestDatabase } from "../harness/database.js"
import { expectError } from "../harness/expectations.js"
import { startInstancesWithSimulator, WEBHOOK_PATH } from "../harness/game.js"
import { type Session, signIn, testRedisUrl } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"
import { arrived, batchText, callsOf, deliver, emergencyEvent, gameCalls, signed } from "./webhookSigning.js"

/** How many deliveries a server's log says it recognised as replays. */
const replaysSeenBy = (server: RunningServer) =>
  server.logs.filter((line) => typeof line.message === "string" && line.message.includes("a delivery seen before")).length

let simulator: GameServerSimulator
let database: TestDatabase
let a: RunningServer
let b: RunningServer
let admin: Session
let env: Record<string, string | undefined>
let stop: () => Promise<void>
beforeAll(async () => {
  ;({ simulator, database, a, b, admin, env, stop } = await startInstancesWithSimulator({
    admin: "webhook-instances-admin",
    webhook: true,
    second: "always",
    env: UNLIMITED_RATES
  }))
})
afterAll(() => stop?.())

let nextCallNumber = 8000
const callNumber = () => ++nextCallNumber

describe(testRedisUrl === undefined ? "two instances, each with its own replay check" : "two instances sharing Redis", () => {
  it("turn the same delivery sent to both at once, many times, into one CAD call", async () => {
    const number = callNumber()
    const delivery = signed(simulator, batchText(simulator, [emergencyEvent(number)]))
    const before = [replaysSeenBy(a), replaysSeenBy(b)]
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => deliver(i % 2 === 0 ? a : b, delivery)))
    expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 10 }, () => 204))
    await arrived(a, admin, number)
    // Whatever either instance queued after it is handled too: a delivery to each, arrived, closes the race.
    for (const server of [a, b]) {
      const after = callNumber()
      expect((await deliver(server, signed(simulator, batchText(simulator, [emergencyEvent(after)])))).status).toBe(204)
      await arrived(a, admin, after)
    }
    expect(await gameCalls(b, admin, number)).toHaveLength(1)
    const replays = replaysSeenBy(a) - before[0]! + replaysSeenBy(b) - before[1]!
    // Shared, the replay check lets exactly one through; each its own, one per instance.
    expect(replays).toBe(testRedisUrl === undefined ? 8 : 9)
  })

  it("turn the same event signed again (another delivery of it) into one CAD call, on either instance", async () => {
    const number = callNumber()
    const event = emergencyEvent(number)
    const text = batchText(simulator, [event])
    const now = Math.floor(Date.now() / 1000)
    const deliveries = [signed(simulator, text, String(now)), signed(simulator, text, String(now - 1)), signed(simulator, text, String(now - 2))]
    const replies = await Promise.all(deliveries.flatMap((delivery) => [deliver(a, delivery), deliver(b, delivery)]))
    expect(replies.every((reply) => reply.status === 204)).toBe(true)
    await arrived(b, admin, number)
    for (const server of [a, b]) {
      const after = callNumber()
      expect((await deliver(server, signed(simulator, batchText(simulator, [emergencyEvent(after)])))).status).toBe(204)
      await arrived(a, admin, after)
    }
    expect(await gameCalls(a, admin, number)).toHaveLength(1)
  })
})

describe("stopping", () => {
  it("leaves no event it answered 204 for unhandled: its batch in hand before it exits, any other from the inbox by an instance still running", async () => {
    const stopping = await startServer({ database, env })
    const numbers = Array.from({ length: 25 }, () => callNumber())
    const batch = batchText(simulator, numbers.map((number) => emergencyEvent(number)))
    expect((await deliver(stopping, signed(simulator, batch))).status).toBe(204)
    expect(await stopping.stop()).toBe(0)
    const unhandled = async () => {
      const calls = await callsOf(a, admin, ["WAITING"])
      return numbers.filter((number) => !calls.some((call) => call.gameCallNumber === number))
    }
    await expect.poll(unhandled, { timeout: 30_000, interval: 200 }).toEqual([])
  })
})

describe("the key", () => {
  it("is off in production without GAME_WEBHOOK_PUBLIC_KEY: 404, whatever is sent", async () => {
    const idp = (name: string) => `http://127.0.0.1:9/${name}`
    const production = await startServer({
      testHooks: false,
      env: {
        NODE_ENV: "production",
        IDP_CLIENT_ID: "client",
        IDP_CLIENT_SECRET: "secret",
        IDP_AUTHORIZE_URL: idp("authorize"),
        IDP_TOKEN_URL: idp("token"),
        IDP_USERINFO_URL: idp("userinfo")
      }
    })
    try {
      const delivery = signed(simulator, batchText(simulator, [emergencyEvent(callNumber())]))
      expect(expectError(await deliver(production, delivery), 404, "NOT_FOUND").message).toContain("GAME_WEBHOOK_PUBLIC_KEY")
      expectError(await deliver(production, { body: Buffer.from("{}"), headers: {} }), 404, "NOT_FOUND")
    } finally {
      await production.stop()
    }
  })

  it("is the built-in simulator's in development without one: its emergency calls reach CAD by themselves, another key's are refused", async () => {
    const development = await startServer({ env: { NODE_ENV: "development", BLUELIGHT_ADMIN_IDENTITY_IDS: "webhook-dev-admin", ...UNLIMITED_RATES } })
    try {
      // What a newcomer sees on `npm start`: the simulated game rings the emergency services (first after about 15 s).
      const newcomer = await signIn(development, { id: "webhook-dev-admin" })
      await expect.poll(async () => (await callsOf(development, newcomer, ["WAITING", "CLOSED"])).filter((call) => call.source === "GAME").length, {
        timeout: 90_000,
        interval: 500
      }).toBeGreaterThan(0)
      const other = generateKeyPairSync("ed25519").privateKey
      const body = Buffer.from(batchText(simulator, [emergencyEvent(callNumber())]))
      const timestamp = String(Math.floor(Date.now() / 1000))
      const reply = await deliver(development, {
        body,
        headers: {
          "content-type": "application/json",
          "x-signature-timestamp": timestamp,
          "x-signature-ed25519": sign(null, Buffer.concat([Buffer.from(timestamp), body]), other).toString("hex")
        }
      })
      expectError(reply, 401, "UNAUTHENTICATED")
      expect(development.stderr()).toContain(`game webhook`)
      expect(development.stderr()).toContain(`${development.url}${WEBHOOK_PATH}, signed by the built-in simulator`)
    } finally {
      await development.stop()
    }
  })

  it("refuses at start a GAME_WEBHOOK_PUBLIC_KEY that is not an Ed25519 public key in base64 DER", async () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "der" }).toString("base64")
    const raw = Buffer.from(simulator.webhookPublicKey, "base64").subarray(-32).toString("base64")
    for (const key of ["not a key", rsa, raw, Buffer.from(simulator.webhookPublicKey, "base64").toString("hex")]) {
      await expect(startServer({ database: null, env: { GAME_WEBHOOK_PUBLIC_KEY: key, DATA_DIR: "/nonexistent/bluelight-webhook-test" } })).rejects.toThrow(
        "GAME_WEBHOOK_PUBLIC_KEY must be an Ed25519 public key"
      )
    }
  })
})
