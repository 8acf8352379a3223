import type { GameServerSimulator } from "@bluelight/adapters-game"
import { expect } from "vitest"
import { listOf, parsedJson } from "../harness/body.js"
import { WEBHOOK_PATH } from "../harness/game.js"
import type { Session } from "../harness/identity.js"
import type { Reply, RunningServer } from "../harness/server.js"

/**
 * Deliveries to the game's event webhook made by hand, signed with the
 * simulator's key (the one the server is configured with) or spoiled on
 * purpose, each answered as a `Reply` with its envelope; and what the tests
 * read back of CAD and the audit to tell what a delivery did.
 */

/** Unix seconds now, as the game stamps a delivery. */
export const nowSeconds = () => Math.floor(Date.now() / 1000)

/** One delivery as it goes on the wire: its exact body and its headers. */
export interface Delivery {
  readonly body: Buffer
  readonly headers: Record<string, string>
}

/** An `EmergencyCallStarted` (or `Ended`) event for a call numbered `callNumber`, its description naming it. */
export const emergencyEvent = (
  callNumber: number,
  options: { readonly event?: "EmergencyCallStarted" | "EmergencyCallEnded"; readonly caller?: number | null; readonly description?: string } = {}
) => ({
  event: options.event ?? "EmergencyCallStarted",
  origin: "server",
  timestamp: nowSeconds(),
  data: {
    players: [],
    caller: options.caller === undefined ? null : options.caller,
    description: options.description ?? `Webhook test call ${callNumber}`,
    callNumber,
    team: "Fire",
    position: [120.5, -340.25],
    positionDescriptor: `Test place ${callNumber}`,
    startedAt: nowSeconds()
  }
})

/** A batch of events as the game sends it, in its compact JSON text. */
export const batchText = (simulator: GameServerSimulator, events: ReadonlyArray<unknown>) => JSON.stringify({ server: simulator.webhookServerId, events })

/** `body` signed with the simulator's key over `timestamp` (now unless given) followed by its bytes. */
export const signed = (simulator: GameServerSimulator, body: string | Buffer, timestamp = String(nowSeconds())): Delivery => {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body
  return {
    body: bytes,
    headers: {
      "content-type": "application/json",
      "x-signature-ed25519": simulator.signWebhook(timestamp, bytes),
      "x-signature-timestamp": timestamp
    }
  }
}

/** Posts a delivery to `server`'s webhook as given (headers exactly these), answering the reply with its parsed envelope. */
export const deliver = async (server: RunningServer, delivery: Delivery): Promise<Reply> => {
  const response = await fetch(`${server.url}${WEBHOOK_PATH}`, { method: "POST", headers: delivery.headers, body: delivery.body })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: parsedJson(text) }
}

/** A CAD call as the tests read it. */
export interface CallData {
  readonly id: string
  readonly status: string
  readonly source: string
  readonly gameCallNumber: number | null
  readonly description: string
  readonly location: string
}

/** Every CAD call in `status` (all three unless given), as the administrator lists them. */
export const callsOf = async (server: RunningServer, admin: Session, statuses = ["WAITING", "ATTACHED", "CLOSED"]): Promise<Array<CallData>> => {
  const all: Array<CallData> = []
  for (const status of statuses) {
    const reply = await server.request("GET", `/api/cad/calls?status=${status}&limit=100`, { headers: { cookie: admin.cookie } })
    expect(reply.status, reply.text).toBe(200)
    all.push(...listOf<CallData>(reply).data)
  }
  return all
}

/** The calls the game's emergency call `callNumber` became. */
export const gameCalls = async (server: RunningServer, admin: Session, callNumber: number) =>
  (await callsOf(server, admin)).filter((call) => call.gameCallNumber === callNumber)

/** Waits until the game's emergency call `callNumber` is in CAD (the events are handled after the `204`); answers its calls. */
export const arrived = async (server: RunningServer, admin: Session, callNumber: number) => {
  await expect.poll(async () => (await gameCalls(server, admin, callNumber)).length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0)
  return gameCalls(server, admin, callNumber)
}

/** Every audit entry's action and data, newest first, as the administrator reads them. */
export const auditOf = async (server: RunningServer, admin: Session): Promise<Array<{ readonly action: string; readonly data: unknown }>> => {
  const reply = await server.request("GET", "/api/audit?limit=100", { headers: { cookie: admin.cookie } })
  expect(reply.status, reply.text).toBe(200)
  return listOf<{ action: string; data: unknown }>(reply).data
}
