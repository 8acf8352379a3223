import { expect } from "vitest"
import { listOf } from "../../harness/body.js"
import { advanceClock, cookieRead } from "../../harness/identity.js"
import { type ActionData, commandsOf, moderate, type ModerationKind, newKey } from "../../harness/moderation.js"
import type { Reply } from "../../harness/server.js"
import type { Recipe, Recipes, World } from "./recipe.js"

/**
 * Moderation, by the administrator, against the game simulator. Each request
 * first moves the server's clock past the game-command cooldown of the one
 * before (the slot is not what is proven here).
 */

let players = 0
/** A player of the recipe's own, in the game (or, `absent`, not), so that their actions are the recipe's alone. */
const aPlayer = (world: World, absent = false) => {
  const player = { username: `Proof_${++players}`, platformId: String(100_000_500 + players) }
  if (!absent) world.simulator.setPlayers([...world.simulator.players, player])
  return player
}

const send = (world: World, kind: ModerationKind, key: string, platformId: string): Promise<Reply> =>
  advanceClock(world.server, 6000).then(() =>
    moderate(world.server, { session: world.admin }, kind, key, { targetPlatformId: platformId, reason: "Proof of the audit" })
  )

const actionsAgainst = async (world: World, platformId: string) =>
  listOf<ActionData>(
    await world.server.request("GET", `/api/moderation/actions?targetPlatformId=${platformId}&limit=100`, { headers: cookieRead(world.admin) })
  ).data

const auditActionsOf = async (world: World, targetId: string) =>
  listOf<{ action: string }>(await world.server.request("GET", `/api/audit?targetId=${targetId}&limit=100`, { headers: cookieRead(world.admin) })).data.map((
    entry
  ) => entry.action)

/** The commands the game received about this player. */
const commandsTo = (world: World, username: string) => commandsOf(world.simulator).filter((command) => command.split(" ")[1] === username)

/** A new warning, kick or ban: the record and its audit entry are one transaction, so nothing is stored, nothing sent; the same key works again. */
const created = (kind: ModerationKind): Recipe => {
  let target = { username: "", platformId: "" }
  return {
    setup: async (world) => {
      target = aPlayer(world)
      const key = newKey()
      return () => send(world, kind, key, target.platformId)
    },
    after: async (world) => {
      expect(commandsTo(world, target.username)).toEqual([])
    }
  }
}

/**
 * A delivery outcome whose audit entry cannot be written
 * (docs/decisions/moderation.md, "Delivery"): the record and its `.created` entry were committed before the
 * game was told (step 3), and the outcome rolls back with its entry, so the
 * record stays `UNKNOWN`, which is the truth. Nothing is half-written: no
 * outcome without its entry. The request again is a new action (a new key:
 * the same key is a replay, which never sends again).
 */
const delivered = (absent: boolean, expectedCommands: number): Recipe => {
  let target = { username: "", platformId: "" }
  return {
    setup: async (world) => {
      target = aPlayer(world, absent)
      return () => send(world, "warnings", newKey(), target.platformId)
    },
    mayChange: {
      moderation_actions: "the record, committed UNKNOWN before the game is told (docs/decisions/moderation.md, Delivery, step 3)",
      audit_log: "the record's moderation.warning.created entry, committed with it"
    },
    after: async (world) => {
      const [stored, ...others] = await actionsAgainst(world, target.platformId)
      expect(others).toEqual([])
      expect(stored).toMatchObject({ delivery: "UNKNOWN", errorCode: null })
      expect(await auditActionsOf(world, stored!.id)).toEqual(["moderation.warning.created"])
      expect(commandsTo(world, target.username)).toHaveLength(expectedCommands)
    }
  }
}

export const moderationRecipes: Recipes = {
  "moderation.warning.created": created("warnings"),
  "moderation.kick.created": created("kicks"),
  "moderation.ban.created": created("bans"),
  // Sent once, answered 200: the outcome SUCCEEDED is what fails to be written.
  "moderation.delivery.succeeded": delivered(false, 1),
  // The target is not in the game: FAILED (TARGET_NOT_IN_SERVER) without sending, and that is what fails to be written.
  "moderation.delivery.failed": delivered(true, 0)
}
