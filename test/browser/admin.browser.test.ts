import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { plainMember } from "../harness/cad.js"
import { CREDENTIAL_TOKEN, me } from "../harness/identity.js"
import { checkPage, expectAccessible, type Person, startWorld, type World } from "./harness.js"

// Administration and the audit log in Chromium: an administrator creates a role with the checkboxes,
// issues a credential whose token is shown once, suspends and reinstates an account, changes the
// community's settings; the audit log filtered by action shows the role, and the role's link opens
// the log filtered by it.

let world: World
beforeAll(async () => {
  world = await startWorld()
})
afterAll(() => world?.close())

/** The administrator of these tests, signed in by the first test that needs them (signing in waits as a test does). */
let signedIn: Promise<Person> | undefined
const administrator = () => (signedIn ??= world.person({ id: "browser-administrator", displayName: "Ada Administrator" }, {
  permissions: ["admin.manage", "audit.view"],
  at: "/admin"
}))

const SHOTS = fileURLToPath(new URL("../../browser-check/", import.meta.url))

/**
 * A modal dialog over a page checked with `checkPage`: the page behind it is inert, so the header's theme
 * button cannot be pressed while it is open. It is opened in each theme in turn (`open`), checked by
 * axe and pictured, and closed with Escape.
 */
const checkDialog = async (page: Page, open: () => Promise<Locator>, name: string) => {
  mkdirSync(SHOTS, { recursive: true })
  const themeButton = page.getByRole("button", { name: "Light theme" })
  for (const theme of ["dark", "light"] as const) {
    if ((await themeButton.getAttribute("aria-pressed")) !== String(theme === "light")) await themeButton.click()
    const dialog = await open()
    await expectAccessible(page, `${name}, ${theme} theme`)
    await page.screenshot({ path: `${SHOTS}${name.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}-${theme}.png` })
    await page.keyboard.press("Escape")
    await dialog.waitFor({ state: "hidden" })
  }
  await themeButton.click()
  await expect.poll(() => themeButton.getAttribute("aria-pressed")).toBe("false")
}

const section = (admin: Person, name: string) => admin.page.getByRole("navigation", { name: "Administration sections" }).getByRole("link", { name })

describe("roles", () => {
  it("creates a role with the permission checkboxes, shows the Administrator read-only, and links a role to its audit entries", async () => {
    const admin = await administrator()
    const { page } = admin
    await section(admin, "Roles").click()
    await page.getByRole("table", { name: "Roles" }).getByRole("link", { name: "Administrator", exact: true }).waitFor()
    await checkPage(page, "admin roles")

    await page.getByRole("link", { name: "Administrator", exact: true }).click()
    await page.getByText("It is reserved: it cannot be renamed or edited.").waitFor()
    expect(await page.getByRole("checkbox", { name: "admin.manage" }).isChecked()).toBe(true)
    expect(await page.getByRole("checkbox", { name: "admin.manage" }).isDisabled()).toBe(true)
    expect(await page.getByRole("button", { name: "Save role" }).count()).toBe(0)
    await checkPage(page, "admin role administrator")

    await section(admin, "Roles").click()
    await page.getByRole("link", { name: "New role" }).click()
    const form = page.getByRole("form", { name: "New role" })
    await form.getByRole("group", { name: "CAD" }).waitFor()
    await form.getByRole("textbox", { name: "Name" }).fill("Night Control")
    for (const key of ["cad.view", "cad.dispatch", "cad.incidents.create"]) await form.getByRole("checkbox", { name: key, exact: true }).check()
    await checkPage(page, "admin role new")
    await form.getByRole("button", { name: "Create role" }).click()

    await page.getByRole("heading", { name: "Night Control", level: 2 }).waitFor()
    const roleId = new URL(page.url()).pathname.split("/").at(-1)!
    const roles = await world.adminApi.run((api) => api.admin.listRoles({ query: { limit: 100, offset: 0 } }))
    expect(roles.data.find((role) => role.id === roleId)?.permissions).toEqual(["cad.dispatch", "cad.incidents.create", "cad.view"])
    await checkPage(page, "admin role night control")

    // The name taken: the API's refusal, and what was typed kept.
    await section(admin, "Roles").click()
    await page.getByRole("link", { name: "New role" }).click()
    await page.getByRole("textbox", { name: "Name" }).fill("Night Control")
    await page.getByRole("button", { name: "Create role" }).click()
    await page.getByRole("alert").waitFor()
    expect(await page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Night Control")
    await checkPage(page, "admin role refused")

    // The audit log filtered by the action shows the creation.
    await page.goto(world.url("/audit"))
    const filters = page.getByRole("search", { name: "Filters" })
    await filters.getByRole("combobox", { name: "Action" }).selectOption("role.permissions.changed")
    await filters.getByRole("button", { name: "Apply" }).click()
    await expect.poll(() => new URL(page.url()).search).toBe("?action=role.permissions.changed")
    const entries = page.getByRole("table", { name: "Audit entries" })
    await entries.getByRole("link", { name: roleId }).waitFor()
    expect(await entries.getByRole("row").filter({ hasNotText: "role.permissions.changed" }).count()).toBe(1) // the header row alone
    await checkPage(page, "audit by action")

    // The role's own link opens the log filtered by it.
    await page.goto(world.url(`/admin/roles/${roleId}`))
    await page.getByRole("link", { name: "Audit entries" }).click()
    await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(`/audit?targetId=${roleId}`)
    expect(await filters.getByRole("textbox", { name: "Target id" }).inputValue()).toBe(roleId)
    await entries.getByRole("cell", { name: "role.permissions.changed" }).waitFor()
    await entries.getByText("Show data").first().click()
    await entries.getByText("Night Control").waitFor()
    await checkPage(page, "audit by target")
  })
})

describe("service credentials", () => {
  it("shows the token once, never again after closing or reloading, and revokes after a confirmation", async () => {
    const admin = await administrator()
    const { page } = admin
    await page.goto(world.url("/admin/credentials"))
    const form = page.getByRole("form", { name: "Issue a credential" })
    await form.getByRole("textbox", { name: "Name" }).fill("Shift bot")
    await form.getByRole("checkbox", { name: "shifts.view", exact: true }).check()
    await form.getByRole("spinbutton", { name: "Lifetime (days)" }).fill("7")
    expect(await form.getByRole("checkbox", { name: /admin\.manage/ }).isDisabled()).toBe(true)
    await checkPage(page, "admin credentials")
    await form.getByRole("button", { name: "Issue" }).click()

    const panel = page.getByRole("region", { name: "Token for Shift bot" })
    const tokenBox = panel.getByRole("textbox", { name: "Token" })
    await tokenBox.waitFor()
    const token = await tokenBox.inputValue()
    expect(token).toMatch(CREDENTIAL_TOKEN)
    await panel.getByText("You will not see it again").waitFor()
    await admin.context.grantPermissions(["clipboard-read", "clipboard-write"])
    await panel.getByRole("button", { name: "Copy" }).click()
    await panel.getByText("Copied to the clipboard.").waitFor()
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe(token)
    await checkPage(page, "admin credential token shown once")

    await panel.getByRole("button", { name: "I have copied it" }).click()
    await panel.waitFor({ state: "detached" })
    expect(await page.content()).not.toContain(token)
    await page.reload()
    await page.getByRole("table", { name: "Service credentials" }).getByRole("rowheader", { name: "Shift bot" }).waitFor()
    expect(await page.content()).not.toContain(token)
    expect(await page.getByRole("region", { name: /Token for/ }).count()).toBe(0)

    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Shift bot" }) })
    const dialog = page.getByRole("dialog", { name: "Revoke Shift bot?" })
    await checkDialog(page, async () => {
      await row.getByRole("button", { name: "Revoke Shift bot" }).click()
      await dialog.waitFor()
      return dialog
    }, "admin credential revoke confirm")
    await row.getByRole("button", { name: "Revoke Shift bot" }).click()
    await dialog.getByRole("button", { name: "Revoke" }).click()
    await page.getByText("Shift bot is revoked.").waitFor()
    await row.getByText("Revoked", { exact: true }).waitFor()
    await checkPage(page, "admin credential revoked")
  })
})

describe("accounts", () => {
  it("finds an account, suspends it after a confirmation (its sessions end) and reinstates it", async () => {
    const member = await plainMember(world.server, "browser-suspendee")
    const admin = await administrator()
    const { page } = admin
    await page.goto(world.url("/admin/accounts"))
    await page.getByRole("table", { name: "Accounts" }).waitFor()
    await page.getByRole("searchbox", { name: "Search display names" }).fill("suspendee")
    const link = page.getByRole("table", { name: "Accounts" }).getByRole("link", { name: "browser-suspendee" })
    await link.waitFor()
    await checkPage(page, "admin accounts")
    await link.click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/accounts/${member.accountId}`)
    await page.getByRole("heading", { name: "browser-suspendee" }).waitFor()
    await checkPage(page, "admin account")

    const dialog = page.getByRole("dialog", { name: "Suspend browser-suspendee?" })
    await checkDialog(page, async () => {
      await page.getByRole("button", { name: "Suspend" }).click()
      await dialog.waitFor()
      return dialog
    }, "admin account suspend confirm")
    await page.getByRole("button", { name: "Suspend" }).click()
    await dialog.getByRole("button", { name: "Suspend" }).click()
    await page.getByText("browser-suspendee is suspended; their sessions have ended.").waitFor()
    await page.getByText("Suspended", { exact: true }).waitFor()
    expect((await me(world.server, member.session)).status).toBe(403)
    await checkPage(page, "admin account suspended")

    await page.getByRole("button", { name: "Reinstate" }).click()
    await page.getByText("browser-suspendee is active again.").waitFor()
    await page.getByText("Active", { exact: true }).waitFor()
    const account = await world.adminApi.run((api) => api.admin.getAccount({ params: { id: member.accountId as never } }))
    expect(account.data.status).toBe("ACTIVE")
  })
})

describe("community settings", () => {
  it("changes a setting, says kindly when nothing changed, and shows a refusal at its field", async () => {
    const admin = await administrator()
    const { page } = admin
    await page.goto(world.url("/admin/settings"))
    const form = page.getByRole("form", { name: "Community settings" })
    const threshold = form.getByRole("spinbutton", { name: "Totting-up threshold (points)" })
    await threshold.waitFor()
    expect(await threshold.inputValue()).toBe("12")
    await checkPage(page, "admin settings")

    await threshold.fill("9")
    await form.getByRole("checkbox", { name: "New warrants wait for a second officer's approval" }).check()
    await form.getByRole("button", { name: "Save settings" }).click()
    await form.getByText("Settings saved.").waitFor()
    await page.getByText(/Last changed: .*Ada Administrator/).waitFor()
    const settings = await world.adminApi.run((api) => api.settings.getSettings({ query: {} }))
    expect(settings.data).toMatchObject({ licencePointsThreshold: 9, tottingUpSuspensionDays: 180, warrantsNeedApproval: true })

    await form.getByRole("button", { name: "Save settings" }).click()
    await form.getByText("Nothing changed: these are already the settings.").waitFor()
    await checkPage(page, "admin settings no change")

    await form.getByRole("spinbutton", { name: "Totting-up suspension (days)" }).fill("5000")
    await form.getByRole("button", { name: "Save settings" }).click()
    await page.getByRole("alert").waitFor()
    expect(await form.getByRole("spinbutton", { name: "Totting-up suspension (days)" }).getAttribute("aria-invalid")).toBe("true")
    await checkPage(page, "admin settings refused")
  })
})
