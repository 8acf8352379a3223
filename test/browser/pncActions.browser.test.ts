import type { Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf } from "../harness/body.js"
import { UNLIMITED_RATES } from "../harness/server.js"
import { checkPage, startWorld, type World } from "./harness.js"

// The PNC actions on the room's pages (the person's `/pnc/people/:id`, the vehicle's
// `/pnc/vehicles/:id`, the queue `/pnc/warrants`): a citation citing a charge endorses the licence,
// a warrant one officer requests is approved by another (never by its requester), a vehicle marked
// stolen. The scene (a charge, a character with a licence and a vehicle) is set up by the administrator.
let world: World
beforeAll(async () => {
  world = await startWorld({ env: UNLIMITED_RATES })
})
afterAll(() => world?.close())

interface Made {
  readonly id: string
}

/** A character of the administrator's, with a licence (category B) and a vehicle: their ids and the vehicle's plate. */
const driver = async (fullName: string, plate: string) => {
  const api = world.adminApi
  const person = dataOf<Made>(await api.call("POST", "/api/civilians", { fullName, dateOfBirth: "1990-05-01", gender: "MALE", address: "1 High Street" }))
  dataOf<Made>(await api.call("POST", `/api/civilians/${person.id}/licence`, { categories: ["B"] }))
  const vehicle = dataOf<Made>(
    await api.call("POST", `/api/civilians/${person.id}/vehicles`, { plate, make: "Ford", model: "Focus", colour: "Blue", type: "CAR" })
  )
  return { personId: person.id, vehicleId: vehicle.id, plate }
}

/** The actions on someone or something, by the name the actions give themselves. */
const actionsOn = (page: Page, name: string): Locator => page.getByRole("group", { name: `Actions on ${name}` })

const OFFICER = ["pnc.view", "pnc.records.manage", "pnc.licences.manage", "pnc.warrants.manage", "pnc.markers.manage", "pnc.vehicles.manage"]

describe("the PNC actions", () => {
  it("an officer records a citation citing a charge, and sees its endorsement on the licence", async () => {
    dataOf(
      await world.adminApi.call("POST", "/api/pnc/charges", {
        code: "SP30",
        title: "Exceeding the speed limit on a public road",
        category: "Traffic",
        fineMin: 100,
        fineMax: 1000,
        points: 3,
        endorsementCode: "SP30",
        warningApplicable: true
      })
    )
    const scene = await driver("Jamie Driver", "AB12 CDE")
    const officer = await world.person({ id: "pnc-cite", displayName: "Olly Officer" }, { permissions: OFFICER, at: `/pnc/people/${scene.personId}` })
    const page = officer.page
    const actions = actionsOn(page, "Jamie Driver")
    const licence = page.getByRole("region", { name: "Licence" })
    await licence.getByText("No endorsements.").waitFor()
    // The licence is shown once, its actions under its facts; the actions' group only adds.
    expect(await licence.count()).toBe(1)
    await licence.getByRole("button", { name: "Add an endorsement" }).waitFor()
    expect(await actions.getByRole("table").count()).toBe(0)
    await checkPage(page, "pnc actions, person")

    await actions.getByRole("button", { name: "Add a record" }).click()
    const dialog = page.getByRole("dialog", { name: "Add a record" })
    await dialog.getByLabel("Search the charges").fill("speed")
    await dialog.getByRole("button", { name: "Cite SP30" }).click()
    await dialog.getByRole("heading", { name: "Allowed for the charges cited" }).waitFor()
    await expect.poll(() => dialog.getByRole("row", { name: /SP30/ }).innerText()).toMatch(/£100\.00 to £1,000\.00/)
    await dialog.getByLabel("Location").fill("High Street")
    await dialog.getByLabel("Description").fill("48 in a 30 zone outside the school")
    await dialog.getByLabel("Vehicle (optional)").selectOption({ label: scene.plate })
    await checkPage(page, "pnc actions, add a record citing a charge")
    await dialog.getByRole("button", { name: "Add record" }).click()
    await dialog.waitFor({ state: "detached" })

    // The record endorsed the licence in the same change: the page reads it again and shows it, with Remove on its row.
    const endorsement = licence.getByRole("row", { name: /SP30/ })
    await expect.poll(() => endorsement.innerText()).toMatch(/3[\s\S]*REC-\d{6}[\s\S]*Active/)
    expect(await page.getByRole("table", { name: "Endorsements" }).count()).toBe(1)
    await endorsement.getByRole("button", { name: /^Remove endorsement SP30 of / }).waitFor()
    const record = page.getByRole("region", { name: "Records" }).getByRole("row", { name: /REC-\d{6}/ })
    await expect.poll(() => record.innerText()).toMatch(/£100\.00[\s\S]*3[\s\S]*SP30/)
    expect(await record.getByRole("button", { name: /^Close record REC-\d{6}$/ }).count()).toBe(1)
    await checkPage(page, "pnc actions, person with an endorsement")
  })

  it("a second officer approves the warrant the first requested; the first cannot approve their own", async () => {
    dataOf(await world.adminApi.call("PATCH", "/api/admin/settings", { warrantsNeedApproval: true }))
    const scene = await driver("Riley Runner", "WR01 TNT")
    const first = await world.person({ id: "pnc-requester", displayName: "Rae Requester" }, { permissions: OFFICER, at: `/pnc/people/${scene.personId}` })
    const actions = actionsOn(first.page, "Riley Runner")
    await actions.getByRole("button", { name: "Request a warrant" }).click()
    const dialog = first.page.getByRole("dialog", { name: "Request a warrant" })
    await dialog.getByLabel("Reason").fill("Failed to appear at the magistrates' court")
    await checkPage(first.page, "pnc actions, request a warrant")
    await dialog.getByRole("button", { name: "Request warrant" }).click()
    const requested = actions.getByRole("status").filter({ hasText: /WAR-/ })
    await expect.poll(() => requested.innerText()).toMatch(/^Warrant WAR-\d{6} requested: it waits for another officer's approval\.$/)
    const reference = /WAR-\d{6}/.exec(await requested.innerText())![0]

    // Their own request: both decisions disabled, and the page says why.
    await first.page.goto(world.url("/pnc/warrants"))
    const own = first.page.getByRole("row", { name: new RegExp(reference) })
    await expect.poll(() => own.getByRole("button", { name: `Approve warrant ${reference}` }).isDisabled()).toBe(true)
    await expect.poll(() => own.getByRole("button", { name: `Reject warrant ${reference}` }).isDisabled()).toBe(true)
    await own.getByText("Your own request: another officer must decide it.").waitFor()
    await checkPage(first.page, "pnc actions, warrant queue, own request")

    const second = await world.person({ id: "pnc-approver", displayName: "Sam Sergeant" }, { permissions: OFFICER, at: "/pnc/warrants" })
    const theirs = second.page.getByRole("row", { name: new RegExp(reference) })
    await expect.poll(() => theirs.innerText()).toMatch(/Rae Requester/)
    await theirs.getByRole("button", { name: `Approve warrant ${reference}` }).click()
    const approval = second.page.getByRole("dialog", { name: `Approve warrant ${reference}` })
    await approval.getByLabel("Note (optional)").fill("Grounds checked with the court list")
    await checkPage(second.page, "pnc actions, approve a warrant")
    await approval.getByRole("button", { name: "Approve warrant" }).click()
    await expect.poll(() => second.page.getByRole("status").filter({ hasText: /WAR-/ }).innerText()).toBe(`Warrant ${reference} approved: it is now active.`)
    await second.page.getByText("No warrant is waiting for approval.").waitFor()

    // Now in force: on the person's page, active among their warrants, with Close on it, once.
    await first.page.goto(world.url(`/pnc/people/${scene.personId}`))
    const warrant = first.page.getByRole("region", { name: "Markers and warrants" }).getByRole("listitem").filter({ hasText: reference })
    await warrant.getByRole("button", { name: `Close warrant ${reference}` }).waitFor()
    await warrant.getByText("Active", { exact: true }).waitFor()
    expect(await first.page.getByRole("button", { name: `Close warrant ${reference}` }).count()).toBe(1)
    await checkPage(first.page, "pnc actions, person with an active warrant")
  })

  it("an officer marks a vehicle stolen on its page, and the MDT's look-up flags it", async () => {
    const scene = await driver("Kit Keeper", "ST01 LEN")
    const officer = await world.person({ id: "pnc-stolen", displayName: "Vic Vehicles" }, { permissions: OFFICER, at: `/pnc/vehicles/${scene.vehicleId}` })
    const actions = actionsOn(officer.page, scene.plate)
    const markers = officer.page.getByRole("region", { name: "Active markers on the vehicle" })
    await markers.getByText("No active markers.").waitFor()
    await actions.getByText("To mark it stolen, add a Stolen vehicle marker.").waitFor()
    await checkPage(officer.page, "pnc actions, vehicle")
    await actions.getByRole("button", { name: "Add a marker" }).click()
    const dialog = officer.page.getByRole("dialog", { name: "Add a marker" })
    await dialog.getByLabel("Type").selectOption({ label: "Stolen vehicle" })
    await dialog.getByLabel("Reason").fill("Reported stolen by the keeper overnight")
    await checkPage(officer.page, "pnc actions, mark a vehicle stolen")
    await dialog.getByRole("button", { name: "Add marker" }).click()
    await dialog.waitFor({ state: "detached" })
    // The vehicle's one list of markers has it, with Clear; the vehicle reads stolen.
    await markers.getByRole("listitem").filter({ hasText: "Stolen vehicle" }).getByRole("button", { name: /Clear marker MRK-\d{6}/ }).waitFor()
    expect(await officer.page.getByRole("button", { name: /Clear marker MRK-\d{6}/ }).count()).toBe(1)
    await officer.page.getByRole("region", { name: "Statuses" }).getByText("STOLEN", { exact: true }).waitFor()
    await actions.getByText("It reads stolen while its Stolen vehicle marker is active: clearing the marker ends that.").waitFor()
    await checkPage(officer.page, "pnc actions, vehicle marked stolen")

    // A crew's quick look-up on the MDT flags it too, found by a fragment of its plate.
    const crew = await world.person({ id: "pnc-stolen-crew", displayName: "Cal Crew" }, { permissions: ["cad.unit.self", "pnc.view"], at: "/mdt" })
    await crew.page.getByLabel("PNC look-up").fill("T01 L")
    const hit = crew.page.getByRole("list", { name: "Results" }).getByRole("button", { name: /ST01 LEN/ })
    await hit.getByText("STOLEN", { exact: true }).waitFor()
    await checkPage(crew.page, "mdt, a stolen vehicle looked up")
  })
})
