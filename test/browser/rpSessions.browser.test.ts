import type { Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { UNLIMITED_RATES } from "../harness/server.js"
import { checkPage, startWorld, type World } from "./harness.js"

// Role-play sessions in the Sessions room: scheduled from the form (a time in the browser's zone),
// on tonight, started, ended, cancelled; a move the screen was behind for refused with the API's words.
let world: World
beforeAll(async () => {
  world = await startWorld({ env: UNLIMITED_RATES })
})
afterAll(() => world?.close())

const region = (page: Page, name: "On tonight" | "Live" | "Upcoming" | "Past"): Locator => page.getByRole("region", { name })
const row = (page: Page, name: "Live" | "Upcoming" | "Past", title: string): Locator => region(page, name).getByRole("row", { name: new RegExp(title) })

/** A `datetime-local` value in this machine's zone (the browser's too), `minutes` from now. */
const localInput = (minutes: number): { readonly value: string; readonly today: boolean } => {
  const at = new Date(Date.now() + minutes * 60_000)
  const two = (n: number) => String(n).padStart(2, "0")
  return {
    value: `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`,
    today: at.toDateString() === new Date().toDateString()
  }
}

const schedule = async (page: Page, title: string, minutes: number) => {
  const form = page.getByRole("form", { name: "Schedule a session" })
  await form.getByLabel("Title").fill(title)
  await form.getByLabel("Date and time").fill(localInput(minutes).value)
  await form.getByRole("button", { name: "Schedule" }).click()
  await form.getByRole("status").getByText(`Scheduled “${title}”.`).waitFor()
}

describe("role-play sessions", () => {
  it("schedules a session for tonight, starts it, ends it; cancels another; a move the screen was behind for is refused", async () => {
    const host = await world.person({ id: "rp-host", displayName: "Hana Host" }, { permissions: ["sessions.view", "sessions.manage"], at: "/sessions" })
    const page = host.page
    await page.getByRole("heading", { name: "Sessions", level: 1 }).waitFor()
    await region(page, "On tonight").getByText("Nothing scheduled for today.").waitFor()
    await checkPage(page, "sessions, none yet")

    // Scheduled for a few minutes from now: upcoming, hosted by me, and on tonight (unless that is past midnight).
    const soon = localInput(5)
    await schedule(page, "Friday patrol night", 5)
    await row(page, "Upcoming", "Friday patrol night").waitFor()
    expect(await row(page, "Upcoming", "Friday patrol night").innerText()).toMatch(/Scheduled[\s\S]*you/)
    if (soon.today) await region(page, "On tonight").getByText("Friday patrol night").waitFor()
    await checkPage(page, "sessions, one scheduled")

    // Started: live (and on tonight), then ended: past.
    await row(page, "Upcoming", "Friday patrol night").getByRole("button", { name: "Start Friday patrol night" }).click()
    await row(page, "Live", "Friday patrol night").waitFor()
    await region(page, "On tonight").getByText("Live", { exact: true }).waitFor()
    await checkPage(page, "sessions, one live")
    await row(page, "Live", "Friday patrol night").getByRole("button", { name: "End Friday patrol night" }).click()
    await row(page, "Past", "Friday patrol night").waitFor()
    expect(await row(page, "Past", "Friday patrol night").innerText()).toMatch(/Ended/)
    expect(await row(page, "Past", "Friday patrol night").getByRole("button").count()).toBe(0)

    // Another, cancelled.
    await schedule(page, "Sunday training", 3 * 24 * 60)
    await row(page, "Upcoming", "Sunday training").getByRole("button", { name: "Cancel Sunday training" }).click()
    await row(page, "Past", "Sunday training").waitFor()
    expect(await row(page, "Past", "Sunday training").innerText()).toMatch(/Cancelled/)

    // A third, started behind the screen (another tab, a bot): cancelling it from the stale screen is refused, and the screen catches up.
    await schedule(page, "Traffic operation", 2 * 24 * 60)
    const sessions = await (await host.api()).run((api) => api.roleplaySessions.listRoleplaySessions({ query: { status: "SCHEDULED", limit: 10, offset: 0 } }))
    const traffic = sessions.data.find((session) => session.title === "Traffic operation")!
    await (await host.api()).run((api) => api.roleplaySessions.startRoleplaySession({ params: { id: traffic.id } }))
    await row(page, "Upcoming", "Traffic operation").getByRole("button", { name: "Cancel Traffic operation" }).click()
    const refusal = page.getByRole("alert")
    await refusal.waitFor()
    expect(await refusal.innerText()).toMatch(/^Traffic operation: \S/)
    await row(page, "Live", "Traffic operation").waitFor()
    await checkPage(page, "sessions, a cancel refused")

    // A refusal of the form's own: the API's words beside the field (a time more than a year away).
    const form = page.getByRole("form", { name: "Schedule a session" })
    await form.getByLabel("Title").fill("Far too far ahead")
    await form.getByLabel("Date and time").fill(localInput(2 * 366 * 24 * 60).value)
    await form.getByRole("button", { name: "Schedule" }).click()
    await expect.poll(() => form.getByLabel("Date and time").getAttribute("aria-invalid")).toBe("true")
    await checkPage(page, "sessions, schedule refused")
  })

  it("shows a member of staff with sessions.view alone the sessions, and nothing to move", async () => {
    const viewer = await world.person({ id: "rp-viewer", displayName: "Vic Viewer" }, { permissions: ["sessions.view"], at: "/sessions" })
    await region(viewer.page, "Past").waitFor()
    expect(await viewer.page.getByRole("form", { name: "Schedule a session" }).count()).toBe(0)
    expect(await viewer.page.getByRole("main").getByRole("button", { name: /^(Start|End|Cancel) / }).count()).toBe(0)
    await checkPage(viewer.page, "sessions, view only")
  })
})
