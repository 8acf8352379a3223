import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CONTROL_PERMISSIONS } from "../harness/cad.js"
import { staffMember } from "../harness/identity.js"
import { checkPage, signInThroughApp, startWorld, type World } from "./harness.js"

// The shell as people meet it: signing in through the identity provider, the rooms their roles
// open, a room typed as an address, signing out.
let world: World
beforeAll(async () => {
  world = await startWorld()
})
afterAll(() => world?.close())

describe("signing in and the rooms of a person's roles", () => {
  it("signs in through the identity provider and says who is signed in", async () => {
    const page = await world.stranger()
    await page.getByRole("heading", { name: "Sign in to Bluelight" }).waitFor()
    await checkPage(page, "signed out")
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await page.getByRole("heading", { name: "Identity provider: development sign-in" }).waitFor()
    await checkPage(page, "development identity provider")
    await page.goBack()
    await signInThroughApp(page, { id: "browser-newcomer", displayName: "Nia Newcomer" }, world.server.url)
    // Every member keeps characters: their first room opens at once, and the header leads home.
    await page.getByRole("heading", { name: "My characters", level: 1 }).waitFor()
    await page.getByRole("banner").getByRole("link", { name: "Bluelight" }).click()
    await page.getByRole("heading", { name: "Signed in as Nia Newcomer" }).waitFor()
    await expect.poll(() => page.getByRole("link", { name: "Who I am: Nia Newcomer" }).isVisible()).toBe(true)
    await checkPage(page, "home, a member")
  })

  it("opens a dispatcher's Control room at sign-in, named in the navigation, and the home page from the header", async () => {
    const { page } = await world.person({ id: "browser-dispatcher", displayName: "Dana Dispatcher" }, { permissions: CONTROL_PERMISSIONS })
    await page.getByRole("heading", { name: "Control", level: 1 }).waitFor()
    const navigation = page.getByRole("navigation", { name: "Main" })
    await expect.poll(() => navigation.getByRole("link").allTextContents()).toEqual(["Control", "My characters"])
    expect(await navigation.getByRole("link", { name: "Control" }).getAttribute("aria-current")).toBe("page")
    await checkPage(page, "control, a dispatcher")
    await page.getByRole("banner").getByRole("link", { name: "Bluelight" }).click()
    await page.getByRole("heading", { name: "Signed in as Dana Dispatcher" }).waitFor()
    await checkPage(page, "home, a dispatcher")
  })

  it("shows a member their characters and no Control room, and refuses it when they type its address", async () => {
    const { page } = await world.person({ id: "browser-member", displayName: "Mo Member" })
    await page.getByRole("heading", { name: "My characters", level: 1 }).waitFor()
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents()).toEqual(["My characters"])
    expect(await page.getByRole("link", { name: "Control" }).count()).toBe(0)
    await page.goto(world.url("/control"))
    await page.getByRole("heading", { name: "Not for this account" }).waitFor()
    expect(await page.getByRole("heading", { name: "Control" }).count()).toBe(0)
    await checkPage(page, "control refused, a member")
    await page.getByRole("link", { name: "Go to the home page" }).click()
    await page.getByRole("heading", { name: "Signed in as Mo Member" }).waitFor()
  })

  it("says when an address leads nowhere", async () => {
    const { page } = await world.person({ id: "browser-wanderer", displayName: "Wyn Wanderer" }, { at: "/no-such-room" })
    await page.getByRole("heading", { name: "No such page" }).waitFor()
    await checkPage(page, "no such page")
  })
})

describe("two people at once", () => {
  it("a dispatcher and an officer, each in a browser of their own, in the room their roles open", async () => {
    const [dispatcher, officer] = await Promise.all([
      world.person({ id: "browser-pair-dispatcher", displayName: "Dora Dispatch" }, { permissions: CONTROL_PERMISSIONS, at: "/control" }),
      world.person({ id: "browser-pair-officer", displayName: "Otto Officer" }, { permissions: ["cad.unit.self", "pnc.view"], at: "/mdt" })
    ])
    await dispatcher.page.getByRole("heading", { name: "Control", level: 1 }).waitFor()
    await officer.page.getByRole("heading", { name: "MDT", level: 1 }).waitFor()
    expect(await officer.page.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents()).toEqual(["MDT", "PNC", "My characters"])
    expect(await officer.page.getByRole("link", { name: "Who I am: Otto Officer" }).count()).toBe(1)
    expect(await dispatcher.page.getByRole("link", { name: "Who I am: Dora Dispatch" }).count()).toBe(1)
    await checkPage(officer.page, "mdt, an officer")
  })
})

describe("signing out", () => {
  it("ends the session and shows the signed-out page, in this browser only", async () => {
    const leaver = await world.person({ id: "browser-leaver", displayName: "Lee Leaver" })
    const stayer = await world.person({ id: "browser-stayer", displayName: "Sam Stayer" })
    await leaver.page.getByRole("button", { name: "Sign out" }).click()
    await leaver.page.getByRole("heading", { name: "Sign in to Bluelight" }).waitFor()
    await leaver.page.reload()
    await leaver.page.getByRole("heading", { name: "Sign in to Bluelight" }).waitFor()
    // The other browser's person is still signed in.
    await stayer.page.reload()
    await stayer.page.getByRole("link", { name: "Who I am: Sam Stayer" }).waitFor()
  })
})

describe("an address typed before signing in", () => {
  it("is where signing in brings the person", async () => {
    await staffMember(world.server, world.admin, { id: "browser-returner", username: "browser.returner", displayName: "Ray Returner" }, CONTROL_PERMISSIONS)
    const page = await world.stranger()
    await page.goto(world.url("/control"))
    await page.getByRole("heading", { name: "Sign in to Bluelight" }).waitFor()
    await signInThroughApp(page, { id: "browser-returner", displayName: "Ray Returner" }, world.server.url)
    await page.getByRole("heading", { name: "Control", level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe("/control")
  })
})

describe("the keyboard", () => {
  /** Presses Tab until the focused element's text is `text` (at most `presses` times). */
  const tabTo = async (page: Page, text: string, presses = 10): Promise<void> => {
    const seen: Array<string> = []
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press("Tab")
      seen.push(await focusedText(page))
      if (seen.at(-1) === text) return
    }
    expect.fail(`Tab never reached "${text}"; it went through ${JSON.stringify(seen)}`)
  }
  const focusedText = (page: Page) =>
    page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent ?? "")

  it("reaches the skip link first, then the home page and the rooms, and opens them", async () => {
    const { page } = await world.person({ id: "browser-keyboard", displayName: "Kay Board" }, { permissions: CONTROL_PERMISSIONS })
    await page.getByRole("heading", { name: "Control", level: 1 }).waitFor()
    await page.keyboard.press("Tab")
    expect(await focusedText(page)).toBe("Skip to content")
    await tabTo(page, "Bluelight")
    await page.keyboard.press("Enter")
    await page.getByRole("heading", { name: "Signed in as Kay Board" }).waitFor()
    await tabTo(page, "Control")
    await page.keyboard.press("Enter")
    await page.getByRole("heading", { name: "Control", level: 1 }).waitFor()
  })
})
