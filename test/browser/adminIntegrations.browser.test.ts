import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { UNLIMITED_RATES } from "../harness/server.js"
import { type Receiver, startReceiver, verifies } from "../webhooks/receiver.js"
import { checkPage, type Person, startWorld, type World } from "./harness.js"

// Administration's integrations in Chromium: the charges catalogue (a duplicate code refused at its
// field), a role link and the role sync as the server tells it, and a webhook to a receiver on
// 127.0.0.1 (the server allows private targets for it): its secret shown once, a test message sent
// and seen delivered in the log.
let world: World
let receiver: Receiver
let signedIn: Promise<Person> | undefined
beforeAll(async () => {
  receiver = await startReceiver()
  world = await startWorld({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", ...UNLIMITED_RATES } })
})

/** The administrator in their browser, signed in by the first test that needs them (signing in waits inside a test). */
const administrator = (): Promise<Person> => // Writing the catalogue is admin.manage's; reading it, pnc.view's.
(signedIn ??= world.person({ id: "integr-admin", displayName: "Ina Integrations" }, { permissions: ["admin.manage", "pnc.view"], at: "/admin/charges" }))
afterAll(async () => {
  await world?.close()
  await receiver?.close()
})

const section = (page: Page, name: string) => page.getByRole("navigation", { name: "Administration sections" }).getByRole("link", { name }).click()

/** The ids the field's `aria-describedby` names, read: the words beside it. */
const describedBy = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((control) => {
    const ids = (control.getAttribute("aria-describedby") ?? "").split(" ")
    return ids.map((id: string) => control.ownerDocument.getElementById(id)?.textContent ?? "").join(" ")
  })

const fillCharge = async (page: Page, code: string) => {
  await page.getByLabel("Code", { exact: true }).fill(code)
  await page.getByLabel("Title", { exact: true }).fill("Exceeding the speed limit on a public road")
  await page.getByLabel("Category (optional)").fill("Traffic")
  await page.getByLabel("Lowest fine (£)").fill("100")
  await page.getByLabel("Highest fine (£)").fill("1,000.50")
  await page.getByLabel("Penalty points").fill("3")
  await page.getByLabel("Endorsement code").fill("SP30")
}

describe("the charges catalogue", () => {
  it("creates a charge with its fines in pounds, and refuses a duplicate code at the code field", async () => {
    const { page } = await administrator()
    await page.getByText("The catalogue is empty: add the first charge.").waitFor()
    await checkPage(page, "admin charges, empty")

    await page.getByRole("link", { name: "New charge" }).click()
    await fillCharge(page, "SP30")
    await checkPage(page, "admin charges, new charge")
    await page.getByRole("button", { name: "Create charge" }).click()
    await page.getByText("Charge SP30 created.").waitFor()
    expect(await page.getByLabel("Highest fine (£)").inputValue()).toBe("1000.50")
    await checkPage(page, "admin charges, a charge's page")

    await page.getByRole("link", { name: "All charges" }).click()
    const row = page.getByRole("table", { name: "Charges catalogue" }).getByRole("row").filter({ hasText: "SP30" })
    await expect.poll(() => row.innerText()).toMatch(/£100\.00 – £1,000\.50[\s\S]*In use/)
    await checkPage(page, "admin charges, catalogue")

    await page.getByRole("link", { name: "New charge" }).click()
    await fillCharge(page, "sp30")
    await page.getByRole("button", { name: "Create charge" }).click()
    await page.getByRole("alert").waitFor()
    await expect.poll(() => page.getByLabel("Code", { exact: true }).getAttribute("aria-invalid")).toBe("true")
    // The API's own message (CHARGE_CODE_TAKEN has no details), above the form and beside the code.
    const message = (await page.getByRole("alert").innerText()).trim()
    expect(message).not.toBe("")
    expect(await describedBy(page, "Code")).toContain(message)
    await checkPage(page, "admin charges, duplicate code refused")
  })
})

describe("role links and the sync", () => {
  it("links a provider role to a role, and Sync now says what the server answered", async () => {
    const made = await world.adminApi.call("POST", "/api/admin/roles", { name: "Dispatcher", permissions: ["cad.view", "cad.dispatch"] })
    expect(made.status, made.text).toBe(201)
    const { page } = await administrator()
    await section(page, "Role links")
    await page.getByText("No role links yet.").waitFor()
    await page.getByLabel("Provider role id").fill("1187654321098765432")
    await page.getByLabel("Bluelight role").selectOption({ label: "Dispatcher" })
    await page.getByRole("button", { name: "Link role" }).click()
    await page.getByText("Provider role 1187654321098765432 now gives Dispatcher.").waitFor()
    await page.getByRole("table", { name: "Role links" }).getByRole("rowheader", { name: "1187654321098765432" }).waitFor()
    await checkPage(page, "admin role links, one link")

    const status = await world.adminApi.call("GET", "/api/admin/role-sync")
    const configured = (JSON.parse(status.text) as { data: { configured: boolean } }).data.configured
    await page.getByRole("button", { name: "Sync now" }).click()
    if (configured) await page.getByText(/^Sync finished: \d+ staff checked/).waitFor()
    else {
      await page.getByText(/Sync is not configured on this server/).waitFor()
      await expect.poll(() => page.getByRole("alert").innerText()).toMatch(/^Sync did not run: /)
    }
    await checkPage(page, "admin role links, after sync now")

    await page.getByRole("button", { name: "Remove the link 1187654321098765432 → Dispatcher" }).click()
    const question = page.getByRole("dialog", { name: "Remove the link from provider role 1187654321098765432 to Dispatcher?" })
    await question.getByRole("button", { name: "Remove" }).click()
    await page.getByText("The link 1187654321098765432 → Dispatcher was removed.").waitFor()
    await page.getByText("No role links yet.").waitFor()
  })
})

describe("webhooks", () => {
  it("creates a webhook whose secret is shown once, sends a test and sees it delivered in the log", async () => {
    const { page } = await administrator()
    await section(page, "Webhooks")
    await page.getByText("No webhooks yet.").waitFor()
    await page.getByRole("button", { name: "New webhook" }).click()
    const target = `${receiver.url}/bluelight`
    await page.getByLabel("Target URL").fill(target)
    await page.getByLabel("Description (optional)").fill("The community's bot")
    await page.getByRole("checkbox", { name: /A panic is raised/ }).check()
    await page.getByRole("checkbox", { name: /An incident is created/ }).check()
    await checkPage(page, "admin webhooks, new webhook")
    await page.getByRole("button", { name: "Create webhook" }).click()

    const secretBox = page.getByRole("region", { name: "The webhook's signing secret" })
    await secretBox.getByText(/you will not see it again/).waitFor()
    const secret = await secretBox.getByRole("textbox", { name: "Signing secret" }).inputValue()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    await page.getByRole("table", { name: "Webhook subscriptions" }).getByRole("link", { name: target }).waitFor()
    await checkPage(page, "admin webhooks, secret shown once")
    await secretBox.getByRole("button", { name: "I have copied it" }).click()
    await secretBox.waitFor({ state: "detached" })
    await page.reload()
    await page.getByRole("table", { name: "Webhook subscriptions" }).getByRole("link", { name: target }).waitFor()
    expect(await page.content()).not.toContain(secret)
    await checkPage(page, "admin webhooks, list")

    await page.getByRole("link", { name: target }).click()
    await page.getByRole("heading", { name: `Webhook: ${target}` }).waitFor()
    await page.getByText("Nothing delivered yet.").waitFor()
    await page.getByRole("button", { name: "Send a test" }).click()
    // The page watches the log for 20 s; on a machine loaded beyond that, the person presses Refresh.
    const log = page.getByRole("table", { name: "Message webhook.test" })
    await expect.poll(async () => {
      if ((await page.getByText(/has not been attempted yet/).count()) > 0) await page.getByRole("button", { name: "Refresh" }).click()
      return (await log.count()) === 0 ? "" : log.getByRole("row").nth(1).innerText()
    }, { timeout: 60_000 }).toMatch(/^1\s+Succeeded\s+204/)
    await page.getByText("Test message delivery: Succeeded (204).").waitFor()
    const arrival = receiver.arrivals.find((each) => each.path === "/bluelight" && JSON.parse(each.body).type === "webhook.test")
    expect(arrival !== undefined && verifies(arrival, secret)).toBe(true)
    await checkPage(page, "admin webhooks, a webhook's page with its log")

    // Paused, then deleted after the question: revoked for good, nothing more offered.
    await page.getByRole("button", { name: "Pause" }).click()
    await page.getByText("Paused: nothing new is sent to it.").waitFor()
    await page.getByRole("button", { name: "Delete" }).click()
    const question = page.getByRole("dialog", { name: `Delete the webhook to ${target}?` })
    await question.getByRole("button", { name: "Delete" }).click()
    await question.waitFor({ state: "hidden" })
    await page.getByText("Deleted.").waitFor()
    await page.getByText("This webhook is revoked: nothing more is sent to it.").waitFor()
    expect(await page.getByRole("button", { name: "Send a test" }).count()).toBe(0)
    await checkPage(page, "admin webhooks, a revoked webhook")
  })
})
