import type { GameServerSimulator } from "@bluelight/adapters-game"
import type { Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { addCrew, CONTROL_PERMISSIONS, createIncident, createUnit } from "../harness/cad.js"
import { WEBHOOK_PATH } from "../harness/game.js"
import { linkPlatform } from "../harness/identity.js"
import { startSimulator } from "../harness/moderation.js"
import { UNLIMITED_RATES } from "../harness/server.js"
import { checkPage, startWorld, type World } from "./harness.js"

// The game reaching Control's board live: an emergency call from the game, attached to an incident,
// and a crew member's `;panic`, impossible to miss.
const JANE = "100000001"

let world: World
let simulator: GameServerSimulator
beforeAll(async () => {
  const game = await startSimulator()
  simulator = game.simulator
  world = await startWorld({ env: { ...game.env, GAME_WEBHOOK_PUBLIC_KEY: simulator.webhookPublicKey, ...UNLIMITED_RATES } })
  simulator.webhookUrl = `${world.server.url}${WEBHOOK_PATH}`
})
afterAll(async () => {
  await world?.close()
  await simulator?.close()
})

const panel = (page: Page, name: string): Locator => page.getByRole("region", { name })
const row = (page: Page, name: string, text: string): Locator => panel(page, name).getByRole("listitem").filter({ hasText: text })
const reads = (locator: Locator, text: string | RegExp) => expect.poll(() => locator.innerText(), { timeout: 30_000 }).toMatch(text)

describe("the game on Control's board", () => {
  it("an emergency call from the game appears marked as the game's, with its caller and place, and is attached to an incident", async () => {
    const incident = await createIncident(world.adminApi, { type: "Shots fired", location: "Legion Square" })
    const control = await world.person({ id: "game-control", displayName: "Gus Control" }, { permissions: CONTROL_PERMISSIONS, at: "/control" })
    const board = control.page
    await reads(row(board, "Incidents", "Legion Square"), new RegExp(`#${incident.number}`))

    const started = await simulator.startEmergencyCall({ caller: JANE, description: "Someone is shooting at the bank", team: "Police" })
    expect(started.status).toBe(204)
    const call = row(board, "Calls", "Someone is shooting at the bank")
    await reads(call, new RegExp(`Game emergency call ${started.callNumber}`))
    await reads(call, /Jane_Doe/)
    await checkPage(board, "control, a game emergency call")

    await row(board, "Incidents", "Legion Square").getByRole("button", { name: `Select incident #${incident.number}` }).click()
    await call.getByRole("button", { name: `Attach to #${incident.number}` }).click()
    await expect.poll(() => call.count(), { timeout: 30_000 }).toBe(0)
    await reads(panel(board, "CAD log"), new RegExp(`#${incident.number}`))
    const calls = (await world.adminApi.run((api) => api.cadIncidents.getIncident({ params: { id: incident.id } }))).data.calls
    expect(calls.map((each) => each.gameCallNumber)).toEqual([started.callNumber])
  })

  it("a crew member's ;panic in the game is an alert on the board until Control acknowledges it", async () => {
    const control = await world.person({ id: "panic-control", displayName: "Pat Control" }, { permissions: CONTROL_PERMISSIONS, at: "/control" })
    const crew = await world.person({ id: "panic-crew", displayName: "Jane Doe" }, { permissions: ["cad.unit.self", "cad.view"], at: "/mdt" })
    expect((await linkPlatform(world.server, await crew.session(), { id: JANE, username: "Jane_Doe" })).status).toBe(302)
    const unit = await createUnit(world.adminApi, { callsign: "PN-401" })
    await addCrew(world.adminApi, unit.id, crew.accountId, "PC 1001")
    const board = control.page
    await reads(row(board, "Units", "PN-401"), /Available/)

    expect(await simulator.chat(JANE, ";panic shots fired, need help")).toBe(204)
    const alarm = board.getByRole("alert").filter({ hasText: "Panic: PN-401" })
    await reads(alarm, /Panic: PN-401, incident #\d+, at /)
    await reads(row(board, "Units", "PN-401"), /PANIC/)
    await checkPage(board, "control, a panic")
    await alarm.getByRole("button", { name: "Acknowledge panic of PN-401" }).click()
    await expect.poll(() => alarm.count(), { timeout: 30_000 }).toBe(0)
    // The incident the panic raised stays on the board, with the unit on it.
    await reads(panel(board, "Incidents"), /PANIC|Panic/)
  })
})
