import type { GameBan, GameEmergencyCall, GamePlayer, GamePlayerRef, GameStaffMember, LiveSnapshot } from "@bluelight/core/game"
import { DateTime, Option, Schema } from "effect"
import { CommandLogItem, EmergencyCallItem, JoinLogItem, KillLogItem, ModCallItem, NamesById, ServerStatus, V2PlayerEntry, VehicleItem } from "../protocol.js"

/**
 * The game's v2 aggregate answer and v1 ban list turned into core's live
 * picture (docs/decisions/game.md, "Reading the game"). The base fields must
 * be right or the whole answer is unreadable; inside a section, an entry
 * that does not decode (a player not `Name:Id`, a time that is no time) is
 * dropped and the rest kept, since one odd log line must not hide the server.
 */

/** The v2 answer with its sections left to be read entry by entry. */
export const V2ServerLoose = Schema.Struct({
  ...ServerStatus.fields,
  Players: Schema.optional(Schema.Array(Schema.Unknown)),
  Staff: Schema.optional(Schema.Unknown),
  JoinLogs: Schema.optional(Schema.Array(Schema.Unknown)),
  Queue: Schema.optional(Schema.Array(Schema.Unknown)),
  KillLogs: Schema.optional(Schema.Array(Schema.Unknown)),
  CommandLogs: Schema.optional(Schema.Array(Schema.Unknown)),
  ModCalls: Schema.optional(Schema.Array(Schema.Unknown)),
  EmergencyCalls: Schema.optional(Schema.Array(Schema.Unknown)),
  Vehicles: Schema.optional(Schema.Array(Schema.Unknown))
})
export type V2ServerLoose = typeof V2ServerLoose.Type

const PLATFORM_ID = /^\d{1,20}$/

/** `"Name:123"` split at its last colon; undefined unless both sides are there and the id is digits. */
export const parseRef = (text: string): GamePlayerRef | undefined => {
  const at = text.lastIndexOf(":")
  if (at <= 0) return undefined
  const platformId = text.slice(at + 1)
  return PLATFORM_ID.test(platformId) ? { username: text.slice(0, at), platformId } : undefined
}

/** A platform id the game sent as a number (or its text); undefined unless it is a whole number. */
const idOf = (value: unknown): string | undefined => {
  const text = typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? String(value) : typeof value === "string" ? value : undefined
  return text !== undefined && PLATFORM_ID.test(text) ? text : undefined
}

/** Unix seconds as a time; undefined for a number that names no time. */
export const timeOf = (seconds: number): DateTime.Utc | undefined =>
  Number.isFinite(seconds) && seconds >= 0 && seconds < 1e11 ? Option.getOrUndefined(DateTime.make(Math.round(seconds * 1000))) : undefined

/** Each entry decoded with `schema` and then made by `make`; those failing either are dropped. */
const each = <S extends Schema.Top & { readonly DecodingServices: never }, B>(
  entries: ReadonlyArray<unknown> | undefined,
  schema: S,
  make: (entry: S["Type"]) => B | undefined
): Array<B> =>
  (entries ?? []).flatMap((entry) => {
    const decoded = Schema.decodeUnknownOption(schema)(entry)
    if (Option.isNone(decoded)) return []
    const made = make(decoded.value)
    return made === undefined ? [] : [made]
  })

const player = (entry: V2PlayerEntry): GamePlayer | undefined => {
  const ref = parseRef(entry.Player)
  if (ref === undefined) return undefined
  const location = entry.Location
  return {
    ...ref,
    permission: entry.Permission,
    callsign: entry.Callsign ?? null,
    team: entry.Team ?? null,
    wantedStars: entry.WantedStars ?? 0,
    location: location === undefined
      ? null
      : {
        x: location.LocationX,
        z: location.LocationZ,
        postalCode: location.PostalCode,
        streetName: location.StreetName,
        buildingNumber: location.BuildingNumber
      }
  }
}

const STAFF_SECTIONS = [["Admins", "Admin"], ["Mods", "Mod"], ["Helpers", "Helper"]] as const

const staff = (section: unknown): Array<GameStaffMember> => {
  if (typeof section !== "object" || section === null) return []
  const members: Array<GameStaffMember> = []
  const fields = section as Record<string, unknown>
  for (const [key, level] of STAFF_SECTIONS) {
    const names = Schema.decodeUnknownOption(NamesById)(fields[key])
    if (Option.isNone(names)) continue
    for (const [id, username] of Object.entries(names.value)) {
      const platformId = idOf(id)
      if (platformId !== undefined) members.push({ player: { username, platformId }, level })
    }
  }
  if (Array.isArray(fields["CoOwners"])) {
    for (const id of fields["CoOwners"]) {
      const platformId = idOf(id)
      // The game names co-owners by id only.
      if (platformId !== undefined) members.push({ player: { username: "", platformId }, level: "CoOwner" })
    }
  }
  return members
}

const emergencyCall = (item: typeof EmergencyCallItem.Type): GameEmergencyCall | undefined => {
  const startedAt = timeOf(item.StartedAt)
  const caller = item.Caller === null ? null : idOf(item.Caller)
  if (startedAt === undefined || caller === undefined) return undefined
  return {
    callNumber: item.CallNumber,
    team: item.Team,
    callerPlatformId: caller,
    responderPlatformIds: item.Players.flatMap((id) => idOf(id) ?? []),
    position: { x: item.Position[0], z: item.Position[1] },
    startedAt,
    description: item.Description ?? null,
    positionDescriptor: item.PositionDescriptor ?? null
  }
}

/** Everything one v2 answer says, observed at `observedAt`. */
export const toLiveSnapshot = (answer: V2ServerLoose, observedAt: DateTime.Utc): LiveSnapshot => {
  const players = each(answer.Players, V2PlayerEntry, player)
  // Co-owners come without names: the player on the server, if they are on it, names them.
  const names = new Map(players.map((p) => [p.platformId, p.username]))
  return {
    observedAt,
    status: {
      name: answer.Name,
      currentPlayers: Math.max(0, Math.min(answer.CurrentPlayers, 1_000_000)),
      maxPlayers: Math.max(0, Math.min(answer.MaxPlayers, 1_000_000)),
      joinKey: answer.JoinKey
    },
    players,
    staff: staff(answer.Staff).map((m) => (m.player.username === "" ? { ...m, player: { ...m.player, username: names.get(m.player.platformId) ?? "" } } : m)),
    joinLogs: each(answer.JoinLogs, JoinLogItem, (e) => {
      const at = timeOf(e.Timestamp)
      const who = parseRef(e.Player)
      return at === undefined || who === undefined ? undefined : { at, joined: e.Join, player: who }
    }),
    killLogs: each(answer.KillLogs, KillLogItem, (e) => {
      const at = timeOf(e.Timestamp)
      const killer = parseRef(e.Killer)
      const killed = parseRef(e.Killed)
      return at === undefined || killer === undefined || killed === undefined ? undefined : { at, killer, killed }
    }),
    commandLogs: each(answer.CommandLogs, CommandLogItem, (e) => {
      const at = timeOf(e.Timestamp)
      const who = parseRef(e.Player)
      return at === undefined || who === undefined ? undefined : { at, player: who, command: e.Command }
    }),
    modCalls: each(answer.ModCalls, ModCallItem, (e) => {
      const at = timeOf(e.Timestamp)
      const caller = parseRef(e.Caller)
      const moderator = e.Moderator === undefined ? null : parseRef(e.Moderator)
      return at === undefined || caller === undefined || moderator === undefined ? undefined : { at, caller, moderator }
    }),
    queue: (answer.Queue ?? []).flatMap((id) => idOf(id) ?? []),
    vehicles: each(answer.Vehicles, VehicleItem, (v) => ({
      name: v.Name,
      plate: v.Plate ?? null,
      ownerUsername: v.Owner,
      livery: v.Texture ?? null,
      colour: v.ColorHex === undefined || v.ColorHex === null ? null : { hex: v.ColorHex, name: v.ColorName ?? v.ColorHex }
    })),
    emergencyCalls: each(answer.EmergencyCalls, EmergencyCallItem, emergencyCall)
  }
}

/** The v1 ban list (platform id → username); entries whose key is no platform id are dropped. */
export const toGameBans = (list: typeof NamesById.Type): Array<GameBan> =>
  Object.entries(list).flatMap(([id, username]) => {
    const platformId = idOf(id)
    return platformId === undefined ? [] : [{ platformId, username }]
  })
