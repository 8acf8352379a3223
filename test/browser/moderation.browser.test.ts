import type { GameServerSimulator } from "@bluelight/adapters-game"
import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WEBHOOK_PATH } from "../harness/game.js"
import { advanceClock } from "../harness/identity.js"
import { startSimulator } from "../harness/moderation.js"
import { UNLIMITED_RATES } from "../harness/server.js"
import { checkPage, expectAccessible, type Person, startWorld, type World } from "./harness.js"
import { expectNoPageProblems } from "./pageProblems.js"

// A moderator on the live server: a kick that works, a kick of someone who has left, a kick whose
// answer was lost and is sent again with the same key (done once), and the player's history.
const MODERATOR = [
  "server.view",
  "players.view",
  "players.lookup",
  "moderation.view",
  "moderation.warn",
  "moderation.kick",
  "moderation.ban",
  "moderation.history"
]
const JANE = "100000001"
const JOHN = "100000002"
const SPEEDY = "100000003"
const NEWCOMER = "100000009"

let world: World
let simulator: GameServerSimulator
let moderator: Person
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

const reads = (locator: Locator, text: string | RegExp) => expect.poll(() => locator.innerText(), { timeout: 30_000 }).toMatch(text)
const playersPanel = (page: Page) => page.getByRole("region", { name: "Players", exact: true })

/** Past the game-command cooldown of the action before (the server's clock, moved forward), and past the live snapshot's age. */
const slotFree = () => advanceClock(world.server, 6_000)

const SHOTS = fileURLToPath(new URL("../../browser-check/", import.meta.url))

/**
 * A page with a modal dialog open: the rest of the page is inert, so the header's theme button
 * cannot be pressed; the theme is set the way the app keeps it, then axe and a picture in each.
 */
const checkModal = async (page: Page, name: string) => {
  expectNoPageProblems(page, name)
  mkdirSync(SHOTS, { recursive: true })
  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((chosen) => {
      const here = globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }
      here.document.documentElement.dataset["theme"] = chosen
    }, theme)
    await expectAccessible(page, `${name}, ${theme} theme`)
    await page.screenshot({ path: `${SHOTS}${name.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}-${theme}.png`, fullPage: true })
  }
  await page.evaluate(() => {
    const here = globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }
    here.document.documentElement.dataset["theme"] = "dark"
  })
}

/** Opens "<Kind> <username>" from the players' table: the dialog it opens. */
const openKick = async (page: Page, username: string): Promise<Locator> => {
  await playersPanel(page).getByRole("button", { name: `Kick ${username}`, exact: true }).click()
  const dialog = page.getByRole("dialog", { name: `Kick ${username}` })
  await dialog.waitFor()
  return dialog
}

const closeDialog = async (dialog: Locator) => {
  await dialog.getByRole("button", { name: "Close", exact: true }).click()
  await expect.poll(() => dialog.count()).toBe(0)
}

describe("moderating the live server", () => {
  it("shows the players with their actions, and a kick of a player on the server Succeeded", async () => {
    // Signed in within a test: the harness waits with expect.poll, which belongs to a test.
    moderator = await world.person({ id: "mod-browser", displayName: "Mo Moderator" }, { permissions: MODERATOR, at: "/moderation/server" })
    const page = moderator.page
    await reads(playersPanel(page), /JohnSmith/)
    await reads(page.getByRole("region", { name: "Server status" }), /Join key/)
    await checkPage(page, "moderation, live server")

    const dialog = await openKick(page, "JohnSmith")
    await dialog.getByRole("textbox", { name: "Reason" }).fill("Random deathmatch in the city centre")
    await checkModal(page, "moderation, kick dialog")
    await slotFree()
    const before = simulator.commands.length
    await dialog.getByRole("button", { name: "Kick", exact: true }).click()
    await reads(dialog, /Succeeded/)
    await reads(dialog, /The game server carried it out/)
    await checkModal(page, "moderation, kick succeeded")
    expect(simulator.commands.length).toBe(before + 1)
    // Stored: nothing offers to send it again.
    expect(await dialog.getByRole("button", { name: /Kick|Send again/ }).count()).toBe(0)
    await closeDialog(dialog)
  })

  it("a kick of a player who has left Failed, with the reason", async () => {
    const page = moderator.page
    await reads(playersPanel(page), /SpeedyDriver/)
    const dialog = await openKick(page, "SpeedyDriver")
    // They leave while the moderator writes the reason.
    simulator.setPlayers(simulator.players.filter((player) => player.platformId !== SPEEDY))
    await slotFree()
    const before = simulator.commands.length
    await dialog.getByRole("textbox", { name: "Reason" }).fill("Failure to roleplay")
    await dialog.getByRole("button", { name: "Kick", exact: true }).click()
    await reads(dialog, /Failed/)
    await reads(dialog, /The player is not on the server/)
    await checkModal(page, "moderation, kick failed")
    expect(simulator.commands.length).toBe(before)
    await closeDialog(dialog)
  })

  it("the same kick sent again after its answer was lost is done once", async () => {
    const page = moderator.page
    await reads(playersPanel(page), /Jane_Doe/)
    let cut = true
    // The first request reaches the server; its answer never reaches the page.
    await page.route("**/api/moderation/kicks", async (route) => {
      if (!cut) return route.continue()
      cut = false
      await route.fetch()
      await route.abort("connectionreset")
    })
    const dialog = await openKick(page, "Jane_Doe")
    await dialog.getByRole("textbox", { name: "Reason" }).fill("Cop baiting at the bank")
    await slotFree()
    const before = simulator.commands.length
    await dialog.getByRole("button", { name: "Kick", exact: true }).click()
    await reads(dialog, /The connection was lost before Bluelight answered/)
    await checkModal(page, "moderation, kick answer lost")
    await dialog.getByRole("button", { name: "Send again", exact: true }).click()
    await reads(dialog, /Succeeded/)
    await reads(dialog, /it was not sent again/)
    await page.unroute("**/api/moderation/kicks")

    const actions = await (await moderator.api()).run((api) =>
      api.moderation.listModerationActions({ query: { targetPlatformId: JANE, limit: 100, offset: 0 } })
    )
    expect(actions.data.map((action) => [action.type, action.delivery])).toEqual([["kick", "SUCCEEDED"]])
    expect(simulator.commands.length).toBe(before + 1)
    await closeDialog(dialog)
  })

  it("a player is found by name; the player's history shows the actions against them; each action has its page", async () => {
    const page = moderator.page
    simulator.setPlayers([...simulator.players, { username: "NewPlayer", platformId: NEWCOMER, team: "Civilian" }])
    await slotFree()
    await page.getByRole("navigation", { name: "Moderation sections" }).getByRole("link", { name: "Players" }).click()
    const search = page.getByRole("search", { name: "Find a player" })
    await search.getByRole("searchbox", { name: "Username or platform id" }).fill("newp")
    await search.getByRole("button", { name: "Find" }).click()
    const found = page.getByRole("table", { name: "Players" })
    await reads(found, /NewPlayer/)
    expect(await found.getByRole("button", { name: "Warn NewPlayer" }).count()).toBe(1)
    const form = page.getByRole("form", { name: "A player's history" })
    await form.getByRole("textbox", { name: "Platform id" }).fill(JOHN)
    await checkPage(page, "moderation, players")
    await form.getByRole("button", { name: "Open history" }).click()
    await page.getByRole("heading", { name: "History of JohnSmith" }).waitFor()
    const history = page.getByRole("table", { name: "Actions against this player" })
    await reads(history, /Kick/)
    await reads(history, /Random deathmatch in the city centre/)
    await reads(history, /Succeeded/)
    expect(new URL(page.url()).pathname).toBe(`/moderation/players/${JOHN}`)
    await checkPage(page, "moderation, a player's history")

    await history.getByRole("link", { name: "Kick" }).click()
    await page.getByRole("heading", { name: "Kick: JohnSmith" }).waitFor()
    expect(new URL(page.url()).pathname).toMatch(/^\/moderation\/actions\/[0-9a-f-]{36}$/)
    await checkPage(page, "moderation, an action")

    await page.getByRole("navigation", { name: "Moderation sections" }).getByRole("link", { name: "Actions" }).click()
    const list = page.getByRole("table", { name: "Moderation actions" })
    await reads(list, /SpeedyDriver|100000003/)
    await reads(list, /Failed/)
    await checkPage(page, "moderation, actions")
  })

  it("a second warning while the game server cools down waits out the countdown, then is sent with the same key", async () => {
    const page = moderator.page
    await page.getByRole("navigation", { name: "Moderation sections" }).getByRole("link", { name: "Live server" }).click()
    await reads(playersPanel(page), /NewPlayer/)
    const warn = async () => {
      await playersPanel(page).getByRole("button", { name: "Warn NewPlayer", exact: true }).click()
      const dialog = page.getByRole("dialog", { name: "Warn NewPlayer" })
      await dialog.getByRole("textbox", { name: "Reason" }).fill("Mind the speed limits")
      await dialog.getByRole("button", { name: "Warn", exact: true }).click()
      return dialog
    }
    const keys: Array<string | undefined> = []
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/moderation/warnings")) keys.push(request.headers()["idempotency-key"])
    })
    await slotFree()
    const first = await warn()
    await reads(first, /Succeeded/)
    await closeDialog(first)

    // The command just sent holds the slot for its cooldown: this one is refused, nothing stored.
    const second = await warn()
    await reads(second, /The game server is busy\. Nothing was stored\. You may send again in \d+ seconds?\./)
    const again = second.getByRole("button", { name: "Send again", exact: true })
    expect(await again.isDisabled()).toBe(true)
    await checkModal(page, "moderation, warning throttled")
    await reads(second, /You may send again now\./)
    await slotFree()
    await again.click()
    await reads(second, /Succeeded/)
    await closeDialog(second)
    const warnings = await (await moderator.api()).run((api) =>
      api.moderation.listModerationActions({ query: { targetPlatformId: NEWCOMER, type: "warn", limit: 100, offset: 0 } })
    )
    expect(warnings.data.map((action) => action.delivery)).toEqual(["SUCCEEDED", "SUCCEEDED"])
    // The first warning's key, then the second's, sent twice: a new action, and the same action again.
    expect(keys).toHaveLength(3)
    expect(keys[2]).toBe(keys[1])
    expect(keys[1]).not.toBe(keys[0])
  })

  it("with cad.view, the game's emergency calls show the CAD call each became", async () => {
    const person = await world.person({ id: "mod-control", displayName: "Cal Control" }, { permissions: [...MODERATOR, "cad.view"], at: "/moderation/server" })
    const started = await simulator.startEmergencyCall({ caller: NEWCOMER, description: "Someone is shooting at the bank", team: "Police" })
    expect(started.status).toBe(204)
    const calls = person.page.getByRole("region", { name: "Emergency calls" })
    await reads(calls, new RegExp(`Game call ${started.callNumber}`))
    await reads(calls, /Someone is shooting at the bank/)
    await reads(calls, /CAD call [0-9a-f-]{36}/)
    const waiting = await world.adminApi.run((api) => api.cadCalls.listCalls({ query: { limit: 100, offset: 0 } }))
    const cadCall = waiting.data.find((each) => each.gameCallNumber === started.callNumber)
    expect(cadCall).toBeDefined()
    expect(await calls.getByRole("link", { name: `CAD call ${cadCall!.id}` }).count()).toBe(1)
    await checkPage(person.page, "moderation, live server with emergency calls")
  })
})
