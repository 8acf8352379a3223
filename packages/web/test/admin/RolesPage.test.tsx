// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import RolesPage from "../../src/admin/roles/RolesPage.js"
import { resetProblem } from "../../src/app/problems.js"
import { ok, page, refusal, requestsTo, serve } from "../fakeServer.js"
import { ROLE_ID, role, ROLES } from "./fixtures.js"
import { adminMe, renderAt } from "./renderRoom.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const renderRoles = (at: string, permissions?: ReadonlyArray<string>) => renderAt(at, "/admin/roles", <RolesPage me={adminMe(permissions)} />, permissions)

describe("the Administrator role", () => {
  it("is shown read-only with the reason: every permission ticked, nothing to change or save", async () => {
    serve({ "GET /api/admin/roles": () => page(ROLES) })
    renderRoles("/admin/roles/administrator")
    await screen.findByRole("heading", { name: "Administrator" })
    expect(screen.getByText(/It is reserved: it cannot be renamed or edited\./)).toBeTruthy()
    const boxes = within(screen.getByRole("group", { name: "Permissions" })).getAllByRole("checkbox") as Array<HTMLInputElement>
    expect(boxes).toHaveLength(32)
    expect(boxes.every((box) => box.checked)).toBe(true)
    expect(screen.getByRole("group", { name: "Permissions" }).matches(":disabled")).toBe(true)
    expect(screen.queryByRole("button", { name: "Save role" })).toBeNull()
    expect(screen.queryByRole("textbox", { name: "Name" })).toBeNull()
  })
})

describe("a role's page", () => {
  it("saves the name and every permission ticked, and links to its audit entries for audit.view holders", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/admin/roles": () => page(ROLES),
      [`PATCH /api/admin/roles/${ROLE_ID}`]: ({ body }) => ok(role(body as Record<string, unknown>))
    })
    renderRoles(`/admin/roles/${ROLE_ID}`)
    const form = await screen.findByRole("form", { name: "Edit Night Control" })
    expect(screen.getByRole("link", { name: "Audit entries" }).getAttribute("href")).toBe(`/audit?targetId=${ROLE_ID}`)
    await user.click(within(form).getByRole("checkbox", { name: "pnc.view" }))
    await user.click(within(form).getByRole("button", { name: "Save role" }))
    await screen.findByText("Role Night Control saved.")
    expect(requestsTo(`PATCH /api/admin/roles/${ROLE_ID}`)[0]?.body).toEqual({ name: "Night Control", permissions: ["cad.view", "pnc.view"] })
  })

  it("has no audit link for someone without audit.view", async () => {
    serve({ "GET /api/admin/roles": () => page(ROLES) })
    renderRoles(`/admin/roles/${ROLE_ID}`, ["admin.manage"])
    await screen.findByRole("form", { name: "Edit Night Control" })
    expect(screen.queryByRole("link", { name: "Audit entries" })).toBeNull()
  })
})

describe("a new role", () => {
  it("sends the ticked permissions and shows the API's refusal at the field it names, keeping what was typed", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/admin/roles": () => page(ROLES),
      "POST /api/admin/roles": () => refusal(400, "INVALID_INPUT", "The role is not valid", [{ path: ["name"], message: "is already taken by another role" }])
    })
    renderRoles("/admin/roles/new")
    const form = await screen.findByRole("form", { name: "New role" })
    await user.type(within(form).getByRole("textbox", { name: "Name" }), "Night Control")
    await user.click(within(form).getByRole("checkbox", { name: "cad.dispatch" }))
    await user.click(within(form).getByRole("checkbox", { name: "cad.view" }))
    await user.click(within(form).getByRole("button", { name: "Create role" }))
    await within(form).findByText("is already taken by another role")
    expect(within(form).getByRole("alert").textContent).toContain("The role is not valid")
    const name = within(form).getByRole("textbox", { name: "Name" })
    expect(name.getAttribute("aria-invalid")).toBe("true")
    expect((name as HTMLInputElement).value).toBe("Night Control")
    expect(requestsTo("POST /api/admin/roles")[0]?.body).toEqual({ name: "Night Control", permissions: ["cad.dispatch", "cad.view"] })
  })

  it("checks the name by the API's rule before sending", async () => {
    const user = userEvent.setup()
    serve({ "GET /api/admin/roles": () => page(ROLES) })
    renderRoles("/admin/roles/new")
    const form = await screen.findByRole("form", { name: "New role" })
    await user.type(within(form).getByRole("textbox", { name: "Name" }), "N")
    await user.click(within(form).getByRole("button", { name: "Create role" }))
    await waitFor(() => expect(within(form).getByRole("textbox", { name: "Name" }).getAttribute("aria-invalid")).toBe("true"))
    expect(requestsTo("POST /api/admin/roles")).toHaveLength(0)
  })
})
