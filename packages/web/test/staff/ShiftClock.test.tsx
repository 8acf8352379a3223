// @vitest-environment jsdom
import "../fakeServer.js"
import { QueryClientProvider } from "@tanstack/react-query"
import { cleanup, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { makeQueryClient } from "../../src/api/queryClient.js"
import { resetProblem } from "../../src/app/problems.js"
import type { Me } from "../../src/app/session.js"
import { ShiftClock } from "../../src/staff/ShiftClock.js"
import { ok, page, refusal, requestsTo, serve } from "../fakeServer.js"
import { SHIFT, shiftJson, STAFF, staffPerson } from "./fixtures.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

/** Two places showing my shift over one cache, as the header and the Staff room do. */
const renderTwice = (me: Me) => {
  const queries = makeQueryClient()
  return render(
    <QueryClientProvider client={queries}>
      <header>
        <ShiftClock me={me} />
      </header>
      <main>
        <ShiftClock me={me} />
      </main>
    </QueryClientProvider>
  )
}

describe("my shift", () => {
  it("starts a shift of the chosen type, and every place showing my shift shows its clock; ending it ends it everywhere", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/shifts": () => page([]),
      "POST /api/shifts/start": ({ body }) => ok(shiftJson({ type: (body as { type: string }).type, startedAt: new Date().toISOString() }), 201),
      "POST /api/shifts/end": () => ok(shiftJson({ status: "ENDED", endedAt: new Date().toISOString() }))
    })
    renderTwice(staffPerson([]))
    const header = within(screen.getByRole("banner")).getByRole("group", { name: "My shift" })
    const room = within(screen.getByRole("main")).getByRole("group", { name: "My shift" })
    await within(room).findByRole("button", { name: "Start shift" })
    expect(requestsTo("GET /api/shifts")).toHaveLength(1)
    expect(Object.fromEntries(requestsTo("GET /api/shifts")[0]!.url.searchParams)).toMatchObject({ staffId: STAFF, status: "ACTIVE" })
    await user.selectOptions(within(room).getByRole("combobox", { name: "Shift type" }), "Control")
    await user.click(within(room).getByRole("button", { name: "Start shift" }))
    expect(requestsTo("POST /api/shifts/start")[0]!.body).toEqual({ type: "CONTROL" })
    // Both show it at once, from the one cache entry: no second read.
    expect((await within(header).findByRole("timer", { name: "Time on shift" })).textContent).toMatch(/^00:00:0\d$/)
    expect(within(header).getByRole("status").textContent).toBe("On shift: Control")
    expect(within(room).getByRole("timer", { name: "Time on shift" })).toBeTruthy()
    await user.click(within(header).getByRole("button", { name: "End shift" }))
    expect(requestsTo("POST /api/shifts/end")[0]!.body).toEqual({ id: SHIFT })
    await within(room).findByRole("button", { name: "Start shift" })
    expect(within(header).queryByRole("timer")).toBeNull()
  })

  it("shows the API's refusal, and what is true now (a shift started in another tab)", async () => {
    const user = userEvent.setup()
    let started = false
    serve({
      "GET /api/shifts": () => page(started ? [shiftJson({ type: "MODERATION" })] : []),
      "POST /api/shifts/start": () => {
        started = true
        return refusal(409, "SHIFT_ALREADY_ACTIVE", "This staff profile already has an active shift")
      }
    })
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <ShiftClock me={staffPerson([])} />
      </QueryClientProvider>
    )
    await user.click(await screen.findByRole("button", { name: "Start shift" }))
    await screen.findByRole("timer", { name: "Time on shift" })
    expect(screen.getByRole("status").textContent).toBe("On shift: Moderation")
  })

  it("shows the refusal of a start the API refuses outright", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/shifts": () => page([]),
      "POST /api/shifts/start": () => refusal(403, "STAFF_REQUIRED", "An active staff profile is required")
    })
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <ShiftClock me={staffPerson([])} />
      </QueryClientProvider>
    )
    await user.click(await screen.findByRole("button", { name: "Start shift" }))
    expect((await screen.findByRole("alert")).textContent).toBe("An active staff profile is required")
  })

  it("is not offered to someone who is not active staff", () => {
    serve({})
    const { container } = render(
      <QueryClientProvider client={makeQueryClient()}>
        <ShiftClock me={staffPerson([], { id: STAFF, active: false })} />
        <ShiftClock me={staffPerson([], null)} />
      </QueryClientProvider>
    )
    expect(container.textContent).toBe("")
    expect(requestsTo("GET /api/shifts")).toHaveLength(0)
  })
})
