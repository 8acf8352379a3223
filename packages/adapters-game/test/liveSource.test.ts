import { type GameServerSimulator, KEY_REFUSED_BACKOFF, makeHttpLiveSource, makeMemoryRateGate, startGameServerSimulator } from "@bluelight/adapters-game"
import type { RateGate } from "@bluelight/core/game"
import { Duration, Effect, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { afterEach, beforeEach, describe, expect, it } from "vitest"

let simulator: GameServerSimulator
beforeEach(async () => {
  simulator = await startGameServerSimulator({
    players: [
      {
        username: "Jane_Doe",
        platformId: "101",
        callsign: "1A-01",
        team: "Police",
        wantedStars: 1,
        vehicle: { name: "Falcon", plate: "BL-1", texture: "Police", colorHex: "#ffffff", colorName: "White" }
      },
      { username: "John_Roe", platformId: "102", team: "Civilian" },
      { username: "Mod", platformId: "103", permission: "Server Moderator", team: "Police" }
    ],
    queue: [201, 202]
  })
})
afterEach(() => simulator.close())

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

const sourceFor = (apiUrl: string, key: string, gate?: RateGate) =>
  Effect.gen(function*() {
    const shared = gate ?? (yield* makeMemoryRateGate)
    return yield* makeHttpLiveSource({ apiUrl, serverKey: Redacted.make(key), readTimeout: Duration.seconds(5) }, shared)
  }).pipe(Effect.provide(FetchHttpClient.layer))

describe("the live picture's reads over HTTP, against the simulator", () => {
  it("read every section in one v2 request and turn it into the snapshot", async () => {
    simulator.kill("101", "102")
    simulator.modCall("102")
    const call = await simulator.startEmergencyCall({ caller: "101", description: "shots fired", team: "Police" })
    const source = await run(sourceFor(simulator.url, simulator.serverKey))
    const snapshot = await run(source.snapshot)
    expect(simulator.readsOf("/v2/server")).toBe(1)
    expect(simulator.reads).toBe(1)
    for (const section of ["Players", "Staff", "JoinLogs", "Queue", "KillLogs", "CommandLogs", "ModCalls", "EmergencyCalls", "Vehicles"] as const) {
      expect(simulator.sectionReads(section)).toBe(1)
    }
    expect(snapshot.status).toMatchObject({ currentPlayers: 3, maxPlayers: 40 })
    const jane = snapshot.players.find((p) => p.platformId === "101")
    expect(jane).toMatchObject({ username: "Jane_Doe", callsign: "1A-01", team: "Police", wantedStars: 1 })
    expect(jane?.location).toMatchObject({ postalCode: expect.any(String), streetName: expect.any(String) })
    expect(snapshot.staff).toContainEqual({ player: { username: "Mod", platformId: "103" }, level: "Mod" })
    expect(snapshot.queue).toEqual(["201", "202"])
    expect(snapshot.killLogs).toEqual([
      expect.objectContaining({ killer: { username: "Jane_Doe", platformId: "101" }, killed: { username: "John_Roe", platformId: "102" } })
    ])
    expect(snapshot.modCalls).toEqual([expect.objectContaining({ caller: { username: "John_Roe", platformId: "102" }, moderator: null })])
    expect(snapshot.vehicles).toContainEqual({
      name: "Falcon",
      plate: "BL-1",
      ownerUsername: "Jane_Doe",
      livery: "Police",
      colour: { hex: "#ffffff", name: "White" }
    })
    expect(snapshot.emergencyCalls).toEqual([
      expect.objectContaining({ callNumber: call.callNumber, callerPlatformId: "101", team: "Police", description: "shots fired" })
    ])
    expect(snapshot.joinLogs.every((e) => e.at.epochMilliseconds > 0)).toBe(true)
  })

  it("read the ban list from v1", async () => {
    simulator.ban("102")
    const source = await run(sourceFor(simulator.url, simulator.serverKey))
    expect((await run(source.bans)).bans).toEqual([{ platformId: "102", username: "John_Roe" }])
    expect(simulator.readsOf("/v1/server/bans")).toBe(1)
  })

  it("send nothing while the window's requests are spent, so the game never has to answer 429", async () => {
    simulator.setGlobalLimit({ limit: 3, windowSeconds: 60 })
    const source = await run(sourceFor(simulator.url, simulator.serverKey))
    const outcomes = []
    for (let i = 0; i < 10; i++) outcomes.push(await run(Effect.result(source.snapshot)))
    expect(outcomes.slice(0, 3).every((o) => o._tag === "Success")).toBe(true)
    const held = outcomes.slice(3)
    expect(held.every((o) => o._tag === "Failure" && o.failure.retryAfterSeconds !== undefined && o.failure.retryAfterSeconds >= 1)).toBe(true)
    expect(simulator.readsOf("/v2/server")).toBe(3)
    expect(simulator.throttled).toBe(0)
  })
})

/** A game server answering every request with `answer`, counting them. */
const fakeGame = async (answer: (request: IncomingMessage, response: ServerResponse) => void) => {
  let requests = 0
  const server = createServer((request, response) => {
    requests++
    answer(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (typeof address !== "object" || address === null) throw new Error("no address")
  return {
    url: `http://127.0.0.1:${address.port}`,
    get requests() {
      return requests
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

describe("the live picture's reads when the game refuses", () => {
  it("back off for minutes after a refused key (403), sending it no more", async () => {
    const game = await fakeGame((_, response) => {
      response.writeHead(403, { "content-type": "application/json" })
      response.end(JSON.stringify({ code: 2002, message: "Invalid server key" }))
    })
    try {
      const source = await run(sourceFor(game.url, "wrong"))
      const first = await run(Effect.flip(source.snapshot))
      expect(first.reason).toContain("refused the key")
      expect(first.retryAfterSeconds).toBe(Duration.toSeconds(KEY_REFUSED_BACKOFF))
      for (let i = 0; i < 5; i++) expect((await run(Effect.flip(source.bans))).reason).toContain("refused the key")
      expect(game.requests).toBe(1)
    } finally {
      await game.close()
    }
  })

  it("wait retry_after after a 429 (else Retry-After), sending nothing meanwhile", async () => {
    for (
      const [body, header, expected] of [[{ message: "slow down", retry_after: 42.5, bucket: "global" }, "7", 43], [{ message: "slow down" }, "7", 7]] as const
    ) {
      const game = await fakeGame((_, response) => {
        response.writeHead(429, { "content-type": "application/json", "retry-after": header })
        response.end(JSON.stringify(body))
      })
      try {
        const source = await run(sourceFor(game.url, "key"))
        expect((await run(Effect.flip(source.snapshot))).retryAfterSeconds).toBe(expected)
        const again = await run(Effect.flip(source.snapshot))
        expect(again.retryAfterSeconds).toBeGreaterThanOrEqual(expected - 1)
        expect(game.requests).toBe(1)
      } finally {
        await game.close()
      }
    }
  })

  it("drop malformed entries and keep the rest; refuse an answer whose base fields are wrong", async () => {
    const base = { Name: "S", OwnerId: 1, CoOwnerIds: [], CurrentPlayers: 2, MaxPlayers: 10, JoinKey: "k", AccVerifiedReq: "Disabled", TeamBalance: false }
    let answer: unknown = {
      ...base,
      Players: [{ Player: "NoColon", Permission: "Normal" }, { Player: "Odd:Name:55", Permission: "Normal", Team: "Police" }, 17],
      JoinLogs: [{ Join: true, Timestamp: 1704614400, Player: "A:1" }, { Join: true, Timestamp: "soon", Player: "B:2" }, {
        Join: false,
        Timestamp: 1e300,
        Player: "C:3"
      }],
      ModCalls: [{ Caller: "A:1", Moderator: "bad", Timestamp: 1 }, { Caller: "A:1", Moderator: "M:9", Timestamp: 2 }],
      Queue: [5, "x", -1, 6.5],
      Staff: { Admins: { "7": "Ad", "nope": "X" }, CoOwners: [55] }
    }
    const game = await fakeGame((_, response) => {
      response.writeHead(200, { "content-type": "application/json" })
      response.end(JSON.stringify(answer))
    })
    try {
      const source = await run(sourceFor(game.url, "key"))
      const snapshot = await run(source.snapshot)
      expect(snapshot.players.map((p) => [p.username, p.platformId, p.location])).toEqual([["Odd:Name", "55", null]])
      expect(snapshot.joinLogs.map((e) => [e.player.platformId, e.at.toJSON()])).toEqual([["1", "2024-01-07T08:00:00.000Z"]])
      expect(snapshot.modCalls.map((c) => c.moderator?.platformId)).toEqual(["9"])
      expect(snapshot.queue).toEqual(["5"])
      expect(snapshot.staff).toEqual([{ player: { username: "Ad", platformId: "7" }, level: "Admin" }, {
        player: { username: "Odd:Name", platformId: "55" },
        level: "CoOwner"
      }])
      answer = { ...base, CurrentPlayers: "two" }
      expect((await run(Effect.flip(source.snapshot))).reason).toBe("ParseError")
    } finally {
      await game.close()
    }
  })
})
