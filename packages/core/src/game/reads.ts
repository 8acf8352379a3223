import { type DateTime, Effect } from "effect"
import type { CallId } from "../cad/ids.js"
import type { Account } from "../identity/Account.js"
import { Accounts } from "../identity/ports.js"
import type { Page, PageMeta } from "../kernel/paging.js"
import type { ModerationAction } from "../moderation/ModerationAction.js"
import { ModerationActions } from "../moderation/ports.js"
import type { GameEmergencyCall, GamePlayerRef, GameStaffLevel, LiveSnapshot, SpawnedVehicle } from "./LiveSnapshot.js"
import { GameCallLinks, LivePicture } from "./ports.js"

/**
 * The live picture's reads (docs/decisions/game.md, "Live reads"): each a
 * page of one part of the shared snapshot, logs newest first, every player
 * with the Bluelight account linked to their platform id (one read of the
 * accounts per page), and when the snapshot was read.
 */

/** A player the game names by username and platform id, with their linked account. */
export interface LinkedPlayer extends GamePlayerRef {
  readonly account: Account | null
}

/** A player the game names by platform id only (the queue, an emergency call): the username is the linked account's, if any. */
export interface LinkedPlatformId {
  readonly platformId: string
  readonly username: string | null
  readonly account: Account | null
}

/** A player the game names by username only (a vehicle's owner): the platform id is the one on the server under that name now, if any. */
export interface LinkedUsername {
  readonly platformId: string | null
  readonly username: string
  readonly account: Account | null
}

/** A page of a live read, its meta, how many in all, and when the game server was read. */
export interface LivePage<A> {
  readonly items: ReadonlyArray<A>
  readonly meta: PageMeta
  readonly total: number
  readonly observedAt: DateTime.Utc
}

type Linker = (platformId: string | null) => Account | null

/** The accounts linked to these platform ids, in one read (none when there are none to read). */
const linker = (platformIds: ReadonlyArray<string | null>): Effect.Effect<Linker, never, Accounts> => {
  const wanted = [...new Set(platformIds.filter((id): id is string => id !== null))]
  if (wanted.length === 0) return Effect.succeed(() => null)
  return Effect.map(Accounts.use((accounts) => accounts.findByPlatformIds(wanted)), (linked) => {
    const byPlatformId = new Map(linked.flatMap((account) => (account.platform === null ? [] : [[account.platform.id, account] as const])))
    return (platformId) => (platformId === null ? null : byPlatformId.get(platformId) ?? null)
  })
}

const link = (player: GamePlayerRef, accountOf: Linker): LinkedPlayer => ({ ...player, account: accountOf(player.platformId) })

const linkId = (platformId: string, accountOf: Linker): LinkedPlatformId => {
  const account = accountOf(platformId)
  return { platformId, username: account?.platform?.username ?? null, account }
}

/**
 * One page of `all`, each item presented with the accounts its players link
 * to: `idsOf` names the platform ids an item mentions, read for the page's
 * items only.
 */
const paged = <A, B>(
  snapshotAt: DateTime.Utc,
  all: ReadonlyArray<A>,
  page: Page,
  idsOf: (item: A) => ReadonlyArray<string | null>,
  present: (item: A, accountOf: Linker) => B
): Effect.Effect<LivePage<B>, never, Accounts> => {
  const items = all.slice(page.offset, page.offset + page.limit)
  const meta = { limit: page.limit, offset: page.offset, hasMore: all.length > page.offset + page.limit }
  return Effect.map(linker(items.flatMap(idsOf)), (accountOf) => ({
    items: items.map((item) => present(item, accountOf)),
    meta,
    total: all.length,
    observedAt: snapshotAt
  }))
}

/** Newest first; entries of the same second keep the game's order reversed (the game appends). */
const newestFirst = <A extends { readonly at: DateTime.Utc }>(entries: ReadonlyArray<A>): ReadonlyArray<A> =>
  entries.map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.at.epochMilliseconds - a.entry.at.epochMilliseconds || b.index - a.index)
    .map(({ entry }) => entry)

const fromSnapshot = <A>(read: (snapshot: LiveSnapshot) => Effect.Effect<A, never, Accounts>) => Effect.flatMap(LivePicture.use((live) => live.snapshot), read)

/** Joins and leaves, newest first. */
export const liveJoinLogs = Effect.fn("game.joinLogs")(function*(page: Page) {
  return yield* fromSnapshot((s) =>
    paged(s.observedAt, newestFirst(s.joinLogs), page, (e) => [e.player.platformId], (e, accountOf) => ({
      at: e.at,
      joined: e.joined,
      player: link(e.player, accountOf)
    }))
  )
})

/** Kills, newest first. */
export const liveKillLogs = Effect.fn("game.killLogs")(function*(page: Page) {
  return yield* fromSnapshot((s) =>
    paged(s.observedAt, newestFirst(s.killLogs), page, (e) => [e.killer.platformId, e.killed.platformId], (e, accountOf) => ({
      at: e.at,
      killer: link(e.killer, accountOf),
      killed: link(e.killed, accountOf)
    }))
  )
})

/** Commands run in the game, newest first. */
export const liveCommandLogs = Effect.fn("game.commandLogs")(function*(page: Page) {
  return yield* fromSnapshot((s) =>
    paged(s.observedAt, newestFirst(s.commandLogs), page, (e) => [e.player.platformId], (e, accountOf) => ({
      at: e.at,
      player: link(e.player, accountOf),
      command: e.command
    }))
  )
})

/** Calls for a moderator, newest first; `moderator` null while nobody has answered. */
export const liveModCalls = Effect.fn("game.modCalls")(function*(page: Page) {
  return yield* fromSnapshot((s) =>
    paged(s.observedAt, newestFirst(s.modCalls), page, (e) => [e.caller.platformId, e.moderator?.platformId ?? null], (e, accountOf) => ({
      at: e.at,
      caller: link(e.caller, accountOf),
      moderator: e.moderator === null ? null : link(e.moderator, accountOf)
    }))
  )
})

/** A spawned vehicle with its owner. */
export interface LiveVehicle extends Omit<SpawnedVehicle, "ownerUsername"> {
  readonly owner: LinkedUsername
}

/** Spawned vehicles in the game's order; each owner is the player on the server under that username now, if any. */
export const liveVehicles = Effect.fn("game.vehicles")(function*(page: Page) {
  return yield* fromSnapshot((s) => {
    const onServer = new Map(s.players.map((player) => [player.username, player.platformId]))
    const platformIdOf = (username: string) => onServer.get(username) ?? null
    return paged(s.observedAt, s.vehicles, page, (v) => [platformIdOf(v.ownerUsername)], (v, accountOf): LiveVehicle => {
      const platformId = platformIdOf(v.ownerUsername)
      return {
        name: v.name,
        plate: v.plate,
        livery: v.livery,
        colour: v.colour,
        owner: { platformId, username: v.ownerUsername, account: accountOf(platformId) }
      }
    })
  })
})

/** Players waiting to join, in queue order (`position` from 1). */
export const liveQueue = Effect.fn("game.queue")(function*(page: Page) {
  return yield* fromSnapshot((s) => {
    const names = new Map(s.players.map((player) => [player.platformId, player.username]))
    return paged(s.observedAt, s.queue.map((platformId, index) => ({ platformId, position: index + 1 })), page, (q) => [q.platformId], (q, accountOf) => {
      const player = linkId(q.platformId, accountOf)
      return { position: q.position, player: { ...player, username: names.get(q.platformId) ?? player.username } }
    })
  })
})

const LEVEL_ORDER: Record<GameStaffLevel, number> = { CoOwner: 0, Admin: 1, Mod: 2, Helper: 3 }

/** The in-game staff, highest level first, then by username ignoring case. */
export const liveStaff = Effect.fn("game.staff")(function*(page: Page) {
  return yield* fromSnapshot((s) => {
    const ordered = [...s.staff].sort((a, b) =>
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      a.player.username.toLowerCase().localeCompare(b.player.username.toLowerCase()) ||
      a.player.platformId.localeCompare(b.player.platformId)
    )
    return paged(s.observedAt, ordered, page, (m) => [m.player.platformId], (m, accountOf) => ({ player: link(m.player, accountOf), level: m.level }))
  })
})

/** One entry of the game's ban list, with the newest Bluelight ban of that player, if any. */
export interface LiveBan {
  readonly player: LinkedPlayer
  readonly action: ModerationAction | null
}

/** The game's own ban list by username ignoring case, each with Bluelight's newest ban action against that platform id. */
export const liveBans = Effect.fn("game.bans")(function*(page: Page) {
  const list = yield* LivePicture.use((live) => live.bans)
  const ordered = [...list.bans].sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()) || a.platformId.localeCompare(b.platformId))
  const linked = yield* paged(list.observedAt, ordered, page, (b) => [b.platformId], (b, accountOf) => link(b, accountOf))
  const newest = yield* ModerationActions.use((actions) => actions.newestPerTarget("ban", linked.items.map((player) => player.platformId)))
  return { ...linked, items: linked.items.map((player): LiveBan => ({ player, action: newest.get(player.platformId) ?? null })) }
})

/** An open emergency call in the game, its players, and the CAD call it became (null while none has). */
export interface LiveEmergencyCall extends Omit<GameEmergencyCall, "callerPlatformId" | "responderPlatformIds"> {
  readonly caller: LinkedPlatformId | null
  readonly responders: ReadonlyArray<LinkedPlatformId>
  readonly cadCallId: CallId | null
}

/** The game's open emergency calls, newest first, each with the CAD call it became. */
export const liveEmergencyCalls = Effect.fn("game.emergencyCalls")(function*(page: Page) {
  const s = yield* LivePicture.use((live) => live.snapshot)
  const ordered = [...s.emergencyCalls].sort((a, b) => b.startedAt.epochMilliseconds - a.startedAt.epochMilliseconds || b.callNumber - a.callNumber)
  const names = new Map(s.players.map((player) => [player.platformId, player.username]))
  const withName = (player: LinkedPlatformId): LinkedPlatformId => ({ ...player, username: names.get(player.platformId) ?? player.username })
  const links = yield* GameCallLinks.use((calls) => calls.callsFor(ordered.slice(page.offset, page.offset + page.limit).map((c) => c.callNumber)))
  return yield* paged(s.observedAt, ordered, page, (c) => [c.callerPlatformId, ...c.responderPlatformIds], (c, accountOf): LiveEmergencyCall => ({
    callNumber: c.callNumber,
    team: c.team,
    caller: c.callerPlatformId === null ? null : withName(linkId(c.callerPlatformId, accountOf)),
    responders: c.responderPlatformIds.map((id) => withName(linkId(id, accountOf))),
    position: c.position,
    startedAt: c.startedAt,
    description: c.description,
    positionDescriptor: c.positionDescriptor,
    cadCallId: links.get(c.callNumber) ?? null
  }))
})
