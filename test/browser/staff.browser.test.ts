import type { Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { advanceClock } from "../harness/identity.js"
import { UNLIMITED_RATES } from "../harness/server.js"
import { checkPage, startWorld, type World } from "./harness.js"

// The Staff room: an administrator makes a role and a staff profile for someone who has signed in, who then
// has the Staff room without signing in again; their shift started in the room runs in the header
// on every page and ends from there; a manager ends someone's shift; the summary as a chart and a table.
let world: World
beforeAll(async () => {
  world = await startWorld({ env: UNLIMITED_RATES })
})
afterAll(() => world?.close())

const MANAGER_PERMISSIONS = ["admin.manage", "staff.view", "staff.manage", "shifts.view", "shifts.manage"]

const navigation = (page: Page): Locator => page.getByRole("navigation", { name: "Main" })
const headerShift = (page: Page): Locator => page.getByRole("banner").getByRole("group", { name: "My shift" })

/** What the browser does when its window comes back into focus (the app reads `GET /api/me` again then). */
const refocus = (page: Page) =>
  page.evaluate(() => {
    const here = globalThis as unknown as {
      document: { dispatchEvent: (event: unknown) => boolean }
      Event: new(type: string, init: { bubbles: boolean }) => unknown
    }
    here.document.dispatchEvent(new here.Event("visibilitychange", { bubbles: true }))
  })

/** `YYYY-MM-DD` in this machine's zone (the browser's too), `days` from today. */
const localDay = (days: number): string => {
  const at = new Date()
  at.setDate(at.getDate() + days)
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`
}

describe("staff profiles and shifts", () => {
  it("a new staff member gets the room without signing in again; their shift runs in the header everywhere; the summary shows it", async () => {
    const newcomer = await world.person({ id: "staff-newcomer", displayName: "Nia Newcomer" })
    await newcomer.page.getByRole("heading", { name: "My characters", level: 1 }).waitFor()
    expect(await navigation(newcomer.page).getByRole("link").allTextContents()).toEqual(["My characters"])
    expect(await headerShift(newcomer.page).count()).toBe(0)

    // The administrator makes a role in Administration, ticking its permissions...
    const manager = await world.person({ id: "staff-manager", displayName: "Mags Manager" }, { permissions: MANAGER_PERMISSIONS, at: "/admin/roles/new" })
    const admin = manager.page
    const roleForm = admin.getByRole("form", { name: "New role" })
    await roleForm.getByRole("textbox", { name: "Name" }).fill("Shift lead")
    for (const key of ["staff.view", "shifts.view"]) await roleForm.getByRole("checkbox", { name: key, exact: true }).check()
    await roleForm.getByRole("button", { name: "Create role" }).click()
    await admin.getByRole("heading", { name: "Shift lead", level: 2 }).waitFor()

    // ...then the profile in the Staff room: the account found by name, the new role ticked.
    await navigation(admin).getByRole("link", { name: "Staff" }).click()
    await admin.getByRole("heading", { name: "Staff", level: 1 }).waitFor()
    await admin.getByRole("table", { name: "Staff profiles" }).getByRole("row", { name: /Mags Manager/ }).waitFor()
    await checkPage(admin, "staff, profiles")
    await admin.getByRole("link", { name: "New staff profile" }).click()
    const form = admin.getByRole("form", { name: "New staff profile" })
    await form.getByRole("searchbox", { name: "Find account" }).fill("Nia")
    await form.getByRole("radio", { name: /Nia Newcomer/ }).check()
    await form.getByRole("group", { name: "Roles" }).getByRole("checkbox", { name: "Shift lead" }).check()
    await checkPage(admin, "staff, new profile")
    await form.getByRole("button", { name: "Create staff profile" }).click()
    await admin.getByRole("heading", { name: "Staff profile: Nia Newcomer" }).waitFor()
    await expect.poll(() => admin.getByRole("region", { name: "Staff profile: Nia Newcomer" }).innerText()).toMatch(/Shift lead \(given by hand\)/)
    expect(new URL(admin.url()).pathname).toMatch(/^\/staff\/profiles\/[0-9a-f-]{36}$/)
    await checkPage(admin, "staff, a profile")

    // The newcomer's window comes back into focus: the Staff room and their shift control appear, no new sign-in.
    await refocus(newcomer.page)
    await expect.poll(() => navigation(newcomer.page).getByRole("link").allTextContents()).toEqual(["My characters", "Staff"])
    await headerShift(newcomer.page).getByRole("button", { name: "Start shift" }).waitFor()

    // A shift started in the Staff room...
    const page = newcomer.page
    await navigation(page).getByRole("link", { name: "Staff" }).click()
    const mine = page.getByRole("main").getByRole("group", { name: "My shift" })
    await mine.getByRole("combobox", { name: "Shift type" }).selectOption({ label: "Control" })
    await mine.getByRole("button", { name: "Start shift" }).click()
    await mine.getByRole("timer", { name: "Time on shift" }).waitFor()
    // ...shows its clock in the header, and on another page, ticking, with the ISO start on hover.
    const clock = headerShift(page).getByRole("timer", { name: "Time on shift" })
    await clock.waitFor()
    expect(await headerShift(page).getByRole("status").innerText()).toBe("On shift: Control")
    await checkPage(page, "staff, on shift")
    await navigation(page).getByRole("link", { name: "My characters" }).click()
    await page.getByRole("heading", { name: "My characters", level: 1 }).waitFor()
    const first = await clock.innerText()
    expect(first).toMatch(/^\d\d:\d\d:\d\d$/)
    await expect.poll(() => clock.innerText(), { timeout: 10_000 }).not.toBe(first)
    expect(await clock.getAttribute("title")).toMatch(/^Started \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
    await checkPage(page, "my characters, on shift in the header")

    // An hour and a half passes on the server; the shift ends from the header, away from the Staff room.
    await advanceClock(world.server, 90 * 60_000)
    await headerShift(page).getByRole("button", { name: "End shift" }).click()
    await headerShift(page).getByRole("button", { name: "Start shift" }).waitFor()
    expect(await clock.count()).toBe(0)

    // On shift again (from the header this time, on patrol); the manager sees it among the shifts and ends it.
    await headerShift(page).getByRole("combobox", { name: "Shift type" }).selectOption({ label: "Patrol" })
    await headerShift(page).getByRole("button", { name: "Start shift" }).click()
    await clock.waitFor()
    await advanceClock(world.server, 10 * 60_000)
    await admin.getByRole("navigation", { name: "Staff sections" }).getByRole("link", { name: "Shifts" }).click()
    await admin.getByLabel("Status").selectOption({ label: "On shift" })
    const theirs = admin.getByRole("table", { name: "Shifts" }).getByRole("row", { name: /Nia Newcomer/ })
    await theirs.getByRole("timer", { name: "Time on shift" }).waitFor()
    await checkPage(admin, "staff, shifts on now")
    await theirs.getByRole("button", { name: "End Nia Newcomer's shift" }).click()
    await expect.poll(() => theirs.count()).toBe(0)
    // The newcomer's header learns it when their window comes back into focus.
    await refocus(page)
    await headerShift(page).getByRole("button", { name: "Start shift" }).waitFor()

    // The summary: the hour and a half of Control and the ten minutes of patrol, as a chart and as a table.
    await page.goto(world.url("/staff/summary"))
    const summary = page.getByRole("form", { name: "Shift summary" })
    await summary.getByLabel("From").fill(localDay(-1))
    await summary.getByLabel("To (inclusive)").fill(localDay(1))
    await summary.getByRole("button", { name: "Show" }).click()
    const chart = page.getByRole("img", { name: /Time on shift per person and type/ })
    await expect.poll(() => chart.locator("desc").textContent()).toMatch(/Nia Newcomer 1 h 40 min \(Control 1 h 30 min, Patrol 10 min\)/)
    const rows = page.getByRole("table", { name: "Shift summary" }).getByRole("row", { name: /Nia Newcomer/ })
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^Nia Newcomer\s+Control\s+1 h 30 min\s+1$/),
      expect.stringMatching(/^Nia Newcomer\s+Patrol\s+10 min\s+1$/)
    ])
    await checkPage(page, "staff, shift summary")
  })
})
