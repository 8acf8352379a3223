import { Effect, Option, Schema } from "effect"
import { Accounts, requires } from "../identity/index.js"
import { checkedPage, orNotFound, type Page, validated } from "../kernel/index.js"
import type { ModerationActionId } from "./ids.js"
import { PlatformId } from "./ModerationAction.js"
import { ModerationActions, type ModerationFilter } from "./ports.js"

/** A player named as the moderation rules have it: a caller that skipped the contract is held to them too. */
const validPlayer = validated(Schema.Struct({ platformId: PlatformId }), "The player is not valid")

/** One action, or `NOT_FOUND`. */
export const findModerationAction = Effect.fn("moderation.findAction")(function*(id: ModerationActionId) {
  const actions = yield* ModerationActions
  return yield* actions.findById(id).pipe(orNotFound("No such moderation action"))
}, requires("moderation.view"))

/** Actions newest first, by target and type. */
export const listModerationActions = Effect.fn("moderation.listActions")(function*(filter: ModerationFilter, requested: Page) {
  const page = yield* checkedPage(requested)
  const actions = yield* ModerationActions
  return yield* actions.list(filter, page)
}, requires("moderation.view"))

const linkedAccount = (platformId: string) => Accounts.use((accounts) => Effect.map(accounts.findByPlatformId(platformId), Option.getOrNull))

/** Every action against a player (newest first, a page of them), and the account linked to the player, if any. */
export const playerHistory = Effect.fn("moderation.playerHistory")(function*(rawPlatformId: string, requested: Page) {
  const page = yield* checkedPage(requested)
  const { platformId } = yield* validPlayer({ platformId: rawPlatformId })
  // Read from the port, not through `listModerationActions`: a player's history is admitted by
  // `moderation.history` alone, which does not prove the `moderation.view` that list requires.
  const actions = yield* ModerationActions.use((stored) => stored.list({ targetPlatformId: platformId }, page))
  return { platformId, account: yield* linkedAccount(platformId), actions }
}, requires("moderation.history"))
