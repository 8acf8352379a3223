import { fileURLToPath } from "node:url"
import type { Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { crewMember } from "../harness/cad.js"
import { checkPage, expectAccessible, startWorld, type World } from "./harness.js"

// The civilian portal as a member meets it: signing in to My characters, a character created, a
// licence applied for, a vehicle registered; the records an officer made, disclosed and not; and
// another member who types the character's address.
let world: World
beforeAll(async () => {
  world = await startWorld()
})
afterAll(() => world?.close())

interface NewCharacter {
  readonly fullName: string
  readonly dateOfBirth: string
  readonly gender: string
  readonly address: string
}

/** From My characters: "New character", the form filled in, "Create character"; answers the new character's id (its address). */
const createCharacter = async (page: Page, character: NewCharacter, check?: string): Promise<string> => {
  await page.getByRole("link", { name: "New character" }).click()
  const form = page.getByRole("form", { name: "New character" })
  await form.waitFor()
  if (check !== undefined) await checkPage(page, check)
  await form.getByRole("textbox", { name: "Full name" }).fill(character.fullName)
  await form.getByLabel("Date of birth").fill(character.dateOfBirth)
  await form.getByRole("combobox", { name: "Gender" }).selectOption({ label: character.gender })
  await form.getByRole("textbox", { name: "Address" }).fill(character.address)
  await form.getByRole("button", { name: "Create character" }).click()
  await page.getByRole("heading", { name: character.fullName, level: 1 }).waitFor()
  return new URL(page.url()).pathname.split("/").pop()!
}

/**
 * A modal dialog checked as `checkPage` checks a page: axe in both themes and a picture of each.
 * While it is open the header's theme button is out of reach (that is what modal means), so it is
 * opened in one theme, checked, closed with Escape, and opened again in the other.
 */
const checkDialog = async (page: Page, open: () => Promise<void>, dialog: Locator, name: string): Promise<void> => {
  const toggle = page.getByRole("button", { name: "Light theme" })
  for (const theme of ["dark", "light"] as const) {
    if ((await toggle.getAttribute("aria-pressed")) !== String(theme === "light")) await toggle.click()
    await open()
    await dialog.waitFor()
    await expectAccessible(page, `${name}, ${theme} theme`)
    await page.screenshot({
      path: fileURLToPath(new URL(`../../browser-check/${name.replace(/[^A-Za-z0-9]+/g, "-")}-${theme}.png`, import.meta.url)),
      fullPage: true
    })
    await page.keyboard.press("Escape")
    await dialog.waitFor({ state: "hidden" })
  }
  await toggle.click()
}

/** A date of birth `years` years and a few days before today, `YYYY-MM-DD`. */
const bornYearsAgo = (years: number) => {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() - 3)
  date.setUTCFullYear(date.getUTCFullYear() - years)
  return date.toISOString().slice(0, 10)
}

describe("a member's characters", () => {
  it("creates a character, is issued a licence, registers a vehicle, and sees the records disclosed to them, never the others", async () => {
    const member = await world.person({ id: "browser-civilian", displayName: "Cara Civilian" })
    const { page } = member
    // Every member lands on their characters.
    await page.getByRole("heading", { name: "My characters", level: 1 }).waitFor()
    await page.getByText("You have no characters yet.").waitFor()
    await checkPage(page, "characters, none yet")

    const id = await createCharacter(
      page,
      { fullName: "Jane Doe", dateOfBirth: "1990-05-14", gender: "Female", address: "1 High Street, Anytown" },
      "characters, new character"
    )
    await checkPage(page, "character, just created")

    const licence = page.getByRole("region", { name: "Driving licence" })
    await licence.getByText(/Old enough for every category/).waitFor()
    await licence.getByRole("checkbox", { name: "A: motorcycles" }).check()
    await licence.getByRole("button", { name: "Apply for licence" }).click()
    await licence.getByText("Licence number").waitFor()
    expect(await licence.getByText("A: motorcycles, B: cars").count()).toBe(1)

    const vehicles = page.getByRole("region", { name: "Vehicles" })
    const register = vehicles.getByRole("form", { name: "Register a vehicle" })
    await register.getByRole("textbox", { name: "Plate" }).fill("jd90 doe")
    await register.getByRole("textbox", { name: "Make" }).fill("Vauxhall")
    await register.getByRole("textbox", { name: "Model" }).fill("Corsa")
    await register.getByRole("textbox", { name: "Colour" }).fill("Silver")
    await register.getByRole("combobox", { name: "Type" }).selectOption({ label: "Car" })
    await register.getByRole("button", { name: "Register vehicle" }).click()
    const listed = vehicles.getByRole("table", { name: "Vehicles" }).getByRole("row", { name: /JD90 DOE/ })
    await listed.waitFor()
    expect(await listed.textContent()).toContain("Vauxhall Corsa")
    await checkPage(page, "character, licence and vehicle")

    // An officer records a disclosed citation and a piece of intelligence against the character, from Node.
    const officer = await crewMember(world.server, world.admin, "browser-officer", ["pnc.view", "pnc.records.manage"], "Olly Officer")
    const occurredAt = new Date(Date.now() - 3_600_000).toISOString()
    const citation = await officer.client.call("POST", "/api/pnc/records", {
      civilianId: id,
      type: "CITATION",
      title: "Speeding on the High Street",
      description: "48 in a 30 zone",
      location: "High Street, Anytown",
      occurredAt,
      fineAmount: 100,
      points: 3,
      disclosed: true
    })
    expect(citation.status, citation.text).toBe(201)
    const intelligence = await officer.client.call("POST", "/api/pnc/records", {
      civilianId: id,
      type: "INTELLIGENCE",
      title: "Seen with the Harbour crew",
      description: "Reported by a source",
      location: "The Harbour",
      occurredAt,
      disclosed: false
    })
    expect(intelligence.status, intelligence.text).toBe(201)

    await page.reload()
    const records = page.getByRole("table", { name: "My disclosed records" })
    const row = records.getByRole("row", { name: /Speeding on the High Street/ })
    await row.waitFor()
    expect(await row.textContent()).toContain("£100.00")
    expect(await row.getByRole("cell", { name: "3", exact: true }).count()).toBe(1)
    expect(await page.getByText("Seen with the Harbour crew").count()).toBe(0)
    // The citation's points went on the licence.
    await licence.getByRole("table", { name: "Endorsements" }).waitFor()
    await checkPage(page, "character, a disclosed record")

    // With a licence and a record the identity is locked: disabled, the reason beside it.
    await page.getByRole("region", { name: "Details" }).getByRole("button", { name: "Edit details" }).click()
    const edit = page.getByRole("form", { name: "Edit details" })
    expect(await edit.getByRole("textbox", { name: "Full name" }).isDisabled()).toBe(true)
    await edit.getByText(/Locked: this character has official history/).waitFor()
    await checkPage(page, "character, editing a locked identity")
    await edit.getByRole("textbox", { name: "Occupation (optional)" }).fill("Baker")
    await edit.getByRole("button", { name: "Save changes" }).click()
    await page.getByRole("region", { name: "Details" }).getByText("Baker").waitFor()

    // The vehicle passes to the member's second character, after a confirmation naming the new keeper.
    await page.getByRole("link", { name: "Back to My characters" }).click()
    await page.getByRole("table", { name: "Your characters" }).getByRole("link", { name: "Jane Doe" }).waitFor()
    await checkPage(page, "characters, one")
    await createCharacter(page, { fullName: "John Doe", dateOfBirth: "1988-02-29", gender: "Male", address: "1 High Street, Anytown" })
    const johnReference = (await page.getByRole("article").getByText(/^CIV-\d{6}$/).first().textContent())!
    await page.goto(world.url(`/characters/${id}`))
    const dialog = page.getByRole("dialog", { name: "Transfer JD90 DOE to another character" })
    await checkDialog(page, () => vehicles.getByRole("button", { name: "Transfer JD90 DOE" }).click(), dialog, "character, transferring a vehicle")
    await vehicles.getByRole("button", { name: "Transfer JD90 DOE" }).click()
    await dialog.getByRole("textbox", { name: "New keeper's reference (CIV-…)" }).fill(johnReference.toLowerCase())
    await dialog.getByRole("button", { name: "Transfer vehicle" }).click()
    await vehicles.getByText(`JD90 DOE now belongs to ${johnReference}.`).waitFor()
    await vehicles.getByText("This character keeps no vehicles.").waitFor()
    await page.getByRole("link", { name: "Back to My characters" }).click()
    const john = page.getByRole("table", { name: "Your characters" }).getByRole("row", { name: /John Doe/ })
    await expect.poll(() => john.getByRole("cell").last().textContent()).toBe("1")

    // Another member typing the character's address is refused, as a page.
    const other = await world.person({ id: "browser-civilian-other", displayName: "Otto Other" })
    await other.page.getByRole("heading", { name: "My characters", level: 1 }).waitFor()
    await other.page.goto(world.url(`/characters/${id}`))
    await other.page.getByRole("heading", { name: "Character not found", level: 1 }).waitFor()
    expect(await other.page.getByText("Jane Doe").count()).toBe(0)
    await checkPage(other.page, "character of another member")
  })

  it("says which licence categories a young character is too young for before applying", async () => {
    const { page } = await world.person({ id: "browser-young", displayName: "Yara Young" })
    await page.getByRole("heading", { name: "My characters", level: 1 }).waitFor()
    await createCharacter(page, { fullName: "Tom Young", dateOfBirth: bornYearsAgo(15), gender: "Male", address: "3 School Lane, Anytown" })
    const form = page.getByRole("form", { name: "Apply for a licence" })
    await form.getByText("Too young for A: motorcycles, B: cars, C: large goods vehicles and D: buses", { exact: false }).waitFor()
    expect(await form.getByText("Aged 15 today.", { exact: false }).count()).toBe(1)
    expect(await form.getByRole("button", { name: "Apply for licence" }).isDisabled()).toBe(true)
    await checkPage(page, "character, too young for a licence")
  })
})
