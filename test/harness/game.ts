import type { GameServerSimulator, SimulatorOptions } from "@bluelight/adapters-game"
import { freshDatabase, type TestDatabase } from "./database.js"
import { meData, type Session, signIn, testRedisUrl } from "./identity.js"
import { startSimulator } from "./moderation.js"
import { type RunningServer, startServer } from "./server.js"

/**
 * Servers in front of a game server simulator, for one test file: the
 * simulator, the servers pointed at it, and the administrator signed in.
 * `stop` ends all of it; a start that fails part way ends what it had
 * started before it throws, so a test file's `afterAll` needs only `stop`.
 */

/** The game event webhook's path on a server. */
export const WEBHOOK_PATH = "/api/game/events"

/** What a test file's servers and simulator are. */
export interface SimulatorSetup {
  /** The simulator's options; its players are `PLAYERS` unless they say otherwise. */
  readonly simulator?: SimulatorOptions
  /** The administrator's identity id (`BLUELIGHT_ADMIN_IDENTITY_IDS`), signed in on the first server. */
  readonly admin: string
  /** Settings of the servers beyond the game server's and the administrator. */
  readonly env?: Record<string, string | undefined>
  /** The servers take the game's signed events: the simulator's key is theirs, and it delivers to the first server. */
  readonly webhook?: boolean
}

export interface ServerWithSimulator {
  readonly simulator: GameServerSimulator
  readonly server: RunningServer
  readonly admin: Session
  /** Stops the server (with its database) and closes the simulator. */
  readonly stop: () => Promise<void>
}

export interface InstancesWithSimulator {
  readonly simulator: GameServerSimulator
  readonly database: TestDatabase
  readonly a: RunningServer
  /** The second instance, or `a` again when there is one (see `startInstancesWithSimulator`). */
  readonly b: RunningServer
  readonly admin: Session
  /** The settings both were started with, for a test that starts another instance like them. */
  readonly env: Record<string, string | undefined>
  /** Stops the servers, drops the database and closes the simulator. */
  readonly stop: () => Promise<void>
}

/** What a setup has started, each with how it ends. */
type Ends = Array<() => Promise<unknown>>

/** Runs a setup; when it fails part way, ends what it had started (last first) and rethrows. */
const settingUp = async <A>(setup: (ends: Ends) => Promise<A>): Promise<A & { readonly stop: () => Promise<void> }> => {
  const ends: Ends = []
  const stop = async () => {
    for (const end of ends.splice(0).reverse()) await end()
  }
  try {
    return { ...(await setup(ends)), stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** A server once it listens, ended with the rest. */
const started = async (starting: Promise<RunningServer>, ends: Ends): Promise<RunningServer> => {
  const server = await starting
  ends.push(() => server.stop())
  return server
}

/** Two servers starting at once, ended together with the rest, even when only one of them started. */
const bothStarted = async (starting: readonly [Promise<RunningServer>, Promise<RunningServer>], ends: Ends) => {
  const [first, second] = await Promise.allSettled(starting)
  ends.push(() => Promise.all([first, second].flatMap((result) => (result.status === "fulfilled" ? [result.value.stop()] : []))))
  if (first.status === "rejected") throw first.reason
  if (second.status === "rejected") throw second.reason
  return [first.value, second.value] as const
}

/** A new simulator, and the settings that point a server at it, name the administrator and add `setup.env`. */
const simulatorFor = async (setup: SimulatorSetup, ends: Ends) => {
  const { simulator, env } = await startSimulator(setup.simulator)
  ends.push(() => simulator.close())
  return {
    simulator,
    env: {
      ...env,
      ...(setup.webhook === true ? { GAME_WEBHOOK_PUBLIC_KEY: simulator.webhookPublicKey } : {}),
      BLUELIGHT_ADMIN_IDENTITY_IDS: setup.admin,
      ...setup.env
    }
  }
}

/** Points the simulator's deliveries at `server` when the setup asks for the webhook, and signs the administrator in there. */
const ready = (setup: SimulatorSetup, simulator: GameServerSimulator, server: RunningServer): Promise<Session> => {
  if (setup.webhook === true) simulator.webhookUrl = `${server.url}${WEBHOOK_PATH}`
  return signIn(server, { id: setup.admin })
}

/** One server, on a database of its own, in front of a new simulator. */
export const startServerWithSimulator = (setup: SimulatorSetup): Promise<ServerWithSimulator> =>
  settingUp(async (ends) => {
    const { simulator, env } = await simulatorFor(setup, ends)
    const server = await started(startServer({ env }), ends)
    return { simulator, server, admin: await ready(setup, simulator, server) }
  })

/**
 * Two instances sharing a fresh database and, when the tests have one
 * (`TEST_REDIS_URL`), Redis, in front of one new simulator; the administrator's
 * session is checked on both. `second: "with Redis"`: without Redis there is
 * one server and `b` is `a`, since instances share their slot, picture and
 * limits only through Redis (the same requests then all go to one instance,
 * and what the test states still holds). `"always"`: two in any case.
 */
export const startInstancesWithSimulator = (
  setup: SimulatorSetup & { readonly second: "with Redis" | "always" }
): Promise<InstancesWithSimulator> =>
  settingUp(async (ends) => {
    const { simulator, env } = await simulatorFor({ ...setup, env: { REDIS_URL: testRedisUrl, ...setup.env } }, ends)
    const database = await freshDatabase()
    ends.push(() => database.dispose())
    const start = () => startServer({ database, env })
    const [a, b] = setup.second === "always" || testRedisUrl !== undefined
      ? await bothStarted([start(), start()], ends)
      : await started(start(), ends).then((one) => [one, one] as const)
    const admin = await ready(setup, simulator, a)
    if (b !== a) await meData(b, admin)
    return { simulator, database, a, b, admin, env }
  })
