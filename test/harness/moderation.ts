import { type GameServerSimulator, type SimulatedPlayer, type SimulatorOptions, startGameServerSimulator } from "@bluelight/adapters-game"
import { ModerationActionView } from "@bluelight/api/moderation/schemas.js"
import { Schema } from "effect"
import { expect } from "vitest"
import { dataOf } from "./body.js"
import { type ApiClient, type TypedCaller, typedCaller } from "./client.js"
import { bearer, cookieWrite, type Session, typedAs } from "./identity.js"
import type { Reply, RunningServer } from "./server.js"

/** The players every moderation test starts with: three members of the public and one in-game moderator. */
export const PLAYERS: ReadonlyArray<SimulatedPlayer> = [
  { username: "Jane_Doe", platformId: "100000001", callsign: "1A-01", team: "Police" },
  { username: "JohnSmith", platformId: "100000002", team: "Civilian" },
  { username: "SpeedyDriver", platformId: "100000003", team: "Civilian" },
  { username: "GameMod", platformId: "100000004", permission: "Server Moderator", team: "Police" }
]

/** A simulator for one test file (with `PLAYERS` unless the options name others), and the server settings that point a server at it. */
export const startSimulator = async (options: SimulatorOptions = {}) => {
  const simulator = await startGameServerSimulator({ players: PLAYERS, ...options })
  const env = { GAME_API_URL: simulator.url, GAME_SERVER_KEY: simulator.serverKey }
  return { simulator, env }
}

export type ModerationKind = "warnings" | "kicks" | "bans"

/** Who sends a request: a session (cookie and Origin) or a credential's token. */
export type As = { readonly session: Session } | { readonly token: string }

const authOf = (server: RunningServer, as: As): Record<string, string> => "session" in as ? cookieWrite(server, as.session) : bearer(as.token)

/**
 * `POST /api/moderation/<kind>` with this key (none when undefined) and body, raw on purpose: the moderation
 * tests check the wire here (`201` or `200`, `meta.replayed`, the exact fields, a missing key, malformed bodies).
 * A test that only needs an action taken uses `act`.
 */
export const moderate = (server: RunningServer, as: As, kind: ModerationKind, key: string | undefined, body: unknown): Promise<Reply> =>
  server.request("POST", `/api/moderation/${kind}`, {
    headers: { ...authOf(server, as), ...(key === undefined ? {} : { "idempotency-key": key }) },
    body
  })

/** A moderation action as sent on the wire. */
export type ActionData = typeof ModerationActionView.Encoded

/** What a moderator writes of a warning, a kick or a ban (as the contract types it, before encoding). */
export type ModerationBody = Parameters<ApiClient["moderation"]["warnPlayer"]>[0]["payload"]

/** The typed client as `as`. */
const callerOf = (server: RunningServer, as: As): TypedCaller =>
  "session" in as ? typedAs(server, as.session) : typedCaller(server.url, { credential: as.token })

/**
 * Warns, kicks or bans through the typed client, with this `Idempotency-Key` (a fresh one when omitted): the
 * action as sent on the wire, and whether the server replayed a stored one. A refusal fails the test with its code.
 */
export const act = async (
  server: RunningServer,
  as: As,
  kind: ModerationKind,
  body: ModerationBody,
  key: string = newKey()
): Promise<{ readonly action: ActionData; readonly replayed: boolean }> => {
  const request = { headers: { "idempotency-key": key }, payload: body }
  const answer = await callerOf(server, as).run((api) =>
    kind === "warnings"
      ? api.moderation.warnPlayer(request)
      : kind === "kicks"
      ? api.moderation.kickPlayer(request)
      : api.moderation.banPlayer(request)
  )
  return { action: Schema.encodeSync(ModerationActionView)(answer.data), replayed: answer.meta.replayed }
}

export const ACTION_FIELDS = [
  "createdAt",
  "delivery",
  "errorCode",
  "evidence",
  "id",
  "moderatorId",
  "reason",
  "serviceId",
  "targetPlatformId",
  "targetUsername",
  "type",
  "updatedAt"
]

/** The action of a `201` (new) or `200` (replayed) answer, with `meta.replayed` checked against the status. */
export const actionOf = (reply: Reply, status: 200 | 201): ActionData => {
  expect(reply.status, reply.text).toBe(status)
  const body = reply.body as { meta?: unknown }
  expect(body.meta).toEqual({ replayed: status === 200 })
  const data = dataOf<ActionData>(reply)
  expect(Object.keys(data).sort()).toEqual(ACTION_FIELDS)
  return data
}

let counter = 0
/** A fresh, valid `Idempotency-Key`. */
export const newKey = (): string => `test-key-${Date.now().toString(36)}-${(++counter).toString(36).padStart(6, "0")}`

/** The simulator, waiting for nothing: just its log as strings. */
export const commandsOf = (simulator: GameServerSimulator): Array<string> => simulator.commands.map((c) => c.command)

/**
 * A game-server failure (`GAME_THROTTLED`, `GAME_UNAVAILABLE`): `503` with the
 * envelope, `details: {availability: "unavailable"}` and a `Retry-After` of at
 * least a second; answers the seconds to wait.
 */
export const expectGameError = (reply: Reply, code: "GAME_THROTTLED" | "GAME_UNAVAILABLE"): number => {
  expect({ status: reply.status, body: reply.body }, reply.text).toMatchObject({
    status: 503,
    body: { error: { code, details: { availability: "unavailable" } }, requestId: reply.headers.get("x-request-id") }
  })
  const retryAfter = Number(reply.headers.get("retry-after"))
  expect(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After ${reply.headers.get("retry-after")}`).toBe(true)
  return retryAfter
}
