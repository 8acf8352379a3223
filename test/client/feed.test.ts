import type { CadEventView } from "@bluelight/core/cad"
import { type BluelightApiClient, followCadEvents, makeBluelightClient } from "@bluelight/client"
import { Effect, Exit, Fiber, Stream } from "effect"
import { createServer, type Server, type Socket, connect } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { relayBot } from "../../packages/client/examples/relayBot.js"
import { CONTROL_PERMISSIONS } from "../harness/cad.js"
import { issueCredential, type Session, signIn, write } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"
import { until } from "../harness/until.js"

/**
 * The CAD live feed through the client: typed entries, and, through a TCP
 * proxy that can cut every connection, the resume with Last-Event-ID that
 * misses nothing and repeats nothing.
 */

/** A TCP proxy to `target` that records what each connection sent first and can cut them all. */
const startProxy = async (target: URL) => {
  const sockets = new Set<Socket>()
  const requests: Array<string> = []
  const proxy: Server = createServer((inbound) => {
    const outbound = connect(Number(target.port), target.hostname)
    sockets.add(inbound).add(outbound)
    inbound.once("data", (chunk: Buffer) => requests.push(chunk.toString("latin1")))
    inbound.pipe(outbound).pipe(inbound)
    const forget = () => {
      sockets.delete(inbound)
      sockets.delete(outbound)
      inbound.destroy()
      outbound.destroy()
    }
    inbound.on("error", forget).on("close", forget)
    outbound.on("error", forget).on("close", forget)
  })
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
  const address = proxy.address()
  if (address === null || typeof address === "string") throw new Error("the proxy has no port")
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    /** Resets every open connection, both ways, as a dropped network does. */
    cut: () => {
      for (const socket of sockets) socket.resetAndDestroy()
    },
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve()))
  }
}

let server: RunningServer
let admin: Session
let control: BluelightApiClient
let controlToken: string
const clientAt = (baseUrl: string, credential: string) => Effect.runPromise(makeBluelightClient({ baseUrl, credential }))
const INCIDENT = { type: "Fire", priority: "IMMEDIATE", location: "A1", description: "", controlNotes: "" } as const
const createIncident = (location: string) => Effect.runPromise(control.cadIncidents.createIncident({ payload: { ...INCIDENT, location } }))

/** Every entry of the history, by page, as the list shows it. */
const history = async (): Promise<ReadonlyArray<CadEventView>> => {
  const entries: Array<CadEventView> = []
  for (;;) {
    const page = await Effect.runPromise(control.cadEvents.listCadEvents({ query: { limit: 100, offset: entries.length } }))
    entries.push(...page.data)
    if (!page.meta.hasMore) return entries
  }
}

/** Follows the feed in the background, collecting what it delivers. */
const follow = (stream: Stream.Stream<CadEventView, unknown>) => {
  const seen: Array<CadEventView> = []
  const fiber = Effect.runFork(Stream.runForEach(stream, (entry) => Effect.sync(() => seen.push(entry))))
  return { seen, fiber, stop: () => Effect.runPromise(Fiber.interrupt(fiber)) }
}

beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "feed-admin", ...UNLIMITED_RATES } })
  admin = await signIn(server, { id: "feed-admin" })
  controlToken = (await issueCredential(server, admin, { name: "control", scopes: CONTROL_PERMISSIONS })).token
  control = await clientAt(server.url, controlToken)
})
afterAll(() => server?.stop())

describe("the CAD feed", () => {
  it("delivers typed entries, and after a cut connection resumes with Last-Event-ID: nothing missed, nothing twice", async () => {
    const proxy = await startProxy(new URL(server.url))
    const viaProxy = await clientAt(proxy.url, controlToken)
    // What a screen shows of the connection: live, cut (reconnecting), live again.
    const states: Array<string> = []
    const feed = follow(followCadEvents(viaProxy, {
      after: 0,
      reconnectDelay: "100 millis",
      onConnected: Effect.sync(() => states.push("live")),
      onCut: Effect.sync(() => states.push("cut"))
    }))
    try {
      const { data: first } = await createIncident("Before the cut")
      await until("the first incident on the feed", () => feed.seen.some((entry) => entry.incidentId === first.id))
      const created = feed.seen.find((entry) => entry.incidentId === first.id)
      expect(created).toMatchObject({ type: "INCIDENT_CREATED", unitId: null, callId: null, data: { location: "Before the cut" } })
      const lastBeforeCut = feed.seen.at(-1)!.seq

      proxy.cut()
      // Committed while the feed is away (or just coming back): the resume replays them.
      const { data: during } = await createIncident("During the cut")
      await until("the reconnection", () => proxy.requests.length >= 2)
      const { data: after } = await createIncident("After the cut")
      await until("the last incident on the feed", () => feed.seen.some((entry) => entry.incidentId === after.id))

      expect(proxy.requests[1]).toMatch(new RegExp(`\\r\\nlast-event-id: ${lastBeforeCut}\\r\\n`, "i"))
      expect(states.slice(0, 3)).toEqual(["live", "cut", "live"])
      expect(feed.seen.map((entry) => entry.incidentId)).toEqual(expect.arrayContaining([first.id, during.id, after.id]))
      // Exactly the history, in order: no entry missed, none twice.
      expect(feed.seen.map((entry) => entry.seq)).toEqual((await history()).map((entry) => entry.seq))
    } finally {
      // A failed expectation leaves the feed connected: the proxy closes once its connections are gone.
      await feed.stop()
      proxy.cut()
      await proxy.close()
    }
  })

  it("follows one incident only", async () => {
    const { data: watched } = await createIncident("Watched")
    // From the start of the history: the watched incident's creation is replayed, nothing else.
    const feed = follow(followCadEvents(control, { after: 0, incidentId: watched.id }))
    const { data: other } = await createIncident("Other")
    await Effect.runPromise(
      control.cadIncidents.updateIncident({ params: { id: watched.id }, payload: { ...INCIDENT, location: "Watched, moved", version: 1 } })
    )
    await Effect.runPromise(control.cadIncidents.closeIncident({ params: { id: other.id }, payload: { version: 1 } }))
    await Effect.runPromise(control.cadIncidents.closeIncident({ params: { id: watched.id }, payload: { version: 2 } }))
    await until("the watched incident closed", () => feed.seen.some((entry) => entry.type === "INCIDENT_CLOSED"))
    await feed.stop()
    expect(feed.seen.every((entry) => entry.incidentId === watched.id)).toBe(true)
    expect(feed.seen.map((entry) => entry.type)).toEqual(["INCIDENT_CREATED", "INCIDENT_UPDATED", "INCIDENT_CLOSED"])
    // Narrowed on its type, an entry's data is that type's: an update's fields before and after, a closing's number.
    const moves = feed.seen.flatMap((entry) => (entry.type === "INCIDENT_UPDATED" ? [[entry.data.before.location, entry.data.after.location]] : []))
    expect(moves).toEqual([["Watched", "Watched, moved"]])
    const closings = feed.seen.flatMap((entry) => (entry.type === "INCIDENT_CLOSED" ? [entry.data.number] : []))
    expect(closings).toEqual([watched.number])
  })

  it("ends with the refusal once the credential is revoked", async () => {
    const issued = await issueCredential(server, admin, { name: "revoked watcher", scopes: ["cad.view"] })
    const watcher = await clientAt(server.url, issued.token)
    let connected = false
    const fiber = Effect.runFork(Stream.runDrain(followCadEvents(watcher, {
      after: 0,
      reconnectDelay: "100 millis",
      onConnected: Effect.sync(() => (connected = true))
    })))
    // Revoked while the feed is open, not before it connects.
    await until("the feed connected", () => connected)
    const revoked = await write(server, admin, "DELETE", `/api/admin/services/${issued.id}`)
    expect(revoked.status, revoked.text).toBeLessThan(300)
    const exit = await Effect.runPromise(Fiber.await(fiber).pipe(Effect.timeout("10 seconds")))
    expect(Exit.isFailure(exit)).toBe(true)
    const errors = Exit.isFailure(exit) ? exit.cause.reasons.flatMap((reason) => (reason._tag === "Fail" ? [reason.error] : [])) : []
    expect(errors).toEqual([expect.objectContaining({ code: "UNAUTHENTICATED" })])
  })
})

describe("the README's relay bot", () => {
  it("relays incoming calls and follows the feed", async () => {
    const bot = await issueCredential(server, admin, { name: "emergency call relay", scopes: ["cad.view", "cad.calls.manage"] })
    const relayed: Array<string> = []
    const seen: Array<CadEventView> = []
    const calls = [
      { callerName: "Jo Bloggs", callerNumber: "07700 900123", location: "Legion Square", description: "Two people fighting" },
      { callerName: "Sam", callerNumber: null, location: "   ", description: "Refused: no location" },
      { callerName: "Ali", callerNumber: null, location: "Pier", description: "Someone in the water" }
    ]
    const fiber = Effect.runFork(relayBot({
      baseUrl: server.url,
      credential: bot.token,
      // All at once, as soon as the bot starts: the feed follows from where the history stood before the first
      // relay, so calls committed before its stream opens are on it too (following "from now" would miss them).
      incoming: Stream.fromIterable(calls),
      relayed: (call) => Effect.sync(() => relayed.push(call.id)),
      seen: (entry) => Effect.sync(() => seen.push(entry))
    }))
    await until("both calls on the feed", () => seen.filter((entry) => entry.type === "CALL_RECEIVED").length >= 2)
    await Effect.runPromise(Fiber.interrupt(fiber))
    expect(relayed).toHaveLength(2)
    expect(seen.filter((entry) => entry.type === "CALL_RECEIVED").map((entry) => entry.callId)).toEqual(relayed)
  })
})
