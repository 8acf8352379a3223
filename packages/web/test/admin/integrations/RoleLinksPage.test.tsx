// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import RoleLinksPage from "../../../src/admin/roleLinks/RoleLinksPage.js"
import { resetProblem } from "../../../src/app/problems.js"
import { admin, AT, renderSection } from "./fakeApi.js"
import { ok, page, refusal, seen, serve } from "../../fakeServer.js"
import { ROLE_ID, roleLinkJson, roles } from "./fixtures.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const BASE = "/admin/role-links"
const NOT_CONFIGURED = { configured: false, lastRun: null }

const refusedAt = (control: HTMLElement, message: string) => {
  expect(control.getAttribute("aria-invalid")).toBe("true")
  const described = (control.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "")
  expect(described.join(" ")).toContain(message)
}

const linkForm = async (user: ReturnType<typeof userEvent.setup>, providerRoleId: string) => {
  const form = await screen.findByRole("form", { name: "Link a role" })
  await user.type(within(form).getByRole("textbox", { name: "Provider role id" }), providerRoleId)
  await within(form).findByRole("option", { name: "Dispatcher" })
  await user.selectOptions(within(form).getByRole("combobox", { name: "Bluelight role" }), "Dispatcher")
  return form
}

describe("role links", () => {
  it("lists the links, and does not offer a role that administers", async () => {
    serve({
      "GET /api/admin/role-links": () => page([roleLinkJson()]),
      "GET /api/admin/roles": () => page(roles),
      "GET /api/admin/role-sync": () => ok(NOT_CONFIGURED)
    })
    renderSection(BASE, <RoleLinksPage me={admin()} />)
    const table = await screen.findByRole("table", { name: "Role links" })
    expect(within(table).getByRole("rowheader", { name: "1187654321098765432" })).toBeTruthy()
    expect(within(table).getByRole("button", { name: "Remove the link 1187654321098765432 → Dispatcher" })).toBeTruthy()
    const administrator = await screen.findByRole("option", { name: "Administrator (cannot be linked: it administers)" })
    expect((administrator as HTMLOptionElement).disabled).toBe(true)
  })

  it("creates a link and shows it", async () => {
    const user = userEvent.setup()
    let links: Array<unknown> = []
    serve({
      "GET /api/admin/role-links": () => page(links),
      "GET /api/admin/roles": () => page(roles),
      "GET /api/admin/role-sync": () => ok(NOT_CONFIGURED),
      "POST /api/admin/role-links": ({ body }) => {
        links = [roleLinkJson({ providerRoleId: (body as { providerRoleId: string }).providerRoleId })]
        return ok(links[0], 201)
      }
    })
    renderSection(BASE, <RoleLinksPage me={admin()} />)
    const form = await linkForm(user, "42")
    await user.click(within(form).getByRole("button", { name: "Link role" }))
    expect(await screen.findByText("Provider role 42 now gives Dispatcher.")).toBeTruthy()
    expect(seen.find((request) => request.method === "POST")!.body).toEqual({ providerRoleId: "42", roleId: ROLE_ID })
    expect(await screen.findByRole("rowheader", { name: "42" })).toBeTruthy()
  })

  it("shows ROLE_LINK_EXISTS at the provider role and ROLE_NOT_LINKABLE at the role", async () => {
    const user = userEvent.setup()
    let answer = refusal(409, "ROLE_LINK_EXISTS", "This provider role is already linked to this role")
    serve({
      "GET /api/admin/role-links": () => page([]),
      "GET /api/admin/roles": () => page(roles),
      "GET /api/admin/role-sync": () => ok(NOT_CONFIGURED),
      "POST /api/admin/role-links": () => answer
    })
    renderSection(BASE, <RoleLinksPage me={admin()} />)
    const form = await linkForm(user, "42")
    await user.click(within(form).getByRole("button", { name: "Link role" }))
    const provider = within(form).getByRole("textbox", { name: "Provider role id" })
    await expect.poll(() => provider.getAttribute("aria-invalid")).toBe("true")
    refusedAt(provider, "This provider role is already linked to this role")

    answer = refusal(422, "ROLE_NOT_LINKABLE", "A role that administers cannot come from the identity provider")
    await user.click(within(form).getByRole("button", { name: "Link role" }))
    const role = within(form).getByRole("combobox", { name: "Bluelight role" })
    await expect.poll(() => role.getAttribute("aria-invalid")).toBe("true")
    refusedAt(role, "A role that administers cannot come from the identity provider")
    expect(provider.getAttribute("aria-invalid")).toBeNull()
  })

  it("checks the provider role id before sending", async () => {
    const user = userEvent.setup()
    serve({ "GET /api/admin/role-links": () => page([]), "GET /api/admin/roles": () => page(roles), "GET /api/admin/role-sync": () => ok(NOT_CONFIGURED) })
    renderSection(BASE, <RoleLinksPage me={admin()} />)
    const form = await linkForm(user, "role-7")
    await user.click(within(form).getByRole("button", { name: "Link role" }))
    refusedAt(within(form).getByRole("textbox", { name: "Provider role id" }), "must be 1 to 32 digits")
    expect(seen.filter((request) => request.method === "POST")).toEqual([])
  })

  it("removes a link after asking", async () => {
    const user = userEvent.setup()
    let links = [roleLinkJson()]
    serve({
      "GET /api/admin/role-links": () => page(links),
      "GET /api/admin/roles": () => page(roles),
      "GET /api/admin/role-sync": () => ok(NOT_CONFIGURED),
      "DELETE /api/admin/role-links/01a2352a-d94e-7539-a6d0-e6e376d98f11": () => {
        const removed = links[0]
        links = []
        return ok(removed)
      }
    })
    renderSection(BASE, <RoleLinksPage me={admin()} />)
    await user.click(await screen.findByRole("button", { name: "Remove the link 1187654321098765432 → Dispatcher" }))
    const dialog = await screen.findByRole("dialog", { name: "Remove the link from provider role 1187654321098765432 to Dispatcher?" })
    expect(seen.some((request) => request.method === "DELETE")).toBe(false)
    await user.click(within(dialog).getByRole("button", { name: "Remove" }))
    expect(await screen.findByText("The link 1187654321098765432 → Dispatcher was removed.")).toBeTruthy()
    expect(await screen.findByText("No role links yet.")).toBeTruthy()
  })
})

describe("the role sync", () => {
  it("explains a server without sync, and shows the API's refusal of Sync now", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/admin/role-links": () => page([]),
      "GET /api/admin/roles": () => page(roles),
      "GET /api/admin/role-sync": () => ok(NOT_CONFIGURED),
      "POST /api/admin/role-sync": () => refusal(409, "INVALID_STATE", "Role sync is not configured")
    })
    renderSection(BASE, <RoleLinksPage me={admin()} />)
    expect(await screen.findByText(/Sync is not configured on this server/)).toBeTruthy()
    expect(screen.getByText("Sync has not run yet.")).toBeTruthy()
    await user.click(screen.getByRole("button", { name: "Sync now" }))
    expect((await screen.findByRole("alert")).textContent).toContain("Sync did not run: Role sync is not configured")
  })

  it("shows the last run and what Sync now did", async () => {
    const user = userEvent.setup()
    let status = { configured: true, lastRun: { startedAt: AT, finishedAt: AT, checked: 4, changed: 1, failed: 1, trigger: "SCHEDULE" } }
    serve({
      "GET /api/admin/role-links": () => page([]),
      "GET /api/admin/roles": () => page(roles),
      "GET /api/admin/role-sync": () => ok(status),
      "POST /api/admin/role-sync": () => {
        status = { configured: true, lastRun: { startedAt: AT, finishedAt: AT, checked: 5, changed: 2, failed: 0, trigger: "ON_DEMAND" } }
        return ok({ checked: 5, changed: 2, failed: 0, finishedAt: AT })
      }
    })
    renderSection(BASE, <RoleLinksPage me={admin()} />)
    expect(await screen.findByText("Finished with failures")).toBeTruthy()
    expect(screen.getByText(/the schedule/)).toBeTruthy()
    await user.click(screen.getByRole("button", { name: "Sync now" }))
    expect(await screen.findByText("Sync finished: 5 staff checked, 2 changed, 0 could not be read.")).toBeTruthy()
    expect(await screen.findByText("Succeeded")).toBeTruthy()
    expect(screen.getByText(/an administrator/)).toBeTruthy()
  })
})
