import { CallId } from "@bluelight/core/cad"
import {
  GameStaffLevel,
  type LinkedPlatformId,
  type LinkedPlayer,
  type LinkedUsername,
  type LiveBan,
  type LiveEmergencyCall,
  type LivePage,
  type LiveVehicle
} from "@bluelight/core/game"
import { type Account, Person } from "@bluelight/core/identity"
import { IntegerBetween, PageMeta, Timestamp } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { ModerationActionView, presentAction } from "../moderation/schemas.js"

/** A count of entries: a whole number, 0 or more. */
const Count = IntegerBetween({ min: 0, max: 1_000_000 })

/** A list of a live read: the page, how many in all, and when the game server was read. */
export const LiveList = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    data: Schema.Array(item),
    meta: Schema.Struct({
      ...PageMeta.fields,
      total: Count,
      observedAt: Timestamp.annotate({ description: "When the game server was read: the snapshot is at most a few seconds old" })
    })
  })

const account = Schema.NullOr(Person).annotate({ description: "The Bluelight account linked to the player's platform id; null when none" })

/** A player the game names by username and platform id. */
export const GamePlayerView = Schema.Struct({ platformId: Schema.String, username: Schema.String, account })
  .annotate({ identifier: "GamePlayer" })

/** A player the game names by platform id only: the username is the linked account's, or null. */
export const GamePlayerByIdView = Schema.Struct({ platformId: Schema.String, username: Schema.NullOr(Schema.String), account })
  .annotate({ identifier: "GamePlayerById" })

/** A player the game names by username only (a vehicle's owner): the platform id is the one on the server under it now, or null. */
export const GamePlayerByNameView = Schema.Struct({ platformId: Schema.NullOr(Schema.String), username: Schema.String, account })
  .annotate({ identifier: "GamePlayerByName" })

const person = (a: Account | null) => (a === null ? null : { id: a.id, displayName: a.displayName })

export const presentPlayer = (p: LinkedPlayer): typeof GamePlayerView.Type => ({ platformId: p.platformId, username: p.username, account: person(p.account) })
const presentById = (p: LinkedPlatformId): typeof GamePlayerByIdView.Type => ({ platformId: p.platformId, username: p.username, account: person(p.account) })
const presentByName = (p: LinkedUsername): typeof GamePlayerByNameView.Type => ({ platformId: p.platformId, username: p.username, account: person(p.account) })

export const JoinLogView = Schema.Struct({ at: Timestamp, joined: Schema.Boolean, player: GamePlayerView }).annotate({ identifier: "JoinLogEntry" })
export const KillLogView = Schema.Struct({ at: Timestamp, killer: GamePlayerView, killed: GamePlayerView }).annotate({ identifier: "KillLogEntry" })
export const CommandLogView = Schema.Struct({ at: Timestamp, player: GamePlayerView, command: Schema.String }).annotate({ identifier: "CommandLogEntry" })
export const ModCallView = Schema.Struct({ at: Timestamp, caller: GamePlayerView, moderator: Schema.NullOr(GamePlayerView) })
  .annotate({ identifier: "ModCallEntry" })

export const VehicleView = Schema.Struct({
  name: Schema.String,
  plate: Schema.NullOr(Schema.String),
  owner: GamePlayerByNameView,
  livery: Schema.NullOr(Schema.String),
  colour: Schema.NullOr(Schema.Struct({ hex: Schema.String, name: Schema.String }))
}).annotate({ identifier: "SpawnedVehicle" })

export const QueueEntryView = Schema.Struct({
  position: IntegerBetween({ min: 1, max: 1_000_000 }),
  player: GamePlayerByIdView
}).annotate({ identifier: "QueueEntry" })

export const StaffMemberView = Schema.Struct({ player: GamePlayerView, level: GameStaffLevel }).annotate({ identifier: "GameStaffMember" })

export const GameBanView = Schema.Struct({
  player: GamePlayerView,
  action: Schema.NullOr(ModerationActionView).annotate({ description: "Bluelight's newest ban action against this platform id; null when none" })
}).annotate({ identifier: "GameBan" })

export const EmergencyCallView = Schema.Struct({
  // The game's number, as it sends it: an example of its own, or Scalar would show MIN_SAFE_INTEGER.
  callNumber: Schema.Int.annotate({ examples: [136] }),
  team: Schema.String,
  caller: Schema.NullOr(GamePlayerByIdView).annotate({ description: "Null for a call the game itself made" }),
  responders: Schema.Array(GamePlayerByIdView),
  position: Schema.Struct({ x: Schema.Number, z: Schema.Number }),
  startedAt: Timestamp,
  description: Schema.NullOr(Schema.String),
  positionDescriptor: Schema.NullOr(Schema.String),
  cadCallId: Schema.NullOr(CallId).annotate({ description: "The CAD call this emergency call became; null while none has" })
}).annotate({ identifier: "GameEmergencyCall" })

/** A live page as the list envelope answers it. */
export const presentPage = <A, B>(page: LivePage<A>, present: (item: A) => B) => ({
  data: page.items.map(present),
  meta: { ...page.meta, total: page.total, observedAt: page.observedAt }
})

export const presentVehicle = (v: LiveVehicle): typeof VehicleView.Type => ({ ...v, owner: presentByName(v.owner) })
export const presentQueued = (q: { readonly position: number; readonly player: LinkedPlatformId }): typeof QueueEntryView.Type => ({
  position: q.position,
  player: presentById(q.player)
})
export const presentBan = (b: LiveBan): typeof GameBanView.Type => ({
  player: presentPlayer(b.player),
  action: b.action === null ? null : presentAction(b.action)
})
export const presentEmergencyCall = (c: LiveEmergencyCall): typeof EmergencyCallView.Type => ({
  ...c,
  caller: c.caller === null ? null : presentById(c.caller),
  responders: c.responders.map(presentById)
})
