import { UnitId } from "@bluelight/core/cad"
import type { Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CONTROL_PERMISSIONS, createIncident, createUnit } from "../harness/cad.js"
import { UNLIMITED_RATES } from "../harness/server.js"
import { checkPage, startWorld, type World } from "./harness.js"

// Control and a crew in two browsers, each seeing the other's moves live; two dispatchers moving the
// same unit at once, and the one who lost told what happened.
let world: World
beforeAll(async () => {
  world = await startWorld({ env: UNLIMITED_RATES })
})
afterAll(() => world?.close())

const CREW_PERMISSIONS = ["cad.unit.self", "cad.view", "pnc.view"]

/** A panel of the board, by its heading. */
const panel = (page: Page, name: "Incidents" | "Units" | "Calls" | "CAD log"): Locator => page.getByRole("region", { name })

/** A row of a panel: the list item that reads `text` (a callsign, a location). */
const row = (page: Page, name: "Incidents" | "Units" | "Calls", text: string): Locator => panel(page, name).getByRole("listitem").filter({ hasText: text })

/** Waits until `locator` reads `text` (a live change drawn). */
const reads = (locator: Locator, text: string | RegExp) => expect.poll(() => locator.innerText(), { timeout: 30_000 }).toMatch(text)

describe("Control and a crew", () => {
  it("the crew books on, Control sees it, creates and assigns an incident, the crew sees it and arrives, Control sees that and closes it", async () => {
    await createUnit(world.adminApi, { callsign: "BT-101", type: "RESPONSE" })
    const control = await world.person({ id: "flow-control", displayName: "Dana Dispatcher" }, { permissions: CONTROL_PERMISSIONS, at: "/control" })
    const crew = await world.person({ id: "flow-crew", displayName: "Olly Officer" }, { permissions: CREW_PERMISSIONS, at: "/mdt" })
    await control.page.getByRole("status", { name: "Live feed" }).getByText("Live").waitFor()
    await reads(row(control.page, "Units", "BT-101"), /Off duty/)

    // The crew books on from the MDT: Control's board shows the unit available, live.
    const mdt = crew.page
    await mdt.getByRole("heading", { name: "MDT", level: 1 }).waitFor()
    await mdt.getByLabel("Unit").selectOption({ label: "BT-101" })
    await mdt.getByLabel("Identifier").fill("PC 4512")
    await checkPage(mdt, "mdt, booking on")
    await mdt.getByRole("button", { name: "Book on" }).click()
    await mdt.getByRole("heading", { name: "My unit: BT-101" }).waitFor()
    await reads(row(control.page, "Units", "BT-101"), /Available/)
    await reads(row(control.page, "Units", "BT-101"), /PC 4512|Olly Officer/)

    // Control opens an incident and assigns the unit by the keyboard path: select the incident, then "Assign to #N".
    const board = control.page
    await board.getByRole("button", { name: "New incident" }).click()
    await board.getByLabel("Type", { exact: true }).fill("Road traffic collision")
    await board.getByLabel("Priority").selectOption({ label: "Immediate" })
    await board.getByLabel("Location").fill("High Street by the station")
    await board.getByLabel("Description").fill("Two cars, one person hurt")
    await checkPage(board, "control, new incident")
    await board.getByRole("button", { name: "Create incident" }).click()
    const incident = row(board, "Incidents", "High Street by the station")
    await reads(incident, /Immediate/)
    const number = /#(\d+)/.exec(await incident.innerText())![1]!
    // The incident just created is the one selected, ready to send a unit to.
    await expect.poll(() => incident.getByRole("button", { name: `Select incident #${number}` }).getAttribute("aria-pressed")).toBe("true")
    await row(board, "Units", "BT-101").getByRole("button", { name: `Assign to #${number}` }).click()
    await reads(row(board, "Units", "BT-101"), /Assigned/)

    // The crew's MDT shows the incident, live; they go en route, then on scene.
    const current = mdt.getByRole("region", { name: "Current incident" })
    await reads(current, new RegExp(`#${number}[\\s\\S]*High Street by the station`))
    await reads(current, /Two cars, one person hurt/)
    const statuses = mdt.getByRole("group", { name: "Change status" })
    expect(await statuses.getByRole("button", { name: "Assigned" }).count()).toBe(0)
    await checkPage(mdt, "mdt, assigned")
    await statuses.getByRole("button", { name: "En route" }).click()
    await reads(row(board, "Units", "BT-101"), /En route/)
    await statuses.getByRole("button", { name: "On scene" }).click()
    await reads(statuses.getByRole("button", { pressed: true }), /^On scene$/)
    await reads(row(board, "Units", "BT-101"), /On scene/)
    await reads(panel(board, "CAD log"), /On scene/)
    await checkPage(board, "control, a unit on scene")

    // Control closes the incident: it leaves the board, and the crew is free again.
    await incident.getByRole("button", { name: "Close incident" }).click()
    await expect.poll(() => incident.count(), { timeout: 30_000 }).toBe(0)
    await reads(row(board, "Units", "BT-101"), /Available/)
    await reads(current, /Not on an incident/)
    await reads(statuses.getByRole("button", { pressed: true }), /^Available$/)
    await checkPage(mdt, "mdt, free again")
  })
})

describe("two dispatchers at once", () => {
  it("assigning the same unit at the same moment: one assignment, and the other dispatcher sees what changed and can redo", async () => {
    const unit = await createUnit(world.adminApi, { callsign: "BT-202" })
    const crewMember = await world.person({ id: "race-crew", displayName: "Rae Crew" }, { permissions: CREW_PERMISSIONS, at: "/mdt" })
    await (await crewMember.api()).run((api) => api.mdt.bookOn({ payload: { unitId: UnitId.make(unit.id), identifier: "PC 99" } }))
    const north = await createIncident(world.adminApi, { location: "North Road" })
    const south = await createIncident(world.adminApi, { location: "South Road" })
    const first = await world.person({ id: "race-one", displayName: "Ada One" }, { permissions: CONTROL_PERMISSIONS, at: "/control" })
    const second = await world.person({ id: "race-two", displayName: "Bea Two" }, { permissions: CONTROL_PERMISSIONS, at: "/control" })

    // Both boards hold the unit as available at the same version, and neither hears of the other's move before making its own.
    for (const { page, context } of [first, second]) {
      await context.route("**/api/cad/events/stream**", (route) => route.abort())
      await page.reload()
      await reads(row(page, "Units", "BT-202"), /Available/)
    }
    await row(first.page, "Incidents", "North Road").getByRole("button", { name: `Select incident #${north.number}` }).click()
    await row(second.page, "Incidents", "South Road").getByRole("button", { name: `Select incident #${south.number}` }).click()
    await Promise.all([
      row(first.page, "Units", "BT-202").getByRole("button", { name: `Assign to #${north.number}` }).click(),
      row(second.page, "Units", "BT-202").getByRole("button", { name: `Assign to #${south.number}` }).click()
    ])

    // Exactly one assignment was made; the other board says someone else changed the unit first, and shows it as it now is.
    const conflict = (page: Page) => page.getByRole("alert").filter({ hasText: "Someone else changed this first" })
    await expect.poll(async () => (await conflict(first.page).count()) + (await conflict(second.page).count()), { timeout: 30_000 }).toBe(1)
    const loser = (await conflict(first.page).count()) === 1 ? first : second
    const winner = loser === first ? second : first
    const notice = conflict(loser.page)
    const winningIncident = winner === first ? north : south
    await reads(notice, /BT-202[\s\S]*Assigned/)
    await reads(notice, new RegExp(`Status\\s+Available → Assigned[\\s\\S]*Incident\\s+— → #${winningIncident.number}`))
    expect(await notice.getByRole("button", { name: "Redo on the new state" }).count()).toBe(1)
    await checkPage(loser.page, "control, a conflict explained")
    const detail = (await world.adminApi.run((api) => api.cadUnits.getUnit({ params: { id: UnitId.make(unit.id) } }))).data
    expect(detail.status).toBe("ASSIGNED")
    expect(detail.incidentId).toBe(winningIncident.id)

    // Live again, both boards agree on where the unit went.
    for (const { page, context } of [first, second]) {
      await context.unroute("**/api/cad/events/stream**")
      await page.reload()
      await reads(row(page, "Units", "BT-202"), /Assigned/)
      await reads(row(page, "Incidents", winningIncident.location), new RegExp(`#${winningIncident.number}`))
    }
  })
})
