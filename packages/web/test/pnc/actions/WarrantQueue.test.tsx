// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { resetProblem } from "../../../src/app/problems.js"
import { WarrantQueue } from "../../../src/pnc/warrants/WarrantQueue.js"
import { ALL_PNC, me, renderWithQueries } from "./fakeApi.js"
import { bodiesOf, ok, page, refusal, serve } from "../../fakeServer.js"
import { OTHER_OFFICER, officer, otherOfficer, PERSON, warrantJson } from "./fixtures.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const OTHERS = "01a2352a-d94e-7539-a6d0-e6e376d99502"
const pendingMine = warrantJson({ status: "PENDING_APPROVAL", reference: "WAR-000001" })
const pendingTheirs = warrantJson({ id: OTHERS, status: "PENDING_APPROVAL", reference: "WAR-000002", requestedBy: otherOfficer, issuedBy: otherOfficer })

const rowOf = (reference: string) => screen.getByRole("row", { name: new RegExp(reference) })

describe("the warrants awaiting approval", () => {
  it("lists pending requests with who asked; one's own request cannot be decided, and says why", async () => {
    serve({ "GET /api/pnc/warrants": () => page([pendingMine, pendingTheirs]) })
    renderWithQueries(<WarrantQueue me={me(ALL_PNC)} />)
    expect(await screen.findByRole("heading", { name: "Warrants awaiting approval" })).toBeTruthy()
    await screen.findByRole("table")
    const mine = rowOf("WAR-000001")
    const approveMine = within(mine).getByRole("button", { name: "Approve warrant WAR-000001" }) as HTMLButtonElement
    const rejectMine = within(mine).getByRole("button", { name: "Reject warrant WAR-000001" }) as HTMLButtonElement
    expect(approveMine.disabled).toBe(true)
    expect(rejectMine.disabled).toBe(true)
    expect(document.getElementById(approveMine.getAttribute("aria-describedby")!)!.textContent).toBe("Your own request: another officer must decide it.")
    expect(within(mine).getByText(officer.displayName)).toBeTruthy()
    const theirs = rowOf("WAR-000002")
    expect((within(theirs).getByRole("button", { name: "Approve warrant WAR-000002" }) as HTMLButtonElement).disabled).toBe(false)
    expect(within(theirs).getByText(otherOfficer.displayName)).toBeTruthy()
    expect(within(theirs).queryByText("Your own request: another officer must decide it.")).toBeNull()
  })

  it("asks only for the warrants pending approval", async () => {
    const urls: Array<URL> = []
    serve({ "GET /api/pnc/warrants": (request) => (urls.push(request.url), page([])) })
    renderWithQueries(<WarrantQueue me={me(ALL_PNC)} />)
    expect(await screen.findByText("No warrant is waiting for approval.")).toBeTruthy()
    expect(urls[0]?.searchParams.get("status")).toBe("PENDING_APPROVAL")
  })

  it("approves another officer's request with a note, and reads the queue again", async () => {
    const user = userEvent.setup()
    let decided = false
    serve({
      "GET /api/pnc/warrants": () => page(decided ? [] : [pendingTheirs]),
      [`POST /api/pnc/warrants/${OTHERS}/approve`]: () => {
        decided = true
        return ok(warrantJson({ id: OTHERS, reference: "WAR-000002", requestedBy: otherOfficer, decidedBy: officer }))
      }
    })
    renderWithQueries(<WarrantQueue me={me(ALL_PNC)} />)
    await user.click(await screen.findByRole("button", { name: "Approve warrant WAR-000002" }))
    const dialog = screen.getByRole("dialog", { name: "Approve warrant WAR-000002" })
    await user.type(within(dialog).getByLabelText("Note (optional)"), "Grounds checked")
    await user.click(within(dialog).getByRole("button", { name: "Approve warrant" }))
    expect(await screen.findByText("No warrant is waiting for approval.")).toBeTruthy()
    expect(screen.getByRole("status").textContent).toBe("Warrant WAR-000002 approved: it is now active.")
    expect(bodiesOf("POST", `/api/pnc/warrants/${OTHERS}/approve`)).toEqual([{ note: "Grounds checked" }])
  })

  it("approves without a note as an empty body, and rejects with a reason", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/pnc/warrants": () => page([pendingTheirs]),
      [`POST /api/pnc/warrants/${OTHERS}/approve`]: () => ok(warrantJson({ id: OTHERS })),
      [`POST /api/pnc/warrants/${OTHERS}/reject`]: () => ok(warrantJson({ id: OTHERS, status: "REJECTED" }))
    })
    renderWithQueries(<WarrantQueue me={me(ALL_PNC)} />)
    await user.click(await screen.findByRole("button", { name: "Approve warrant WAR-000002" }))
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Approve warrant" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(bodiesOf("POST", `/api/pnc/warrants/${OTHERS}/approve`)).toEqual([{}])
    await user.click(screen.getByRole("button", { name: "Reject warrant WAR-000002" }))
    const dialog = screen.getByRole("dialog", { name: "Reject warrant WAR-000002" })
    await user.type(within(dialog).getByLabelText("Reason"), "No grounds given")
    await user.click(within(dialog).getByRole("button", { name: "Reject warrant" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(bodiesOf("POST", `/api/pnc/warrants/${OTHERS}/reject`)).toEqual([{ reason: "No grounds given" }])
  })

  it("shows the API's SELF_APPROVAL refusal when the request turns out to be one's own", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/pnc/warrants": () => page([pendingTheirs]),
      [`POST /api/pnc/warrants/${OTHERS}/approve`]: () => refusal(403, "SELF_APPROVAL", "You requested warrant WAR-000002: another officer must decide it")
    })
    // Signed in as another account than the requester's as the page knows it, the API still has the last word.
    renderWithQueries(<WarrantQueue me={me(ALL_PNC)} />)
    await user.click(await screen.findByRole("button", { name: "Approve warrant WAR-000002" }))
    const dialog = screen.getByRole("dialog")
    await user.click(within(dialog).getByRole("button", { name: "Approve warrant" }))
    expect((await within(dialog).findByRole("alert")).textContent).toBe("You requested warrant WAR-000002: another officer must decide it")
  })

  it("offers no decision without pnc.warrants.manage", async () => {
    serve({ "GET /api/pnc/warrants": () => page([pendingTheirs]) })
    renderWithQueries(<WarrantQueue me={me(["pnc.view"], OTHER_OFFICER)} />)
    await screen.findByRole("table")
    expect(screen.queryByRole("button")).toBeNull()
    expect(screen.getByRole("link", { name: "Jamie Driver" }).getAttribute("href")).toBe(`/pnc/people/${PERSON}`)
  })
})
