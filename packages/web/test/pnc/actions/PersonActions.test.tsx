// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { resetProblem } from "../../../src/app/problems.js"
import { PersonActions } from "../../../src/pnc/PersonActions.js"
import { ALL_PNC, me, renderWithQueries } from "./fakeApi.js"
import { bodiesOf, ok, page, refusal, serve } from "../../fakeServer.js"
import { ENDORSEMENT, endorsementJson, LICENCE, licenceJson, MARKER, markerJson, person, PERSON, RECORD, recordJson, WARRANT, warrantJson } from "./fixtures.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const RECORDS = `/api/pnc/civilians/${PERSON}/records`

/** Opens the dialog of the button named `button`, fills its fields by label, submits with `submit`, and waits for it to close. */
const act = async (button: string, fill: Record<string, string>, submit: string, selects: Record<string, string> = {}) => {
  const user = userEvent.setup()
  await user.click(await screen.findByRole("button", { name: button }))
  const dialog = screen.getByRole("dialog")
  for (const [label, value] of Object.entries(selects)) await user.selectOptions(within(dialog).getByLabelText(label), value)
  for (const [label, value] of Object.entries(fill)) await user.type(within(dialog).getByLabelText(label), value)
  await user.click(within(dialog).getByRole("button", { name: submit }))
  return dialog
}
const closed = () => waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())

const showPerson = (permissions = ALL_PNC, over: Record<string, unknown> = {}) =>
  renderWithQueries(<PersonActions person={person(over)} me={me(permissions)} />)

describe("what is offered", () => {
  it("offers each action only to holders of its key", async () => {
    serve({ [`GET ${RECORDS}`]: () => page([recordJson()]) })
    const { unmount } = showPerson(["pnc.view", "pnc.markers.manage"])
    expect(screen.getByRole("button", { name: "Add a marker" })).toBeTruthy()
    expect(screen.getByRole("button", { name: "Clear marker MRK-000001" })).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Add a record" })).toBeNull()
    expect(screen.queryByRole("button", { name: "Request a warrant" })).toBeNull()
    expect(screen.queryByRole("region", { name: "Licence" })).toBeNull()
    expect(screen.queryByRole("region", { name: "Records" })).toBeNull()
    unmount()
    const none = showPerson(["pnc.view"])
    expect(none.container.textContent).toBe("")
  })

  it("offers close and void on open records only", async () => {
    serve({
      [`GET ${RECORDS}`]: () => page([recordJson(), recordJson({ id: "01a2352a-d94e-7539-a6d0-e6e376d99402", reference: "REC-000002", status: "CLOSED" })])
    })
    showPerson()
    const records = screen.getByRole("region", { name: "Records" })
    expect(await within(records).findByRole("button", { name: "Close record REC-000001" })).toBeTruthy()
    expect(within(records).getByRole("button", { name: "Void record REC-000001" })).toBeTruthy()
    expect(within(records).queryByRole("button", { name: /REC-000002/ })).toBeNull()
    expect(within(within(records).getByRole("row", { name: /REC-000002/ })).getByText("Closed")).toBeTruthy()
  })

  it("shows a licence suspended by totting-up, and offers reinstating rather than suspending", () => {
    serve({ [`GET ${RECORDS}`]: () => page([]) })
    showPerson(ALL_PNC, {
      licence: licenceJson({ status: "SUSPENDED", suspendedUntil: "2027-06-01T00:00:00.000Z", suspensionReason: "TOTTING_UP", points: 12 })
    })
    const licence = screen.getByRole("region", { name: "Licence" })
    expect(within(licence).getByText("Suspended")).toBeTruthy()
    expect(within(licence).getByText("Totting-up: the points reached the community's threshold")).toBeTruthy()
    expect(within(licence).getByRole("button", { name: "Reinstate" })).toBeTruthy()
    expect(within(licence).queryByRole("button", { name: "Suspend" })).toBeNull()
  })
})

describe("each form's request", () => {
  it("requests a warrant and says it waits for approval", async () => {
    serve({ [`GET ${RECORDS}`]: () => page([]), "POST /api/pnc/warrants": () => ok(warrantJson({ status: "PENDING_APPROVAL", reference: "WAR-000007" }), 201) })
    showPerson()
    await act("Request a warrant", { Reason: "Failed to appear at court", "Details (optional)": "Magistrates, 3 Dec" }, "Request warrant")
    await closed()
    expect(bodiesOf("POST", "/api/pnc/warrants")).toEqual([{ civilianId: PERSON, reason: "Failed to appear at court", details: "Magistrates, 3 Dec" }])
    expect(screen.getByRole("status").textContent).toBe("Warrant WAR-000007 requested: it waits for another officer's approval.")
  })

  it("closes an active warrant as executed or withdrawn, with a note", async () => {
    serve({ [`GET ${RECORDS}`]: () => page([]), [`POST /api/pnc/warrants/${WARRANT}/close`]: () => ok(warrantJson({ status: "WITHDRAWN" })) })
    showPerson()
    await act("Close warrant WAR-000001", { Note: "Court withdrew it" }, "Close warrant", { Outcome: "Withdrawn" })
    await closed()
    expect(bodiesOf("POST", `/api/pnc/warrants/${WARRANT}/close`)).toEqual([{ outcome: "WITHDRAWN", note: "Court withdrew it" }])
  })

  it("adds a person marker of the person's types, and clears one", async () => {
    serve({
      [`GET ${RECORDS}`]: () => page([]),
      "POST /api/pnc/markers": () => ok(markerJson(), 201),
      [`POST /api/pnc/markers/${MARKER}/clear`]: () => ok(markerJson({ active: false }))
    })
    showPerson()
    const user = userEvent.setup()
    await user.click(screen.getByRole("button", { name: "Add a marker" }))
    const types = within(screen.getByRole("dialog")).getAllByRole("option").map((option) => option.textContent)
    expect(types).toEqual(["Wanted", "Person BOLO", "Missing person", "Officer safety", "General"])
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }))
    await act("Add a marker", { Reason: "Reported missing by family" }, "Add marker", { Type: "Missing person" })
    await closed()
    expect(bodiesOf("POST", "/api/pnc/markers")).toEqual([{ type: "MISSING_PERSON", civilianId: PERSON, reason: "Reported missing by family" }])
    await act("Clear marker MRK-000001", { Reason: "Found safe" }, "Clear marker")
    await closed()
    expect(bodiesOf("POST", `/api/pnc/markers/${MARKER}/clear`)).toEqual([{ reason: "Found safe" }])
  })

  it("closes and voids a record with a reason", async () => {
    serve({
      [`GET ${RECORDS}`]: () => page([recordJson()]),
      [`POST /api/pnc/records/${RECORD}/close`]: () => ok(recordJson({ status: "CLOSED" })),
      [`POST /api/pnc/records/${RECORD}/void`]: () => ok(recordJson({ status: "VOID" }))
    })
    showPerson()
    await act("Close record REC-000001", { Reason: "Fine paid" }, "Close record")
    await closed()
    await act("Void record REC-000001", { Reason: "Wrong person" }, "Void record")
    await closed()
    expect(bodiesOf("POST", `/api/pnc/records/${RECORD}/close`)).toEqual([{ reason: "Fine paid" }])
    expect(bodiesOf("POST", `/api/pnc/records/${RECORD}/void`)).toEqual([{ reason: "Wrong person" }])
  })

  it("suspends a licence until a time, in UTC", async () => {
    serve({ [`GET ${RECORDS}`]: () => page([]), [`POST /api/pnc/licences/${LICENCE}/suspend`]: () => ok(licenceJson({ status: "SUSPENDED" })) })
    showPerson()
    await act("Suspend", { Reason: "Court order", "Until (blank: indefinitely)": "2027-01-31T18:30" }, "Suspend licence")
    await closed()
    expect(bodiesOf("POST", `/api/pnc/licences/${LICENCE}/suspend`)).toEqual([{ reason: "Court order", until: new Date("2027-01-31T18:30").toISOString() }])
  })

  it("revokes a licence, with a reason", async () => {
    serve({ [`GET ${RECORDS}`]: () => page([]), [`POST /api/pnc/licences/${LICENCE}/revoke`]: () => ok(licenceJson({ status: "REVOKED" })) })
    showPerson()
    await act("Revoke", { Reason: "Disqualified by the court" }, "Revoke licence")
    await closed()
    expect(bodiesOf("POST", `/api/pnc/licences/${LICENCE}/revoke`)).toEqual([{ reason: "Disqualified by the court" }])
  })

  it("changes the categories and the expiry, sending only what changes", async () => {
    serve({ [`GET ${RECORDS}`]: () => page([]), [`PATCH /api/pnc/licences/${LICENCE}`]: () => ok(licenceJson({ categories: ["A", "B"] })) })
    showPerson()
    const user = userEvent.setup()
    await user.click(screen.getByRole("button", { name: "Renew or change" }))
    const dialog = screen.getByRole("dialog", { name: "Renew or change the licence" })
    expect((within(dialog).getByRole("checkbox", { name: "B (cars)" }) as HTMLInputElement).checked).toBe(true)
    await user.click(within(dialog).getByRole("checkbox", { name: "A (motorcycles)" }))
    await user.type(within(dialog).getByLabelText("Reason"), "Passed the motorcycle test")
    await user.click(within(dialog).getByRole("button", { name: "Save licence" }))
    await closed()
    await user.click(screen.getByRole("button", { name: "Renew or change" }))
    const again = screen.getByRole("dialog")
    await user.type(within(again).getByLabelText("New expiry (blank: unchanged)"), "2036-01-31T00:00")
    await user.type(within(again).getByLabelText("Reason"), "Renewal at the counter")
    await user.click(within(again).getByRole("button", { name: "Save licence" }))
    await closed()
    expect(bodiesOf("PATCH", `/api/pnc/licences/${LICENCE}`)).toEqual([
      { reason: "Passed the motorcycle test", categories: ["A", "B"] },
      { reason: "Renewal at the counter", expiresAt: new Date("2036-01-31T00:00").toISOString() }
    ])
  })

  it("shows INVALID_EXPIRY's message above the licence form", async () => {
    serve({
      [`GET ${RECORDS}`]: () => page([]),
      [`PATCH /api/pnc/licences/${LICENCE}`]: () => refusal(422, "INVALID_EXPIRY", "The new expiry must be after the licence was issued")
    })
    showPerson()
    const dialog = await act("Renew or change", { "New expiry (blank: unchanged)": "2001-01-01T00:00", Reason: "Typo test" }, "Save licence")
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The new expiry must be after the licence was issued")
  })

  it("adds an endorsement, its refused code shown at the field", async () => {
    let tries = 0
    serve({
      [`GET ${RECORDS}`]: () => page([]),
      [`POST /api/pnc/licences/${LICENCE}/endorsements`]: () =>
        ++tries === 1
          ? refusal(400, "INVALID_INPUT", "The endorsement is not valid", [{ path: ["code"], message: "must be 2 to 10 upper-case letters and digits" }])
          : ok(licenceJson(), 201)
    })
    showPerson()
    const dialog = await act("Add an endorsement", { Code: "SP30", Points: "3", Reason: "Speeding, 38 in a 30 zone" }, "Add endorsement")
    const code = within(dialog).getByLabelText("Code")
    await waitFor(() => expect(code.getAttribute("aria-invalid")).toBe("true"))
    expect(document.getElementById(code.getAttribute("aria-describedby")!)!.textContent).toBe("must be 2 to 10 upper-case letters and digits")
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Add endorsement" }))
    await closed()
    expect(bodiesOf("POST", `/api/pnc/licences/${LICENCE}/endorsements`)).toEqual([
      { code: "SP30", reason: "Speeding, 38 in a 30 zone", points: 3 },
      { code: "SP30", reason: "Speeding, 38 in a 30 zone", points: 3 }
    ])
  })

  it("removes an active endorsement with a reason; a removed one shows who removed it and why, with nothing to do", async () => {
    serve({
      [`GET ${RECORDS}`]: () => page([]),
      [`POST /api/pnc/licences/${LICENCE}/endorsements/${ENDORSEMENT}/remove`]: () => ok(licenceJson())
    })
    showPerson(ALL_PNC, {
      licence: licenceJson({
        endorsements: [
          endorsementJson(),
          endorsementJson({
            id: "01a2352a-d94e-7539-a6d0-e6e376d99302",
            code: "CU80",
            active: false,
            removedAt: "2026-12-03T05:00:00.000Z",
            removedBy: { id: "01a2352a-d94e-7539-a6d0-e6e376d98953", displayName: "Sam Sergeant" },
            removalReason: "Appeal upheld"
          })
        ]
      })
    })
    const removed = screen.getByRole("row", { name: /CU80/ })
    expect(within(removed).getByText("Removed", { selector: ".badge" })).toBeTruthy()
    expect(within(removed).queryByRole("button")).toBeNull()
    await act("Remove endorsement SP30 of 2 Dec 2026", { Reason: "Appeal upheld" }, "Remove endorsement")
    await closed()
    expect(bodiesOf("POST", `/api/pnc/licences/${LICENCE}/endorsements/${ENDORSEMENT}/remove`)).toEqual([{ reason: "Appeal upheld" }])
  })
})
