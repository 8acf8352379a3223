// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { resetProblem } from "../../../src/app/problems.js"
import { PersonActions } from "../../../src/pnc/PersonActions.js"
import { ALL_PNC, me, renderWithQueries } from "./fakeApi.js"
import { bodiesOf, ok, page, refusal, serve } from "../../fakeServer.js"
import { chargeJson, noInsurance, person, PERSON, recordJson, SPEEDING, NO_INSURANCE, VEHICLE } from "./fixtures.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const catalogue = () => ({
  "GET /api/pnc/charges": () => page([chargeJson(), noInsurance]),
  [`GET /api/pnc/civilians/${PERSON}/records`]: () => page([recordJson()])
})

const openRecordForm = async () => {
  const user = userEvent.setup()
  renderWithQueries(<PersonActions person={person()} me={me(ALL_PNC)} />)
  await user.click(screen.getByRole("button", { name: "Add a record" }))
  const dialog = screen.getByRole("dialog", { name: "Add a record" })
  return { user, dialog }
}

describe("adding a record citing charges", () => {
  it("shows each charge's fine range and points for its count, and what the record may carry in all", async () => {
    serve(catalogue())
    const { user, dialog } = await openRecordForm()
    const found = await within(dialog).findByRole("list", { name: "Charges found" })
    expect(within(dialog).getByText("No charge cited: the fine and points are as entered.")).toBeTruthy()
    await user.click(within(found).getByRole("button", { name: "Cite SP30" }))
    await user.click(within(found).getByRole("button", { name: "Cite IN10" }))
    const cited = within(dialog).getByRole("table")
    const speeding = within(cited).getByRole("row", { name: /SP30/ })
    expect(within(speeding).getByText("£100.00 to £1,000.00")).toBeTruthy()
    const count = within(speeding).getByRole("spinbutton", { name: "Times SP30 is cited" })
    fireEvent.change(count, { target: { value: "2" } })
    expect(within(speeding).getByText("£200.00 to £2,000.00")).toBeTruthy()
    expect(within(speeding).getByRole("cell", { name: "6" })).toBeTruthy()
    const allowed = within(dialog).getByRole("heading", { name: "Allowed for the charges cited" }).parentElement!
    expect(within(allowed).getByText("£500.00 to £7,000.00")).toBeTruthy()
    expect(within(allowed).getByText("12")).toBeTruthy()
    expect(within(allowed).getByText("IN10")).toBeTruthy()
    // The fine left blank takes the range's floor; the title of the first charge cited is offered.
    expect(within(dialog).getByLabelText(/Fine \(£\)/).getAttribute("name")).toBe("fineAmount")
    expect(within(dialog).getByLabelText("Fine (£) · Blank: £500.00")).toBeTruthy()
    expect((within(dialog).getByLabelText("Title") as HTMLInputElement).value).toBe("Exceeding the speed limit")
  })

  it("shows the points capped at 12 with the sum before the cap", async () => {
    serve(catalogue())
    const { user, dialog } = await openRecordForm()
    const found = await within(dialog).findByRole("list", { name: "Charges found" })
    await user.click(within(found).getByRole("button", { name: "Cite IN10" }))
    await user.click(within(found).getByRole("button", { name: "Cite IN10" }))
    await user.click(within(found).getByRole("button", { name: "Cite IN10" }))
    expect(within(dialog).getByText("12 (18 before the cap of 12)")).toBeTruthy()
  })

  it("sends the record with its charges, the blank fine and points left to the API", async () => {
    serve({ ...catalogue(), "POST /api/pnc/records": () => ok(recordJson(), 201) })
    const { user, dialog } = await openRecordForm()
    const found = await within(dialog).findByRole("list", { name: "Charges found" })
    await user.click(within(found).getByRole("button", { name: "Cite SP30" }))
    await user.type(within(dialog).getByLabelText("Location"), "High Street")
    await user.type(within(dialog).getByLabelText("Description"), "48 in a 30 zone")
    await user.selectOptions(within(dialog).getByLabelText("Vehicle (optional)"), "AB12 CDE")
    await user.click(within(dialog).getByRole("button", { name: "Add record" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    const [body] = bodiesOf("POST", "/api/pnc/records") as ReadonlyArray<Record<string, unknown>>
    expect(body).toMatchObject({
      civilianId: PERSON,
      type: "CITATION",
      title: "Exceeding the speed limit",
      description: "48 in a 30 zone",
      location: "High Street",
      vehicleId: VEHICLE,
      charges: [{ chargeId: SPEEDING, count: 1 }]
    })
    expect(Object.keys(body!).sort()).toEqual(["charges", "civilianId", "description", "location", "occurredAt", "title", "type", "vehicleId"])
    expect(new Date(body!["occurredAt"] as string).toISOString()).toBe(body!["occurredAt"])
  })

  it("shows the API's refusal of the fine beside the fine, keeping what was typed", async () => {
    serve({
      ...catalogue(),
      "POST /api/pnc/records": () =>
        refusal(400, "INVALID_INPUT", "The record is not valid", [{ path: ["fineAmount"], message: "must be from 300 to 5000 for the charges cited" }])
    })
    const { user, dialog } = await openRecordForm()
    const found = await within(dialog).findByRole("list", { name: "Charges found" })
    await user.click(within(found).getByRole("button", { name: "Cite IN10" }))
    await user.type(within(dialog).getByLabelText("Location"), "Ring road")
    await user.type(within(dialog).getByLabelText("Description"), "No insurance")
    const fine = within(dialog).getByLabelText(/Fine \(£\)/)
    await user.type(fine, "50")
    await user.click(within(dialog).getByRole("button", { name: "Add record" }))
    expect((await within(dialog).findByRole("alert")).textContent).toContain("The record is not valid")
    expect(fine.getAttribute("aria-invalid")).toBe("true")
    const problems = document.getElementById(fine.getAttribute("aria-describedby")!)!
    expect(problems.textContent).toBe("must be from 300 to 5000 for the charges cited")
    expect((fine as HTMLInputElement).value).toBe("50")
    expect((bodiesOf("POST", "/api/pnc/records")[0] as Record<string, unknown>)["charges"]).toEqual([{ chargeId: NO_INSURANCE, count: 1 }])
  })

  it("checks the body by the contract's rules before sending: a short title is named at the field, nothing is sent", async () => {
    serve(catalogue())
    const { user, dialog } = await openRecordForm()
    await user.type(within(dialog).getByLabelText("Title"), "x")
    await user.type(within(dialog).getByLabelText(/Points/), "13")
    await user.click(within(dialog).getByRole("button", { name: "Add record" }))
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Some fields need changing.")
    expect(within(dialog).getByLabelText("Title").getAttribute("aria-invalid")).toBe("true")
    expect(within(dialog).getByLabelText(/Points/).getAttribute("aria-invalid")).toBe("true")
    expect(bodiesOf("POST", "/api/pnc/records")).toEqual([])
  })
})
