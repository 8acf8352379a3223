/**
 * The game server's whole live picture (docs/decisions/game.md): every
 * endpoint against the simulator, its paging and its permission refusals,
 * the players linked to their accounts, and health.
 */
import type { GameServerSimulator, SimulatedPlayer } from "@bluelight/adapters-game"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bodyOf, type JsonObject, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { startServerWithSimulator } from "../harness/game.js"
import { advanceClock, bearer, issueCredential, linkPlatform, meData, type Session, signIn } from "../harness/identity.js"
import { actionOf, expectGameError, moderate, newKey } from "../harness/moderation.js"
import type { RunningServer } from "../harness/server.js"

const PLAYERS: ReadonlyArray<SimulatedPlayer> = [
  {
    username: "Jane_Doe",
    platformId: "100000001",
    callsign: "1A-01",
    team: "Police",
    vehicle: { name: "Falcon Interceptor", plate: "BL-101", texture: "Police", colorHex: "#ffffff", colorName: "White" }
  },
  { username: "JohnSmith", platformId: "100000002", team: "Civilian" },
  { username: "SpeedyDriver", platformId: "100000003", team: "Civilian" },
  { username: "GameMod", platformId: "100000004", permission: "Server Moderator", team: "Police" },
  // A name that reads backwards from its middle (a right-to-left override) and hides a zero-width space.
  {
    username: "Evil\u202eenaJ\u200b",
    platformId: "100000005",
    team: "Civilian",
    vehicle: { name: "Hatch\u200b", plate: "SP\u202e-005", texture: null, colorHex: "#000000", colorName: "Black" }
  }
]

let simulator: GameServerSimulator
let server: RunningServer
let admin: Session
let stop: () => Promise<void>
let jane: { id: string; displayName: string }
let callNumber: number
beforeAll(async () => {
  ;({ simulator, server, admin, stop } = await startServerWithSimulator({
    simulator: { players: PLAYERS, queue: [100000009, 100000001] },
    admin: "live-admin"
  }))
  const member = await signIn(server, { id: "live-jane", displayName: "Jane Doe" })
  expect((await linkPlatform(server, member, { id: "100000001", username: "Jane_Doe" })).status).toBe(302)
  const me = await meData(server, member)
  jane = { id: me.id, displayName: me.displayName }
  simulator.kill("100000001", "100000002")
  simulator.kill("100000003", "100000001")
  simulator.answerModCall(simulator.modCall("100000002"), "100000004")
  simulator.modCall("100000003")
  callNumber = (await simulator.startEmergencyCall({ caller: "100000001", description: "shots fired", team: "Police" })).callNumber
})
afterAll(() => stop?.())

const get = (path: string) => server.request("GET", path, { headers: { cookie: admin.cookie } })

type Player = { platformId: string | null; username: string | null; account: { id: string; displayName: string } | null }
type LiveMeta = { limit: number; offset: number; hasMore: boolean; total: number; observedAt: string }
const live = <T>(path: string) =>
  get(path).then((reply) => {
    expect(reply.status, reply.text).toBe(200)
    const list = listOf<T>(reply)
    return { data: list.data, meta: bodyOf(reply)["meta"] as LiveMeta }
  })

describe("the live picture's endpoints", () => {
  it("GET /server/join-logs: joins newest first, each player with the linked account, paged", async () => {
    const all = await live<{ at: string; joined: boolean; player: Player }>("/api/server/join-logs?limit=100")
    expect(all.meta.total).toBeGreaterThanOrEqual(PLAYERS.length)
    expect(Date.parse(all.meta.observedAt)).not.toBeNaN()
    const times = all.data.map((e) => Date.parse(e.at))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const janeJoined = all.data.find((e) => e.player.platformId === "100000001")
    expect(janeJoined).toMatchObject({ joined: true, player: { username: "Jane_Doe", account: jane } })
    expect(all.data.find((e) => e.player.platformId === "100000002")?.player.account).toBeNull()
    const page = await live<unknown>("/api/server/join-logs?limit=1&offset=1")
    expect(page.data).toEqual([all.data[1]])
    expect(page.meta).toMatchObject({ limit: 1, offset: 1, hasMore: all.meta.total > 2, total: all.meta.total })
  })

  it("GET /server/kill-logs and /server/mod-calls: newest first, a call nobody answered without a moderator", async () => {
    const kills = await live<{ killer: Player; killed: Player }>("/api/server/kill-logs")
    expect(kills.data.map((k) => [k.killer.username, k.killed.username])).toEqual([["SpeedyDriver", "Jane_Doe"], ["Jane_Doe", "JohnSmith"]])
    expect(kills.data[0]?.killed.account).toEqual(jane)
    const calls = await live<{ caller: Player; moderator: Player | null }>("/api/server/mod-calls")
    expect(calls.data.map((c) => [c.caller.username, c.moderator?.username ?? null])).toEqual([["SpeedyDriver", null], ["JohnSmith", "GameMod"]])
  })

  it("GET /server/vehicles, /server/queue and /server/staff", async () => {
    const vehicles = await live<JsonObject>("/api/server/vehicles")
    expect(vehicles.data).toContainEqual({
      name: "Falcon Interceptor",
      plate: "BL-101",
      owner: { platformId: "100000001", username: "Jane_Doe", account: jane },
      livery: "Police",
      colour: { hex: "#ffffff", name: "White" }
    })
    const queue = await live<{ position: number; player: Player }>("/api/server/queue")
    expect(queue.data).toEqual([
      { position: 1, player: { platformId: "100000009", username: null, account: null } },
      { position: 2, player: { platformId: "100000001", username: "Jane_Doe", account: jane } }
    ])
    expect(queue.meta.total).toBe(2)
    const second = await live<{ position: number }>("/api/server/queue?limit=1&offset=1")
    expect(second.data.map((q) => q.position)).toEqual([2])
    expect(second.meta.hasMore).toBe(false)
    const staff = await live<{ player: Player; level: string }>("/api/server/staff")
    expect(staff.data).toContainEqual({ player: { platformId: "100000004", username: "GameMod", account: null }, level: "Mod" })
  })

  it("GET /server/command-logs: the commands run in the game, newest first", async () => {
    await advanceClock(server, 6000)
    actionOf(await moderate(server, { session: admin }, "warnings", newKey(), { targetPlatformId: "100000002", reason: "Mind the speed" }), 201)
    await advanceClock(server, 4000)
    const commands = await live<{ at: string; player: Player; command: string }>("/api/server/command-logs")
    expect(commands.data[0]?.command).toMatch(/^:pm JohnSmith /)
  })

  it("GET /server/emergency-calls: the game's open calls, with the CAD call each became", async () => {
    const calls = await live<JsonObject>("/api/server/emergency-calls")
    expect(calls.data).toEqual([
      expect.objectContaining({
        callNumber,
        team: "Police",
        caller: { platformId: "100000001", username: "Jane_Doe", account: jane },
        description: "shots fired",
        cadCallId: null
      })
    ])
  })

  it("GET /server/bans: the game's ban list, each with Bluelight's ban action when there is one", async () => {
    await advanceClock(server, 6000)
    const ban = actionOf(await moderate(server, { session: admin }, "bans", newKey(), { targetPlatformId: "100000003", reason: "Griefing" }), 201)
    simulator.ban("100000002")
    await advanceClock(server, 4000)
    const bans = await live<{ player: Player; action: { id: string } | null }>("/api/server/bans")
    expect(bans.data.map((b) => [b.player.username, b.action?.id ?? null])).toEqual([["JohnSmith", null], ["SpeedyDriver", ban.id]])
    expect(bans.meta.total).toBe(2)
  })

  it("answer GAME_UNAVAILABLE while the game server cannot be read, and health says so", async () => {
    const up = bodyOf(await server.request("GET", "/api/health"))["game"] as JsonObject
    expect(up).toMatchObject({ answering: true, problem: null })
    expect(typeof up["ageSeconds"]).toBe("number")
    simulator.readsFail = true
    await advanceClock(server, 4000)
    for (const path of ["join-logs", "kill-logs", "vehicles", "queue", "staff", "command-logs", "mod-calls", "bans", "emergency-calls"]) {
      expectGameError(await get(`/api/server/${path}`), "GAME_UNAVAILABLE")
    }
    const health = await server.request("GET", "/api/health")
    expect(health.status).toBe(200)
    expect(bodyOf(health)["game"]).toMatchObject({ answering: false, observedAt: up["observedAt"], problem: "HTTP 500" })
    simulator.readsFail = false
    await advanceClock(server, 4000)
  })
})

describe("the game's usernames in the live reads", () => {
  it("are shown cleaned as CAD's text is: no direction override, no zero-width character", async () => {
    const joins = await live<{ player: Player }>("/api/server/join-logs?limit=100")
    expect(joins.data.find((e) => e.player.platformId === "100000005")?.player.username).toBe("EvilenaJ")
    const vehicles = await live<JsonObject>("/api/server/vehicles")
    expect(vehicles.data).toContainEqual(expect.objectContaining({ name: "Hatch", plate: "SP-005", owner: expect.objectContaining({ username: "EvilenaJ" }) }))
    // The moderators' player list and look-up too (the commands still name the player as the game does).
    const players = await live<{ readonly platformId: string; readonly username: string }>("/api/server/players?limit=100")
    expect(players.data.find((player) => player.platformId === "100000005")?.username).toBe("EvilenaJ")
    const found = await live<{ readonly username: string }>("/api/players/lookup?query=Evil")
    expect(found.data.map((player) => player.username)).toEqual(["EvilenaJ"])
    const staffAndQueue = JSON.stringify([await live<unknown>("/api/server/staff"), await live<unknown>("/api/server/queue"), joins, players, found])
    expect(staffAndQueue).not.toMatch(/\\u202e|\\u200b|\u202e|\u200b/)
  })
})

describe("who sees a player's linked account", () => {
  const as = async (scopes: ReadonlyArray<string>, path: string) => {
    const credential = await issueCredential(server, admin, { name: `Sees ${scopes.join(" ")}`, scopes })
    const reply = await server.request("GET", path, { headers: bearer(credential.token) })
    expect(reply.status, reply.text).toBe(200)
    return listOf<JsonObject>(reply).data
  }

  it("is a holder of players.view or moderation.view; a dispatcher with cad.view alone sees the caller's game username only", async () => {
    const caller = (calls: ReadonlyArray<JsonObject>) => calls.find((c) => c["callNumber"] === callNumber)?.["caller"]
    expect(caller(await as(["cad.view"], "/api/server/emergency-calls"))).toEqual({ platformId: "100000001", username: "Jane_Doe", account: null })
    expect(caller(await as(["cad.view", "players.view"], "/api/server/emergency-calls"))).toEqual({
      platformId: "100000001",
      username: "Jane_Doe",
      account: jane
    })
    expect(caller(await as(["cad.view", "moderation.view"], "/api/server/emergency-calls"))).toEqual({
      platformId: "100000001",
      username: "Jane_Doe",
      account: jane
    })
    // The queue names players by id: the linked account's platform username still names them, the account itself is hidden.
    const queue = await as(["server.view"], "/api/server/queue")
    expect(queue.map((q) => q["player"])).toContainEqual({ platformId: "100000001", username: "Jane_Doe", account: null })
  })
})

describe("who may read the live picture", () => {
  const ENDPOINTS = [
    ["join-logs", "players.view"],
    ["kill-logs", "players.view"],
    ["vehicles", "players.view"],
    ["queue", "server.view"],
    ["staff", "server.view"],
    ["command-logs", "moderation.view"],
    ["mod-calls", "moderation.view"],
    ["bans", "moderation.view"],
    ["emergency-calls", "cad.view"]
  ] as const

  it("needs each endpoint's permission, from a session or a credential; nobody signed in is UNAUTHENTICATED", async () => {
    const none = await issueCredential(server, admin, { name: "No live reads", scopes: ["audit.view"] })
    for (const [path, permission] of ENDPOINTS) {
      const refused = expectError(await server.request("GET", `/api/server/${path}`, { headers: bearer(none.token) }), 403, "FORBIDDEN")
      expect(refused.message).toContain(permission)
      expectError(await server.request("GET", `/api/server/${path}`), 401, "UNAUTHENTICATED")
      const allowed = await issueCredential(server, admin, { name: `Reads ${path}`, scopes: [permission] })
      const reply = await server.request("GET", `/api/server/${path}`, { headers: bearer(allowed.token) })
      expect(reply.status, reply.text).toBe(200)
    }
    const member = await signIn(server, { id: "live-member" })
    expectError(await server.request("GET", "/api/server/kill-logs", { headers: { cookie: member.cookie } }), 403, "FORBIDDEN")
  })

  it("refuses paging out of bounds and unknown parameters", async () => {
    for (const query of ["limit=0", "limit=101", "offset=-1", "offset=10001", "sort=asc", "limit=abc"]) {
      expectError(await get(`/api/server/join-logs?${query}`), 400, "INVALID_INPUT")
    }
  })
})

describe("the game's rate limits", () => {
  it("are obeyed: once an answer says no request is left, nothing is sent until its window resets, and the game never answers 429", async () => {
    await advanceClock(server, 4000)
    // One read a window, and a window that ends years from now (the hold is capped at minutes).
    simulator.setGlobalLimit({ limit: 1, windowSeconds: 1_000_000_000 })
    const reads = simulator.readsOf("/v2/server")
    expect((await get("/api/server/kill-logs")).status).toBe(200)
    for (let i = 0; i < 3; i++) {
      await advanceClock(server, 4000)
      const retryAfter = expectGameError(await get("/api/server/staff"), "GAME_UNAVAILABLE")
      // The window ends in years: the hold is capped at ten minutes.
      expect(retryAfter).toBeGreaterThan(60)
      expect(retryAfter).toBeLessThanOrEqual(600)
    }
    expect(simulator.readsOf("/v2/server")).toBe(reads + 1)
    expect(simulator.throttled).toBe(0)
    const health = bodyOf(await server.request("GET", "/api/health"))["game"]
    expect(health).toMatchObject({ answering: false, problem: expect.stringContaining("rate limit") })
  })
})
