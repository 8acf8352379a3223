import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkPage, startWorld, type World } from "./harness.js"

// The PNC room in Chromium against the real server: a scene set up through the API as the
// administrator (characters, licences, vehicles, a record, an endorsement, a stolen-vehicle marker),
// then officers searching, following the keeper chain, opening a record's address, reading history.

const OFFICER = ["pnc.view", "pnc.records.manage", "pnc.warrants.manage", "pnc.markers.manage", "pnc.licences.manage", "pnc.vehicles.manage"]

let world: World

interface Created {
  readonly id: string
  readonly reference?: string
}

/** A write as the administrator, through the API: the answer's `data`, or the test fails with the refusal. */
const adminWrite = async <T = Created>(method: string, path: string, body: unknown): Promise<T> => {
  const reply = await world.adminApi.call(method, path, body)
  expect(reply.status, `${method} ${path}: ${reply.text}`).toBeLessThan(300)
  return (JSON.parse(reply.text) as { data: T }).data
}

const character = (fullName: string, dateOfBirth: string) =>
  adminWrite("POST", "/api/civilians", { fullName, dateOfBirth, gender: "FEMALE", address: "1 High Street, Anytown" })
const licence = (civilianId: string) => adminWrite("POST", `/api/civilians/${civilianId}/licence`, { categories: ["B"] })
const vehicle = (civilianId: string, plate: string, make: string, model: string) =>
  adminWrite("POST", `/api/civilians/${civilianId}/vehicles`, { plate, make, model, colour: "Blue", type: "CAR" })
const endorse = (licenceId: string, points: number, code = "SP30") =>
  adminWrite("POST", `/api/pnc/licences/${licenceId}/endorsements`, { code, reason: "Speeding, 38 in a 30 zone", points })

let keeper: Created
let keptVehicle: Created
let stolenVehicle: Created
let totted: Created

beforeAll(async () => {
  world = await startWorld()
  keeper = await character("Jane Keeper", "1990-05-14")
  const keeperLicence = await licence(keeper.id)
  keptVehicle = await vehicle(keeper.id, "AB12 CDE", "Ford", "Focus")
  const removed = await endorse(keeperLicence.id, 3) as unknown as { endorsements: ReadonlyArray<{ id: string }> }
  await adminWrite("POST", `/api/pnc/licences/${keeperLicence.id}/endorsements/${removed.endorsements[0]!.id}/remove`, { reason: "Appeal upheld" })
  await endorse(keeperLicence.id, 3, "CU80")
  await adminWrite("POST", "/api/pnc/records", {
    civilianId: keeper.id,
    type: "CITATION",
    title: "Using a mobile phone while driving",
    description: "Seen holding a phone at the lights",
    location: "Market Square",
    occurredAt: new Date(Date.now() - 86_400_000).toISOString(),
    fineAmount: 200,
    vehicleId: keptVehicle.id
  })

  const owner = await character("Sam Stolen", "1985-02-01")
  stolenVehicle = await vehicle(owner.id, "CD34 EFG", "Vauxhall", "Astra")
  await adminWrite("POST", "/api/pnc/markers", { type: "STOLEN_VEHICLE", vehicleId: stolenVehicle.id, reason: "Taken from a driveway overnight" })

  // Twelve points on a valid licence: suspended by totting-up at the default threshold of 12.
  totted = await character("Tom Totted", "1979-11-30")
  const tottedLicence = await licence(totted.id)
  await endorse(tottedLicence.id, 6)
  await endorse(tottedLicence.id, 6)
})
afterAll(() => world?.close())

describe("the PNC", () => {
  it("finds a vehicle by a fragment of its plate with a space, follows its keeper to the person, and reads their history", async () => {
    const officer = await world.person({ id: "pnc-officer", displayName: "Pat Constable" }, { permissions: OFFICER, at: "/pnc" })
    const { page } = officer
    await page.getByRole("heading", { name: "PNC", level: 1 }).waitFor()
    await page.getByRole("link", { name: "Warrants awaiting approval" }).waitFor()
    await checkPage(page, "pnc search, empty")

    await page.getByRole("searchbox", { name: "Search people and vehicles" }).pressSequentially("2 CD")
    const result = page.getByRole("link", { name: "AB12 CDE" })
    await result.waitFor()
    await page.getByRole("status").filter({ hasText: "found" }).waitFor()
    await checkPage(page, "pnc search, results")

    await result.click()
    await page.getByRole("heading", { name: "AB12 CDE", level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/pnc/vehicles/${keptVehicle.id}`)
    const current = page.getByRole("region", { name: "Current keeper" })
    await current.getByRole("link", { name: "Jane Keeper" }).waitFor()
    await page.getByRole("region", { name: "Keepers" }).getByRole("cell", { name: "Now" }).waitFor()
    await page.getByRole("region", { name: "Actions" }).waitFor()
    await checkPage(page, "pnc vehicle")

    await current.getByRole("link", { name: "Jane Keeper" }).click()
    await page.getByRole("heading", { name: "Jane Keeper", level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/pnc/people/${keeper.id}`)
    // The first "Licence" region is the record's panel; the PNC actions hold a second one, with its own actions.
    const licencePanel = page.getByRole("region", { name: "Licence" }).first()
    await licencePanel.getByText("Valid", { exact: true }).waitFor()
    await licencePanel.getByText(/Removed by Bea Browser-Admin/).waitFor()
    await page.getByRole("region", { name: "Vehicles" }).getByRole("link", { name: "AB12 CDE" }).waitFor()
    await page.getByRole("region", { name: "Records" }).first().getByRole("cell", { name: "£200.00" }).waitFor()
    await page.getByRole("region", { name: "Actions" }).waitFor()
    await checkPage(page, "pnc person")

    await page.getByRole("link", { name: "PNC history" }).click()
    await page.getByRole("heading", { name: "PNC history: Jane Keeper" }).waitFor()
    await page.getByRole("cell", { name: "Endorsement removed" }).waitFor()
    await page.getByRole("cell", { name: "Record created" }).waitFor()
    await checkPage(page, "pnc person history")

    await page.goto(world.url(`/pnc/vehicles/${keptVehicle.id}/history`))
    await page.getByRole("heading", { name: "PNC history: AB12 CDE" }).waitFor()
    await page.getByRole("cell", { name: "Vehicle registered" }).waitFor()
    await checkPage(page, "pnc vehicle history")

    // Going back to the search shows the words typed and their results again.
    await page.goto(world.url("/pnc?q=2%20CD"))
    await page.getByRole("link", { name: "AB12 CDE" }).waitFor()
  })

  it("opens a record's address directly in a second officer's browser", async () => {
    const second = await world.person({ id: "pnc-second", displayName: "Robin Sergeant" }, { permissions: ["pnc.view"], at: `/pnc/people/${keeper.id}` })
    await second.page.getByRole("heading", { name: "Jane Keeper", level: 1 }).waitFor()
    await second.page.getByRole("region", { name: "Licence" }).getByText("Valid", { exact: true }).waitFor()
    // Without pnc.warrants.manage, no queue is offered.
    expect(await second.page.getByRole("link", { name: "Warrants awaiting approval" }).count()).toBe(0)
    await second.page.goto(world.url(`/pnc/vehicles/${keptVehicle.id}`))
    await second.page.getByRole("heading", { name: "AB12 CDE", level: 1 }).waitFor()
    // Without audit.view, no link to the record's audit entries.
    expect(await second.page.getByRole("link", { name: "Audit entries" }).count()).toBe(0)
  })

  it("links a person's record to its audit entries for someone holding audit.view", async () => {
    const auditor = await world.person({ id: "pnc-auditor", displayName: "Aud Itor" }, {
      permissions: ["pnc.view", "audit.view"],
      at: `/pnc/people/${keeper.id}`
    })
    await auditor.page.getByRole("heading", { name: "Jane Keeper", level: 1 }).waitFor()
    await auditor.page.getByRole("link", { name: "Audit entries" }).click()
    await auditor.page.waitForURL((url) => url.pathname === "/audit" && url.searchParams.get("targetId") === keeper.id)
    await auditor.page.getByRole("heading", { name: "Audit log", level: 1 }).waitFor()
    await expect.poll(() => auditor.page.getByRole("main").innerText()).toMatch(/civilian\.created/)
  })

  it("shows a stolen vehicle's flag on the search result and at the top of its record", async () => {
    const officer = await world.person({ id: "pnc-stolen", displayName: "Sid Patrol" }, { permissions: OFFICER, at: "/pnc" })
    const { page } = officer
    await page.getByRole("searchbox", { name: "Search people and vehicles" }).pressSequentially("cd34")
    await page.getByRole("list", { name: "Alerts: CD34 EFG" }).getByText("STOLEN", { exact: true }).waitFor()
    await checkPage(page, "pnc search, stolen")
    await page.getByRole("link", { name: "CD34 EFG" }).click()
    await page.getByRole("heading", { name: "CD34 EFG", level: 1 }).waitFor()
    await page.getByRole("list", { name: "Alerts", exact: true }).getByText("STOLEN", { exact: true }).waitFor()
    await page.getByRole("region", { name: "Active markers on the vehicle" }).getByText(/Taken from a driveway overnight/).waitFor()
    await checkPage(page, "pnc vehicle, stolen")
  })

  it("explains a licence suspended by totting-up", async () => {
    const officer = await world.person({ id: "pnc-totting", displayName: "Tess Traffic" }, { permissions: ["pnc.view"], at: `/pnc/people/${totted.id}` })
    const licencePanel = officer.page.getByRole("region", { name: "Licence" })
    await licencePanel.getByText("Suspended automatically: 12 points reached the threshold of 12").waitFor()
    await checkPage(officer.page, "pnc person, totting-up")
  })

  it("refuses the room to someone without pnc.view, even at a record's address", async () => {
    const member = await world.person({ id: "pnc-member", displayName: "Max Member" }, { at: `/pnc/people/${keeper.id}` })
    await member.page.getByRole("heading", { name: "Not for this account" }).waitFor()
    expect(await member.page.getByRole("heading", { name: "Jane Keeper" }).count()).toBe(0)
  })
})
