import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkPage, startWorld, type World } from "./harness.js"

// The server stops while a page is open: its own server, since the test stops it.
const PASSWORD = "browser-tests-developer-password"

let world: World
beforeAll(async () => {
  world = await startWorld({ env: { BLUELIGHT_DEVELOPER_PASSWORD: PASSWORD } })
})
afterAll(() => world?.close())

describe("the connection lost", () => {
  it("says so over the page, which keeps what the person typed", async () => {
    const { page } = await world.person({ id: "browser-offline", displayName: "Off Line" })
    await page.getByLabel("Developer password").fill(PASSWORD)
    await world.server.stop()
    await page.getByRole("button", { name: "Turn on" }).click()
    await page.getByRole("status").filter({ hasText: "Connection lost: trying again…" }).waitFor()
    expect(await page.getByLabel("Developer password").inputValue()).toBe(PASSWORD)
    await page.getByRole("heading", { name: "Signed in as Off Line" }).waitFor()
    await checkPage(page, "connection lost")
  })
})
