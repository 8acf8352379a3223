// @vitest-environment jsdom
import "../fakeServer.js"
import { QueryClientProvider } from "@tanstack/react-query"
import { cleanup, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { Router } from "wouter"
import { memoryLocation } from "wouter/memory-location"
import { makeQueryClient } from "../../src/api/queryClient.js"
import { resetProblem } from "../../src/app/problems.js"
import StaffRoom from "../../src/staff/StaffRoom.js"
import { ok, page, refusal, requestsTo, serve } from "../fakeServer.js"
import { memberJson, OTHER_ROLE, OTHER_STAFF, ROLE, STAFF, staffPerson } from "./fixtures.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const renderRoom = (permissions: ReadonlyArray<string>, path = "/") => {
  const location = memoryLocation({ path, record: true })
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <Router hook={location.hook}>
        <StaffRoom me={staffPerson(permissions, null)} />
      </Router>
    </QueryClientProvider>
  )
  return location
}

describe("the staff profiles", () => {
  it("lists profiles with each role's source in words, each name a link to the profile's page", async () => {
    serve({
      "GET /api/staff": () => page([memberJson(), memberJson({ id: STAFF, account: { id: STAFF, displayName: "Quinn Quiet" }, active: false, roles: [] })])
    })
    renderRoom(["staff.view"])
    const table = await screen.findByRole("table", { name: "Staff profiles" })
    const petra = within(table).getByRole("row", { name: /Petra Patrol/ })
    expect(petra.textContent).toContain("Moderator (given by hand)")
    expect(petra.textContent).toContain("Patrol lead (from the chat server)")
    expect(petra.textContent).toContain("Active")
    expect(within(table).getByRole("row", { name: /Quinn Quiet/ }).textContent).toContain("Inactive")
    expect(within(petra).getByRole("link", { name: "Petra Patrol" }).getAttribute("href")).toBe(`/profiles/${OTHER_STAFF}`)
    // Without staff.manage, nothing to make.
    expect(screen.queryByRole("link", { name: "New staff profile" })).toBeNull()
  })
})

describe("a new staff profile", () => {
  it("without admin.manage takes an account id, offers the roles staff hold, and shows the API's problems beside the fields", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/staff": () => page([memberJson()]),
      "POST /api/staff": () =>
        refusal(400, "INVALID_INPUT", "The request is not valid", [
          { path: ["accountId"], message: "No account has this id" },
          { path: ["roleIds", "0"], message: "Unknown role" }
        ])
    })
    renderRoom(["staff.view", "staff.manage"], "/new")
    const form = await screen.findByRole("form", { name: "New staff profile" })
    expect(within(form).queryByRole("searchbox", { name: "Find account" })).toBeNull()
    await user.type(within(form).getByRole("textbox", { name: "Account id" }), "01a2352a-d94e-7539-a6d0-e6e376d98999")
    const roles = within(form).getByRole("group", { name: "Roles" })
    await user.click(await within(roles).findByRole("checkbox", { name: "Patrol lead" }))
    await user.click(within(form).getByRole("button", { name: "Create staff profile" }))
    expect(requestsTo("POST /api/staff")[0]!.body).toEqual({ accountId: "01a2352a-d94e-7539-a6d0-e6e376d98999", roleIds: [OTHER_ROLE] })
    expect((await within(form).findByRole("alert")).textContent).toContain("The request is not valid")
    const accountField = within(form).getByRole("textbox", { name: "Account id" })
    expect(accountField.getAttribute("aria-invalid")).toBe("true")
    expect(accountField.getAttribute("aria-describedby")).toContain(screen.getByText("No account has this id").closest("ul")!.id)
    expect(within(roles).getByText("Unknown role")).toBeTruthy()
    // What was typed stays.
    expect((accountField as HTMLInputElement).value).toBe("01a2352a-d94e-7539-a6d0-e6e376d98999")
  })

  it("with admin.manage finds the account by name and offers every role", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/admin/accounts": ({ url }) =>
        page(
          url.searchParams.get("search") === "Pet"
            ? [{
              id: "01a2352a-d94e-7539-a6d0-e6e376d98960",
              displayName: "Petra Patrol",
              status: "ACTIVE",
              identity: { id: "p", username: "petra", avatar: null },
              platform: null,
              createdAt: "2026-03-14T18:00:00.000Z",
              updatedAt: "2026-03-14T18:00:00.000Z"
            }]
            : []
        ),
      "GET /api/admin/roles": () => page([{ id: ROLE, name: "Moderator", permissions: ["moderation.view"] }]),
      "POST /api/staff": () => ok(memberJson({ roles: [{ id: ROLE, name: "Moderator", source: "MANUAL" }] }), 201),
      "GET /api/staff": () => page([])
    })
    const location = renderRoom(["staff.view", "staff.manage", "admin.manage"], "/new")
    const form = await screen.findByRole("form", { name: "New staff profile" })
    await user.type(within(form).getByRole("searchbox", { name: "Find account" }), "Pet")
    await user.click(await within(form).findByRole("radio", { name: /Petra Patrol/ }))
    await user.click(await within(form).findByRole("checkbox", { name: "Moderator" }))
    await user.click(within(form).getByRole("button", { name: "Create staff profile" }))
    expect(requestsTo("POST /api/staff")[0]!.body).toEqual({ accountId: "01a2352a-d94e-7539-a6d0-e6e376d98960", roleIds: [ROLE] })
    await screen.findByRole("heading", { name: "Staff profile: Petra Patrol" })
    expect(location.history?.at(-1)).toBe(`/profiles/${OTHER_STAFF}`)
  })
})

describe("a profile's page", () => {
  it("changes only the roles given by hand; a role from the chat server is shown, not offered; deactivating shows the refusal", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/staff": () => page([memberJson()]),
      [`GET /api/staff/${OTHER_STAFF}`]: () => ok(memberJson()),
      [`PATCH /api/staff/${OTHER_STAFF}`]: ({ body }) =>
        "active" in (body as object)
          ? refusal(403, "FORBIDDEN", "Changing the profile of someone holding admin.manage needs admin.manage")
          : ok(memberJson({ roles: [{ id: OTHER_ROLE, name: "Patrol lead", source: "PROVIDER" }], updatedAt: "2026-03-14T19:00:00.000Z" }))
    })
    renderRoom(["staff.view", "staff.manage"], `/profiles/${OTHER_STAFF}`)
    await screen.findByRole("heading", { name: "Staff profile: Petra Patrol" })
    const editor = screen.getByRole("form", { name: "Roles given by hand" })
    const provider = await within(editor).findByRole("checkbox", { name: /Patrol lead/ })
    expect((provider as HTMLInputElement).checked && (provider as HTMLInputElement).disabled).toBe(true)
    await user.click(within(editor).getByRole("checkbox", { name: "Moderator" }))
    await user.click(within(editor).getByRole("button", { name: "Save roles" }))
    expect(requestsTo(`PATCH /api/staff/${OTHER_STAFF}`)[0]!.body).toEqual({ roleIds: [] })
    await user.click(screen.getByRole("button", { name: "Deactivate" }))
    expect((await screen.findByRole("alert")).textContent).toBe("Changing the profile of someone holding admin.manage needs admin.manage")
  })
})

describe("the shift summary", () => {
  it("asks for the chosen days as local midnights and shows the chart and the same numbers in a table, by name", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/staff": () => page([memberJson()]),
      "GET /api/shifts/summary": () =>
        page([
          { staffId: OTHER_STAFF, type: "PATROL", totalSeconds: 7200, shifts: 2 },
          { staffId: OTHER_STAFF, type: "CONTROL", totalSeconds: 1800, shifts: 1 }
        ])
    })
    renderRoom(["staff.view", "shifts.view"], "/summary")
    const form = await screen.findByRole("form", { name: "Shift summary" })
    await user.clear(within(form).getByLabelText("From"))
    await user.type(within(form).getByLabelText("From"), "2026-03-01")
    await user.clear(within(form).getByLabelText("To (inclusive)"))
    await user.type(within(form).getByLabelText("To (inclusive)"), "2026-03-07")
    await user.click(within(form).getByRole("button", { name: "Show" }))
    const chart = await screen.findByRole("img", { name: /Time on shift per person and type/ })
    await within(chart).findByText("Petra Patrol")
    expect(chart.querySelector("desc")!.textContent).toBe("Time on shift: Petra Patrol 2 h 30 min (Control 30 min, Patrol 2 h 00 min).")
    const last = requestsTo("GET /api/shifts/summary").at(-1)!.url.searchParams
    expect(last.get("from")).toBe(new Date(2026, 2, 1).toISOString())
    expect(last.get("to")).toBe(new Date(2026, 2, 8).toISOString())
    const rows = within(screen.getByRole("table", { name: "Shift summary" })).getAllByRole("row").map((row) => row.textContent)
    expect(rows).toEqual(["PersonTypeTimeShifts", "Petra PatrolPatrol2 h 00 min2", "Petra PatrolControl30 min1"])
  })

  it("refuses a last day before the first without asking the API", async () => {
    const user = userEvent.setup()
    serve({ "GET /api/shifts/summary": () => page([]) })
    renderRoom(["shifts.view"], "/summary")
    const form = await screen.findByRole("form", { name: "Shift summary" })
    const before = requestsTo("GET /api/shifts/summary").length
    await user.clear(within(form).getByLabelText("From"))
    await user.type(within(form).getByLabelText("From"), "2026-03-09")
    await user.clear(within(form).getByLabelText("To (inclusive)"))
    await user.type(within(form).getByLabelText("To (inclusive)"), "2026-03-07")
    await user.click(within(form).getByRole("button", { name: "Show" }))
    expect((await screen.findByRole("alert")).textContent).toBe("“To” must be on or after “From”.")
    expect(requestsTo("GET /api/shifts/summary")).toHaveLength(before)
  })
})

describe("the room without staff.view or shifts.view", () => {
  it("says what the person's permissions open, and reads nothing", async () => {
    serve({})
    renderRoom(["shifts.manage"])
    expect(screen.getByRole("heading", { name: "Staff", level: 1 })).toBeTruthy()
    expect(screen.getByText(/your staff profile is not active/)).toBeTruthy()
    expect(within(screen.getByRole("navigation", { name: "Staff sections" })).queryAllByRole("link")).toHaveLength(0)
    expect(requestsTo("GET /api/staff")).toHaveLength(0)
  })
})
