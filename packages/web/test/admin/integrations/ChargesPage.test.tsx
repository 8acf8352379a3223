// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import ChargesPage from "../../../src/admin/charges/ChargesPage.js"
import { resetProblem } from "../../../src/app/problems.js"
import { admin, renderSection } from "./fakeApi.js"
import { ok, page, refusal, seen, serve } from "../../fakeServer.js"
import { CHARGE_ID, chargeJson } from "./fixtures.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const BASE = "/admin/charges"

/** The field's refusal: the control is marked invalid and described by the API's words. */
const refusedAt = (control: HTMLElement, message: string) => {
  expect(control.getAttribute("aria-invalid")).toBe("true")
  const described = (control.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "")
  expect(described.join(" ")).toContain(message)
}

describe("the charges catalogue", () => {
  it("lists charges with fines in pounds and their standing in words", async () => {
    serve({
      "GET /api/pnc/charges": () =>
        page([
          chargeJson(),
          chargeJson({
            id: "01a2352a-d94e-7539-a6d0-e6e376d98e02",
            code: "CU80",
            fineMin: 62.5,
            fineMax: 62.5,
            points: 0,
            endorsementCode: null,
            active: false
          })
        ])
    })
    renderSection(BASE, <ChargesPage me={admin()} />)
    const table = await screen.findByRole("table", { name: "Charges catalogue" })
    const rows = within(table).getAllByRole("row")
    expect(within(rows[1]!).getByText("£100.00 – £1,000.00")).toBeTruthy()
    expect(within(rows[1]!).getByText("In use")).toBeTruthy()
    expect(within(rows[2]!).getByText("£62.50")).toBeTruthy()
    expect(within(rows[2]!).getByText("Retired")).toBeTruthy()
    expect(within(rows[2]!).getByRole("button", { name: "Bring CU80 back into use" })).toBeTruthy()
    expect(seen[0]!.url.searchParams.get("active")).toBe("true")
  })

  it("searches once the typing pauses, and lists every standing on request", async () => {
    const user = userEvent.setup()
    serve({ "GET /api/pnc/charges": () => page([chargeJson()]) })
    renderSection(BASE, <ChargesPage me={admin()} />)
    await screen.findByRole("table", { name: "Charges catalogue" })
    await user.type(screen.getByRole("searchbox", { name: "Search charges" }), "speed")
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "All charges")
    await expect.poll(() => seen.some((request) => request.url.searchParams.get("search") === "speed" && request.url.searchParams.get("active") === "all"))
      .toBe(true)
    // Read once the typing paused: never a read for every letter.
    expect(seen.map((request) => request.url.searchParams.get("search")).filter((search) => search !== null && search !== "speed")).toEqual([])
  })

  it("without pnc.view, says the catalogue cannot be read and still offers a new charge", async () => {
    serve({})
    renderSection(BASE, <ChargesPage me={admin(["admin.manage"])} />)
    expect(await screen.findByText(/needs the permission pnc.view/)).toBeTruthy()
    expect(screen.getByRole("link", { name: "New charge" })).toBeTruthy()
    expect(seen).toEqual([])
  })
})

describe("a new charge", () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, form: HTMLElement) => {
    await user.type(within(form).getByRole("textbox", { name: "Code" }), "sp30")
    await user.type(within(form).getByRole("textbox", { name: "Title" }), "Exceeding the speed limit")
    await user.type(within(form).getByRole("textbox", { name: "Lowest fine (£)" }), "62.50")
    await user.type(within(form).getByRole("textbox", { name: "Highest fine (£)" }), "£1,000")
    const points = within(form).getByRole("spinbutton", { name: "Penalty points" })
    await user.clear(points)
    await user.type(points, "3")
    await user.type(within(form).getByRole("textbox", { name: "Endorsement code" }), "sp30")
  }

  it("sends the fines in the API's unit and opens the new charge's page", async () => {
    const user = userEvent.setup()
    serve({
      "POST /api/pnc/charges": ({ body }) => ok(chargeJson({ ...(body as object), code: "SP30" }), 201),
      "GET /api/pnc/charges": () => page([chargeJson()])
    })
    renderSection(BASE, <ChargesPage me={admin()} />, "/new")
    const form = await screen.findByRole("form", { name: "New charge" })
    await fill(user, form)
    await user.click(within(form).getByRole("button", { name: "Create charge" }))
    expect(await screen.findByText("Charge SP30 created.")).toBeTruthy()
    expect(window.location.pathname).toBe(`${BASE}/${CHARGE_ID}`)
    const sent = seen.find((request) => request.method === "POST")!.body
    expect(sent).toMatchObject({ code: "sp30", fineMin: 62.5, fineMax: 1000, points: 3, endorsementCode: "SP30", category: null, custodyMaxDays: null })
    expect(screen.getByRole("textbox", { name: "Lowest fine (£)" })).toHaveProperty("value", "62.50")
  })

  it("shows CHARGE_CODE_TAKEN at the code, keeping what was typed", async () => {
    const user = userEvent.setup()
    serve({ "POST /api/pnc/charges": () => refusal(409, "CHARGE_CODE_TAKEN", "Another charge has the code SP30") })
    renderSection(BASE, <ChargesPage me={admin()} />, "/new")
    const form = await screen.findByRole("form", { name: "New charge" })
    await fill(user, form)
    await user.click(within(form).getByRole("button", { name: "Create charge" }))
    const code = within(form).getByRole("textbox", { name: "Code" })
    await expect.poll(() => code.getAttribute("aria-invalid")).toBe("true")
    refusedAt(code, "Another charge has the code SP30")
    expect(within(form).getByRole("alert").textContent).toContain("Another charge has the code SP30")
    expect(code).toHaveProperty("value", "sp30")
  })

  it("checks the API's rules before sending, each at its field: an amount it cannot read, fines upside down", async () => {
    const user = userEvent.setup()
    serve({})
    renderSection(BASE, <ChargesPage me={admin()} />, "/new")
    const form = await screen.findByRole("form", { name: "New charge" })
    await fill(user, form)
    const low = within(form).getByRole("textbox", { name: "Lowest fine (£)" })
    await user.clear(low)
    await user.type(low, "12.345")
    await user.click(within(form).getByRole("button", { name: "Create charge" }))
    refusedAt(low, "must be an amount in pounds")

    await user.clear(low)
    await user.type(low, "5000")
    await user.click(within(form).getByRole("button", { name: "Create charge" }))
    const high = within(form).getByRole("textbox", { name: "Highest fine (£)" })
    await expect.poll(() => high.getAttribute("aria-invalid")).toBe("true")
    refusedAt(high, "must not be less than fineMin (5000)")
    expect(seen).toEqual([])
  })

  it("shows each problem of the API's INVALID_INPUT at the field it names", async () => {
    const user = userEvent.setup()
    serve({
      "POST /api/pnc/charges": () =>
        refusal(400, "INVALID_INPUT", "The request is not valid", [
          { path: ["title"], message: "must not start or end with white space" },
          { path: ["endorsementCode"], message: "is not a known endorsement code" }
        ])
    })
    renderSection(BASE, <ChargesPage me={admin()} />, "/new")
    const form = await screen.findByRole("form", { name: "New charge" })
    await fill(user, form)
    await user.click(within(form).getByRole("button", { name: "Create charge" }))
    const title = within(form).getByRole("textbox", { name: "Title" })
    await expect.poll(() => title.getAttribute("aria-invalid")).toBe("true")
    refusedAt(title, "must not start or end with white space")
    refusedAt(within(form).getByRole("textbox", { name: "Endorsement code" }), "is not a known endorsement code")
    expect(within(form).getByRole("alert").textContent).toContain("The request is not valid")
  })
})

describe("a charge's page", () => {
  it("sends only what changed, and retires the charge", async () => {
    const user = userEvent.setup()
    let charge = chargeJson()
    serve({
      "GET /api/pnc/charges/01a2352a-d94e-7539-a6d0-e6e376d98e01": () => ok(charge),
      "PATCH /api/pnc/charges/01a2352a-d94e-7539-a6d0-e6e376d98e01": ({ body }) => {
        charge = { ...charge, ...(body as object), updatedAt: "2026-12-07T21:00:00.000Z" }
        return ok(charge)
      }
    })
    renderSection(BASE, <ChargesPage me={admin()} />, `/${CHARGE_ID}`)
    const form = await screen.findByRole("form", { name: "Charge SP30" })
    const high = within(form).getByRole("textbox", { name: "Highest fine (£)" })
    expect(high).toHaveProperty("value", "1000")
    await user.clear(high)
    await user.type(high, "1250.75")
    await user.click(within(form).getByRole("button", { name: "Save changes" }))
    expect(await screen.findByText("Saved.")).toBeTruthy()
    expect(seen.find((request) => request.method === "PATCH")!.body).toEqual({ fineMax: 1250.75 })

    await user.click(screen.getByRole("button", { name: "Retire" }))
    expect(await screen.findByText("Charge SP30 retired: it can no longer be cited.")).toBeTruthy()
    expect(seen.filter((request) => request.method === "PATCH")[1]!.body).toEqual({ active: false })
    expect(await screen.findByRole("button", { name: "Bring back into use" })).toBeTruthy()
  })
})
