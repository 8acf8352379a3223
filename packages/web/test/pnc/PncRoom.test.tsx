// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query"
import { cleanup, render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { Router } from "wouter"
import { memoryLocation } from "wouter/memory-location"
import { makeQueryClient } from "../../src/api/queryClient.js"
import { resetProblem } from "../../src/app/problems.js"
import PncRoom from "../../src/pnc/PncRoom.js"
import { signedIn } from "../signedIn.js"
import { ok, page, refusal, seen, serve } from "../fakeServer.js"
import {
  AT,
  event,
  licence,
  marker,
  OFFICER,
  OTHER_PERSON,
  person,
  PERSON,
  personHit,
  record,
  VEHICLE,
  vehicleRecord,
  vehicleSummary,
  warrant
} from "./fixtures.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const VIEW = ["pnc.view"]
const DECIDES = ["pnc.view", "pnc.warrants.manage"]

/** The room as the app mounts it: nested under `/pnc`, at `path` (with its `?search`). */
const renderRoom = (path: string, permissions: ReadonlyArray<string> = VIEW) => {
  const [pathname, search = ""] = path.split("?")
  const location = memoryLocation({ path: `/pnc${pathname === "/" ? "" : pathname}`, searchPath: search, record: true })
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook} base="/pnc">
        <PncRoom me={signedIn("Olly Officer", permissions, OFFICER, AT)} />
      </Router>
    </QueryClientProvider>
  )
  return location
}

const requests = (path: string) => seen.filter((request) => request.url.pathname === path)

describe("the search", () => {
  it("searches people and vehicles for the words typed (a plate fragment with its space), each result a link to its record", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/pnc/civilians": () => page([personHit]),
      "GET /api/pnc/vehicles": () => page([vehicleSummary({ stolen: true, alerts: { markers: 1 } })])
    })
    renderRoom("/")
    await user.type(screen.getByRole("searchbox", { name: "Search people and vehicles" }), "2 CD")
    const vehicleLink = await screen.findByRole("link", { name: "AB12 CDE" })
    expect(vehicleLink.getAttribute("href")).toBe(`/pnc/vehicles/${VEHICLE}`)
    expect(screen.getByRole("link", { name: "Jane Keeper" }).getAttribute("href")).toBe(`/pnc/people/${PERSON}`)
    expect(within(screen.getByRole("list", { name: "Alerts: AB12 CDE" })).getByText("STOLEN")).toBeTruthy()
    expect(screen.getByRole("status").textContent).toBe("1 vehicle and 1 person found for “2 CD”.")
    // Only the words as they stood when typing paused were searched, in both lists at once.
    const searched = [...requests("/api/pnc/vehicles"), ...requests("/api/pnc/civilians")].filter((request) => !request.aborted)
    expect(searched.map((request) => request.url.searchParams.get("search"))).toEqual(["2 CD", "2 CD"])
  })

  it("keeps the words in the address, and searches them at once when the page opens with them", async () => {
    serve({
      "GET /api/pnc/civilians": () => page([]),
      "GET /api/pnc/vehicles": () => page([vehicleSummary()], { hasMore: true })
    })
    renderRoom("/?q=AB12")
    await screen.findByRole("link", { name: "AB12 CDE" })
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("AB12")
    expect(screen.getByText("No person matches.")).toBeTruthy()
    expect(screen.getByText("More match: add words to narrow the search.")).toBeTruthy()
  })

  it("shows the API's refusal", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/pnc/civilians": () => refusal(429, "RATE_LIMITED", "Too many requests: wait 20 seconds"),
      "GET /api/pnc/vehicles": () => page([])
    })
    renderRoom("/")
    await user.type(screen.getByRole("searchbox"), "Jane")
    expect((await screen.findByRole("alert")).textContent).toBe("Too many requests: wait 20 seconds")
  })

  it("offers the warrant queue only to those who decide warrants", () => {
    serve({})
    renderRoom("/", DECIDES)
    expect(screen.getByRole("link", { name: "Warrants awaiting approval" }).getAttribute("href")).toBe("/pnc/warrants")
    cleanup()
    renderRoom("/")
    expect(screen.queryByRole("link", { name: "Warrants awaiting approval" })).toBeNull()
  })
})

describe("a person's record", () => {
  const serveJane = (over: Record<string, unknown> = {}, history: ReadonlyArray<unknown> = []) =>
    serve({
      [`GET /api/pnc/civilians/${PERSON}`]: () => ok(person(over)),
      [`GET /api/pnc/civilians/${PERSON}/records`]: () => page([record()]),
      "GET /api/pnc/events": () => page(history)
    })

  it("shows the details, licence, endorsements (removed ones struck through, with who removed them), vehicles, records with their charges", async () => {
    serveJane()
    renderRoom(`/people/${PERSON}`)
    expect(await screen.findByRole("heading", { name: "Jane Keeper", level: 1 })).toBeTruthy()
    const licencePanel = screen.getByRole("region", { name: "Licence" })
    expect(within(licencePanel).getByText("Valid")).toBeTruthy()
    const removed = within(licencePanel).getByText("CU80")
    expect(removed.tagName).toBe("S")
    expect(within(licencePanel).getByText(/Removed by Sara Sergeant/).textContent).toContain("Appeal upheld")
    expect(within(screen.getByRole("region", { name: "Vehicles" })).getByRole("link", { name: "AB12 CDE" }).getAttribute("href"))
      .toBe(`/pnc/vehicles/${VEHICLE}`)
    const records = screen.getByRole("region", { name: "Records" })
    await within(records).findByText("2 × SP30 Speeding")
    expect(within(records).getByText("£100.00")).toBeTruthy()
    // Viewing only: nothing to add, so no Actions panel (and nothing to press anywhere on the page).
    expect(screen.queryByRole("region", { name: "Actions" })).toBeNull()
    expect(screen.queryAllByRole("button")).toEqual([])
    // The owner only comes with civilians.manage: absent here, so not shown.
    expect(screen.queryByText("Owner (account)")).toBeNull()
    expect(screen.getByRole("link", { name: "PNC history" }).getAttribute("href")).toBe(`/pnc/people/${PERSON}/history`)
  })

  it("puts warrants, wanted and officer safety at the top in red with their words, and the owner when the API gives it", async () => {
    serveJane({ warrants: [warrant()], markers: [marker("OFFICER_SAFETY")], owner: { id: OFFICER, displayName: "Mo Member" } })
    renderRoom(`/people/${PERSON}`)
    const alerts = await screen.findByRole("list", { name: "Alerts" })
    expect(within(alerts).getAllByRole("listitem").map((item) => [item.textContent, item.className])).toEqual([
      ["WANTED: 1 active warrant", "badge danger"],
      ["OFFICER SAFETY", "badge danger"]
    ])
    expect(screen.getByText("Mo Member")).toBeTruthy()
  })

  it("explains a totting-up suspension with the points and threshold it reached", async () => {
    serveJane(
      { licence: licence({ status: "SUSPENDED", suspensionReason: "TOTTING_UP", suspendedUntil: "2027-06-02T05:00:00.000Z", points: 12 }) },
      [event("LICENCE_SUSPENDED", { number: "N", reason: "TOTTING_UP", until: "2027-06-02T05:00:00.000Z", points: 12, threshold: 12, automatic: true })]
    )
    renderRoom(`/people/${PERSON}`)
    expect(await screen.findByText("Suspended automatically: 12 points reached the threshold of 12")).toBeTruthy()
    expect(within(screen.getByRole("region", { name: "Licence" })).getByText("Suspended")).toBeTruthy()
  })

  it("shows the API's refusal for a record that is not there, and no page at all for an address that is no id", async () => {
    serve({ [`GET /api/pnc/civilians/${PERSON}`]: () => refusal(404, "NOT_FOUND", "No such person") })
    renderRoom(`/people/${PERSON}`)
    expect((await screen.findByRole("alert")).textContent).toBe("No such person")
    cleanup()
    renderRoom("/people/not.an.id")
    expect(screen.getByRole("alert").textContent).toContain("No such PNC page.")
  })
})

describe("a vehicle's record", () => {
  it("shows the plate, statuses, the keeper (a link) and every keeper before, and the keeper's warrants as an alert", async () => {
    serve({
      [`GET /api/pnc/vehicles/${VEHICLE}`]: () =>
        ok(vehicleRecord({ insuranceStatus: "UNINSURED", keeper: { ...vehicleRecord().keeper, alerts: { markers: 0, warrants: 1 } } }))
    })
    renderRoom(`/vehicles/${VEHICLE}`)
    expect(await screen.findByRole("heading", { name: "AB12 CDE", level: 1 })).toBeTruthy()
    const alerts = screen.getByRole("list", { name: "Alerts" })
    expect(within(alerts).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["KEEPER WANTED: 1 active warrant", "Uninsured"])
    const keeper = screen.getByRole("region", { name: "Current keeper" })
    expect(within(keeper).getByRole("link", { name: "Jane Keeper" }).getAttribute("href")).toBe(`/pnc/people/${PERSON}`)
    const chain = within(screen.getByRole("region", { name: "Keepers" })).getAllByRole("row").slice(1)
    expect(chain.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["Jane Keeper CIV-000001", "2 Dec 2026", "Now"],
      ["Sam Seller CIV-000002", "2 Jan 2026", "2 Dec 2026"]
    ])
    expect(within(chain[1]!).getByRole("link", { name: "Sam Seller" }).getAttribute("href")).toBe(`/pnc/people/${OTHER_PERSON}`)
    expect(within(screen.getByRole("region", { name: "Statuses" })).getByText("Uninsured")).toBeTruthy()
    expect(screen.queryByRole("region", { name: "Actions" })).toBeNull()
    expect(screen.queryAllByRole("button")).toEqual([])
  })
})

describe("the history", () => {
  it("lists the entries in words, newest first, and pages on through the address", async () => {
    const user = userEvent.setup()
    serve({
      [`GET /api/pnc/vehicles/${VEHICLE}`]: () => ok(vehicleRecord()),
      "GET /api/pnc/events": ({ url }) =>
        page(
          url.searchParams.get("offset") === "0"
            ? [
              event("KEEPER_CHANGED", { plate: "AB12 CDE", from: { id: OTHER_PERSON, reference: "CIV-000002" }, to: { id: PERSON, reference: "CIV-000001" } }, {
                actor: { owner: true }
              })
            ]
            : [
              event("VEHICLE_REGISTERED", { plate: "AB12 CDE", make: "Ford", model: "Focus", keeper: "CIV-000002" }, {
                actor: { serviceId: "01a2352a-d94e-7539-a6d0-e6e376d98aaa" }
              })
            ],
          { hasMore: url.searchParams.get("offset") === "0", offset: Number(url.searchParams.get("offset")) }
        )
    })
    const location = renderRoom(`/vehicles/${VEHICLE}/history`)
    expect(await screen.findByRole("heading", { name: "PNC history: AB12 CDE" })).toBeTruthy()
    const firstRow = screen.getAllByRole("row")[1]!
    expect(within(firstRow).getAllByRole("cell").slice(1).map((cell) => cell.textContent)).toEqual([
      "Keeper changed",
      "The character's owner",
      "AB12 CDE: CIV-000002 → CIV-000001"
    ])
    expect(requests("/api/pnc/events")[0]!.url.searchParams.get("vehicleId")).toBe(VEHICLE)
    expect((screen.getByRole("button", { name: "Newer" }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole("button", { name: "Older" }))
    await screen.findByText("Vehicle registered")
    expect(location.history.at(-1)).toBe(`/pnc/vehicles/${VEHICLE}/history?offset=25`)
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Entries 26 to 26, newest first"))
    expect((screen.getByRole("button", { name: "Older" }) as HTMLButtonElement).disabled).toBe(true)
  })

  it("shows the refusal when the record whose history it is cannot be read", async () => {
    serve({
      [`GET /api/pnc/civilians/${PERSON}`]: () => refusal(404, "NOT_FOUND", "No such person"),
      "GET /api/pnc/events": () => page([])
    })
    renderRoom(`/people/${PERSON}/history`)
    expect((await screen.findByRole("alert")).textContent).toBe("No such person")
    expect(requests("/api/pnc/events")[0]!.url.searchParams.get("civilianId")).toBe(PERSON)
  })
})
