import { type DateTime, Effect, Schema } from "effect"
import { type Account, Accounts, requires } from "../identity/index.js"
import { checkedPage, type Page, type PageMeta, toPage, validated } from "../kernel/index.js"
import { type LivePlayer, PlayerQuery } from "../moderation/index.js"
import { toLivePlayer } from "./gameServerReads.js"
import { gameText } from "./handleShared.js"
import { LivePicture } from "./ports.js"

/**
 * The game server's status and its players as moderation's endpoints read them
 * (`GET /server`, `/server/players`, `/players/lookup`): parts of the shared live
 * picture, each player with the Bluelight account linked to them.
 */

/** A player looked up as the moderation rules have it: a caller that skipped the contract is held to them too. */
const validLookup = validated(Schema.Struct({ query: PlayerQuery }), "The player lookup is not valid")

/** A live player with the account linked to them. */
export interface LivePlayerWithAccount {
  readonly player: LivePlayer
  readonly account: Account | null
}

/**
 * A player as the live reads show them: the game's text cleaned as CAD's is (no direction override,
 * zero-width or control character; the game's live reads do the same). Only what is shown: the
 * commands name the player as the game does.
 */
const shownPlayer = (player: LivePlayer): LivePlayer => ({
  ...player,
  username: gameText(player.username, Number.MAX_SAFE_INTEGER),
  callsign: player.callsign === null ? null : gameText(player.callsign, Number.MAX_SAFE_INTEGER),
  team: player.team === null ? null : gameText(player.team, Number.MAX_SAFE_INTEGER)
})

/** A page of live players, in the snapshot's order, each with their linked account (one read for the page). */
const pageWithAccounts = (players: ReadonlyArray<LivePlayer>, page: Page, observedAt: DateTime.Utc) => {
  const { items, meta } = toPage(players.slice(page.offset, page.offset + page.limit + 1), page)
  return Effect.map(
    Accounts.use((accounts) => accounts.findByPlatformIds(items.map((player) => player.platformId))),
    (linked): LivePlayersPage => {
      const byPlatformId = new Map(linked.map((account) => [account.platform?.id, account]))
      return {
        players: items.map((player) => ({ player: shownPlayer(player), account: byPlatformId.get(player.platformId) ?? null })),
        meta,
        total: players.length,
        observedAt
      }
    }
  )
}

/** A page of live players, the page's meta, how many players matched in all, and when the game server was read. */
export interface LivePlayersPage {
  readonly players: ReadonlyArray<LivePlayerWithAccount>
  readonly meta: PageMeta
  readonly total: number
  readonly observedAt: DateTime.Utc
}

/** The players of the shared live picture, as moderation speaks of them, and when it was read. */
const snapshotPlayers = Effect.map(LivePicture.use((live) => live.snapshot), (snapshot) => ({
  players: snapshot.players.map(toLivePlayer),
  observedAt: snapshot.observedAt
}))

/** The players on the server now (a page of them, `total` in all), each with their linked account. */
export const livePlayers = Effect.fn("moderation.livePlayers")(function*(requested: Page) {
  const page = yield* checkedPage(requested)
  const { players, observedAt } = yield* snapshotPlayers
  return yield* pageWithAccounts(players, page, observedAt)
}, requires("players.view"))

/** The server's live status, and when the game server was read. */
export const liveStatus = Effect.fn("moderation.liveStatus")(function*() {
  const snapshot = yield* LivePicture.use((live) => live.snapshot)
  return { status: snapshot.status, observedAt: snapshot.observedAt }
}, requires("server.view"))

/**
 * Players on the server now whose platform id is `query`, or whose username
 * holds it (ignoring case), each with their linked account.
 */
export const lookupPlayers = Effect.fn("moderation.lookupPlayers")(function*(rawQuery: string, requested: Page) {
  const page = yield* checkedPage(requested)
  const { query } = yield* validLookup({ query: rawQuery })
  const needle = query.toLowerCase()
  const { players, observedAt } = yield* snapshotPlayers
  return yield* pageWithAccounts(players.filter((player) => player.platformId === query || player.username.toLowerCase().includes(needle)), page, observedAt)
}, requires("players.lookup"))
