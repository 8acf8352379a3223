/**
 * The moderation lists and a player's history, and the live reads of the
 * game server (cached a few seconds, shared by concurrent readers).
 */
import type { GameServerSimulator } from "@bluelight/adapters-game"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { bodyOf, dataOf, detailsOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { startServerWithSimulator } from "../harness/game.js"
import { advanceClock, bearer, issueCredential, linkPlatform, meData, type Session, signIn } from "../harness/identity.js"
import { act, type ActionData, expectGameError, PLAYERS } from "../harness/moderation.js"
import type { RunningServer } from "../harness/server.js"

let simulator: GameServerSimulator
let server: RunningServer
let admin: Session
let stop: () => Promise<void>
let linked: { id: string; displayName: string }
let actions: Array<ActionData>
beforeAll(async () => {
  ;({ simulator, server, admin, stop } = await startServerWithSimulator({ admin: "reads-admin" }))
  // Jane_Doe's platform account is linked to a member's account.
  const member = await signIn(server, { id: "reads-jane", displayName: "Jane Doe" })
  expect((await linkPlatform(server, member, { id: "100000001", username: "Jane_Doe" })).status).toBe(302)
  const me = await meData(server, member)
  linked = { id: me.id, displayName: me.displayName }
  actions = []
  for (
    const [kind, body] of [
      ["warnings", { targetPlatformId: "100000001", reason: "First warning" }],
      ["kicks", { targetPlatformId: "100000001", reason: "Then a kick", evidence: "clip" }],
      ["kicks", { targetPlatformId: "100000002", reason: "Someone else" }]
    ] as const
  ) {
    await advanceClock(server, 6000)
    actions.push((await act(server, { session: admin }, kind, body)).action)
    // A kick takes the player off the server: everyone is back for the next test.
    simulator.setPlayers(PLAYERS)
  }
})
afterAll(() => stop?.())

const get = (path: string) => server.request("GET", path, { headers: { cookie: admin.cookie } })

describe("GET /moderation/actions", () => {
  it("lists newest first, by target and by type, paged", async () => {
    const all = listOf<ActionData>(await get("/api/moderation/actions"))
    expect(all.data.map((a) => a.id)).toEqual([...actions].reverse().map((a) => a.id))
    expect(all.meta).toEqual({ limit: 25, offset: 0, hasMore: false })
    expect(listOf<ActionData>(await get("/api/moderation/actions?targetPlatformId=100000001")).data.map((a) => a.type)).toEqual(["kick", "warn"])
    expect(listOf<ActionData>(await get("/api/moderation/actions?type=kick")).data.map((a) => a.targetPlatformId)).toEqual(["100000002", "100000001"])
    const page = listOf<ActionData>(await get("/api/moderation/actions?limit=1&offset=1"))
    expect(page.data.map((a) => a.id)).toEqual([actions[1]!.id])
    expect(page.meta).toEqual({ limit: 1, offset: 1, hasMore: true })
  })

  it("refuses unknown types, unknown parameters and malformed ids", async () => {
    for (
      const query of ["type=mute", "type=KICK", "sort=asc", "targetPlatformId=", `targetPlatformId=${"1".repeat(65)}`, "targetPlatformId=a%00b", "limit=101"]
    ) {
      expectError(await get(`/api/moderation/actions?${query}`), 400, "INVALID_INPUT")
    }
  })

  it("reads one action, and answers NOT_FOUND for an unknown id and INVALID_INPUT for a malformed one", async () => {
    expect(dataOf(await get(`/api/moderation/actions/${actions[0]!.id}`))).toEqual(actions[0])
    expectError(await get("/api/moderation/actions/0190a7f2-0000-7000-8000-000000000000"), 404, "NOT_FOUND")
    const error = expectError(await get(`/api/moderation/actions/${"x".repeat(65)}`), 400, "INVALID_INPUT")
    expect(detailsOf(error)[0]?.path).toEqual(["path", "id"])
  })
})

describe("GET /players/{platformId}/history", () => {
  it("lists every action against the player, newest first, with the linked account", async () => {
    const reply = await get("/api/players/100000001/history")
    expect(reply.status, reply.text).toBe(200)
    const body = bodyOf(reply) as { data: { platformId: string; account: unknown; actions: Array<ActionData> }; meta: unknown }
    expect(body.data.platformId).toBe("100000001")
    expect(body.data.account).toEqual(linked)
    expect(body.data.actions.map((a) => a.id)).toEqual([actions[1]!.id, actions[0]!.id])
    expect(body.meta).toEqual({ limit: 25, offset: 0, hasMore: false })
  })

  it("answers an empty history and no account for a player never seen", async () => {
    const body = bodyOf(await get("/api/players/555/history")) as { data: unknown }
    expect(body.data).toEqual({ platformId: "555", account: null, actions: [] })
  })
})

describe("live game-server reads", () => {
  beforeEach(async () => {
    simulator.readsFail = false
    // Past the cache of the reads before.
    await advanceClock(server, 10_000)
  })

  it("GET /server answers the live status, and when the game server was read", async () => {
    const reply = await get("/api/server")
    expect(dataOf(reply)).toEqual({
      name: "Bluelight Development Server",
      currentPlayers: simulator.players.length,
      maxPlayers: 40,
      joinKey: "bluelightdev"
    })
    expect(Date.parse((bodyOf(reply)["meta"] as { observedAt: string }).observedAt)).not.toBeNaN()
  })

  it("GET /server refuses unknown query parameters, as every list does", async () => {
    for (const query of ["verbose=1", "limit=1"]) {
      const error = expectError(await get(`/api/server?${query}`), 400, "INVALID_INPUT")
      expect(detailsOf(error).map((problem) => problem.path)).toEqual([["query", query.split("=")[0]!]])
    }
  })

  it("GET /server/players lists every player with meta.total and the linked account", async () => {
    const reply = await get("/api/server/players")
    expect(reply.status, reply.text).toBe(200)
    const body = bodyOf(reply) as { data: Array<Record<string, unknown>>; meta: unknown }
    expect(body.meta).toEqual({ limit: 25, offset: 0, hasMore: false, total: simulator.players.length, observedAt: expect.any(String) })
    expect(body.data.find((p) => p["platformId"] === "100000001")).toEqual({
      platformId: "100000001",
      username: "Jane_Doe",
      permission: "Normal",
      inGameStaff: false,
      callsign: "1A-01",
      team: "Police",
      account: linked
    })
    expect(body.data.find((p) => p["platformId"] === "100000004")).toMatchObject({ inGameStaff: true, permission: "Server Moderator", account: null })
  })

  it("GET /server/players pages the snapshot: meta.total counts every player, hasMore the rest; unknown and out-of-bounds parameters are 400", async () => {
    const total = simulator.players.length
    const all = (bodyOf(await get("/api/server/players?limit=100")) as { data: Array<{ platformId: string }> }).data.map((p) => p.platformId)
    expect(all).toHaveLength(total)
    const first = bodyOf(await get("/api/server/players?limit=1")) as { data: Array<{ platformId: string }>; meta: unknown }
    expect(first.data.map((p) => p.platformId)).toEqual(all.slice(0, 1))
    expect(first.meta).toEqual({ limit: 1, offset: 0, hasMore: true, total, observedAt: expect.any(String) })
    const last = bodyOf(await get(`/api/server/players?limit=1&offset=${total - 1}`)) as { data: Array<{ platformId: string }>; meta: unknown }
    expect(last.data.map((p) => p.platformId)).toEqual(all.slice(-1))
    expect(last.meta).toEqual({ limit: 1, offset: total - 1, hasMore: false, total, observedAt: expect.any(String) })
    expect((bodyOf(await get(`/api/server/players?offset=${total}`)) as { data: unknown[] }).data).toEqual([])
    for (const query of ["limit=0", "limit=101", "offset=-1", "offset=10001", "extra=1"]) {
      expectError(await get(`/api/server/players?${query}`), 400, "INVALID_INPUT")
    }
  })

  it("GET /players/lookup finds by platform id or part of the username, ignoring case", async () => {
    expect(dataOf<Array<{ username: string }>>(await get("/api/players/lookup?query=100000003")).map((p) => p.username)).toEqual(["SpeedyDriver"])
    expect(dataOf<Array<{ platformId: string; account: unknown }>>(await get("/api/players/lookup?query=%20jane%20"))).toMatchObject([
      { platformId: "100000001", account: linked }
    ])
    expect(dataOf(await get("/api/players/lookup?query=nobody"))).toEqual([])
    expect((bodyOf(await get("/api/players/lookup?query=jane")) as { meta: unknown }).meta).toEqual({
      limit: 25,
      offset: 0,
      hasMore: false,
      observedAt: expect.any(String)
    })
    // Three of the players' usernames hold an "e": a page of one says more follow.
    const paged = bodyOf(await get("/api/players/lookup?query=e&limit=1")) as { data: unknown[]; meta: { hasMore: boolean } }
    expect(paged.data).toHaveLength(1)
    expect(paged.meta).toEqual({ limit: 1, offset: 0, hasMore: true, observedAt: expect.any(String) })
    for (const query of ["", "query=", `query=${"a".repeat(101)}`, "query=a&extra=1", "query=%00"]) {
      expectError(await get(`/api/players/lookup?${query}`), 400, "INVALID_INPUT")
    }
  })

  it("makes one game-server call for a burst of concurrent readers", async () => {
    const before = simulator.reads
    const replies = await Promise.all(Array.from({ length: 12 }, () => get("/api/server")))
    expect(replies.every((r) => r.status === 200)).toBe(true)
    expect(simulator.reads - before).toBe(1)
  })

  it("answers GAME_UNAVAILABLE with availability and Retry-After when the game server cannot be read", async () => {
    simulator.readsFail = true
    expectGameError(await get("/api/server"), "GAME_UNAVAILABLE")
    expectGameError(await get("/api/server/players"), "GAME_UNAVAILABLE")
    expectGameError(await get("/api/players/lookup?query=jane"), "GAME_UNAVAILABLE")
  })
})

describe("who may read", () => {
  it("needs each read's permission, from a session or a credential", async () => {
    simulator.readsFail = false
    await advanceClock(server, 10_000)
    const bot = await issueCredential(server, admin, { name: "Reader bot", scopes: ["server.view"] })
    const as = (path: string) => server.request("GET", path, { headers: bearer(bot.token) })
    expect((await as("/api/server")).status).toBe(200)
    for (
      const [path, permission] of [
        ["/api/server/players", "players.view"],
        ["/api/players/lookup?query=jane", "players.lookup"],
        ["/api/moderation/actions", "moderation.view"],
        [`/api/moderation/actions/${actions[0]!.id}`, "moderation.view"],
        ["/api/players/100000001/history", "moderation.history"]
      ] as const
    ) {
      const error = expectError(await as(path), 403, "FORBIDDEN")
      expect(error.message).toContain(permission)
      expectError(await server.request("GET", path), 401, "UNAUTHENTICATED")
    }
  })
})
