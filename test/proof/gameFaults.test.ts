/**
 * Faults of the game server under a command (issue 19): for every kind of
 * moderation action (warnings, kicks, bans) the game server either hangs past
 * the command timeout or drops the connection without an answer. Proven for
 * each pair, through the real adapter against the simulator: the answer is
 * `201` with `delivery: UNKNOWN` and no `errorCode` (docs/decisions/moderation.md,
 * "Delivery"), the game server received the command exactly once, and nothing
 * ever sends it again: not a replay with the same key once the cooldown has
 * passed, not further actions by another caller; the action still reads
 * `UNKNOWN` afterwards.
 */
import type { GameServerSimulator, NextCommand } from "@bluelight/adapters-game"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { dataOf } from "../harness/body.js"
import { startServerWithSimulator } from "../harness/game.js"
import { advanceClock, issueCredential, type Session } from "../harness/identity.js"
import { actionOf, type As, commandsOf, type ModerationKind, moderate, newKey } from "../harness/moderation.js"
import type { RunningServer } from "../harness/server.js"
import { reportCoverage } from "./coverage.js"

interface Player {
  readonly username: string
  readonly platformId: string
}
/** The target of the failing commands: it stays on the server, since a command that hangs or drops is not carried out. */
const JOHN: Player = { username: "JohnSmith", platformId: "100000002" }
/** The target of the other caller's action of the same kind (put back on the server after a kick or ban). */
const SPEEDY: Player = { username: "SpeedyDriver", platformId: "100000003" }

/** What each kind sends the game server (docs/decisions/moderation.md, "Commands": warnings are `:pm`, bans by platform id). */
const KINDS: ReadonlyArray<{ readonly kind: ModerationKind; readonly scope: string; readonly command: (target: Player, reason: string) => string }> = [
  { kind: "warnings", scope: "moderation.warn", command: (target, reason) => `:pm ${target.username} ${reason}` },
  { kind: "kicks", scope: "moderation.kick", command: (target, reason) => `:kick ${target.username} ${reason}` },
  { kind: "bans", scope: "moderation.ban", command: (target, reason) => `:ban ${target.platformId} ${reason}` }
]
const FAULTS: ReadonlyArray<{ readonly name: string; readonly behaviour: NextCommand; readonly answer: "hang" | "drop" }> = [
  { name: "hangs past the timeout", behaviour: { _tag: "Hang" }, answer: "hang" },
  { name: "drops the connection", behaviour: { _tag: "Drop" }, answer: "drop" }
]
/** Past the cooldown (GAME_COMMAND_COOLDOWN_SECONDS, default 5) of the command before. */
const PAST_COOLDOWN_MS = 6000

let simulator: GameServerSimulator
let server: RunningServer
let admin: Session
let stop: () => Promise<void>
/** Another caller: a credential holding every moderation scope. */
let other: As
const covered: Array<string> = []
beforeAll(async () => {
  ;({ simulator, server, admin, stop } = await startServerWithSimulator({
    admin: "game-faults-admin",
    // A hang is cut short in half a second instead of ten.
    env: { GAME_COMMAND_TIMEOUT_MS: "500" }
  }))
  other = { token: (await issueCredential(server, admin, { name: "Other moderator", scopes: KINDS.map((k) => k.scope) })).token }
})
afterAll(async () => {
  await stop?.()
  reportCoverage("game faults", `${KINDS.length} kinds × ${FAULTS.length} faults (${covered.join(", ")})`)
})

beforeEach(async () => {
  await advanceClock(server, PAST_COOLDOWN_MS)
})

describe("the game server failing under a command", () => {
  for (const { kind, command } of KINDS) {
    for (const { name, behaviour, answer } of FAULTS) {
      it(`${kind}: the game server ${name}: 201 UNKNOWN, received once, never sent again`, async () => {
        const as: As = { session: admin }
        const reason = `Fault ${kind} ${answer}`
        const body = { targetPlatformId: JOHN.platformId, reason }
        const sentBefore = simulator.commands.length
        simulator.nextCommand(behaviour)
        const key = newKey()
        const action = actionOf(await moderate(server, as, kind, key, body), 201)
        expect(action).toMatchObject({ delivery: "UNKNOWN", errorCode: null, targetUsername: "JohnSmith" })
        expect(simulator.commands.slice(sentBefore)).toEqual([{ command: command(JOHN, reason), answer }])

        // A replay once the cooldown has passed is answered from the record and sends nothing.
        await advanceClock(server, PAST_COOLDOWN_MS)
        expect(actionOf(await moderate(server, as, kind, key, body), 200)).toEqual(action)
        // Further actions by another caller send their own commands only.
        const theirs = actionOf(await moderate(server, other, "warnings", newKey(), { targetPlatformId: "100000001", reason: `After ${kind} ${answer}` }), 201)
        expect(theirs.delivery).toBe("SUCCEEDED")
        await advanceClock(server, PAST_COOLDOWN_MS)
        const otherReason = `Other ${kind} ${answer}`
        expect(actionOf(await moderate(server, other, kind, newKey(), { targetPlatformId: SPEEDY.platformId, reason: otherReason }), 201).delivery).toBe(
          "SUCCEEDED"
        )
        if (kind !== "warnings") simulator.setPlayers([...simulator.players, SPEEDY])
        expect(commandsOf(simulator).slice(sentBefore)).toEqual([
          command(JOHN, reason),
          `:pm Jane_Doe After ${kind} ${answer}`,
          command(SPEEDY, otherReason)
        ])
        const read = await server.request("GET", `/api/moderation/actions/${action.id}`, { headers: { cookie: admin.cookie } })
        expect(dataOf(read)).toEqual(action)
        covered.push(`${kind}/${answer}`)
      })
    }
  }
})
