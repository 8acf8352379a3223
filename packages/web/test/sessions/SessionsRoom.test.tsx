// @vitest-environment jsdom
import "../fakeServer.js"
import { QueryClientProvider } from "@tanstack/react-query"
import { cleanup, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { makeQueryClient } from "../../src/api/queryClient.js"
import { resetProblem } from "../../src/app/problems.js"
import SessionsRoom from "../../src/sessions/SessionsRoom.js"
import { ok, page, refusal, requestsTo, serve } from "../fakeServer.js"
import { sessionJson, staffPerson } from "../staff/fixtures.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const renderRoom = (permissions: ReadonlyArray<string>) =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <SessionsRoom me={staffPerson(permissions)} />
    </QueryClientProvider>
  )

const SESSION = sessionJson()

describe("the sessions", () => {
  it("lists them by state; without sessions.manage nothing can be moved or scheduled", async () => {
    serve({
      "GET /api/sessions": () =>
        page([
          sessionJson({ id: "01a2352a-d94e-7539-a6d0-e6e376d99a02", title: "Traffic night", status: "ENDED" }),
          SESSION
        ])
    })
    renderRoom(["sessions.view"])
    const upcoming = await screen.findByRole("region", { name: "Upcoming" })
    expect(within(upcoming).getByRole("row", { name: /Friday patrol night/ }).textContent).toContain("Scheduled")
    expect(within(upcoming).getByRole("row", { name: /Friday patrol night/ }).textContent).toContain("you")
    expect(within(screen.getByRole("region", { name: "Past" })).getByRole("row", { name: /Traffic night/ }).textContent).toContain("Ended")
    expect(screen.queryByRole("button", { name: /Start/ })).toBeNull()
    expect(screen.queryByRole("form", { name: "Schedule a session" })).toBeNull()
  })

  it("shows the API's refusal beside the session when the screen was behind, and the session as it now is", async () => {
    const user = userEvent.setup()
    let status = "SCHEDULED"
    serve({
      "GET /api/sessions": () => page([sessionJson({ status })]),
      [`POST /api/sessions/${SESSION.id}/cancel`]: () => {
        status = "LIVE"
        return refusal(409, "INVALID_STATE", "Only a scheduled session can be cancelled")
      }
    })
    renderRoom(["sessions.view", "sessions.manage"])
    const upcoming = await screen.findByRole("region", { name: "Upcoming" })
    await user.click(within(upcoming).getByRole("button", { name: "Cancel Friday patrol night" }))
    expect((await screen.findByRole("alert")).textContent).toBe("Friday patrol night: Only a scheduled session can be cancelled")
    const live = screen.getByRole("region", { name: "Live" })
    await within(live).findByRole("button", { name: "End Friday patrol night" })
  })

  it("schedules a session at the local time typed, sent as ISO; the API's problems beside the fields", async () => {
    const user = userEvent.setup()
    let refused = false
    serve({
      "GET /api/sessions": () => page([]),
      "POST /api/sessions": () => {
        if (!refused) {
          refused = true
          return refusal(400, "INVALID_INPUT", "The request is not valid", [{
            path: ["scheduledFor"],
            message: "must be from a year before now to a year after"
          }])
        }
        return ok(sessionJson({ title: "Bank holiday patrol" }), 201)
      }
    })
    renderRoom(["sessions.view", "sessions.manage"])
    const form = await screen.findByRole("form", { name: "Schedule a session" })
    await user.click(within(form).getByRole("button", { name: "Schedule" }))
    expect(within(form).getByText("Give the session a title.")).toBeTruthy()
    expect(requestsTo("POST /api/sessions")).toHaveLength(0)
    await user.type(within(form).getByLabelText("Title"), "Bank holiday patrol")
    await user.type(within(form).getByLabelText("Date and time"), "2026-05-04T19:30")
    await user.click(within(form).getByRole("button", { name: "Schedule" }))
    expect(requestsTo("POST /api/sessions")[0]!.body).toEqual({ title: "Bank holiday patrol", scheduledFor: new Date(2026, 4, 4, 19, 30).toISOString() })
    expect(await within(form).findByText("must be from a year before now to a year after")).toBeTruthy()
    expect(within(form).getByLabelText("Date and time").getAttribute("aria-invalid")).toBe("true")
    await user.click(within(form).getByRole("button", { name: "Schedule" }))
    expect(await within(form).findByText("Scheduled “Bank holiday patrol”.")).toBeTruthy()
    expect((within(form).getByLabelText("Title") as HTMLInputElement).value).toBe("")
  })
})
