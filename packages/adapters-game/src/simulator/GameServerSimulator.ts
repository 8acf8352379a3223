import { randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { PlayerEntry, ServerStatus } from "../protocol.js"

/** A player the simulator has on its server. `permission` is `Normal` unless given. */
export interface SimulatedPlayer {
  readonly username: string
  readonly platformId: string
  readonly permission?: string
  readonly callsign?: string | null
  readonly team?: string | null
}

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
  readonly players?: ReadonlyArray<SimulatedPlayer>
  /** Added to every answer, in milliseconds. */
  readonly latencyMs?: number
  /** A command within this many milliseconds of the last one carried out is answered `429` with `retry_after` (the real server: about 5000). */
  readonly commandIntervalMs?: number
  /** Loopback port to listen on; any free one unless given. */
  readonly port?: number
}

/** A handful of players for the development default: three members of the public and one in-game moderator. */
export const DEFAULT_SIMULATED_PLAYERS: ReadonlyArray<SimulatedPlayer> = [
  { username: "Jane_Doe", platformId: "100000001", callsign: "1A-01", team: "Police" },
  { username: "JohnSmith", platformId: "100000002", team: "Civilian" },
  { username: "SpeedyDriver", platformId: "100000003", team: "Civilian" },
  { username: "GameMod", platformId: "100000004", permission: "Server Moderator", team: "Police" }
]

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = ""
    request.setEncoding("utf8")
    request.on("data", (chunk: string) => (body += chunk))
    request.on("end", () => resolve(body))
    request.on("error", reject)
  })

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The commands a private server accepts from its API, and those it restricts (`4002`). */
const ACCEPTED_COMMANDS = new Set([":pm", ":kick", ":ban", ":unban", ":h", ":m"])

/**
 * A private game server speaking exactly the protocol of
 * docs/decisions/moderation.md ("Game server protocol") over HTTP on
 * loopback, with knobs for tests: its players and their staff levels,
 * latency, a refusal, a `500`, a hang or a dropped connection on the next
 * command, the server's own command interval (`429`), and the log of every
 * command received. Commands act: a kick or ban takes the player off the
 * server, a private message changes nothing.
 */
export class GameServerSimulator {
  readonly serverKey: string
  name: string
  maxPlayers: number
  joinKey: string
  latencyMs: number
  commandIntervalMs: number
  /** When true, reads answer `500` (the server is down for readers; commands are unaffected). */
  readsFail = false
  private playerList: Array<SimulatedPlayer>
  private readonly received: Array<ReceivedCommand> = []
  private readonly upcoming: Array<NextCommand> = []
  private readonly banned = new Set<string>()
  private lastExecutedAt = Number.NEGATIVE_INFINITY
  private inFlight = 0
  private mostInFlight = 0
  private readCount = 0
  private readonly hanging = new Set<ServerResponse>()
  private readonly server = createServer((request, response) => void this.answer(request, response))
  private address = ""

  constructor(options: SimulatorOptions = {}) {
    this.serverKey = options.serverKey ?? randomBytes(24).toString("base64url")
    this.name = options.name ?? "Bluelight Development Server"
    this.maxPlayers = options.maxPlayers ?? 40
    this.joinKey = options.joinKey ?? "bluelightdev"
    this.latencyMs = options.latencyMs ?? 0
    this.commandIntervalMs = options.commandIntervalMs ?? 0
    this.playerList = [...(options.players ?? DEFAULT_SIMULATED_PLAYERS)]
  }

  /** Starts listening on loopback. */
  async listen(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject)
      this.server.listen(port, "127.0.0.1", () => resolve())
    })
    const address = this.server.address()
    if (typeof address !== "object" || address === null) throw new Error("simulator has no address")
    this.address = `http://127.0.0.1:${address.port}`
    return this
  }

  /** `GAME_API_URL` for this simulator. */
  get url(): string {
    return this.address
  }

  get players(): ReadonlyArray<SimulatedPlayer> {
    return this.playerList
  }

  setPlayers(players: ReadonlyArray<SimulatedPlayer>): void {
    this.playerList = [...players]
  }

  /** What the next command meets instead of being carried out; several queue up in order. */
  nextCommand(behaviour: NextCommand): void {
    this.upcoming.push(behaviour)
  }

  /** Every command received, oldest first. */
  get commands(): ReadonlyArray<ReceivedCommand> {
    return [...this.received]
  }

  /** How many reads (`/v1/server`, `/v1/server/players`) were answered or refused. */
  get reads(): number {
    return this.readCount
  }

  /** The most commands it was ever handling at once. */
  get mostConcurrentCommands(): number {
    return this.mostInFlight
  }

  /** Platform ids banned so far. */
  get bans(): ReadonlyArray<string> {
    return [...this.banned]
  }

  /** Stops listening, ending hanging answers and open connections. */
  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy()
    this.hanging.clear()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private status(): ServerStatus {
    return {
      Name: this.name,
      OwnerId: 1,
      CoOwnerIds: [],
      CurrentPlayers: this.playerList.length,
      MaxPlayers: this.maxPlayers,
      JoinKey: this.joinKey,
      AccVerifiedReq: "Disabled",
      TeamBalance: true
    }
  }

  private entries(): Array<PlayerEntry> {
    return this.playerList.map((p) => ({
      Player: `${p.username}:${p.platformId}`,
      Permission: p.permission ?? "Normal",
      Callsign: p.callsign ?? null,
      Team: p.team ?? "Civilian"
    }))
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? "/", "http://localhost").pathname
    const isCommand = request.method === "POST" && path === "/v1/server/command"
    const body = await readBody(request).catch(() => "")
    if (this.latencyMs > 0) await sleep(this.latencyMs)
    if (request.headers["server-key"] !== this.serverKey) {
      return json(response, 403, { code: 2002, message: "Invalid server key" })
    }
    if (request.method === "GET" && (path === "/v1/server" || path === "/v1/server/players")) {
      this.readCount++
      if (this.readsFail) return json(response, 500, { code: 1001, message: "Internal server error" })
      return json(response, 200, path === "/v1/server" ? this.status() : this.entries())
    }
    if (isCommand) return this.command(body, response)
    return json(response, 404, { code: 0, message: "Not found" })
  }

  private command(body: string, response: ServerResponse): void {
    this.inFlight++
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight)
    response.once("close", () => this.inFlight--)
    let command: unknown
    try {
      command = (JSON.parse(body) as { command?: unknown }).command
    } catch {
      command = undefined
    }
    if (typeof command !== "string" || command.trim() === "") {
      return json(response, 400, { code: 4000, message: "Body must be {\"command\": string}" })
    }
    const behaviour = this.upcoming.shift()
    const log = (answer: ReceivedCommand["answer"]) => this.received.push({ command, answer })
    if (behaviour !== undefined) {
      switch (behaviour._tag) {
        case "Refuse":
          log(behaviour.status)
          return json(response, behaviour.status, { code: behaviour.code, message: behaviour.message })
        case "Fail":
          log(500)
          return json(response, 500, { code: 1001, message: "Internal server error" })
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
    const now = Date.now()
    const wait = this.lastExecutedAt + this.commandIntervalMs - now
    if (wait > 0) {
      log(429)
      return json(response, 429, { code: 4001, message: "You are being rate limited", retry_after: wait / 1000 })
    }
    const [verb = "", subject = ""] = command.trim().split(/\s+/)
    if (!ACCEPTED_COMMANDS.has(verb.toLowerCase())) {
      log(422)
      return json(response, 422, { code: 4002, message: "This command is restricted" })
    }
    if (this.playerList.length === 0) {
      log(422)
      return json(response, 422, { code: 3002, message: "The server has no players" })
    }
    this.lastExecutedAt = now
    log(200)
    this.act(verb.toLowerCase(), subject)
    json(response, 200, {})
  }

  private act(verb: string, subject: string): void {
    if (verb === ":kick") this.playerList = this.playerList.filter((p) => p.username !== subject)
    if (verb === ":ban") {
      this.banned.add(subject)
      this.playerList = this.playerList.filter((p) => p.platformId !== subject)
    }
  }
}

/** A simulator listening on loopback. */
export const startGameServerSimulator = (options: SimulatorOptions = {}): Promise<GameServerSimulator> =>
  new GameServerSimulator(options).listen(options.port ?? 0)
