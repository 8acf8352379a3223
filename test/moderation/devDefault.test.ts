/** Without `GAME_API_URL`, outside production, the server runs the game-server simulator itself. */
import { afterAll, beforeAll, expect, it } from "vitest"
import { bodyOf, dataOf } from "../harness/body.js"
import { signIn, type Session } from "../harness/identity.js"
import { actionOf, moderate, newKey } from "../harness/moderation.js"
import { type RunningServer, startServer } from "../harness/server.js"

let server: RunningServer
let admin: Session
beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "dev-default-admin" } })
  admin = await signIn(server, { id: "dev-default-admin" })
})
afterAll(() => server?.stop())

it("serves live data from the built-in simulator and moderates its players", async () => {
  const status = dataOf<{ name: string; currentPlayers: number }>(await server.request("GET", "/api/server", { headers: { cookie: admin.cookie } }))
  expect(status.name).toBe("Bluelight Development Server")
  const players = bodyOf(await server.request("GET", "/api/server/players", { headers: { cookie: admin.cookie } })) as {
    data: Array<{ platformId: string; username: string; inGameStaff: boolean }>
    meta: { total: number }
  }
  expect(players.meta.total).toBe(status.currentPlayers)
  const member = players.data.find((p) => !p.inGameStaff)!
  const staff = players.data.find((p) => p.inGameStaff)!
  // Nothing is sent to in-game staff, so no cooldown holds up the warning after it.
  const refused = actionOf(await moderate(server, { session: admin }, "kicks", newKey(), { targetPlatformId: staff.platformId, reason: "Dev default" }), 201)
  expect(refused).toMatchObject({ delivery: "FAILED", errorCode: "TARGET_IS_STAFF" })
  const warned = actionOf(await moderate(server, { session: admin }, "warnings", newKey(), { targetPlatformId: member.platformId, reason: "Dev default" }), 201)
  expect(warned).toMatchObject({ delivery: "SUCCEEDED", targetUsername: member.username })
  expect(server.logs.some((line) => typeof line.message === "string" && line.message.includes("game server: the built-in simulator"))).toBe(true)
})
