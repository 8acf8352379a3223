import { Effect, Option } from "effect"
import type { Account } from "../identity/Account.js"
import { Accounts } from "../identity/ports.js"
import { orNotFound } from "../kernel/errors.js"
import type { Page } from "../kernel/paging.js"
import type { ModerationActionId } from "./ids.js"
import type { LivePlayer } from "./LivePlayer.js"
import { LiveGame, ModerationActions, type ModerationFilter } from "./ports.js"

/** One action, or `NOT_FOUND`. */
export const findModerationAction = Effect.fn("moderation.findAction")(function*(id: ModerationActionId) {
  const actions = yield* ModerationActions
  return yield* Effect.flatMap(actions.findById(id), orNotFound("No such moderation action"))
})

/** Actions newest first, by target and type. */
export const listModerationActions = Effect.fn("moderation.listActions")(function*(filter: ModerationFilter, page: Page) {
  const actions = yield* ModerationActions
  return yield* actions.list(filter, page)
})

const linkedAccount = (platformId: string) =>
  Effect.flatMap(Accounts, (accounts) => Effect.map(accounts.findByPlatformId(platformId), Option.getOrNull))

/** Every action against a player (newest first, a page of them), and the account linked to the player, if any. */
export const playerHistory = Effect.fn("moderation.playerHistory")(function*(platformId: string, page: Page) {
  const actions = yield* listModerationActions({ targetPlatformId: platformId }, page)
  return { platformId, account: yield* linkedAccount(platformId), actions }
})

/** A live player with the account linked to them. */
export interface LivePlayerWithAccount {
  readonly player: LivePlayer
  readonly account: Account | null
}

const withAccounts = (players: ReadonlyArray<LivePlayer>) =>
  Effect.forEach(players, (player) => Effect.map(linkedAccount(player.platformId), (account) => ({ player, account })))

/** The players on the server now, each with their linked account. */
export const livePlayers = Effect.fn("moderation.livePlayers")(function*() {
  const live = yield* LiveGame
  return yield* Effect.flatMap(live.players, withAccounts)
})

/** The server's live status. */
export const liveStatus = Effect.fn("moderation.liveStatus")(function*() {
  const live = yield* LiveGame
  return yield* live.status
})

/**
 * Players on the server now whose platform id is `query`, or whose username
 * holds it (ignoring case), each with their linked account.
 */
export const lookupPlayers = Effect.fn("moderation.lookupPlayers")(function*(query: string) {
  const live = yield* LiveGame
  const needle = query.toLowerCase()
  const players = yield* live.players
  return yield* withAccounts(players.filter((player) => player.platformId === query || player.username.toLowerCase().includes(needle)))
})
