import { type BluelightApiClient, makeBluelightClient, type RetryOptions } from "@bluelight/client"
import { Effect, Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { advanceClock, freshWindow, issueCredential, signIn } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"

/**
 * The opt-in retry against the real limiter: a budget of three reads a
 * minute, in fixed windows of the server's clock, which the test moves.
 */

const READS = 3
let server: RunningServer
let token: string
beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "retry-admin", ...UNLIMITED_RATES, RATE_LIMIT_READS_PER_MINUTE: String(READS) } })
  const admin = await signIn(server, { id: "retry-admin" })
  token = (await issueCredential(server, admin, { name: "retrying bot", scopes: ["cad.view"] })).token
})
afterAll(() => server?.stop())

const clientWith = (retry?: RetryOptions) => Effect.runPromise(makeBluelightClient({ baseUrl: server.url, credential: token, retry }))
const read = (client: BluelightApiClient) => client.cadIncidents.listIncidents({ query: { limit: 1, offset: 0, status: "OPEN" } })

/** How the read ended, and how long it took. */
const timed = async (client: BluelightApiClient) => {
  const started = performance.now()
  const exit = await Effect.runPromiseExit(read(client))
  return { exit, millis: performance.now() - started }
}

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) ? exit.cause.reasons.flatMap((reason) => (reason._tag === "Fail" ? [reason.error] : [])) : []

describe("retry on RATE_LIMITED", () => {
  it("is off unless asked; past the longest wait it fails at once; within it, waits Retry-After and succeeds", async () => {
    const plain = await clientWith()
    await freshWindow(server)
    for (let i = 0; i < READS; i += 1) await Effect.runPromise(read(plain))

    // Without retry: the refusal, typed, with Retry-After read into it (about a minute: the window has just begun).
    const refused = await timed(plain)
    const [limited] = failureOf(refused.exit)
    expect(limited).toMatchObject({ _tag: "RateLimited", code: "RATE_LIMITED" })
    const retryAfter = (limited as { retryAfterSeconds: number }).retryAfterSeconds
    expect(retryAfter).toBeGreaterThan(50)

    // Retry-After is longer than this client waits: it fails at once, as plainly as without retry.
    const impatient = await timed(await clientWith({ attempts: 5, longestWait: "10 seconds" }))
    expect(failureOf(impatient.exit)).toEqual([expect.objectContaining({ code: "RATE_LIMITED" })])
    expect(impatient.millis).toBeLessThan(5_000)

    // Three seconds before the window ends, Retry-After is at most 3: the client waits that long and the read goes through.
    await advanceClock(server, 57_000)
    const patient = await timed(await clientWith({ attempts: 3, longestWait: "10 seconds" }))
    expect(Exit.isSuccess(patient.exit), String(patient.exit)).toBe(true)
    expect(patient.millis).toBeGreaterThanOrEqual(1_000)
    expect(patient.millis).toBeLessThan(10_000)
  })

  it("gives up after its attempts, answering the last refusal", async () => {
    const plain = await clientWith()
    await freshWindow(server)
    for (let i = 0; i < READS; i += 1) await Effect.runPromise(read(plain))
    // Retry-After 1 each time (the clock is moved to the window's last second, and back is never possible):
    // one attempt only means no second sending, however short the wait.
    await advanceClock(server, 59_000)
    const once = await timed(await clientWith({ attempts: 1, longestWait: "10 seconds" }))
    expect(failureOf(once.exit)).toEqual([expect.objectContaining({ code: "RATE_LIMITED", retryAfterSeconds: 1 })])
    expect(once.millis).toBeLessThan(900)
  })
})
