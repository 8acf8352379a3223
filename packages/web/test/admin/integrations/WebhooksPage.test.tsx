// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import WebhooksPage from "../../../src/admin/webhooks/WebhooksPage.js"
import { resetProblem } from "../../../src/app/problems.js"
import { admin, renderSection } from "./fakeApi.js"
import { ok, page, refusal, seen, serve } from "../../fakeServer.js"
import { deliveryJson, MESSAGE_ID, SECRET, WEBHOOK_ID, webhookJson } from "./fixtures.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const BASE = "/admin/webhooks"

describe("a new webhook", () => {
  it("shows its secret once, with Copy and the warning; never in the query cache; gone once done", async () => {
    const user = userEvent.setup()
    let list: Array<unknown> = []
    serve({
      "GET /api/admin/webhooks": () => page(list),
      "POST /api/admin/webhooks": ({ body }) => {
        list = [webhookJson({ ...(body as object) })]
        return ok({ ...webhookJson({ ...(body as object) }), secret: SECRET }, 201)
      }
    })
    const { queries } = renderSection(BASE, <WebhooksPage me={admin()} />)
    expect(await screen.findByText("No webhooks yet.")).toBeTruthy()
    await user.click(screen.getByRole("button", { name: "New webhook" }))
    const form = screen.getByRole("form", { name: "New webhook" })
    await user.type(within(form).getByRole("textbox", { name: "Target URL" }), "https://bot.example.com/bluelight")
    await user.click(within(form).getByRole("checkbox", { name: /A panic is raised/ }))
    await user.click(within(form).getByRole("checkbox", { name: /An incident is created/ }))
    await user.click(within(form).getByRole("button", { name: "Create webhook" }))

    const secret = await screen.findByRole("region", { name: "The webhook's signing secret" })
    expect(within(secret).getByRole("textbox", { name: "Signing secret" })).toHaveProperty("value", SECRET)
    expect(within(secret).getByText(/you will not see it again/)).toBeTruthy()
    expect(within(secret).getByRole("button", { name: "Copy" })).toBeTruthy()
    // In the catalogue's order, whatever order they were ticked in; no description sent as none.
    expect(seen.find((request) => request.method === "POST")!.body).toEqual({
      url: "https://bot.example.com/bluelight",
      events: ["cad.incident.created", "cad.panic"],
      description: null
    })
    expect(await screen.findByRole("link", { name: "https://bot.example.com/bluelight" })).toBeTruthy()
    expect(JSON.stringify(queries.getQueryCache().getAll().map((query) => query.state.data))).not.toContain(SECRET)
    expect(JSON.stringify(queries.getMutationCache().getAll().map((mutation) => mutation.state.data))).not.toContain(SECRET)

    await user.click(within(secret).getByRole("button", { name: "I have copied it" }))
    expect(screen.queryByRole("region", { name: "The webhook's signing secret" })).toBeNull()
    expect(document.body.innerHTML).not.toContain(SECRET)
  })

  it("checks the events and the URL before sending, at their fields, and shows the API's refusal at the URL", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/admin/webhooks": () => page([]),
      "POST /api/admin/webhooks": () => refusal(400, "INVALID_INPUT", "The request is not valid", [{ path: ["url"], message: "must not be a private address" }])
    })
    renderSection(BASE, <WebhooksPage me={admin()} />)
    await user.click(await screen.findByRole("button", { name: "New webhook" }))
    const form = screen.getByRole("form", { name: "New webhook" })
    const url = within(form).getByRole("textbox", { name: "Target URL" })
    await user.type(url, "bot.example.com")
    await user.click(within(form).getByRole("button", { name: "Create webhook" }))
    expect(url.getAttribute("aria-invalid")).toBe("true")
    const events = within(form).getByRole("group", { name: "Events" })
    expect(events.getAttribute("aria-invalid")).toBe("true")
    expect(within(events).getByText("at least one event type")).toBeTruthy()
    expect(seen.filter((request) => request.method === "POST")).toEqual([])

    await user.clear(url)
    await user.type(url, "https://10.0.0.5/hook")
    await user.click(within(form).getByRole("checkbox", { name: /A shift starts/ }))
    await user.click(within(form).getByRole("button", { name: "Create webhook" }))
    await expect.poll(() => document.getElementById(url.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toBe("must not be a private address")
    expect(events.getAttribute("aria-invalid")).toBeNull()
  })
})

describe("a webhook's page", () => {
  it("sends a test and watches the log until its attempt has an outcome", async () => {
    const user = userEvent.setup()
    let log: Array<unknown> = [
      deliveryJson({
        id: "01a2352a-d94e-7539-a6d0-e6e376d98a32",
        messageId: "01a2352a-d94e-7539-a6d0-e6e376d98a22",
        type: "cad.panic",
        status: "GAVE_UP",
        attempt: 7,
        responseStatus: 500,
        error: "HTTP 500"
      })
    ]
    let reads = 0
    serve({
      "GET /api/admin/webhooks": () => page([webhookJson()]),
      "POST /api/admin/webhooks/01a2352a-d94e-7539-a6d0-e6e376d98a11/test": () => {
        log = [deliveryJson(), ...log]
        return ok({ messageId: MESSAGE_ID }, 202)
      },
      "GET /api/admin/webhooks/01a2352a-d94e-7539-a6d0-e6e376d98a11/deliveries": () => {
        reads += 1
        // The worker delivers it between two reads.
        if (reads === 3) log = [deliveryJson({ status: "SUCCEEDED", responseStatus: 204 }), ...log.slice(1)]
        return page(log)
      }
    })
    renderSection(BASE, <WebhooksPage me={admin()} />, `/${WEBHOOK_ID}`)
    expect(await screen.findByRole("heading", { name: "Webhook: https://bot.example.com/bluelight" })).toBeTruthy()
    const older = await screen.findByRole("table", { name: "Message cad.panic" })
    expect(within(older).getByText("Gave up", { selector: "tbody *" })).toBeTruthy()
    expect(within(older).getByText("HTTP 500")).toBeTruthy()

    await user.click(screen.getByRole("button", { name: "Send a test" }))
    expect(await screen.findByText("Test message delivery: Succeeded (204).", {}, { timeout: 5_000 })).toBeTruthy()
    const test = screen.getByRole("table", { name: "Message webhook.test" })
    expect(within(test).getByRole("cell", { name: "204" })).toBeTruthy()
    const readsWhenSettled = reads
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(reads).toBe(readsWhenSettled)
  })

  it("pauses, changes the events, and deletes after asking", async () => {
    const user = userEvent.setup()
    let webhook: Record<string, unknown> = webhookJson()
    serve({
      "GET /api/admin/webhooks": () => page([webhook]),
      "GET /api/admin/webhooks/01a2352a-d94e-7539-a6d0-e6e376d98a11/deliveries": () => page([]),
      "PATCH /api/admin/webhooks/01a2352a-d94e-7539-a6d0-e6e376d98a11": ({ body }) => {
        webhook = { ...webhook, ...(body as object) }
        return ok(webhook)
      },
      "DELETE /api/admin/webhooks/01a2352a-d94e-7539-a6d0-e6e376d98a11": () => {
        webhook = { ...webhook, revokedAt: "2026-12-07T21:00:00.000Z" }
        return ok(webhook)
      }
    })
    renderSection(BASE, <WebhooksPage me={admin()} />, `/${WEBHOOK_ID}`)
    await user.click(await screen.findByRole("button", { name: "Pause" }))
    expect(await screen.findByText("Paused: nothing new is sent to it.")).toBeTruthy()
    expect(screen.getByText("Paused", { selector: ".badge" })).toBeTruthy()
    expect(seen.find((request) => request.method === "PATCH")!.body).toEqual({ active: false })

    await user.click(screen.getByRole("button", { name: "Edit" }))
    const form = screen.getByRole("form", { name: "Change this webhook" })
    await user.click(within(form).getByRole("checkbox", { name: /A shift ends/ }))
    await user.click(within(form).getByRole("button", { name: "Save changes" }))
    expect(await screen.findByText("Saved.")).toBeTruthy()
    expect(seen.filter((request) => request.method === "PATCH")[1]!.body).toEqual({ events: ["cad.panic", "shift.ended"] })

    await user.click(screen.getByRole("button", { name: "Delete" }))
    const dialog = await screen.findByRole("dialog", { name: "Delete the webhook to https://bot.example.com/bluelight?" })
    await user.click(within(dialog).getByRole("button", { name: "Delete" }))
    expect(await screen.findByText("Revoked", { selector: ".badge" })).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Send a test" })).toBeNull()
  })

  it("says so when no webhook has the address", async () => {
    serve({ "GET /api/admin/webhooks": () => page([]) })
    renderSection(BASE, <WebhooksPage me={admin()} />, `/${WEBHOOK_ID}`)
    expect((await screen.findByRole("alert")).textContent).toContain("No webhook has this address")
  })
})
