import { Schema } from "effect"
import { Timestamp } from "../kernel/index.js"
import { GameServerStatus } from "../moderation/index.js"

/**
 * The game server's whole live picture, as one aggregate read of the game
 * server sees it at `observedAt` (docs/decisions/game.md). Every live read
 * (status, players, logs, queue, staff, vehicles, emergency calls) answers
 * from one shared snapshot; the adapters turn the game's wire shapes into
 * these, and nothing outside the adapters knows the wire's PascalCase.
 */

/** Someone the game names by username and platform id (`"Name:123"` on the wire). */
export const GamePlayerRef = Schema.Struct({
  username: Schema.String,
  platformId: Schema.String
})
export type GamePlayerRef = typeof GamePlayerRef.Type

/** Where a player is on the map: the map's coordinates (origin at its centre) and the address there. */
export const GameLocation = Schema.Struct({
  x: Schema.Number,
  z: Schema.Number,
  postalCode: Schema.String,
  streetName: Schema.String,
  buildingNumber: Schema.String
})
export type GameLocation = typeof GameLocation.Type

/** A player on the server now. `permission` is `Normal` or an in-game staff level. */
export const GamePlayer = Schema.Struct({
  username: Schema.String,
  platformId: Schema.String,
  permission: Schema.String,
  callsign: Schema.NullOr(Schema.String),
  team: Schema.NullOr(Schema.String),
  wantedStars: Schema.Int,
  /** Null when the game did not say (a player still loading in). */
  location: Schema.NullOr(GameLocation)
})
export type GamePlayer = typeof GamePlayer.Type

/** A player joined (`joined: true`) or left the server. */
export const JoinLogEntry = Schema.Struct({ at: Timestamp, joined: Schema.Boolean, player: GamePlayerRef })
export type JoinLogEntry = typeof JoinLogEntry.Type

/** One player killed another. */
export const KillLogEntry = Schema.Struct({ at: Timestamp, killer: GamePlayerRef, killed: GamePlayerRef })
export type KillLogEntry = typeof KillLogEntry.Type

/** A command someone ran in the game (`:h hello`), as the game logged it. */
export const CommandLogEntry = Schema.Struct({ at: Timestamp, player: GamePlayerRef, command: Schema.String })
export type CommandLogEntry = typeof CommandLogEntry.Type

/** A player called for a moderator; `moderator` is whoever answered, null while nobody has. */
export const ModCallEntry = Schema.Struct({ at: Timestamp, caller: GamePlayerRef, moderator: Schema.NullOr(GamePlayerRef) })
export type ModCallEntry = typeof ModCallEntry.Type

/** A vehicle spawned on the server. The game names its owner by username only. */
export const SpawnedVehicle = Schema.Struct({
  name: Schema.String,
  plate: Schema.NullOr(Schema.String),
  ownerUsername: Schema.String,
  livery: Schema.NullOr(Schema.String),
  colour: Schema.NullOr(Schema.Struct({ hex: Schema.String, name: Schema.String }))
})
export type SpawnedVehicle = typeof SpawnedVehicle.Type

/** In-game staff levels the game reports. */
export const GameStaffLevel = Schema.Literals(["CoOwner", "Admin", "Mod", "Helper"])
export type GameStaffLevel = typeof GameStaffLevel.Type

/** One member of the server's in-game staff. */
export const GameStaffMember = Schema.Struct({ player: GamePlayerRef, level: GameStaffLevel })
export type GameStaffMember = typeof GameStaffMember.Type

/** An emergency call open in the game (a player, or the game itself when `callerPlatformId` is null, called 911). */
export const GameEmergencyCall = Schema.Struct({
  callNumber: Schema.Int,
  team: Schema.String,
  callerPlatformId: Schema.NullOr(Schema.String),
  /** Platform ids of the players responding; empty while nobody is. */
  responderPlatformIds: Schema.Array(Schema.String),
  position: Schema.Struct({ x: Schema.Number, z: Schema.Number }),
  startedAt: Timestamp,
  description: Schema.NullOr(Schema.String),
  positionDescriptor: Schema.NullOr(Schema.String)
})
export type GameEmergencyCall = typeof GameEmergencyCall.Type

/**
 * Everything one aggregate read saw. Logs are as the game keeps them (the
 * game's order; the reads sort newest first); `queue` is platform ids in
 * queue order.
 */
export const LiveSnapshot = Schema.Struct({
  observedAt: Timestamp,
  status: GameServerStatus,
  players: Schema.Array(GamePlayer),
  staff: Schema.Array(GameStaffMember),
  joinLogs: Schema.Array(JoinLogEntry),
  killLogs: Schema.Array(KillLogEntry),
  commandLogs: Schema.Array(CommandLogEntry),
  modCalls: Schema.Array(ModCallEntry),
  queue: Schema.Array(Schema.String),
  vehicles: Schema.Array(SpawnedVehicle),
  emergencyCalls: Schema.Array(GameEmergencyCall)
})
export type LiveSnapshot = typeof LiveSnapshot.Type

/** One entry of the game's own ban list (`GET /v1/server/bans`: there is no v2 read). */
export const GameBan = Schema.Struct({ platformId: Schema.String, username: Schema.String })
export type GameBan = typeof GameBan.Type

/** The game's ban list as one read of it saw it at `observedAt`. */
export const GameBanList = Schema.Struct({ observedAt: Timestamp, bans: Schema.Array(GameBan) })
export type GameBanList = typeof GameBanList.Type
