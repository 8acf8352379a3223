import { type DateTime, Effect } from "effect"
import type { CallId } from "../cad/index.js"
import { type Account, Accounts, type Caller, type Permission, requires } from "../identity/index.js"
import type { Page, PageMeta } from "../kernel/index.js"
import { type ModerationAction, ModerationActions } from "../moderation/index.js"
import { gameText } from "./handleShared.js"
import type { GameEmergencyCall, GamePlayerRef, GameStaffLevel, LiveSnapshot, SpawnedVehicle } from "./LiveSnapshot.js"
import { GameCallLinks, LivePicture } from "./ports.js"

/**
 * The live picture's reads (docs/decisions/game.md, "Live reads"): each a
 * page of one part of the shared snapshot, logs newest first, every player
 * with the Bluelight account linked to their platform id (one read of the
 * accounts per page) for a viewer who may see it, and when the snapshot was
 * read. The game's names and text are shown cleaned, as CAD's are.
 */

/**
 * Who may see which Bluelight account a player is (docs/decisions/game.md,
 * "Live reads"): the holders of the permissions that look after players.
 * Anyone else reading the live picture (an emergency call's dispatcher with
 * `cad.view`, `server.view`) sees the game's username only, `account` null.
 */
export const SEES_LINKED_ACCOUNTS: ReadonlyArray<Permission> = ["players.view", "moderation.view"]

/** Whether `viewer` is shown the accounts the players of a live read are linked to. */
export const seesLinkedAccounts = (viewer: Caller): boolean => SEES_LINKED_ACCOUNTS.some((permission) => viewer.permissions.has(permission))

/**
 * The game's text as a live read shows it: one line, without the unsafe,
 * invisible and direction-control characters a player may put in their name
 * (a right-to-left override, a zero-width space), as CAD's text rules have it.
 * Not cut: a live read shows what the game holds.
 */
const shown = (text: string): string => gameText(text, Number.MAX_SAFE_INTEGER)
const shownOrNull = (text: string | null): string | null => (text === null ? null : shown(text))

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

/** The accounts of a page's players: the one shown to the viewer (null when they may not see it), and the platform username linked. */
interface Linker {
  readonly accountOf: (platformId: string | null) => Account | null
  readonly platformUsernameOf: (platformId: string) => string | null
}

const NO_LINKS: Linker = { accountOf: () => null, platformUsernameOf: () => null }

/** The accounts linked to these platform ids, in one read (none when there are none to read). */
const linker = (viewer: Caller, platformIds: ReadonlyArray<string | null>): Effect.Effect<Linker, never, Accounts> => {
  const wanted = [...new Set(platformIds.filter((id): id is string => id !== null))]
  if (wanted.length === 0) return Effect.succeed(NO_LINKS)
  const sees = seesLinkedAccounts(viewer)
  return Effect.map(Accounts.use((accounts) => accounts.findByPlatformIds(wanted)), (linked) => {
    const byPlatformId = new Map(linked.flatMap((account) => (account.platform === null ? [] : [[account.platform.id, account] as const])))
    const linkedTo = (platformId: string | null) => (platformId === null ? null : byPlatformId.get(platformId) ?? null)
    return {
      accountOf: (platformId) => (sees ? linkedTo(platformId) : null),
      // The game platform's username is the player's name in the game, not who they are in Bluelight: shown to every viewer.
      platformUsernameOf: (platformId) => {
        const username = linkedTo(platformId)?.platform?.username
        return username === undefined ? null : shown(username)
      }
    }
  })
}

const link = (player: GamePlayerRef, links: Linker): LinkedPlayer => ({
  platformId: player.platformId,
  username: shown(player.username),
  account: links.accountOf(player.platformId)
})

const linkId = (platformId: string, links: Linker): LinkedPlatformId => ({
  platformId,
  username: links.platformUsernameOf(platformId),
  account: links.accountOf(platformId)
})

/**
 * One page of `all`, each item presented with the accounts its players link
 * to: `idsOf` names the platform ids an item mentions, read for the page's
 * items only.
 */
const paged = <A, B>(
  viewer: Caller,
  snapshotAt: DateTime.Utc,
  all: ReadonlyArray<A>,
  page: Page,
  idsOf: (item: A) => ReadonlyArray<string | null>,
  present: (item: A, links: Linker) => B
): Effect.Effect<LivePage<B>, never, Accounts> => {
  const items = all.slice(page.offset, page.offset + page.limit)
  const meta = { limit: page.limit, offset: page.offset, hasMore: all.length > page.offset + page.limit }
  return Effect.map(linker(viewer, items.flatMap(idsOf)), (links) => ({
    items: items.map((item) => present(item, links)),
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
export const liveJoinLogs = Effect.fn("game.joinLogs")(function*(viewer: Caller, page: Page) {
  return yield* fromSnapshot((s) =>
    paged(viewer, s.observedAt, newestFirst(s.joinLogs), page, (e) => [e.player.platformId], (e, links) => ({
      at: e.at,
      joined: e.joined,
      player: link(e.player, links)
    }))
  )
}, requires("players.view"))

/** Kills, newest first. */
export const liveKillLogs = Effect.fn("game.killLogs")(function*(viewer: Caller, page: Page) {
  return yield* fromSnapshot((s) =>
    paged(viewer, s.observedAt, newestFirst(s.killLogs), page, (e) => [e.killer.platformId, e.killed.platformId], (e, links) => ({
      at: e.at,
      killer: link(e.killer, links),
      killed: link(e.killed, links)
    }))
  )
}, requires("players.view"))

/** Commands run in the game, newest first. */
export const liveCommandLogs = Effect.fn("game.commandLogs")(function*(viewer: Caller, page: Page) {
  return yield* fromSnapshot((s) =>
    paged(viewer, s.observedAt, newestFirst(s.commandLogs), page, (e) => [e.player.platformId], (e, links) => ({
      at: e.at,
      player: link(e.player, links),
      command: shown(e.command)
    }))
  )
}, requires("moderation.view"))

/** Calls for a moderator, newest first; `moderator` null while nobody has answered. */
export const liveModCalls = Effect.fn("game.modCalls")(function*(viewer: Caller, page: Page) {
  return yield* fromSnapshot((s) =>
    paged(viewer, s.observedAt, newestFirst(s.modCalls), page, (e) => [e.caller.platformId, e.moderator?.platformId ?? null], (e, links) => ({
      at: e.at,
      caller: link(e.caller, links),
      moderator: e.moderator === null ? null : link(e.moderator, links)
    }))
  )
}, requires("moderation.view"))

/** A spawned vehicle with its owner. */
export interface LiveVehicle extends Omit<SpawnedVehicle, "ownerUsername"> {
  readonly owner: LinkedUsername
}

/** Spawned vehicles in the game's order; each owner is the player on the server under that username now, if any. */
export const liveVehicles = Effect.fn("game.vehicles")(function*(viewer: Caller, page: Page) {
  return yield* fromSnapshot((s) => {
    const onServer = new Map(s.players.map((player) => [player.username, player.platformId]))
    const platformIdOf = (username: string) => onServer.get(username) ?? null
    return paged(viewer, s.observedAt, s.vehicles, page, (v) => [platformIdOf(v.ownerUsername)], (v, links): LiveVehicle => {
      const platformId = platformIdOf(v.ownerUsername)
      return {
        name: shown(v.name),
        plate: shownOrNull(v.plate),
        livery: shownOrNull(v.livery),
        colour: v.colour === null ? null : { hex: v.colour.hex, name: shown(v.colour.name) },
        owner: { platformId, username: shown(v.ownerUsername), account: links.accountOf(platformId) }
      }
    })
  })
}, requires("players.view"))

/** Players waiting to join, in queue order (`position` from 1). */
export const liveQueue = Effect.fn("game.queue")(function*(viewer: Caller, page: Page) {
  return yield* fromSnapshot((s) => {
    const names = new Map(s.players.map((player) => [player.platformId, player.username]))
    return paged(viewer, s.observedAt, s.queue.map((platformId, index) => ({ platformId, position: index + 1 })), page, (q) => [q.platformId], (q, links) => {
      const player = linkId(q.platformId, links)
      const onServer = names.get(q.platformId)
      return { position: q.position, player: { ...player, username: onServer === undefined ? player.username : shown(onServer) } }
    })
  })
}, requires("server.view"))

const LEVEL_ORDER: Record<GameStaffLevel, number> = { CoOwner: 0, Admin: 1, Mod: 2, Helper: 3 }

/** The in-game staff, highest level first, then by username ignoring case. */
export const liveStaff = Effect.fn("game.staff")(function*(viewer: Caller, page: Page) {
  return yield* fromSnapshot((s) => {
    const ordered = [...s.staff].sort((a, b) =>
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      a.player.username.toLowerCase().localeCompare(b.player.username.toLowerCase()) ||
      a.player.platformId.localeCompare(b.player.platformId)
    )
    return paged(viewer, s.observedAt, ordered, page, (m) => [m.player.platformId], (m, links) => ({ player: link(m.player, links), level: m.level }))
  })
}, requires("server.view"))

/** One entry of the game's ban list, with the newest Bluelight ban of that player, if any. */
export interface LiveBan {
  readonly player: LinkedPlayer
  readonly action: ModerationAction | null
}

/** The game's own ban list by username ignoring case, each with Bluelight's newest ban action against that platform id. */
export const liveBans = Effect.fn("game.bans")(function*(viewer: Caller, page: Page) {
  const list = yield* LivePicture.use((live) => live.bans)
  const ordered = [...list.bans].sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()) || a.platformId.localeCompare(b.platformId))
  const linked = yield* paged(viewer, list.observedAt, ordered, page, (b) => [b.platformId], (b, links) => link(b, links))
  const newest = yield* ModerationActions.use((actions) => actions.newestPerTarget("ban", linked.items.map((player) => player.platformId)))
  return { ...linked, items: linked.items.map((player): LiveBan => ({ player, action: newest.get(player.platformId) ?? null })) }
}, requires("moderation.view"))

/** An open emergency call in the game, its players, and the CAD call it became (null while none has). */
export interface LiveEmergencyCall extends Omit<GameEmergencyCall, "callerPlatformId" | "responderPlatformIds"> {
  readonly caller: LinkedPlatformId | null
  readonly responders: ReadonlyArray<LinkedPlatformId>
  readonly cadCallId: CallId | null
}

/** The game's open emergency calls, newest first, each with the CAD call it became. */
export const liveEmergencyCalls = Effect.fn("game.emergencyCalls")(function*(viewer: Caller, page: Page) {
  const s = yield* LivePicture.use((live) => live.snapshot)
  const ordered = [...s.emergencyCalls].sort((a, b) => b.startedAt.epochMilliseconds - a.startedAt.epochMilliseconds || b.callNumber - a.callNumber)
  const names = new Map(s.players.map((player) => [player.platformId, player.username]))
  const withName = (player: LinkedPlatformId): LinkedPlatformId => {
    const onServer = names.get(player.platformId)
    return { ...player, username: onServer === undefined ? player.username : shown(onServer) }
  }
  const cadCalls = yield* GameCallLinks.use((calls) => calls.callsFor(ordered.slice(page.offset, page.offset + page.limit).map((c) => c.callNumber)))
  return yield* paged(viewer, s.observedAt, ordered, page, (c) => [c.callerPlatformId, ...c.responderPlatformIds], (c, links): LiveEmergencyCall => ({
    callNumber: c.callNumber,
    team: shown(c.team),
    caller: c.callerPlatformId === null ? null : withName(linkId(c.callerPlatformId, links)),
    responders: c.responderPlatformIds.map((id) => withName(linkId(id, links))),
    position: c.position,
    startedAt: c.startedAt,
    description: shownOrNull(c.description),
    positionDescriptor: shownOrNull(c.positionDescriptor),
    cadCallId: cadCalls.get(c.callNumber) ?? null
  }))
}, requires("cad.view"))
