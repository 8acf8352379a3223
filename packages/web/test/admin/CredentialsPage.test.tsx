// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import CredentialsPage from "../../src/admin/credentials/CredentialsPage.js"
import { resetProblem } from "../../src/app/problems.js"
import "../modalDialogs.js"
import { ok, page, requestsTo, serve } from "../fakeServer.js"
import { ADMIN_ID, AT } from "./fixtures.js"
import { adminMe, renderAt } from "./renderRoom.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const CREDENTIAL_ID = "01a2352a-d94e-7539-a6d0-e6e376d98f01"
const TOKEN = "bluelight_q5oWqVZr3hUj0m4nQm1b2c3d4e5f6g7h8i9j0k1l2m3"
const listed = {
  id: CREDENTIAL_ID,
  name: "Shift bot",
  scopes: ["shifts.view"],
  createdAt: AT,
  expiresAt: "2099-01-01T00:00:00.000Z",
  revokedAt: null,
  issuedBy: ADMIN_ID
}

const renderCredentials = () => renderAt("/admin/credentials", "/admin/credentials", <CredentialsPage me={adminMe()} />)

describe("issuing a credential", () => {
  it("shows its token once, keeps it in no cache, and forgets it once the panel is closed", async () => {
    const user = userEvent.setup()
    let issued = false
    serve({
      "GET /api/admin/services": () => page(issued ? [listed] : []),
      "POST /api/admin/services": () => {
        issued = true
        return ok({ id: CREDENTIAL_ID, name: "Shift bot", expiresAt: "2099-01-01T00:00:00.000Z", token: TOKEN, scopes: ["shifts.view"] }, 201)
      }
    })
    const { queries, container } = renderCredentials()
    await screen.findByText("No service credentials yet.")
    const form = screen.getByRole("form", { name: "Issue a credential" })
    expect((within(form).getByRole("checkbox", { name: /admin\.manage/ }) as HTMLInputElement).disabled).toBe(true)
    expect((within(form).getByRole("checkbox", { name: /staff\.manage/ }) as HTMLInputElement).disabled).toBe(true)
    await user.type(within(form).getByRole("textbox", { name: "Name" }), "Shift bot")
    await user.click(within(form).getByRole("checkbox", { name: "shifts.view" }))
    const lifetime = within(form).getByRole("spinbutton", { name: "Lifetime (days)" })
    await user.clear(lifetime)
    await user.type(lifetime, "7")
    await user.click(within(form).getByRole("button", { name: "Issue" }))

    const panel = await screen.findByRole("region", { name: "Token for Shift bot" })
    expect((within(panel).getByRole("textbox", { name: "Token" }) as HTMLInputElement).value).toBe(TOKEN)
    expect(panel.textContent).toContain("You will not see it again")
    expect(requestsTo("POST /api/admin/services")[0]?.body).toEqual({ name: "Shift bot", scopes: ["shifts.view"], lifetimeDays: 7 })
    await screen.findByRole("rowheader", { name: "Shift bot" })
    const cached = JSON.stringify([
      queries.getQueryCache().getAll().map((query) => query.state.data),
      queries.getMutationCache().getAll().map((mutation) => mutation.state.data)
    ])
    expect(cached).not.toContain(TOKEN)

    await user.click(within(panel).getByRole("button", { name: "I have copied it" }))
    expect(screen.queryByRole("region", { name: "Token for Shift bot" })).toBeNull()
    expect(container.innerHTML).not.toContain(TOKEN)
  })

  it("copies the token with the Copy button", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/admin/services": () => page([]),
      "POST /api/admin/services": () => ok({ id: CREDENTIAL_ID, name: "Shift bot", expiresAt: AT, token: TOKEN, scopes: ["shifts.view"] }, 201)
    })
    renderCredentials()
    const form = await screen.findByRole("form", { name: "Issue a credential" })
    await user.type(within(form).getByRole("textbox", { name: "Name" }), "Shift bot")
    await user.click(within(form).getByRole("checkbox", { name: "shifts.view" }))
    await user.click(within(form).getByRole("button", { name: "Issue" }))
    const panel = await screen.findByRole("region", { name: "Token for Shift bot" })
    await user.click(within(panel).getByRole("button", { name: "Copy" }))
    await within(panel).findByText("Copied to the clipboard.")
    expect(await navigator.clipboard.readText()).toBe(TOKEN)
  })

  it("refuses no scope at the field before sending", async () => {
    const user = userEvent.setup()
    serve({ "GET /api/admin/services": () => page([]) })
    renderCredentials()
    const form = await screen.findByRole("form", { name: "Issue a credential" })
    await user.type(within(form).getByRole("textbox", { name: "Name" }), "Shift bot")
    await user.click(within(form).getByRole("button", { name: "Issue" }))
    await within(form).findByRole("alert")
    // Each scope's checkbox is described by the problem with the list.
    const described = within(form).getByRole("checkbox", { name: "shifts.view" }).getAttribute("aria-describedby")
    expect(document.getElementById(described ?? "")?.textContent).toMatch(/\S/)
    expect(requestsTo("POST /api/admin/services")).toHaveLength(0)
  })
})

describe("revoking a credential", () => {
  it("asks first, then revokes", async () => {
    const user = userEvent.setup()
    let revoked = false
    serve({
      "GET /api/admin/services": () => page([{ ...listed, revokedAt: revoked ? AT : null }]),
      [`DELETE /api/admin/services/${CREDENTIAL_ID}`]: () => {
        revoked = true
        return ok({ ...listed, revokedAt: AT })
      }
    })
    renderCredentials()
    await user.click(await screen.findByRole("button", { name: "Revoke Shift bot" }))
    const dialog = screen.getByRole("dialog", { name: "Revoke Shift bot?" })
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }))
    expect(requestsTo(`DELETE /api/admin/services/${CREDENTIAL_ID}`)).toHaveLength(0)
    await user.click(screen.getByRole("button", { name: "Revoke Shift bot" }))
    await user.click(within(screen.getByRole("dialog", { name: "Revoke Shift bot?" })).getByRole("button", { name: "Revoke" }))
    await screen.findByText("Shift bot is revoked.")
    await screen.findByText("Revoked")
    expect(requestsTo(`DELETE /api/admin/services/${CREDENTIAL_ID}`)).toHaveLength(1)
  })
})
