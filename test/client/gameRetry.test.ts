import type { GameServerSimulator } from "@bluelight/adapters-game"
import { type BluelightApiClient, makeBluelightClient, type RetryOptions } from "@bluelight/client"
import { Effect, Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServerWithSimulator } from "../harness/game.js"
import { issueCredential, type Session } from "../harness/identity.js"
import { commandsOf, newKey } from "../harness/moderation.js"
import { type RunningServer, UNLIMITED_RATES } from "../harness/server.js"
import { until } from "../harness/until.js"

/**
 * The opt-in retry on `503 GAME_THROTTLED`, against the real game-command
 * slot and the simulator: a command sent within the cooldown of the one
 * before is refused with `Retry-After`, stores nothing, and is sent again
 * by a retrying client (with the same `Idempotency-Key`) once it has passed.
 */

const COOLDOWN_SECONDS = 2
let simulator: GameServerSimulator
let server: RunningServer
let stop: () => Promise<void>
let token: string
beforeAll(async () => {
  let admin: Session
  ;({ simulator, server, admin, stop } = await startServerWithSimulator({
    admin: "game-retry-admin",
    // The wait for the cooldown asks every few milliseconds: a write budget must not be what ends it.
    env: { ...UNLIMITED_RATES, GAME_COMMAND_COOLDOWN_SECONDS: String(COOLDOWN_SECONDS) }
  }))
  token = (await issueCredential(server, admin, { name: "warning bot", scopes: ["moderation.warn"] })).token
})
afterAll(() => stop?.())

const clientWith = (retry?: RetryOptions) => Effect.runPromise(makeBluelightClient({ baseUrl: server.url, credential: token, retry }))
const warn = (client: BluelightApiClient, reason: string) =>
  client.moderation.warnPlayer({ headers: { "idempotency-key": newKey() }, payload: { targetPlatformId: "100000002", reason, evidence: null } })

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) ? exit.cause.reasons.flatMap((reason) => (reason._tag === "Fail" ? [reason.error] : [])) : []

describe("retry on GAME_THROTTLED", () => {
  it("without retry the refusal is typed with its Retry-After; with it, the command is sent again after the cooldown", async () => {
    const plain = await clientWith()
    await Effect.runPromise(warn(plain, "First warning"))

    const refused = await Effect.runPromiseExit(warn(plain, "Too soon"))
    const [throttled] = failureOf(refused)
    expect(throttled).toMatchObject({ _tag: "GameThrottled", code: "GAME_THROTTLED" })
    const retryAfter = (throttled as { retryAfterSeconds: number }).retryAfterSeconds
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(COOLDOWN_SECONDS)
    expect(commandsOf(simulator).filter((command) => command.includes("Too soon"))).toEqual([])

    // Straight after another command: throttled once, then sent again as Retry-After says, and delivered.
    // The other command is sent once the cooldown has passed, on the clock that keeps it (the server's, or
    // Redis's with TEST_REDIS_URL): asked until it is no longer GAME_THROTTLED (a refusal stores nothing).
    await until("the cooldown over", async () => {
      const exit = await Effect.runPromiseExit(warn(plain, "Second warning"))
      if (Exit.isSuccess(exit)) return true
      expect(failureOf(exit), String(exit)).toEqual([expect.objectContaining({ code: "GAME_THROTTLED" })])
      return false
    })
    expect(commandsOf(simulator).filter((command) => command.includes("Second warning"))).toHaveLength(1)
    const retrying = await clientWith({ attempts: 3, longestWait: "10 seconds" })
    const started = performance.now()
    const exit = await Effect.runPromiseExit(warn(retrying, "Sent again"))
    expect(Exit.isSuccess(exit), String(exit)).toBe(true)
    expect(performance.now() - started).toBeGreaterThanOrEqual(900)
    expect(commandsOf(simulator).filter((command) => command.includes("Sent again"))).toHaveLength(1)
  })
})
