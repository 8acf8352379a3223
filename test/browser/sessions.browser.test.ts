import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { setAccountStatus } from "../harness/identity.js"
import { checkPage, type Person, signInThroughApp, startWorld, type World } from "./harness.js"

// A session that ends while its page is open, an account suspended, and Developer Access: on a
// server with a developer password. Until the rooms make requests of their own, the shell's one
// request a person makes on purpose is turning Developer Access on, so that is what meets the
// ended session here.
const PASSWORD = "browser-tests-developer-password"

let world: World
beforeAll(async () => {
  world = await startWorld({ env: { BLUELIGHT_DEVELOPER_PASSWORD: PASSWORD } })
})
afterAll(() => world?.close())

/** A member signs in to their characters; the Developer Access form is on the home page, through the header. */
const signedInAtHome = async (identity: { readonly id: string; readonly displayName: string }): Promise<Person> => {
  const person = await world.person(identity)
  await person.page.getByRole("banner").getByRole("link", { name: "Bluelight" }).click()
  await person.page.getByLabel("Developer password").waitFor()
  return person
}

const turnOn = async (person: Person, password: string) => {
  await person.page.getByLabel("Developer password").fill(password)
  await person.page.getByRole("button", { name: "Turn on" }).click()
}

describe("Developer Access", () => {
  it("turns on with the developer password, opening every room, and off again", async () => {
    const person = await signedInAtHome({ id: "browser-developer", displayName: "Dev Eloper" })
    const { page } = person
    const navigation = page.getByRole("navigation", { name: "Main" })
    const badge = page.getByRole("banner").getByText("Developer Access", { exact: true })
    await checkPage(page, "home, developer access offered")

    await turnOn(person, "not the password")
    await page.getByRole("alert").waitFor()
    expect(await badge.count()).toBe(0)
    await checkPage(page, "home, developer password refused")

    await turnOn(person, PASSWORD)
    await badge.waitFor()
    await expect.poll(() => navigation.getByRole("link").allTextContents()).toEqual([
      "Control",
      "MDT",
      "PNC",
      "My characters",
      "Staff",
      "Sessions",
      "Moderation",
      "Administration",
      "Audit log"
    ])
    await page.getByText("On for this session: every permission, until you turn it off.").waitFor()
    await checkPage(page, "home, developer access on")

    await page.getByRole("button", { name: "Turn off" }).click()
    await page.getByLabel("Developer password").waitFor()
    expect(await badge.count()).toBe(0)
    expect(await navigation.getByRole("link").allTextContents()).toEqual(["My characters"])
  })
})

describe("a session ended elsewhere", () => {
  it("says so at the next request, and signing in again brings the person back", async () => {
    const person = await signedInAtHome({ id: "browser-expiring", displayName: "Ez Expiring" })
    // Signed out from somewhere else: the session this browser holds is ended on the server.
    const ended = await (await person.api()).call("POST", "/api/auth/logout")
    expect(ended.status, ended.text).toBeLessThan(300)
    await turnOn(person, PASSWORD)
    await person.page.getByRole("heading", { name: "Your session has ended" }).waitFor()
    await checkPage(person.page, "session ended")
    await signInThroughApp(person.page, person.identity, world.server.url, "Sign in again")
    await person.page.getByRole("link", { name: "Who I am: Ez Expiring" }).waitFor()
  })
})

describe("a suspended account", () => {
  it("is told it cannot sign in, at the next request and when it signs in again", async () => {
    const person = await signedInAtHome({ id: "browser-suspended", displayName: "Sus Pended" })
    await setAccountStatus(world.server, world.admin, person.accountId, "SUSPENDED")
    await turnOn(person, PASSWORD)
    await person.page.getByRole("heading", { name: "This account cannot sign in" }).waitFor()
    await checkPage(person.page, "account suspended")
    // Suspending ends the account's sessions: the page loaded again is signed out.
    await person.page.reload()
    await person.page.getByRole("heading", { name: "Sign in to Bluelight" }).waitFor()
    // Signing in again is refused by the server, on its own page (the callback's).
    await signInThroughApp(person.page, person.identity, world.server.url)
    await person.page.getByRole("heading", { name: "Signing in did not work" }).waitFor()
    await person.page.getByText("This account is suspended or disabled").waitFor()
    await checkPage(person.page, "sign-in refused, account suspended")
  })
})
