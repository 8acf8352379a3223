import { randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { type PlayerEntry, type ServerStatus, V2_SECTIONS, type V2Server } from "../protocol.js"
import { json, readBody, sleep } from "./http.js"
import { Liveliness, type LivelinessOptions } from "./liveliness.js"
import { type Random, seededRandom } from "./random.js"
import { CommandInterval, DEFAULT_GLOBAL_LIMIT, rateLimited, rateLimitHeaders, WindowBucket, type WindowLimit } from "./rateLimits.js"
import type { SimulatedLocation } from "./streets.js"
import { customCommandEvent, type DeliveryOptions, probeEvent, randomServerId, type WebhookDelivery, type WebhookEvent, WebhookSender } from "./webhook.js"
import { type EmergencyCallRequest, REMOTE_COMMAND_PLAYER, type SimulatedEmergencyCall, type SimulatedPlayer, SimulatedWorld } from "./world.js"

/** What the simulator does with the next command it receives, instead of carrying it out. */
export type NextCommand =
  | { readonly _tag: "Refuse"; readonly status: 400 | 403 | 422; readonly code: number; readonly message: string }
  /** `500` with `{code: 1001}`: the outcome is unknown to the caller. */
  | { readonly _tag: "Fail" }
  /** Never answers (until the simulator closes): the caller's timeout decides. */
  | { readonly _tag: "Hang" }
  /** Closes the connection without an answer: a lost connection. */
  | { readonly _tag: "Drop" }

/** One command as the simulator received it, and what it answered. */
export interface ReceivedCommand {
  readonly command: string
  readonly answer: number | "hang" | "drop"
}

export interface SimulatorOptions {
  /** The key every request must carry as `Server-Key`; random unless given. */
  readonly serverKey?: string
  readonly name?: string
  readonly maxPlayers?: number
  readonly joinKey?: string
  /** The co-owners' platform ids: `CoOwnerIds` of the status, `CoOwners` of the staff (none unless given). */
  readonly coOwnerIds?: ReadonlyArray<number>
  readonly players?: ReadonlyArray<SimulatedPlayer>
  /** Platform ids waiting to join, in order (the v2 `Queue`). */
  readonly queue?: ReadonlyArray<number>
  /** Added to every answer, in milliseconds. */
  readonly latencyMs?: number
  /** A command within this many milliseconds of the last one carried out is answered `429` with `retry_after` (the real server: about 5000). */
  readonly commandIntervalMs?: number
  /** The `global` bucket of reads (default 35 per second). */
  readonly globalLimit?: WindowLimit
  /** Loopback port to listen on; any free one unless given. */
  readonly port?: number
  /** The simulator's clock in milliseconds (default `Date.now`): rate-limit windows, log timestamps, webhook timestamps. */
  readonly now?: () => number
  /** Seeds where players start and wander, and who calls (default 22: the same world every run). */
  readonly seed?: number
  /** Where webhook events go; none are sent until it is set (also settable later: `webhookUrl`). */
  readonly webhookUrl?: string
  /** The opaque `server` of webhook deliveries; 40 random letters unless given. */
  readonly webhookServerId?: string
  /** Players wander and emergency calls come by themselves (the development default); off unless given. */
  readonly liveliness?: boolean | LivelinessOptions
}

/** A handful of players for the development default: three members of the public and one in-game moderator. */
export const DEFAULT_SIMULATED_PLAYERS: ReadonlyArray<SimulatedPlayer> = [
  {
    username: "Jane_Doe",
    platformId: "100000001",
    callsign: "1A-01",
    team: "Police",
    vehicle: { name: "2019 Falcon Interceptor Utility", plate: "BL-101", texture: "Police", colorHex: "#ffffff", colorName: "White" }
  },
  { username: "JohnSmith", platformId: "100000002", team: "Civilian" },
  {
    username: "SpeedyDriver",
    platformId: "100000003",
    team: "Civilian",
    wantedStars: 2,
    vehicle: { name: "Chevlon Camion", plate: "FAST-1", texture: "Standard", colorHex: "#ff4444", colorName: "Super Red" }
  },
  { username: "GameMod", platformId: "100000004", permission: "Server Moderator", team: "Police" }
]

/** The commands a private server accepts from its API, and those it restricts (`4002`). */
const ACCEPTED_COMMANDS = new Set([":pm", ":kick", ":ban", ":unban", ":h", ":m"])

const COMMAND_PATHS = new Set(["/v1/server/command", "/v2/server/command"])

const V1_READ_PATHS = new Set([
  "/v1/server",
  "/v1/server/players",
  "/v1/server/bans",
  "/v1/server/joinlogs",
  "/v1/server/killlogs",
  "/v1/server/commandlogs",
  "/v1/server/modcalls",
  "/v1/server/queue",
  "/v1/server/vehicles",
  "/v1/server/staff"
])

/** The sections a v2 read may ask for. */
export type V2Section = (typeof V2_SECTIONS)[number]

/** What an emergency call started through the simulator answered: its number and the webhook's status (`null`: not delivered). */
export interface StartedEmergencyCall {
  readonly callNumber: number
  readonly call: SimulatedEmergencyCall
  readonly status: number | null
}

/**
 * A private game server speaking the protocol of docs/decisions/moderation.md
 * ("Game server protocol") and docs/decisions/game.md over HTTP on loopback:
 * v1 status, players, logs and ban list; the v2 aggregate read with its
 * opt-in sections (players that move with every `tick()`, logs that grow,
 * emergency calls that start and end); commands on v1 and v2; the
 * `X-RateLimit-*` headers of the `global` and command buckets and `429`
 * past them; and the signed event webhook, delivered to `webhookUrl`.
 * Knobs for tests: players, staff levels, latency, a refusal, a `500`, a
 * hang or a dropped connection on the next command, the limits, failing
 * reads, spoiled or replayed deliveries; logs of commands received, reads
 * per path and section, and deliveries. Commands act: a kick or ban takes
 * the player off the server, a private message changes nothing.
 */
export class GameServerSimulator {
  readonly serverKey: string
  name: string
  maxPlayers: number
  joinKey: string
  coOwnerIds: ReadonlyArray<number>
  latencyMs: number
  /** When true, reads answer `500` (the server is down for readers; commands are unaffected). */
  readsFail = false
  /** When true, the right key is refused too (`403`, code 2002), as after the owner regenerated it; its requests still count as reads. */
  keyRefused = false
  private readonly now: () => number
  private readonly random: Random
  private readonly world: SimulatedWorld
  private readonly webhook: WebhookSender
  private readonly global: WindowBucket
  private readonly commandBucket: CommandInterval
  private liveliness: Liveliness | undefined
  private readonly livelinessOptions: LivelinessOptions | undefined
  private readonly received: Array<ReceivedCommand> = []
  private readonly upcoming: Array<NextCommand> = []
  private readonly banned = new Map<string, string>()
  private readonly readsByPath = new Map<string, number>()
  private readonly readsBySection = new Map<string, number>()
  private throttledReads = 0
  private inFlight = 0
  private mostInFlight = 0
  private readonly hanging = new Set<ServerResponse>()
  private readonly server = createServer((request, response) => {
    this.answer(request, response).catch(() => {
      // A request it cannot make sense of (an unparsable target, …): answered like the game's unknown error.
      if (!response.headersSent) json(response, 400, { code: 0, message: "Bad request" })
      else response.destroy()
    })
  })
  private address = ""

  constructor(options: SimulatorOptions = {}) {
    this.serverKey = options.serverKey ?? randomBytes(24).toString("base64url")
    this.name = options.name ?? "Bluelight Development Server"
    this.maxPlayers = options.maxPlayers ?? 40
    this.joinKey = options.joinKey ?? "bluelightdev"
    this.coOwnerIds = [...(options.coOwnerIds ?? [])]
    this.latencyMs = options.latencyMs ?? 0
    this.now = options.now ?? Date.now
    this.random = seededRandom(options.seed ?? 22)
    this.world = new SimulatedWorld(this.random, this.now, options.players ?? DEFAULT_SIMULATED_PLAYERS)
    this.world.queue = [...(options.queue ?? [])]
    this.webhook = new WebhookSender(options.webhookServerId ?? randomServerId(), options.webhookUrl, this.now)
    this.global = new WindowBucket("global", options.globalLimit ?? DEFAULT_GLOBAL_LIMIT)
    this.commandBucket = new CommandInterval(`command-${this.serverKey}`, options.commandIntervalMs ?? 0)
    this.livelinessOptions = options.liveliness === true ? {} : options.liveliness === false ? undefined : options.liveliness
  }

  /** Starts listening on loopback (and, if asked for, the liveliness). */
  async listen(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject)
      this.server.listen(port, "127.0.0.1", () => resolve())
    })
    const address = this.server.address()
    if (typeof address !== "object" || address === null) throw new Error("simulator has no address")
    this.address = `http://127.0.0.1:${address.port}`
    if (this.livelinessOptions !== undefined) this.startLiveliness(this.livelinessOptions)
    return this
  }

  /** `GAME_API_URL` for this simulator. */
  get url(): string {
    return this.address
  }

  // --- The world -------------------------------------------------------------------------------

  get players(): ReadonlyArray<SimulatedPlayer> {
    return this.world.players
  }

  /** Replaces the players; newcomers join and the missing leave, in the join log. */
  setPlayers(players: ReadonlyArray<SimulatedPlayer>): void {
    this.world.setPlayers(players)
  }

  /** Changes one player on the server (team, wanted stars, vehicle: `null` to put it away, …). */
  updatePlayer(platformId: string, change: Partial<Omit<SimulatedPlayer, "platformId">>): void {
    this.world.updatePlayer(platformId, change)
  }

  /** Moves every player one stride (or `steps`). */
  tick(steps = 1): void {
    this.world.tick(steps)
  }

  /** Where a player on the server is now, as the v2 `Players` section says. */
  locationOf(platformId: string): SimulatedLocation | undefined {
    return this.world.location(platformId)
  }

  /** Platform ids waiting to join, in order. */
  get queue(): ReadonlyArray<number> {
    return [...this.world.queue]
  }

  setQueue(queue: ReadonlyArray<number>): void {
    this.world.queue = [...queue]
  }

  /** One player on the server killed another (the kill log). */
  kill(killer: string, killed: string): void {
    this.world.kill(killer, killed)
  }

  /** A player on the server calls for a moderator; answers the call's index. */
  modCall(caller: string): number {
    return this.world.modCall(caller)
  }

  /** A moderator (anyone ever on the server) answers a moderator call. */
  answerModCall(index: number, moderator: string): void {
    this.world.answerModCall(index, moderator)
  }

  /** The open emergency calls, oldest first, as the v2 section has them. */
  get openEmergencyCalls(): ReadonlyArray<SimulatedEmergencyCall> {
    return this.world.emergencyCalls
  }

  /** The v2 aggregate as `GET /v2/server` with these sections would answer it now (nothing counted). */
  snapshot(sections: ReadonlyArray<V2Section> = V2_SECTIONS): V2Server {
    const wanted = new Set(sections)
    return {
      ...this.status(),
      ...(wanted.has("Players") ? { Players: this.world.v2Players() } : {}),
      ...(wanted.has("Staff") ? { Staff: this.world.staff(this.coOwnerIds) } : {}),
      ...(wanted.has("JoinLogs") ? { JoinLogs: this.world.joinLogs } : {}),
      ...(wanted.has("Queue") ? { Queue: [...this.world.queue] } : {}),
      ...(wanted.has("KillLogs") ? { KillLogs: this.world.killLogs } : {}),
      ...(wanted.has("CommandLogs") ? { CommandLogs: this.world.commandLogs } : {}),
      ...(wanted.has("ModCalls") ? { ModCalls: this.world.modCalls } : {}),
      ...(wanted.has("EmergencyCalls") ? { EmergencyCalls: this.world.emergencyCalls } : {}),
      ...(wanted.has("Vehicles") ? { Vehicles: this.world.vehicles() } : {})
    }
  }

  // --- Commands and bans -----------------------------------------------------------------------

  /** What the next command meets instead of being carried out; several queue up in order. */
  nextCommand(behaviour: NextCommand): void {
    this.upcoming.push(behaviour)
  }

  /** Every command received, oldest first. */
  get commands(): ReadonlyArray<ReceivedCommand> {
    return [...this.received]
  }

  /** The command interval in milliseconds (the `command-<key>` bucket). */
  get commandIntervalMs(): number {
    return this.commandBucket.intervalMs
  }

  set commandIntervalMs(ms: number) {
    this.commandBucket.intervalMs = ms
  }

  /** The most commands it was ever handling at once. */
  get mostConcurrentCommands(): number {
    return this.mostInFlight
  }

  /** Platform ids banned so far. */
  get bans(): ReadonlyArray<string> {
    return [...this.banned.keys()]
  }

  /** The ban list as `GET /v1/server/bans` answers it: platform id → name. */
  get banList(): Readonly<Record<string, string>> {
    return Object.fromEntries(this.banned)
  }

  /** Bans a platform id (as the game's own moderators do), taking the player off the server. */
  ban(platformId: string, name = this.world.nameOf(platformId) ?? platformId): void {
    this.banned.set(platformId, name)
    this.world.remove((p) => p.platformId === platformId)
  }

  // --- Reads and rate limits -------------------------------------------------------------------

  /** How many reads (GETs of a known path with the right key) came, whatever they were answered. */
  get reads(): number {
    let total = 0
    for (const count of this.readsByPath.values()) total += count
    return total
  }

  /** How many reads of one path came (`"/v2/server"`, `"/v1/server/bans"`, …), whatever they were answered. */
  readsOf(path: string): number {
    return this.readsByPath.get(path) ?? 0
  }

  /** How many v2 reads asked for a section. */
  sectionReads(section: V2Section): number {
    return this.readsBySection.get(section) ?? 0
  }

  /** How many requests the `global` bucket answered `429`. */
  get throttled(): number {
    return this.throttledReads
  }

  /** Changes the `global` bucket's limit; its window starts over. */
  setGlobalLimit(limit: WindowLimit): void {
    this.global.setLimit(limit)
  }

  // --- The event webhook -----------------------------------------------------------------------

  /** The webhook's public key: base64 DER SubjectPublicKeyInfo of an Ed25519 key (`GAME_WEBHOOK_PUBLIC_KEY`). */
  get webhookPublicKey(): string {
    return this.webhook.publicKey
  }

  /** The opaque `server` of every delivery. */
  get webhookServerId(): string {
    return this.webhook.serverId
  }

  /** Where deliveries go; `undefined` sends nothing. */
  get webhookUrl(): string | undefined {
    return this.webhook.url
  }

  set webhookUrl(url: string | undefined) {
    this.webhook.url = url
  }

  /** Every webhook delivery, oldest first, as sent and with the status answered. */
  get deliveries(): ReadonlyArray<WebhookDelivery> {
    return this.webhook.deliveries
  }

  /** The hex signature the simulator's key gives `timestamp` followed by `body`. */
  signWebhook(timestamp: string, body: string | Buffer): string {
    return this.webhook.sign(timestamp, body)
  }

  /** The clock in Unix seconds. */
  get nowSeconds(): number {
    return Math.floor(this.now() / 1000)
  }

  /** Delivers a batch of events; answers the endpoint's status (`null`: no URL, or no answer). */
  sendEvents(events: ReadonlyArray<WebhookEvent>, options: DeliveryOptions = {}): Promise<number | null> {
    return this.webhook.send(events, options)
  }

  /** Delivers a body as given, signed unless spoiled by the options. */
  sendRaw(body: string, options: DeliveryOptions = {}): Promise<number | null> {
    return this.webhook.sendRaw(body, options)
  }

  /** Delivers a `WebhookProbe`, as the game does when the URL is saved and now and then after. */
  probe(options: DeliveryOptions = {}): Promise<number | null> {
    return this.sendEvents([probeEvent(this.nowSeconds)], options)
  }

  /**
   * A player types in the game's chat: `;command argument` is delivered as
   * `CustomCommand` (answering the status), `:command …` goes into the
   * command log (answering `null`), anything else is only chat (`null`).
   */
  async chat(platformId: string, text: string, options: DeliveryOptions = {}): Promise<number | null> {
    if (text.startsWith(";")) return this.sendEvents([customCommandEvent(platformId, text, this.nowSeconds)], options)
    if (text.startsWith(":")) this.world.logCommand(this.world.identity(platformId), text)
    return null
  }

  /** An emergency call starts: it joins the v2 `EmergencyCalls` and `EmergencyCallStarted` is delivered. */
  async startEmergencyCall(request: EmergencyCallRequest = {}, options: DeliveryOptions = {}): Promise<StartedEmergencyCall> {
    const call = this.world.startCall(request)
    const status = await this.sendEvents([this.emergencyEvent("EmergencyCallStarted", call)], options)
    return { callNumber: call.CallNumber, call, status }
  }

  /** A player on the server responds to an open call: they join its `Players` (nothing is delivered). */
  respondToEmergencyCall(callNumber: number, platformId: string): void {
    this.world.respond(callNumber, platformId)
  }

  /** An open emergency call ends: it leaves the v2 section and `EmergencyCallEnded` is delivered. */
  async endEmergencyCall(callNumber: number, options: DeliveryOptions = {}): Promise<number | null> {
    const call = this.world.endCall(callNumber)
    if (call === undefined) throw new Error(`no open emergency call ${callNumber}`)
    return this.sendEvents([this.emergencyEvent("EmergencyCallEnded", call)], options)
  }

  /** The webhook event for a call, its data camelCase. */
  emergencyEvent(event: "EmergencyCallStarted" | "EmergencyCallEnded", call: SimulatedEmergencyCall): WebhookEvent {
    return {
      event,
      origin: "server",
      timestamp: this.nowSeconds,
      data: {
        players: [...call.Players],
        caller: call.Caller,
        description: call.Description ?? null,
        callNumber: call.CallNumber,
        team: call.Team,
        position: [...call.Position],
        positionDescriptor: call.PositionDescriptor ?? null,
        startedAt: call.StartedAt
      }
    }
  }

  /** Players wander and emergency calls come by themselves until `close` (or `stopLiveliness`). */
  startLiveliness(options: LivelinessOptions = {}): void {
    if (this.liveliness !== undefined) return
    this.liveliness = new Liveliness(this, this.random, options)
    this.liveliness.start()
  }

  async stopLiveliness(): Promise<void> {
    const liveliness = this.liveliness
    this.liveliness = undefined
    await liveliness?.stop()
  }

  /** Stops listening (and the liveliness), ending hanging answers and open connections. */
  async close(): Promise<void> {
    await this.stopLiveliness()
    for (const response of this.hanging) response.destroy()
    this.hanging.clear()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  // --- HTTP ------------------------------------------------------------------------------------

  private status(): ServerStatus {
    return {
      Name: this.name,
      OwnerId: 1,
      CoOwnerIds: [...this.coOwnerIds],
      CurrentPlayers: this.world.players.length,
      MaxPlayers: this.maxPlayers,
      JoinKey: this.joinKey,
      AccVerifiedReq: "Disabled",
      TeamBalance: true
    }
  }

  private entries(): Array<PlayerEntry> {
    return this.world.players.map((p) => ({
      Player: `${p.username}:${p.platformId}`,
      Permission: p.permission ?? "Normal",
      Callsign: p.callsign ?? null,
      Team: p.team ?? "Civilian"
    }))
  }

  /** The v1 reads, each a path answering what its v2 section holds (v1 has no locations, wanted stars or plates). */
  private v1Read(path: string): unknown {
    switch (path) {
      case "/v1/server":
        return this.status()
      case "/v1/server/players":
        return this.entries()
      case "/v1/server/bans":
        return this.banList
      case "/v1/server/joinlogs":
        return this.world.joinLogs
      case "/v1/server/killlogs":
        return this.world.killLogs
      case "/v1/server/commandlogs":
        return this.world.commandLogs
      case "/v1/server/modcalls":
        return this.world.modCalls
      case "/v1/server/queue":
        return this.world.queue
      case "/v1/server/vehicles":
        return this.world.vehicles().map(({ Name, Owner, Texture }) => ({ Name, Owner, Texture }))
      case "/v1/server/staff": {
        const { Admins, Mods } = this.world.staff(this.coOwnerIds)
        return { CoOwners: [...this.coOwnerIds], Admins, Mods }
      }
      default:
        return undefined
    }
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://localhost")
    const path = url.pathname
    const body = await readBody(request).catch(() => "")
    if (this.latencyMs > 0) await sleep(this.latencyMs)
    const key = request.headers["server-key"]
    const keyed = key === this.serverKey
    if (request.method === "POST" && COMMAND_PATHS.has(path) && keyed && !this.keyRefused) return this.command(path, body, response)
    const isRead = request.method === "GET" && (path === "/v2/server" || V1_READ_PATHS.has(path))
    if (isRead && keyed) this.count(path, url.searchParams)
    const taken = this.global.take(this.now())
    const headers = rateLimitHeaders(taken.state)
    if (!taken.allowed) {
      this.throttledReads++
      const refusal = rateLimited(taken)
      return json(response, 429, refusal.body, { ...headers, ...refusal.headers })
    }
    if (key === undefined || key === "") return json(response, 403, { code: 2000, message: "No server-key provided" }, headers)
    if (!keyed || this.keyRefused) return json(response, 403, { code: 2002, message: "Invalid server key" }, headers)
    if (!isRead) return json(response, 404, { code: 0, message: "Not found" }, headers)
    if (path === "/v2/server") {
      const names = [...url.searchParams.keys()]
      const duplicate = names.find((name, at) => names.indexOf(name) !== at)
      if (duplicate !== undefined) return json(response, 400, { code: 2001, message: `Duplicate query parameter: ${duplicate}` }, headers)
    }
    if (this.readsFail) return json(response, 500, { code: 1001, message: "Error communicating with the game platform" }, headers)
    const answer = path === "/v2/server" ? this.snapshot(V2_SECTIONS.filter((s) => url.searchParams.get(s) === "true")) : this.v1Read(path)
    return json(response, 200, answer, headers)
  }

  private count(path: string, query: URLSearchParams): void {
    this.readsByPath.set(path, (this.readsByPath.get(path) ?? 0) + 1)
    if (path !== "/v2/server") return
    for (const section of V2_SECTIONS) {
      if (query.get(section) === "true") this.readsBySection.set(section, (this.readsBySection.get(section) ?? 0) + 1)
    }
  }

  private command(path: string, body: string, response: ServerResponse): void {
    this.inFlight++
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight)
    response.once("close", () => this.inFlight--)
    const headers = () => rateLimitHeaders(this.commandBucket.state(this.now()))
    let command: unknown
    try {
      command = (JSON.parse(body) as { command?: unknown } | null)?.command
    } catch {
      command = undefined
    }
    if (typeof command !== "string" || command.trim() === "") {
      return json(response, 400, { code: 3001, message: "Body must be {\"command\": string}" }, headers())
    }
    const behaviour = this.upcoming.shift()
    const log = (answer: ReceivedCommand["answer"]) => this.received.push({ command, answer })
    if (behaviour !== undefined) {
      switch (behaviour._tag) {
        case "Refuse":
          log(behaviour.status)
          return json(response, behaviour.status, { code: behaviour.code, message: behaviour.message }, headers())
        case "Fail":
          log(500)
          return json(response, 500, { code: 1001, message: "Internal server error" }, headers())
        case "Hang":
          log("hang")
          this.hanging.add(response)
          return
        case "Drop":
          log("drop")
          response.socket?.destroy()
          return
      }
    }
    const now = this.now()
    const allowed = this.commandBucket.check(now)
    if (!allowed.allowed) {
      log(429)
      const refusal = rateLimited(allowed)
      return json(response, 429, refusal.body, { ...headers(), ...refusal.headers })
    }
    const [verb = "", subject = ""] = command.trim().split(/\s+/)
    if (!ACCEPTED_COMMANDS.has(verb.toLowerCase())) {
      log(422)
      return json(response, 422, { code: 4002, message: "This command is restricted" }, headers())
    }
    if (this.world.players.length === 0) {
      log(422)
      return json(response, 422, { code: 3002, message: "The server has no players" }, headers())
    }
    this.commandBucket.executed(now)
    log(200)
    this.world.logCommand(REMOTE_COMMAND_PLAYER, command)
    this.act(verb.toLowerCase(), subject)
    json(response, 200, path === "/v2/server/command" ? { message: "Success" } : {}, headers())
  }

  private act(verb: string, subject: string): void {
    if (verb === ":kick") this.world.remove((p) => p.username === subject)
    if (verb === ":ban") this.ban(subject)
    if (verb === ":unban") this.banned.delete(subject)
  }
}

/** A simulator listening on loopback. */
export const startGameServerSimulator = (options: SimulatorOptions = {}): Promise<GameServerSimulator> =>
  new GameServerSimulator(options).listen(options.port ?? 0)
