/**
 * A server that dies while its command is in flight leaves the record
 * `UNKNOWN`, which is the truth; the retry on the next instance is a replay
 * and sends nothing.
 */
import { afterAll, expect, it } from "vitest"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { type Session, signIn } from "../harness/identity.js"
import { actionOf, commandsOf, moderate, newKey, startSimulator } from "../harness/moderation.js"
import { type RunningServer, startServer } from "../harness/server.js"
import { until } from "../harness/until.js"

const cleanup: Array<() => Promise<unknown>> = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
})

it("a crash between sending and recording the answer leaves UNKNOWN, and the retry elsewhere never sends it again", async () => {
  const { simulator, env } = await startSimulator()
  cleanup.push(() => simulator.close())
  const database: TestDatabase = await freshDatabase()
  cleanup.push(() => database.dispose())
  const settings = { ...env, BLUELIGHT_ADMIN_IDENTITY_IDS: "crash-admin" }
  const first: RunningServer = await startServer({ process: true, database, env: settings })
  cleanup.push(() => first.stop("SIGKILL"))
  const admin: Session = await signIn(first, { id: "crash-admin" })

  simulator.nextCommand({ _tag: "Hang" })
  const key = newKey()
  const body = { targetPlatformId: "100000002", reason: "Crash test" }
  const inFlight = moderate(first, { session: admin }, "kicks", key, body).catch((error: unknown) => error)
  // Once the command has reached the game server, the instance dies before it hears back.
  await until("the kick at the game server", () => simulator.commands.length > 0)
  expect(commandsOf(simulator)).toEqual([":kick JohnSmith Crash test"])
  await first.stop("SIGKILL")
  await inFlight

  const second = await startServer({ database, env: settings })
  cleanup.push(() => second.stop())
  const replay = actionOf(await moderate(second, { session: admin }, "kicks", key, body), 200)
  expect(replay).toMatchObject({ delivery: "UNKNOWN", errorCode: null, targetUsername: "JohnSmith" })
  expect(simulator.commands).toHaveLength(1)
})
