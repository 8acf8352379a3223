// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import AccountsPage from "../../src/admin/accounts/AccountsPage.js"
import { resetProblem } from "../../src/app/problems.js"
import "../modalDialogs.js"
import { ok, page, requestsTo, serve } from "../fakeServer.js"
import { ADMIN_ID, AT } from "./fixtures.js"
import { adminMe, renderAt } from "./renderRoom.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const MEMBER_ID = "01a2352a-d94e-7539-a6d0-e6e376d98953"
const account = (over: Record<string, unknown> = {}) => ({
  id: MEMBER_ID,
  displayName: "Sam Member",
  status: "ACTIVE",
  identity: { id: "sam", username: "sam.member", avatar: null },
  platform: null,
  createdAt: AT,
  updatedAt: AT,
  ...over
})

const renderAccounts = (at: string) => renderAt(at, "/admin/accounts", <AccountsPage me={adminMe()} />)

describe("accounts", () => {
  it("searches by display name and status, a page at a time", async () => {
    const user = userEvent.setup()
    serve({ "GET /api/admin/accounts": () => page([account()], { hasMore: true }) })
    renderAccounts("/admin/accounts")
    const table = await screen.findByRole("table", { name: "Accounts" })
    expect(within(table).getByRole("link", { name: "Sam Member" }).getAttribute("href")).toBe(`/admin/accounts/${MEMBER_ID}`)
    await user.type(screen.getByRole("searchbox", { name: "Search display names" }), "sam")
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "SUSPENDED")
    await waitFor(() =>
      expect(Object.fromEntries(requestsTo("GET /api/admin/accounts").at(-1)?.url.searchParams ?? [])).toEqual({
        limit: "25",
        offset: "0",
        search: "sam",
        status: "SUSPENDED"
      })
    )
    await user.click(screen.getByRole("button", { name: "Next" }))
    await waitFor(() => expect(requestsTo("GET /api/admin/accounts").at(-1)?.url.searchParams.get("offset")).toBe("25"))
    // The list is an address: the same filter opens again from a link.
    expect(`${window.location.pathname}${window.location.search}`).toBe("/admin/accounts?search=sam&status=SUSPENDED&offset=25")
  })

  it("suspends an account only after the confirmation, and reinstates it", async () => {
    const user = userEvent.setup()
    serve({
      [`GET /api/admin/accounts/${MEMBER_ID}`]: () => ok(account()),
      [`PATCH /api/admin/accounts/${MEMBER_ID}`]: ({ body }) => ok(account(body as Record<string, unknown>))
    })
    renderAccounts(`/admin/accounts/${MEMBER_ID}`)
    expect((await screen.findByRole("link", { name: "All accounts" })).getAttribute("href")).toBe("/admin/accounts")
    await user.click(await screen.findByRole("button", { name: "Suspend" }))
    const dialog = screen.getByRole("dialog", { name: "Suspend Sam Member?" })
    expect(requestsTo(`PATCH /api/admin/accounts/${MEMBER_ID}`)).toHaveLength(0)
    await user.click(within(dialog).getByRole("button", { name: "Suspend" }))
    await screen.findByText("Sam Member is suspended; their sessions have ended.")
    expect(screen.getByText("Suspended")).toBeTruthy()
    await user.click(screen.getByRole("button", { name: "Reinstate" }))
    await screen.findByText("Sam Member is active again.")
    expect(requestsTo(`PATCH /api/admin/accounts/${MEMBER_ID}`).map((request) => request.body)).toEqual([{ status: "SUSPENDED" }, { status: "ACTIVE" }])
  })

  it("does not offer suspending one's own account", async () => {
    serve({ [`GET /api/admin/accounts/${ADMIN_ID}`]: () => ok(account({ id: ADMIN_ID, displayName: "Ada Administrator" })) })
    renderAccounts(`/admin/accounts/${ADMIN_ID}`)
    await screen.findByText("This is your own account: nobody can suspend their own.")
    expect(screen.queryByRole("button", { name: "Suspend" })).toBeNull()
  })
})
