import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkPage, type Person, startWorld, type World } from "./harness.js"

// The server stops while pages are open, then comes back (a world of its own, since it is
// stopped): two people are signed in first, one halfway through typing, then the server goes.
const PASSWORD = "browser-tests-developer-password"

let world: World
let typist: Person
let dispatcher: Person
beforeAll(async () => {
  world = await startWorld({ env: { BLUELIGHT_DEVELOPER_PASSWORD: PASSWORD } })
  typist = await world.person({ id: "browser-offline", displayName: "Off Line" })
  // A member opens their characters at sign-in; the Developer Access form is on the home page.
  await typist.page.getByRole("banner").getByRole("link", { name: "Bluelight" }).click()
  // Control and the MDT: signing in opens Control, so the MDT's code is not loaded yet when the server goes.
  dispatcher = await world.person({ id: "browser-offline-dispatcher", displayName: "Dee Offline" }, { permissions: ["cad.view", "cad.unit.self"] })
  await dispatcher.page.getByRole("heading", { name: "Control", level: 1 }).waitFor()
  await typist.page.getByLabel("Developer password").fill(PASSWORD)
  await world.stopServer()
})
afterAll(() => world?.close())

const offline = (person: Person) => person.page.getByRole("status").filter({ hasText: "Connection lost: trying again…" })

describe("the connection lost", () => {
  it("says so over the page at the next request, and the page keeps what the person typed", async () => {
    const { page } = typist
    await page.getByRole("button", { name: "Turn on" }).click()
    await offline(typist).waitFor()
    expect(await page.getByLabel("Developer password").inputValue()).toBe(PASSWORD)
    await page.getByRole("heading", { name: "Signed in as Off Line" }).waitFor()
    await checkPage(page, "connection lost")
  })

  it("says a room could not be opened when its code cannot be loaded, inside the shell", async () => {
    const { page } = dispatcher
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "MDT" }).click()
    await page.getByRole("heading", { name: "This room could not be opened" }).waitFor()
    await page.getByRole("button", { name: "Sign out" }).waitFor()
    await checkPage(page, "room could not be opened")
  })

  describe("and back", () => {
    beforeAll(() => world.restartServer())

    it("carries on with what was typed, and the notice goes once the server answers", async () => {
      const { page } = typist
      await page.getByRole("button", { name: "Turn on" }).click()
      await page.getByRole("banner").getByText("Developer Access", { exact: true }).waitFor()
      expect(await offline(typist).count()).toBe(0)
    })

    it("opens the room on Try again", async () => {
      const { page } = dispatcher
      await page.getByRole("button", { name: "Try again" }).click()
      await page.getByRole("heading", { name: "MDT", level: 1 }).waitFor()
      expect(await page.getByRole("link", { name: "Who I am: Dee Offline" }).count()).toBe(1)
    })
  })
})
