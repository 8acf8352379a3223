import type { AuditAction } from "@bluelight/core/kernel"
import { expect } from "vitest"
import { asSession, crewedUnit, crewMember } from "../../harness/cad.js"
import { advanceClock, linkPlatform, signIn } from "../../harness/identity.js"
import type { Reply } from "../../harness/server.js"
import { batchText, deliver, signed } from "../../game/webhookSigning.js"
import { type Recipe, type Recipes, unique, type World } from "./recipe.js"

/**
 * The game's events (docs/decisions/game.md, "The game's events"): the
 * webhook answers `204` at once and handles its events after, so a delivery
 * here waits until the event's effect is written, or its handling failed (the
 * server logs it): what the proof checks is then settled. The effect, its
 * history, its audit entry and the claim of the event roll back together, so
 * the same event delivered again (signed anew: not a replay of the delivery)
 * is handled then, and nothing else may change.
 */

const FAILED = "game event: handling failed"
const failures = (world: World) => world.server.logs.filter((line) => JSON.stringify(line.message).includes(FAILED)).length
const timesWritten = async (world: World, action: AuditAction) =>
  (await world.database.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = $1", [action])).rows[0]!.n

let deliveries = 0
const stampsUsed = new Set<number>()

/**
 * A signing time near the server's now that no delivery of this run has used:
 * the same event delivered again must not be a replay of the first delivery
 * (the same body at the same second signs the same), however much time
 * passed between them.
 */
const freshStamp = async (world: World): Promise<number> => {
  let stamp = Math.floor((await advanceClock(world.server, 0)) / 1000)
  while (stampsUsed.has(stamp)) stamp--
  stampsUsed.add(stamp)
  return stamp
}

/** Delivers `event` signed at a fresh second (never a replay), then waits until it is settled. */
const delivered = (world: World, action: AuditAction, event: unknown) => async (): Promise<Reply> => {
  const written = await timesWritten(world, action)
  const failed = failures(world)
  const now = await freshStamp(world)
  const reply = await deliver(world.server, signed(world.simulator, batchText(world.simulator, [event]), String(now)))
  expect(reply.status, reply.text).toBe(204)
  await expect.poll(async () => (await timesWritten(world, action)) > written || failures(world) > failed, { timeout: 30_000, interval: 50 }).toBe(true)
  return reply
}

const command = (origin: string, name: string, argument: string) => ({
  event: "CustomCommand",
  origin,
  timestamp: 1_775_518_795,
  data: { command: name, argument }
})

/** A platform id nobody else in the run has. */
const platformId = () => String(770_000_000 + (++deliveries) * 1000 + Math.floor(Math.random() * 1000))

/** An active staff member linked to a new platform id, crewing a new AVAILABLE unit: the platform id. */
const linkedCrew = async (world: World) => {
  const member = await crewMember(world.server, world.admin, unique("game-crew"))
  const id = platformId()
  expect((await linkPlatform(world.server, member.session, { id, username: unique("Player") })).status).toBe(302)
  await crewedUnit(asSession(world.server, world.admin), member.accountId)
  return id
}

/** A member with no staff profile nor `cad.unit.self`, linked to a new platform id: the platform id (the MDT would answer them `403`). */
const linkedMember = async (world: World) => {
  const member = await signIn(world.server, { id: unique("game-member"), displayName: "Plain member" })
  const id = platformId()
  expect((await linkPlatform(world.server, member, { id, username: unique("Player") })).status).toBe(302)
  return id
}

/**
 * The webhook answers before the event is handled: its `204` stands, failure or not. What the game was
 * told was received is never dropped: the batch whose event failed stays in the inbox, set aside with the
 * failure's reason (docs/decisions/game.md, "The game's events"), and that row is the one change allowed.
 */
const answered: Pick<Recipe, "failed" | "mayChange" | "after"> = {
  failed: (reply) => expect(reply.status, reply.text).toBe(204),
  mayChange: { game_event_inbox: "the batch whose event failed, set aside with the failure's reason, never taken again by itself" },
  // The failure is logged as the event fails, and the batch set aside once it is through: waited for.
  after: async (world) => {
    const newest = async () =>
      (await world.database.query<{ readonly failed: boolean; readonly failure: string | null }>(
        "SELECT failed_at IS NOT NULL AS failed, failure FROM game_event_inbox ORDER BY id DESC LIMIT 1"
      )).rows
    await expect.poll(newest, { timeout: 30_000, interval: 50 }).toEqual([{ failed: true, failure: expect.stringMatching(/\S/) }])
  }
}

export const gameRecipes: Recipes = {
  "cad.panic": {
    ...answered,
    setup: async (world) => delivered(world, "cad.panic", command(await linkedCrew(world), "panic", "officer down"))
  },
  "game.command.ignored": {
    ...answered,
    setup: async (world) => delivered(world, "game.command.ignored", command(platformId(), "panic", ""))
  },
  "game.command.forbidden": {
    ...answered,
    setup: async (world) => delivered(world, "game.command.forbidden", command(await linkedMember(world), "status", "BUSY"))
  },
  "game.command.refused": {
    ...answered,
    setup: async (world) => delivered(world, "game.command.refused", command(await linkedCrew(world), "status", "ON_SCENE"))
  }
}
