import {
  BanList,
  GameServerSimulator,
  locate,
  MAP_EXTENT,
  REMOTE_COMMAND_PLAYER,
  ServerStatus,
  startGameServerSimulator,
  V2_SECTIONS,
  V2Server
} from "@bluelight/adapters-game"
import { Schema } from "effect"
import { connect } from "node:net"
import { afterEach, beforeEach, describe, expect, it } from "vitest"

const PLAYERS = [
  { username: "Jane_Doe", platformId: "101", callsign: "1A-01", team: "Police", location: { x: 100, z: -200 } },
  { username: "Mod", platformId: "102", permission: "Server Moderator", team: "Police", vehicle: { name: "Falcon Stallion 350", plate: "MOD-1" } },
  { username: "Admin", platformId: "103", permission: "Server Administrator" },
  { username: "Helper", platformId: "104", permission: "Server Helper", wantedStars: 3 }
]

let simulator: GameServerSimulator
beforeEach(async () => {
  simulator = await startGameServerSimulator({ players: PLAYERS, queue: [201, 202] })
})
afterEach(() => simulator.close())

const get = async (path: string, key: string | null = simulator.serverKey) => {
  const response = await fetch(`${simulator.url}${path}`, { headers: key === null ? {} : { "Server-Key": key } })
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown }
}

const command = async (path: "/v1/server/command" | "/v2/server/command", body: string) => {
  const response = await fetch(`${simulator.url}${path}`, {
    method: "POST",
    headers: { "Server-Key": simulator.serverKey, "Content-Type": "application/json" },
    body
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

const ALL = `/v2/server?${V2_SECTIONS.map((section) => `${section}=true`).join("&")}`

/** Decodes strictly: a key protocol.ts does not know fails, and nothing is changed on the way. */
const decodeExactly = (body: unknown) => {
  const decoded = Schema.decodeUnknownSync(V2Server, { onExcessProperty: "error" })(body)
  expect(decoded).toEqual(body)
  return decoded
}

const STATUS_KEYS = Object.keys(ServerStatus.fields).sort()

describe("the simulator's v2 aggregate read", () => {
  it("answers every section in protocol.ts's shapes", async () => {
    simulator.kill("101", "104")
    simulator.answerModCall(simulator.modCall("104"), "102")
    simulator.modCall("101")
    expect((await command("/v2/server/command", JSON.stringify({ command: ":h hello" }))).status).toBe(200)
    const { callNumber } = await simulator.startEmergencyCall({ caller: "101", description: "shots fired", team: "Police" })
    const reply = await get(ALL)
    expect(reply.status).toBe(200)
    const server = decodeExactly(reply.body)
    expect(Object.keys(server).sort()).toEqual([...STATUS_KEYS, ...V2_SECTIONS].sort())
    expect(server.CurrentPlayers).toBe(4)
    const jane = server.Players?.find((p) => p.Player === "Jane_Doe:101")
    expect(jane).toEqual({
      Player: "Jane_Doe:101",
      Permission: "Normal",
      Callsign: "1A-01",
      Team: "Police",
      WantedStars: 0,
      Location: { LocationX: 100, LocationZ: -200, ...pick(locate(100, -200)) }
    })
    expect(typeof jane?.Location?.PostalCode).toBe("string")
    expect(typeof jane?.Location?.BuildingNumber).toBe("string")
    expect(server.Players?.find((p) => p.Player === "Helper:104")).toMatchObject({ WantedStars: 3, Team: "Civilian", Callsign: null })
    expect(server.Staff).toEqual({ Admins: { "103": "Admin" }, Mods: { "102": "Mod" }, Helpers: { "104": "Helper" } })
    expect(server.Queue).toEqual([201, 202])
    expect(server.JoinLogs?.map((log) => [log.Join, log.Player])).toEqual(PLAYERS.map((p) => [true, `${p.username}:${p.platformId}`]))
    expect(server.KillLogs).toEqual([{ Killer: "Jane_Doe:101", Killed: "Helper:104", Timestamp: expect.any(Number) }])
    expect(server.ModCalls).toEqual([
      { Caller: "Helper:104", Moderator: "Mod:102", Timestamp: expect.any(Number) },
      { Caller: "Jane_Doe:101", Timestamp: expect.any(Number) }
    ])
    expect(server.CommandLogs).toEqual([{ Player: REMOTE_COMMAND_PLAYER, Command: ":h hello", Timestamp: expect.any(Number) }])
    expect(server.Vehicles).toEqual([{ Name: "Falcon Stallion 350", Owner: "Mod", Plate: "MOD-1", Texture: null, ColorHex: null, ColorName: null }])
    expect(server.EmergencyCalls).toEqual([{
      Team: "Police",
      Caller: 101,
      Players: [],
      Position: [100, -200],
      StartedAt: expect.any(Number),
      CallNumber: callNumber,
      Description: "shots fired",
      PositionDescriptor: expect.stringContaining(locate(100, -200).StreetName)
    }])
    // Timestamps are whole Unix seconds of now.
    const now = Math.floor(Date.now() / 1000)
    for (const log of [...(server.JoinLogs ?? []), ...(server.KillLogs ?? []), ...(server.ModCalls ?? [])]) {
      expect(Number.isInteger(log.Timestamp) && Math.abs(log.Timestamp - now) <= 60).toBe(true)
    }
  })

  it("adds only the sections asked for, by their exact names and the literal true", async () => {
    const bare = await get("/v2/server")
    expect(Object.keys(decodeExactly(bare.body)).sort()).toEqual(STATUS_KEYS)
    const players = await get("/v2/server?Players=true&Queue=true")
    expect(Object.keys(decodeExactly(players.body)).sort()).toEqual([...STATUS_KEYS, "Players", "Queue"].sort())
    for (const query of ["players=true", "Players=1", "Players=false", "Players=TRUE", "Bans=true", "Players", "Unknown=true"]) {
      const reply = await get(`/v2/server?${query}`)
      expect({ query, status: reply.status, keys: Object.keys(decodeExactly(reply.body)).sort() }).toEqual({ query, status: 200, keys: STATUS_KEYS })
    }
    expect(simulator.snapshot(["Queue"])).toEqual({ ...(bare.body as object), Queue: [201, 202] })
  })

  it("names co-owners, when the server has any, in the status and the staff", async () => {
    const owned = await startGameServerSimulator({ players: PLAYERS, coOwnerIds: [555, 556] })
    try {
      const server = decodeExactly(await (await fetch(`${owned.url}/v2/server?Staff=true`, { headers: { "Server-Key": owned.serverKey } })).json())
      expect(server.CoOwnerIds).toEqual([555, 556])
      expect(server.Staff?.CoOwners).toEqual([555, 556])
    } finally {
      await owned.close()
    }
    expect(simulator.snapshot(["Staff"]).Staff).not.toHaveProperty("CoOwners")
  })

  it("refuses a duplicated parameter with 400 and code 2001", async () => {
    for (const [query, name] of [["Players=true&Players=true", "Players"], ["Staff=true&Players=true&Staff=false", "Staff"], ["x=1&x=2", "x"]]) {
      const reply = await get(`/v2/server?${query}`)
      expect(reply.status).toBe(400)
      expect(reply.body).toEqual({ code: 2001, message: `Duplicate query parameter: ${name}` })
    }
  })

  it("moves its players with every tick, on the map and the same way for the same seed", async () => {
    const twin = new GameServerSimulator({ players: PLAYERS })
    const before = simulator.locationOf("101")
    simulator.tick()
    twin.tick()
    const after = simulator.locationOf("101")
    expect(after).not.toEqual(before)
    expect(twin.locationOf("101")).toEqual(after)
    simulator.tick(500)
    for (const player of PLAYERS) {
      const place = simulator.locationOf(player.platformId)
      expect(place).toBeDefined()
      if (place === undefined) continue
      expect(Math.abs(place.LocationX) <= MAP_EXTENT && Math.abs(place.LocationZ) <= MAP_EXTENT).toBe(true)
      expect(place).toEqual(locate(place.LocationX, place.LocationZ))
    }
    const server = decodeExactly((await get("/v2/server?Players=true")).body)
    expect(server.Players?.find((p) => p.Player === "Jane_Doe:101")?.Location).toEqual(simulator.locationOf("101"))
  })

  it("logs joins and leaves, kicks and bans, and the commands it carried out", async () => {
    simulator.setPlayers([...simulator.players, { username: "Newcomer", platformId: "105" }])
    expect((await command("/v1/server/command", JSON.stringify({ command: ":kick Newcomer being rude" }))).status).toBe(200)
    expect((await command("/v1/server/command", JSON.stringify({ command: ":ban 104" }))).status).toBe(200)
    simulator.nextCommand({ _tag: "Refuse", status: 422, code: 4002, message: "This command is restricted" })
    expect((await command("/v1/server/command", JSON.stringify({ command: ":h refused" }))).status).toBe(422)
    expect((await command("/v1/server/command", JSON.stringify({ command: ":shutdown" }))).status).toBe(422)
    await simulator.chat("102", ":m meeting at the station")
    const server = decodeExactly((await get("/v2/server?JoinLogs=true&CommandLogs=true&Players=true")).body)
    expect(server.JoinLogs?.slice(PLAYERS.length).map((log) => [log.Join, log.Player])).toEqual([
      [true, "Newcomer:105"],
      [false, "Newcomer:105"],
      [false, "Helper:104"]
    ])
    expect(server.CommandLogs?.map((log) => [log.Player, log.Command])).toEqual([
      [REMOTE_COMMAND_PLAYER, ":kick Newcomer being rude"],
      [REMOTE_COMMAND_PLAYER, ":ban 104"],
      ["Mod:102", ":m meeting at the station"]
    ])
    expect(server.Players?.map((p) => p.Player)).toEqual(["Jane_Doe:101", "Mod:102", "Admin:103"])
    // The staff lists are the server's settings: a banned helper is still on them.
    expect(simulator.snapshot(["Staff"]).Staff?.Helpers).toEqual({ "104": "Helper" })
  })

  it("answers the ban map on v1, which :ban adds to and :unban takes from", async () => {
    expect((await get("/v1/server/bans")).body).toEqual({})
    await command("/v2/server/command", JSON.stringify({ command: ":ban 103" }))
    simulator.ban("999", "Ghost")
    const bans = await get("/v1/server/bans")
    expect(Schema.decodeUnknownSync(BanList)(bans.body)).toEqual({ "103": "Admin", "999": "Ghost" })
    await command("/v2/server/command", JSON.stringify({ command: ":unban 103" }))
    expect((await get("/v1/server/bans")).body).toEqual({ "999": "Ghost" })
    expect(simulator.bans).toEqual(["999"])
  })

  it("keeps v1 working and answers the v2 command with Success", async () => {
    expect((await get("/v1/server")).body).toMatchObject({ Name: "Bluelight Development Server", CurrentPlayers: 4 })
    expect((await get("/v1/server/players")).body).toHaveLength(4)
    expect((await get("/v1/server/queue")).body).toEqual([201, 202])
    expect((await get("/v1/server/vehicles")).body).toEqual([{ Name: "Falcon Stallion 350", Owner: "Mod", Texture: null }])
    expect(await command("/v2/server/command", JSON.stringify({ command: ":h hi" }))).toEqual({ status: 200, body: { message: "Success" } })
    expect(await command("/v1/server/command", JSON.stringify({ command: ":h hi" }))).toEqual({ status: 200, body: {} })
    for (const body of ["", "not json", "null", "[]", "{}", JSON.stringify({ command: 7 }), JSON.stringify({ command: "   " })]) {
      expect(await command("/v2/server/command", body)).toEqual({ status: 400, body: { code: 3001, message: expect.any(String) } })
    }
  })

  it("starts and ends emergency calls, automated ones at a random place", async () => {
    const first = await simulator.startEmergencyCall({ caller: "102", team: "Fire", description: null, positionDescriptor: null })
    const automated = await simulator.startEmergencyCall({ caller: null })
    simulator.respondToEmergencyCall(first.callNumber, "101")
    simulator.respondToEmergencyCall(first.callNumber, "101")
    simulator.respondToEmergencyCall(first.callNumber, "103")
    expect(() => simulator.respondToEmergencyCall(first.callNumber, "999")).toThrow(/no player 999/)
    expect(() => simulator.respondToEmergencyCall(1, "101")).toThrow(/no open emergency call 1/)
    expect(first.status).toBeNull()
    expect(automated.callNumber).toBe(first.callNumber + 1)
    const calls = decodeExactly((await get("/v2/server?EmergencyCalls=true")).body).EmergencyCalls
    expect(calls).toEqual([
      { ...first.call, Description: null, PositionDescriptor: null, Team: "Fire", Caller: 102, Players: [101, 103] },
      { ...automated.call, Caller: null }
    ])
    await simulator.endEmergencyCall(first.callNumber)
    expect(simulator.openEmergencyCalls.map((call) => call.CallNumber)).toEqual([automated.callNumber])
    await expect(simulator.endEmergencyCall(first.callNumber)).rejects.toThrow(/no open emergency call/)
    await expect(simulator.startEmergencyCall({ caller: "999" })).rejects.toThrow(/no player 999/)
    expect(() => simulator.kill("101", "999")).toThrow()
  })

  it("counts reads per path and section, and refuses a wrong, missing key or unknown path", async () => {
    await Promise.all(Array.from({ length: 5 }, () => get("/v2/server?Players=true&EmergencyCalls=true")))
    await get("/v1/server/bans")
    expect(simulator.readsOf("/v2/server")).toBe(5)
    expect(simulator.sectionReads("Players")).toBe(5)
    expect(simulator.sectionReads("Staff")).toBe(0)
    expect(simulator.readsOf("/v1/server/bans")).toBe(1)
    expect(simulator.reads).toBe(6)
    expect(await get("/v2/server", "not-the-key")).toMatchObject({ status: 403, body: { code: 2002 } })
    expect(await get("/v2/server", null)).toMatchObject({ status: 403, body: { code: 2000 } })
    expect(await get("/v3/server")).toMatchObject({ status: 404 })
    expect(simulator.reads).toBe(6)
    simulator.readsFail = true
    expect(await get("/v2/server?Players=true")).toMatchObject({ status: 500, body: { code: 1001 } })
    expect(simulator.readsOf("/v2/server")).toBe(6)
    // A regenerated key: the key the reader has is refused, reads and commands alike, and each refused read still counts.
    simulator.keyRefused = true
    expect(await get("/v2/server?Players=true")).toMatchObject({ status: 403, body: { code: 2002 } })
    expect(await command("/v2/server/command", JSON.stringify({ command: ":h hi" }))).toMatchObject({ status: 403, body: { code: 2002 } })
    expect(simulator.readsOf("/v2/server")).toBe(7)
    expect(simulator.commands).toEqual([])
  })
})

/** Sends a request line as given and answers the status line of the reply. */
const rawStatusLine = (target: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(Number(new URL(simulator.url).port), "127.0.0.1", () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nServer-Key: ${simulator.serverKey}\r\nConnection: close\r\n\r\n`)
    })
    let reply = ""
    socket.setEncoding("utf8")
    socket.on("data", (chunk: string) => (reply += chunk))
    socket.on("end", () => resolve(reply.split("\r\n")[0] ?? ""))
    socket.on("error", reject)
  })

describe("the simulator against hostile requests", () => {
  it("answers odd targets and keeps answering", async () => {
    for (const target of ["http://[", "http://a b/", "/v2/server?%zz=true", `/v2/server?${"Players=false&".repeat(1)}${"x".repeat(5000)}=true`]) {
      expect(await rawStatusLine(target)).toMatch(/^HTTP\/1\.1 (200|400) /)
    }
    expect((await get("/v2/server?Players=true&%50layers=true")).body).toEqual({ code: 2001, message: "Duplicate query parameter: Players" })
    expect((await get("/v2/server?Players=true")).status).toBe(200)
  })
})

const pick = ({ BuildingNumber, PostalCode, StreetName }: ReturnType<typeof locate>) => ({ BuildingNumber, PostalCode, StreetName })
