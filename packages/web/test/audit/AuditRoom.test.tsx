// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { resetProblem } from "../../src/app/problems.js"
import { AuditLink } from "../../src/audit/AuditLink.js"
import AuditRoom from "../../src/audit/AuditRoom.js"
import { page, refusal, requestsTo, serve } from "../fakeServer.js"
import { auditEntry, ROLE_ID } from "../admin/fixtures.js"
import { adminMe, renderAt } from "../admin/renderRoom.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const renderAudit = (at: string) => renderAt(at, "", <AuditRoom me={adminMe()} />)
const here = () => `${window.location.pathname}${window.location.search}`

describe("the audit log", () => {
  it("opens filtered as its address says, and asks the API with those filters", async () => {
    serve({ "GET /api/audit": () => page([auditEntry()]) })
    renderAudit(`/audit?targetId=${ROLE_ID}&action=role.permissions.changed`)
    const entries = await screen.findByRole("table", { name: "Audit entries" })
    expect(within(entries).getByText("role.permissions.changed", { selector: "code" })).toBeTruthy()
    const query = requestsTo("GET /api/audit")[0]!.url.searchParams
    expect(query.get("targetId")).toBe(ROLE_ID)
    expect(query.get("action")).toBe("role.permissions.changed")
    const filters = screen.getByRole("search", { name: "Filters" })
    expect((within(filters).getByRole("textbox", { name: "Target id" }) as HTMLInputElement).value).toBe(ROLE_ID)
    expect((within(filters).getByRole("combobox", { name: "Action" }) as HTMLSelectElement).value).toBe("role.permissions.changed")
  })

  it("puts the filters applied in the address, the time range as instants, and reads again", async () => {
    const user = userEvent.setup()
    serve({ "GET /api/audit": () => page([]) })
    renderAudit("/audit")
    await screen.findByText("No entry matches these filters.")
    const filters = screen.getByRole("search", { name: "Filters" })
    await user.selectOptions(within(filters).getByRole("combobox", { name: "Action" }), "service.issued")
    await user.type(within(filters).getByRole("textbox", { name: "Person (account id)" }), "01a2352a-d94e-7539-a6d0-e6e376d98952")
    await user.type(within(filters).getByLabelText("From"), "2026-12-01T09:30")
    await user.click(within(filters).getByRole("button", { name: "Apply" }))
    const from = new Date("2026-12-01T09:30").toISOString()
    await waitFor(() => expect(here()).toBe(`/audit?action=service.issued&actorId=01a2352a-d94e-7539-a6d0-e6e376d98952&from=${encodeURIComponent(from)}`))
    await waitFor(() => expect(requestsTo("GET /api/audit").at(-1)?.url.searchParams.get("from")).toBe(from))
    expect(requestsTo("GET /api/audit").at(-1)?.url.searchParams.get("actorId")).toBe("01a2352a-d94e-7539-a6d0-e6e376d98952")

    await user.click(screen.getByRole("button", { name: "Clear filters" }))
    await waitFor(() => expect(here()).toBe("/audit"))
  })

  it("loads older entries with Older, and shows each entry's data", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/audit": ({ url }) =>
        url.searchParams.get("offset") === "0"
          ? page([auditEntry()], { limit: 1, offset: 0, hasMore: true })
          : page([auditEntry({ id: "01a2352a-d94e-7539-a6d0-e6e376d98e02", action: "service.issued", data: { name: "Shift bot" } })], { limit: 1, offset: 1 })
    })
    renderAudit("/audit")
    await screen.findByText("1 entry, older ones not loaded yet")
    await user.click(screen.getByRole("button", { name: "Older" }))
    await screen.findByText("2 entries")
    expect(requestsTo("GET /api/audit").at(-1)?.url.searchParams.get("offset")).toBe("1")
    expect(screen.queryByRole("button", { name: "Older" })).toBeNull()
    const rows = within(screen.getByRole("table", { name: "Audit entries" })).getAllByRole("row")
    expect(rows.map((row) => within(row).queryByText(/\./, { selector: "code" })?.textContent)).toEqual([
      undefined,
      "role.permissions.changed",
      "service.issued"
    ])
    expect(within(rows[2]!).getByText("Shift bot")).toBeTruthy()
  })

  it("shows the API's refusal of a filter", async () => {
    serve({
      "GET /api/audit": () => refusal(400, "INVALID_INPUT", "The query is not valid", [{ path: ["query", "actorId"], message: "must be an id" }])
    })
    renderAudit("/audit?actorId=nope")
    const alert = await screen.findByRole("alert")
    expect(alert.textContent).toContain("The query is not valid")
    expect(alert.textContent).toContain("must be an id")
    expect(within(screen.getByRole("search", { name: "Filters" })).getByRole("textbox", { name: "Person (account id)" }).getAttribute("aria-invalid")).toBe(
      "true"
    )
  })
})

describe("AuditLink", () => {
  it("links a record to its audit entries for audit.view holders only", () => {
    renderAt("/admin/roles", "", <AuditLink targetId={ROLE_ID} />)
    expect(screen.getByRole("link", { name: "Audit entries" }).getAttribute("href")).toBe(`/audit?targetId=${ROLE_ID}`)
    cleanup()
    renderAt("/admin/roles", "", <AuditLink targetId={ROLE_ID} />, ["admin.manage"])
    expect(screen.queryByRole("link", { name: "Audit entries" })).toBeNull()
  })
})
