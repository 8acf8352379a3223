import type { V2Server } from "../protocol.js"
import type { Random } from "./random.js"
import { describePosition, locate, MAP_EXTENT, type SimulatedLocation } from "./streets.js"

/** A vehicle a player has spawned; the v2 `Vehicles` section lists it with the owner's bare username. */
export interface SimulatedVehicle {
  readonly name: string
  readonly plate?: string | null
  readonly texture?: string | null
  readonly colorHex?: string | null
  readonly colorName?: string | null
}

/**
 * A player the simulator has on its server. `permission` is `Normal` unless
 * given; `"Server Administrator"`, `"Server Moderator"` and
 * `"Server Helper"` put the player on the staff lists. `location` is where
 * the player starts (a random place unless given); players then move with
 * every tick.
 */
export interface SimulatedPlayer {
  readonly username: string
  readonly platformId: string
  readonly permission?: string
  readonly callsign?: string | null
  readonly team?: string | null
  readonly wantedStars?: number
  readonly vehicle?: SimulatedVehicle | null
  readonly location?: { readonly x: number; readonly z: number }
}

type Section<K extends keyof V2Server> = NonNullable<V2Server[K]>
export type SimulatedJoinLog = Section<"JoinLogs">[number]
export type SimulatedKillLog = Section<"KillLogs">[number]
export type SimulatedCommandLog = Section<"CommandLogs">[number]
export type SimulatedModCall = Section<"ModCalls">[number]
/** An open emergency call, PascalCase as the v2 `EmergencyCalls` section has it. */
export type SimulatedEmergencyCall = Section<"EmergencyCalls">[number]

/** What a new emergency call is made of; the caller's place gives its position. */
export interface EmergencyCallRequest {
  /** The caller's platform id: a random player unless given; `null` for an automated call at a random place. */
  readonly caller?: string | null
  readonly description?: string | null
  readonly team?: string
  /** The place's description: the landmark and street of the position unless given (`null` for none). */
  readonly positionDescriptor?: string | null
}

/** Who carries out commands sent through the API, in the command log: the game's virtual "server management" actor. */
export const REMOTE_COMMAND_PLAYER = "Server Management:0"

const STAFF_LISTS: Record<string, "Admins" | "Mods" | "Helpers"> = {
  "Server Administrator": "Admins",
  "Server Moderator": "Mods",
  "Server Helper": "Helpers"
}

interface Motion {
  x: number
  z: number
  heading: number
  speed: number
}

const round = (value: number) => Math.round(value * 1000) / 1000

/**
 * What is happening on the simulated server: who is on it and where, what
 * they drive, the staff, the queue, the logs that grow (joins and leaves,
 * kills, commands, moderator calls) and the open emergency calls. Time is
 * the simulator's clock, in Unix seconds in everything it shows.
 */
export class SimulatedWorld {
  private playerList: Array<SimulatedPlayer> = []
  private readonly motion = new Map<string, Motion>()
  private readonly names = new Map<string, string>()
  private readonly staffLists = { Admins: new Map<string, string>(), Mods: new Map<string, string>(), Helpers: new Map<string, string>() }
  private readonly joins: Array<SimulatedJoinLog> = []
  private readonly kills: Array<SimulatedKillLog> = []
  private readonly commands: Array<SimulatedCommandLog> = []
  private readonly modCallList: Array<{ Caller: string; Moderator?: string; Timestamp: number }> = []
  private readonly calls: Array<SimulatedEmergencyCall> = []
  private nextCallNumber = 101
  queue: Array<number> = []

  constructor(private readonly random: Random, private readonly nowMs: () => number, players: ReadonlyArray<SimulatedPlayer>) {
    this.setPlayers(players)
  }

  private get seconds(): number {
    return Math.floor(this.nowMs() / 1000)
  }

  get players(): ReadonlyArray<SimulatedPlayer> {
    return this.playerList
  }

  /** Replaces the players: those new to the server join, those gone leave (both in the join log); the others keep their place. */
  setPlayers(players: ReadonlyArray<SimulatedPlayer>): void {
    const next = new Set(players.map((p) => p.platformId))
    for (const gone of this.playerList.filter((p) => !next.has(p.platformId))) this.leave(gone)
    const before = new Set(this.playerList.map((p) => p.platformId))
    this.playerList = [...players]
    for (const player of players) {
      this.names.set(player.platformId, player.username)
      const list = STAFF_LISTS[player.permission ?? "Normal"]
      if (list !== undefined) this.staffLists[list].set(player.platformId, player.username)
      if (!before.has(player.platformId)) {
        this.joins.push({ Join: true, Timestamp: this.seconds, Player: this.identity(player.platformId) })
        this.motion.set(player.platformId, {
          x: player.location?.x ?? this.random.between(-MAP_EXTENT + 100, MAP_EXTENT - 100),
          z: player.location?.z ?? this.random.between(-MAP_EXTENT + 100, MAP_EXTENT - 100),
          heading: this.random.next() * 2 * Math.PI,
          speed: this.random.between(15, 60)
        })
      }
    }
  }

  /** Changes one player (their team, wanted stars, vehicle, …) without them leaving. */
  updatePlayer(platformId: string, change: Partial<Omit<SimulatedPlayer, "platformId">>): void {
    if (!this.playerList.some((p) => p.platformId === platformId)) throw new Error(`no player ${platformId} on the server`)
    this.setPlayers(this.playerList.map((p) => p.platformId === platformId ? { ...p, ...change } : p))
  }

  /** Takes off the server every player `leaves` picks (a kick or a ban). */
  remove(leaves: (player: SimulatedPlayer) => boolean): void {
    this.setPlayers(this.playerList.filter((p) => !leaves(p)))
  }

  private leave(player: SimulatedPlayer): void {
    this.joins.push({ Join: false, Timestamp: this.seconds, Player: this.identity(player.platformId) })
    this.motion.delete(player.platformId)
  }

  /** `"Username:PlatformId"` for anyone who was ever on the server. */
  identity(platformId: string): string {
    const name = this.names.get(platformId)
    if (name === undefined) throw new Error(`no player ${platformId} was ever on the server`)
    return `${name}:${platformId}`
  }

  /** The name last seen for a platform id, if any. */
  nameOf(platformId: string): string | undefined {
    return this.names.get(platformId)
  }

  /** Moves every player `steps` times: a little turn and a stride (three in a vehicle), turning back at the map's edge. */
  tick(steps = 1): void {
    for (let step = 0; step < steps; step++) {
      for (const player of this.playerList) {
        const motion = this.motion.get(player.platformId)
        if (motion === undefined) continue
        motion.heading += (this.random.next() - 0.5) * 0.8
        const stride = motion.speed * (player.vehicle ? 3 : 1)
        let x = motion.x + Math.cos(motion.heading) * stride
        let z = motion.z + Math.sin(motion.heading) * stride
        if (Math.abs(x) > MAP_EXTENT - 50 || Math.abs(z) > MAP_EXTENT - 50) {
          motion.heading += Math.PI
          x = Math.max(-MAP_EXTENT + 50, Math.min(MAP_EXTENT - 50, x))
          z = Math.max(-MAP_EXTENT + 50, Math.min(MAP_EXTENT - 50, z))
        }
        motion.x = x
        motion.z = z
      }
    }
  }

  /** Where a player on the server is now. */
  location(platformId: string): SimulatedLocation | undefined {
    const motion = this.motion.get(platformId)
    return motion === undefined ? undefined : locate(round(motion.x), round(motion.z))
  }

  /** The v2 `Players` section. */
  v2Players(): Section<"Players"> {
    return this.playerList.map((p) => ({
      Player: `${p.username}:${p.platformId}`,
      Permission: p.permission ?? "Normal",
      Callsign: p.callsign ?? null,
      Team: p.team ?? "Civilian",
      WantedStars: p.wantedStars ?? 0,
      ...(this.location(p.platformId) === undefined ? {} : { Location: this.location(p.platformId) })
    }))
  }

  /**
   * The v2 `Staff` section: everyone ever seen on the server with a staff
   * permission (staff lists are the server's settings, not who is online),
   * and the co-owners' ids when there are any (only some servers send them).
   */
  staff(coOwners: ReadonlyArray<number>): Section<"Staff"> {
    const asRecord = (list: Map<string, string>) => Object.fromEntries(list)
    return {
      ...(coOwners.length > 0 ? { CoOwners: [...coOwners] } : {}),
      Admins: asRecord(this.staffLists.Admins),
      Mods: asRecord(this.staffLists.Mods),
      Helpers: asRecord(this.staffLists.Helpers)
    }
  }

  /** The v2 `Vehicles` section: each player's spawned vehicle, if any. */
  vehicles(): Section<"Vehicles"> {
    return this.playerList.flatMap((p) =>
      p.vehicle
        ? [{
          Name: p.vehicle.name,
          Owner: p.username,
          Texture: p.vehicle.texture ?? null,
          Plate: p.vehicle.plate ?? null,
          ColorHex: p.vehicle.colorHex ?? null,
          ColorName: p.vehicle.colorName ?? null
        }]
        : []
    )
  }

  get joinLogs(): Section<"JoinLogs"> {
    return [...this.joins]
  }

  get killLogs(): Section<"KillLogs"> {
    return [...this.kills]
  }

  get commandLogs(): Section<"CommandLogs"> {
    return [...this.commands]
  }

  get modCalls(): Section<"ModCalls"> {
    return this.modCallList.map((call) => ({ ...call }))
  }

  get emergencyCalls(): Section<"EmergencyCalls"> {
    return this.calls.map((call) => ({ ...call, Players: [...call.Players] }))
  }

  /** One player killed another, both on the server. */
  kill(killer: string, killed: string): void {
    this.requireOnline(killer)
    this.requireOnline(killed)
    this.kills.push({ Killer: this.identity(killer), Killed: this.identity(killed), Timestamp: this.seconds })
  }

  /** A command in the command log, by a player (`"Username:PlatformId"`) or by the API's actor. */
  logCommand(player: string, command: string): void {
    this.commands.push({ Player: player, Command: command, Timestamp: this.seconds })
  }

  /** A player calls for a moderator; answers the call's index for `answerModCall`. */
  modCall(caller: string): number {
    this.requireOnline(caller)
    return this.modCallList.push({ Caller: this.identity(caller), Timestamp: this.seconds }) - 1
  }

  /** A moderator answers a moderator call. */
  answerModCall(index: number, moderator: string): void {
    const call = this.modCallList[index]
    if (call === undefined) throw new Error(`no moderator call ${index}`)
    call.Moderator = this.identity(moderator)
  }

  /** A new open emergency call, from the caller's place (or a random one for an automated call). */
  startCall(request: EmergencyCallRequest): SimulatedEmergencyCall {
    const caller = request.caller === undefined
      ? this.random.pick(this.playerList.map((p) => p.platformId))
      : request.caller
    if (caller !== null) this.requireOnline(caller)
    if (caller !== null && !/^\d+$/.test(caller)) throw new Error(`an emergency call needs a numeric platform id, not ${caller}`)
    const place = caller === null ? undefined : this.location(caller)
    const x = place?.LocationX ?? round(this.random.between(-MAP_EXTENT + 100, MAP_EXTENT - 100) + this.random.next())
    const z = place?.LocationZ ?? round(this.random.between(-MAP_EXTENT + 100, MAP_EXTENT - 100) + this.random.next())
    const call: SimulatedEmergencyCall = {
      Team: request.team ?? "Police",
      Caller: caller === null ? null : Number(caller),
      Players: [],
      Position: [x, z],
      StartedAt: this.seconds,
      CallNumber: this.nextCallNumber++,
      Description: request.description === undefined ? "I need help" : request.description,
      PositionDescriptor: request.positionDescriptor === undefined ? describePosition(x, z) : request.positionDescriptor
    }
    this.calls.push(call)
    return call
  }

  /** A player on the server responds to an open call (the call's `Players`). */
  respond(callNumber: number, platformId: string): void {
    this.requireOnline(platformId)
    const call = this.calls.find((open) => open.CallNumber === callNumber)
    if (call === undefined) throw new Error(`no open emergency call ${callNumber}`)
    if (!call.Players.includes(Number(platformId))) this.calls.splice(this.calls.indexOf(call), 1, { ...call, Players: [...call.Players, Number(platformId)] })
  }

  /** Ends an open call; `undefined` when there is none with that number. */
  endCall(callNumber: number): SimulatedEmergencyCall | undefined {
    const at = this.calls.findIndex((call) => call.CallNumber === callNumber)
    return at < 0 ? undefined : this.calls.splice(at, 1)[0]
  }

  private requireOnline(platformId: string): void {
    if (!this.playerList.some((p) => p.platformId === platformId)) throw new Error(`no player ${platformId} on the server`)
  }
}
