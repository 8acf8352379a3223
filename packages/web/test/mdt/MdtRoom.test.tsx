// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query"
import { cleanup, render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { makeQueryClient } from "../../src/api/queryClient.js"
import { resetProblem } from "../../src/app/problems.js"
import { type Answer, ok, page, refusal, seen, serve } from "../fakeServer.js"
import { signedIn } from "../signedIn.js"
import MdtRoom from "../../src/mdt/MdtRoom.js"
import { ACCOUNT, AT, crewMember, INCIDENT, incidentJson, UNIT, unitJson } from "./fixtures.js"

const me = (permissions: ReadonlyArray<string>) => signedIn("Olly Officer", permissions, ACCOUNT, AT)

// Without cad.view the MDT follows no feed (it polls): these tests look at the MDT's own reads and writes.
const CREW_ONLY = ["cad.unit.self", "pnc.view"]

const renderMdt = (permissions: ReadonlyArray<string> = CREW_ONLY) =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <MdtRoom me={me(permissions)} />
    </QueryClientProvider>
  )

const NOT_CREWING = { crew: null, unit: null, incident: null }

afterEach(() => {
  cleanup()
  resetProblem()
})

describe("booking on", () => {
  it("keeps the typed identifier when the API refuses it, with its problem beside the field", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/mdt/me": () => ok(NOT_CREWING),
      "GET /api/cad/units": () => page([unitJson({ status: "OFF_DUTY", crew: [] })]),
      "POST /api/mdt/book-on": () => refusal(400, "INVALID_INPUT", "The crew identifier is not valid", [{ path: ["identifier"], message: "Must be one line" }])
    })
    renderMdt(["cad.unit.self", "cad.view"])
    expect(await screen.findByRole("heading", { name: "MDT" })).toBeTruthy()
    const form = await screen.findByRole("form", { name: "Book on" })
    await user.selectOptions(within(form).getByRole("combobox", { name: "Unit" }), await within(form).findByRole("option", { name: "MP21" }))
    await user.type(within(form).getByRole("textbox", { name: "Identifier" }), "4521 x")
    await user.click(within(form).getByRole("button", { name: "Book on" }))
    expect((await screen.findByRole("alert")).textContent).toContain("The crew identifier is not valid")
    const field = within(form).getByRole("textbox", { name: "Identifier" }) as HTMLInputElement
    expect(field.value).toBe("4521 x")
    expect(field.getAttribute("aria-invalid")).toBe("true")
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe("Must be one line")
    const sent = seen.find((request) => request.method === "POST")
    expect(sent?.url.pathname).toBe("/api/mdt/book-on")
  })
})

describe("my unit's status", () => {
  it("offers en route and on scene while assigned, never Assigned as a choice", async () => {
    serve({
      "GET /api/mdt/me": () => ok({ crew: crewMember(UNIT), unit: unitJson({ status: "ASSIGNED", incidentId: INCIDENT }), incident: incidentJson() })
    })
    renderMdt()
    const group = await screen.findByRole("group", { name: "Change status" })
    expect(within(group).getAllByRole("button").map((button) => button.textContent)).toEqual(["En route", "On scene"])
    expect(within(group).queryByRole("button", { name: "Assigned" })).toBeNull()
    expect(screen.getByText("Assigned")).toBeTruthy()
    const incident = screen.getByRole("region", { name: "Current incident" })
    expect(within(incident).getByText("#42")).toBeTruthy()
    expect(within(incident).getByText("A1 junction 4")).toBeTruthy()
    expect(within(incident).getByText("Two vehicles, one injured")).toBeTruthy()
  })

  it("marks the current status pressed, and on a conflict shows the API's message and the unit as it now is", async () => {
    const user = userEvent.setup()
    let reads = 0
    serve({
      "GET /api/mdt/me": () => {
        reads += 1
        return ok({ crew: crewMember(UNIT), unit: unitJson(reads === 1 ? { status: "AVAILABLE" } : { status: "UNAVAILABLE", version: 4 }), incident: null })
      },
      "POST /api/mdt/status": () => refusal(409, "CAD_CONFLICT", "The unit was changed by someone else")
    })
    renderMdt()
    const group = await screen.findByRole("group", { name: "Change status" })
    expect(within(group).getByRole("button", { name: "Available" }).getAttribute("aria-pressed")).toBe("true")
    expect(within(group).getByRole("button", { name: "Busy" }).getAttribute("aria-pressed")).toBe("false")
    await user.click(within(group).getByRole("button", { name: "Busy" }))
    expect((await screen.findByRole("alert")).textContent).toContain("The unit was changed by someone else")
    await waitFor(() => expect(within(group).getByRole("button", { name: "Unavailable" }).getAttribute("aria-pressed")).toBe("true"))
    expect(reads).toBe(2)
  })
})

describe("the PNC look-up", () => {
  it("cancels a superseded search and shows the stolen flag of the latest", async () => {
    const user = userEvent.setup()
    const vehicle = {
      id: "01a2352a-d94e-7539-a6d0-e6e376d99001",
      plate: "AB12 CDE",
      make: "Ford",
      model: "Focus",
      colour: "Silver",
      type: "CAR",
      registrationStatus: "REGISTERED",
      insuranceStatus: "INSURED",
      motStatus: "VALID",
      taxStatus: "TAXED",
      createdAt: AT,
      updatedAt: AT,
      stolen: true,
      alerts: { markers: 1 },
      keeper: { id: "01a2352a-d94e-7539-a6d0-e6e376d99002", reference: "CIV-000123", fullName: "Sam Keeper" }
    }
    // The first words' search answers only when cancelled (never, if it is not): the latest words' at once.
    const search = ({ url, signal }: { url: URL; signal: AbortSignal | undefined }) =>
      url.searchParams.get("search") === "AB12"
        ? (url.pathname.endsWith("vehicles") ? page([vehicle]) : page([]))
        : new Promise<Answer>((resolve) => signal?.addEventListener("abort", () => resolve(page([{ ...vehicle, plate: "AB1 OLD", stolen: false }]))))
    serve({ "GET /api/mdt/me": () => ok(NOT_CREWING), "GET /api/pnc/vehicles": search, "GET /api/pnc/civilians": search })
    renderMdt()
    const field = await screen.findByRole("searchbox", { name: "PNC look-up" })
    await user.type(field, "AB1")
    await waitFor(() => expect(seen.filter((request) => request.url.pathname.startsWith("/api/pnc/")).length).toBe(2))
    await user.type(field, "2")
    const results = await screen.findByRole("list", { name: "Results" })
    expect(within(results).getByText("STOLEN")).toBeTruthy()
    expect(within(results).getByText("AB12 CDE")).toBeTruthy()
    expect(within(results).queryByText("AB1 OLD")).toBeNull()
    const first = seen.filter((request) => request.url.searchParams.get("search") === "AB1")
    expect(first.length).toBe(2)
    expect(first.every((request) => request.aborted)).toBe(true)
  })

  it("is not shown without pnc.view", async () => {
    serve({ "GET /api/mdt/me": () => ok(NOT_CREWING) })
    renderMdt(["cad.unit.self"])
    expect(await screen.findByRole("heading", { name: "MDT" })).toBeTruthy()
    await screen.findByRole("form", { name: "Book on" })
    expect(screen.queryByRole("searchbox", { name: "PNC look-up" })).toBeNull()
  })
})
