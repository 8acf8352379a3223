// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { resetProblem } from "../../../src/app/problems.js"
import { PersonPage } from "../../../src/pnc/PersonPage.js"
import { RecordsPanel } from "../../../src/pnc/RecordsPanel.js"
import { bodiesOf, type Handler, ok, page, refusal, serve } from "../../fakeServer.js"
import { ALL_PNC, me, renderWithQueries } from "./fakeApi.js"
import {
  ENDORSEMENT,
  endorsementJson,
  LICENCE,
  licenceJson,
  MARKER,
  markerJson,
  person,
  PERSON,
  personJson,
  RECORD,
  recordJson,
  WARRANT,
  warrantJson
} from "./fixtures.js"

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

/** The reads of the person's page: the person (as `over` changes it), their records (none unless given), their history (empty). */
const personPage = (over: Record<string, unknown> = {}, records: ReadonlyArray<unknown> = []): Record<string, Handler> => ({
  [`GET /api/pnc/civilians/${PERSON}`]: () => ok(personJson(over)),
  [`GET ${RECORDS}`]: () => page(records),
  "GET /api/pnc/events": () => page([])
})

/** The person's page as this officer sees it, once it has read the person. */
const showPerson = async (permissions = ALL_PNC) => {
  const shown = renderWithQueries(<PersonPage id={person().id} me={me(permissions)} />)
  await screen.findByRole("heading", { name: "Jamie Driver", level: 1 })
  return shown
}

/** The person page's records, where an open one is closed or voided on its row. */
const showRecords = (permissions = ALL_PNC) => renderWithQueries(<RecordsPanel personId={person().id} me={me(permissions)} />)

describe("what is offered", () => {
  it("offers each action only to holders of its key, on what it acts on", async () => {
    serve(personPage({}, [recordJson()]))
    const { unmount } = await showPerson(["pnc.view", "pnc.markers.manage"])
    const actions = screen.getByRole("group", { name: "Actions on Jamie Driver" })
    expect(within(actions).getByRole("button", { name: "Add a marker" })).toBeTruthy()
    expect(within(actions).queryByRole("button", { name: "Add a record" })).toBeNull()
    expect(within(actions).queryByRole("button", { name: "Request a warrant" })).toBeNull()
    const alerts = screen.getByRole("region", { name: "Markers and warrants" })
    expect(within(alerts).getByRole("button", { name: "Clear marker MRK-000001" })).toBeTruthy()
    expect(within(alerts).queryByRole("button", { name: "Close warrant WAR-000001" })).toBeNull()
    expect(within(screen.getByRole("region", { name: "Licence" })).queryAllByRole("button")).toEqual([])
    expect(await within(screen.getByRole("region", { name: "Records" })).findByRole("row", { name: /REC-000001/ })).toBeTruthy()
    expect(within(screen.getByRole("region", { name: "Records" })).queryAllByRole("button")).toEqual([])
    unmount()
    await showPerson(["pnc.view"])
    expect(screen.queryByRole("region", { name: "Actions" })).toBeNull()
    expect(screen.queryAllByRole("button")).toEqual([])
  })

  it("shows each thing once: one licence with its endorsements, one list of warrants and markers, the actions only adding", async () => {
    serve(personPage())
    await showPerson()
    expect(screen.getAllByRole("region", { name: "Licence" })).toHaveLength(1)
    expect(screen.getAllByRole("table", { name: "Endorsements" })).toHaveLength(1)
    expect(screen.getAllByRole("row", { name: /SP30/ })).toHaveLength(1)
    expect(screen.getAllByText("WAR-000001")).toHaveLength(1)
    expect(screen.getAllByText("MRK-000001")).toHaveLength(1)
    expect(screen.getAllByRole("button", { name: "Close warrant WAR-000001" })).toHaveLength(1)
    expect(screen.getAllByRole("button", { name: "Clear marker MRK-000001" })).toHaveLength(1)
    expect(screen.getAllByRole("button", { name: "Remove endorsement SP30 of 2 Dec 2026" })).toHaveLength(1)
    const actions = screen.getByRole("group", { name: "Actions on Jamie Driver" })
    expect(within(actions).getAllByRole("button").map((button) => button.textContent)).toEqual(["Add a record", "Request a warrant", "Add a marker"])
    expect(within(actions).queryByRole("table")).toBeNull()
  })

  it("offers close and void on open records only, on the page's records, and only to holders of pnc.records.manage", async () => {
    serve({
      [`GET ${RECORDS}`]: () => page([recordJson(), recordJson({ id: "01a2352a-d94e-7539-a6d0-e6e376d99402", reference: "REC-000002", status: "CLOSED" })])
    })
    const { unmount } = showRecords(["pnc.view"])
    await screen.findByRole("row", { name: /REC-000001/ })
    expect(screen.queryByRole("button", { name: /record REC-000001/ })).toBeNull()
    unmount()
    showRecords()
    const records = screen.getByRole("region", { name: "Records" })
    expect(await within(records).findByRole("button", { name: "Close record REC-000001" })).toBeTruthy()
    expect(within(records).getByRole("button", { name: "Void record REC-000001" })).toBeTruthy()
    expect(within(records).queryByRole("button", { name: /REC-000002/ })).toBeNull()
    expect(within(within(records).getByRole("row", { name: /REC-000002/ })).getByText("Closed")).toBeTruthy()
  })

  it("shows a licence suspended by totting-up, and offers reinstating rather than suspending", async () => {
    serve(personPage({ licence: licenceJson({ status: "SUSPENDED", suspendedUntil: "2027-06-01T00:00:00.000Z", suspensionReason: "TOTTING_UP", points: 12 }) }))
    await showPerson()
    const licence = screen.getByRole("region", { name: "Licence" })
    expect(within(licence).getByText("Suspended")).toBeTruthy()
    expect(await within(licence).findByText("Suspended automatically: the points reached the community's threshold (12 active now)")).toBeTruthy()
    expect(within(licence).getByRole("button", { name: "Reinstate" })).toBeTruthy()
    expect(within(licence).queryByRole("button", { name: "Suspend" })).toBeNull()
  })

  it("offers nothing on the licence of a person who has none", async () => {
    serve(personPage({ licence: null }))
    await showPerson()
    const licence = screen.getByRole("region", { name: "Licence" })
    expect(within(licence).getByText("No driving licence on record.")).toBeTruthy()
    expect(within(licence).queryAllByRole("button")).toEqual([])
  })
})

describe("each form's request", () => {
  it("requests a warrant and says it waits for approval", async () => {
    serve({ ...personPage(), "POST /api/pnc/warrants": () => ok(warrantJson({ status: "PENDING_APPROVAL", reference: "WAR-000007" }), 201) })
    await showPerson()
    await act("Request a warrant", { Reason: "Failed to appear at court", "Details (optional)": "Magistrates, 3 Dec" }, "Request warrant")
    await closed()
    expect(bodiesOf("POST", "/api/pnc/warrants")).toEqual([{ civilianId: PERSON, reason: "Failed to appear at court", details: "Magistrates, 3 Dec" }])
    const actions = screen.getByRole("group", { name: "Actions on Jamie Driver" })
    expect(within(actions).getByRole("status").textContent).toBe("Warrant WAR-000007 requested: it waits for another officer's approval.")
  })

  it("closes an active warrant, on its item of the person's warrants, as executed or withdrawn, with a note", async () => {
    serve({ ...personPage(), [`POST /api/pnc/warrants/${WARRANT}/close`]: () => ok(warrantJson({ status: "WITHDRAWN" })) })
    await showPerson()
    const warrant = within(screen.getByRole("region", { name: "Markers and warrants" })).getByText("WAR-000001").closest("li")!
    expect(within(warrant).getByText("Active", { selector: ".badge" })).toBeTruthy()
    expect(within(warrant).getByRole("button", { name: "Close warrant WAR-000001" })).toBeTruthy()
    await act("Close warrant WAR-000001", { Note: "Court withdrew it" }, "Close warrant", { Outcome: "Withdrawn" })
    await closed()
    expect(bodiesOf("POST", `/api/pnc/warrants/${WARRANT}/close`)).toEqual([{ outcome: "WITHDRAWN", note: "Court withdrew it" }])
  })

  it("adds a person marker of the person's types, and clears one on its item", async () => {
    serve({
      ...personPage(),
      "POST /api/pnc/markers": () => ok(markerJson(), 201),
      [`POST /api/pnc/markers/${MARKER}/clear`]: () => ok(markerJson({ active: false }))
    })
    await showPerson()
    const user = userEvent.setup()
    await user.click(screen.getByRole("button", { name: "Add a marker" }))
    const types = within(screen.getByRole("dialog")).getAllByRole("option").map((option) => option.textContent)
    expect(types).toEqual(["Wanted", "Person BOLO", "Missing person", "Officer safety", "General"])
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }))
    await act("Add a marker", { Reason: "Reported missing by family" }, "Add marker", { Type: "Missing person" })
    await closed()
    expect(bodiesOf("POST", "/api/pnc/markers")).toEqual([{ type: "MISSING_PERSON", civilianId: PERSON, reason: "Reported missing by family" }])
    const marker = within(screen.getByRole("region", { name: "Markers and warrants" })).getByText("MRK-000001").closest("li")!
    expect(within(marker).getByRole("button", { name: "Clear marker MRK-000001" })).toBeTruthy()
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
    showRecords()
    await act("Close record REC-000001", { Reason: "Fine paid" }, "Close record")
    await closed()
    await act("Void record REC-000001", { Reason: "Wrong person" }, "Void record")
    await closed()
    expect(bodiesOf("POST", `/api/pnc/records/${RECORD}/close`)).toEqual([{ reason: "Fine paid" }])
    expect(bodiesOf("POST", `/api/pnc/records/${RECORD}/void`)).toEqual([{ reason: "Wrong person" }])
  })

  it("suspends a licence until a time, in UTC", async () => {
    serve({ ...personPage(), [`POST /api/pnc/licences/${LICENCE}/suspend`]: () => ok(licenceJson({ status: "SUSPENDED" })) })
    await showPerson()
    await act("Suspend", { Reason: "Court order", "Until (blank: indefinitely)": "2027-01-31T18:30" }, "Suspend licence")
    await closed()
    expect(bodiesOf("POST", `/api/pnc/licences/${LICENCE}/suspend`)).toEqual([{ reason: "Court order", until: new Date("2027-01-31T18:30").toISOString() }])
  })

  it("revokes a licence, with a reason", async () => {
    serve({ ...personPage(), [`POST /api/pnc/licences/${LICENCE}/revoke`]: () => ok(licenceJson({ status: "REVOKED" })) })
    await showPerson()
    await act("Revoke", { Reason: "Disqualified by the court" }, "Revoke licence")
    await closed()
    expect(bodiesOf("POST", `/api/pnc/licences/${LICENCE}/revoke`)).toEqual([{ reason: "Disqualified by the court" }])
  })

  it("changes the categories and the expiry, sending only what changes", async () => {
    serve({ ...personPage(), [`PATCH /api/pnc/licences/${LICENCE}`]: () => ok(licenceJson({ categories: ["A", "B"] })) })
    await showPerson()
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
      ...personPage(),
      [`PATCH /api/pnc/licences/${LICENCE}`]: () => refusal(422, "INVALID_EXPIRY", "The new expiry must be after the licence was issued")
    })
    await showPerson()
    const dialog = await act("Renew or change", { "New expiry (blank: unchanged)": "2001-01-01T00:00", Reason: "Typo test" }, "Save licence")
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The new expiry must be after the licence was issued")
  })

  it("adds an endorsement, its refused code shown at the field", async () => {
    let tries = 0
    serve({
      ...personPage(),
      [`POST /api/pnc/licences/${LICENCE}/endorsements`]: () =>
        ++tries === 1
          ? refusal(400, "INVALID_INPUT", "The endorsement is not valid", [{ path: ["code"], message: "must be 2 to 10 upper-case letters and digits" }])
          : ok(licenceJson(), 201)
    })
    await showPerson()
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

  it("removes an active endorsement on its row of the licence; a removed one is struck through with who removed it and why, with nothing to do", async () => {
    serve({
      ...personPage({
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
      }),
      [`POST /api/pnc/licences/${LICENCE}/endorsements/${ENDORSEMENT}/remove`]: () => ok(licenceJson())
    })
    await showPerson()
    const licence = screen.getByRole("region", { name: "Licence" })
    const removed = within(licence).getByRole("row", { name: /CU80/ })
    expect(within(removed).getByText("CU80").tagName).toBe("S")
    expect(within(removed).getByText(/Removed by Sam Sergeant/).textContent).toContain("Appeal upheld")
    expect(within(removed).queryByRole("button")).toBeNull()
    const active = within(licence).getByRole("row", { name: /SP30/ })
    expect(within(active).getByRole("button", { name: "Remove endorsement SP30 of 2 Dec 2026" })).toBeTruthy()
    await act("Remove endorsement SP30 of 2 Dec 2026", { Reason: "Appeal upheld" }, "Remove endorsement")
    await closed()
    expect(bodiesOf("POST", `/api/pnc/licences/${LICENCE}/endorsements/${ENDORSEMENT}/remove`)).toEqual([{ reason: "Appeal upheld" }])
  })
})
