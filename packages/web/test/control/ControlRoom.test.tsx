// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query"
import { cleanup, render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { makeQueryClient } from "../../src/api/queryClient.js"
import { type Answer, page, requestsTo, type Seen, serve } from "../fakeServer.js"
import { signedIn } from "../signedIn.js"
import ControlRoom from "../../src/control/ControlRoom.js"

/** The server's answers per test, `METHOD /path` (a function of the body sent, or one answer); the live feed a stream the test writes entries into. */
type Reply = Answer | ((body: unknown) => Answer)
let feed: ReadableStreamDefaultController<Uint8Array> | undefined
const encoder = new TextEncoder()

const stream = () =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        feed = controller
        controller.enqueue(encoder.encode(": connected\n\n"))
      }
    }),
    { status: 200, headers: { "content-type": "text/event-stream" } }
  )

const push = (entry: unknown) => feed?.enqueue(encoder.encode(`id: ${(entry as { seq: number }).seq}\ndata: ${JSON.stringify(entry)}\n\n`))

const ID = (n: number) => `01a2352a-d94e-7539-a6d0-${String(n).padStart(12, "0")}`
const T = "2026-12-01T20:00:00.000Z"
const INCIDENT = {
  id: ID(1),
  number: 12,
  status: "OPEN",
  priority: "IMMEDIATE",
  type: "Road traffic collision",
  location: "A1 junction 4",
  description: "",
  controlNotes: "",
  version: 1,
  createdAt: T,
  updatedAt: T,
  closedAt: null
}
const UNIT = {
  id: ID(2),
  callsign: "MP-21",
  agencyCode: "MET",
  type: "RESPONSE",
  status: "AVAILABLE",
  incidentId: null,
  version: 3,
  createdAt: T,
  updatedAt: T,
  crew: []
}
const CALL = {
  id: ID(3),
  status: "WAITING",
  callerName: "Sam Caller",
  callerNumber: null,
  location: "Pier",
  description: "Someone in the water",
  incidentId: null,
  closeReason: null,
  createdAt: T,
  updatedAt: T,
  closedAt: null,
  source: "GAME",
  gameCallNumber: 7
}
const BOARD: Record<string, Reply> = {
  "GET /api/cad/events": page([]),
  "GET /api/cad/incidents": page([INCIDENT]),
  "GET /api/cad/units": page([UNIT]),
  "GET /api/cad/calls": page([CALL])
}

const ALL = ["cad.view", "cad.dispatch", "cad.incidents.create", "cad.incidents.manage", "cad.units.manage", "cad.calls.manage"]
const me = (permissions: ReadonlyArray<string>) => signedIn("Dana Dispatcher", permissions, ID(9), T)

const showBoard = async (permissions: ReadonlyArray<string> = ALL, table: Record<string, Reply> = {}) => {
  serve({
    ...Object.fromEntries(
      Object.entries({ ...BOARD, ...table }).map(([key, reply]) => [key, ({ body }: Seen) => (typeof reply === "function" ? reply(body) : reply)])
    ),
    "GET /api/cad/events/stream": stream
  })
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <ControlRoom me={me(permissions)} />
    </QueryClientProvider>
  )
  await screen.findByRole("heading", { name: /Incidents/ })
  await screen.findByText("Live")
}

afterEach(() => {
  cleanup()
  feed = undefined
})

describe("Control's board", () => {
  it("shows incidents, units, calls (the game's marked) and the feed's state", async () => {
    await showBoard()
    const incidents = screen.getByRole("region", { name: /Incidents/ })
    expect(within(incidents).getByRole("listitem").textContent).toMatch(/#12.*Immediate.*Road traffic collision.*A1 junction 4/)
    const units = screen.getByRole("region", { name: /Units/ })
    expect(within(units).getAllByRole("listitem")[0]!.textContent).toMatch(/MP-21.*Available/)
    const calls = screen.getByRole("region", { name: /Calls/ })
    expect(within(calls).getByText("Game emergency call 7")).toBeTruthy()
    expect(within(calls).getByText(/Sam Caller/)).toBeTruthy()
  })

  it("shows the API's problem beside the field it names, keeping what was typed", async () => {
    const user = userEvent.setup()
    await showBoard(ALL, {
      "POST /api/cad/incidents": {
        status: 400,
        body: {
          error: { code: "INVALID_INPUT", message: "The incident is not valid", details: [{ path: ["location"], message: "must be a known place" }] },
          requestId: "r1"
        }
      }
    })
    await user.click(screen.getByRole("button", { name: "New incident" }))
    await user.type(screen.getByLabelText("Type"), "Burglary")
    await user.type(screen.getByLabelText("Location"), "Nowhere Lane")
    await user.click(screen.getByRole("button", { name: "Create incident" }))
    expect(await screen.findByText("must be a known place")).toBeTruthy()
    const location = screen.getByLabelText("Location") as HTMLInputElement
    expect(location.value).toBe("Nowhere Lane")
    expect(location.getAttribute("aria-invalid")).toBe("true")
    expect((screen.getByLabelText("Type") as HTMLInputElement).value).toBe("Burglary")
    expect(screen.getByRole("alert").textContent).toContain("The incident is not valid")
  })

  it("checks a form by the API's rules before sending it", async () => {
    const user = userEvent.setup()
    await showBoard()
    await user.click(screen.getByRole("button", { name: "New incident" }))
    await user.type(screen.getByLabelText("Type"), "X")
    await user.click(screen.getByRole("button", { name: "Create incident" }))
    expect(await screen.findByText("must be at least 2 characters")).toBeTruthy()
    expect(requestsTo("POST /api/cad/incidents")).toEqual([])
  })

  it("after a CAD_CONFLICT on assign, shows the unit as it now is and redoes the move on it with one click", async () => {
    const user = userEvent.setup()
    let assigns = 0
    await showBoard(ALL, {
      ["POST /api/cad/incidents/" + INCIDENT.id + "/assign"]: (body) => {
        assigns++
        return (body as { version: number }).version === 4
          ? { status: 200, body: { data: { ...UNIT, version: 5, status: "ASSIGNED", incidentId: INCIDENT.id, incident: INCIDENT } } }
          : { status: 409, body: { error: { code: "CAD_CONFLICT", message: "The unit changed since it was read" }, requestId: "r2" } }
      },
      ["GET /api/cad/units/" + UNIT.id]: { status: 200, body: { data: { ...UNIT, version: 4, agencyCode: "MPS" } } }
    })
    await user.click(screen.getByRole("button", { name: "Select incident #12" }))
    await user.click(screen.getByRole("button", { name: "Assign to #12" }))
    const notice = await screen.findByRole("alert", { name: "Someone else changed this first" })
    expect(notice.textContent).toContain("MP-21")
    expect(notice.textContent).toContain("MET → MPS")
    await user.click(within(notice).getByRole("button", { name: "Redo on the new state" }))
    await waitFor(() => expect(screen.queryByRole("alert", { name: "Someone else changed this first" })).toBeNull())
    expect(assigns).toBe(2)
    const units = screen.getByRole("region", { name: /Units/ })
    expect(within(units).getAllByRole("listitem")[0]!.textContent).toMatch(/MP-21.*Assigned.*on #12/)
  })

  it("says what changed in words: a status by its word, an incident by its number", async () => {
    const user = userEvent.setup()
    await showBoard(ALL, {
      ["POST /api/cad/incidents/" + INCIDENT.id + "/assign"]: {
        status: 409,
        body: { error: { code: "CAD_CONFLICT", message: "The unit changed since it was read" }, requestId: "r3" }
      },
      ["GET /api/cad/units/" + UNIT.id]: { status: 200, body: { data: { ...UNIT, version: 4, status: "ASSIGNED", incidentId: INCIDENT.id } } }
    })
    await user.click(screen.getByRole("button", { name: "Select incident #12" }))
    await user.click(screen.getByRole("button", { name: "Assign to #12" }))
    const notice = await screen.findByRole("alert", { name: "Someone else changed this first" })
    expect(notice.textContent).toContain("Available → Assigned")
    expect(notice.textContent).toContain("— → #12")
    expect(notice.textContent).not.toContain(INCIDENT.id)
  })

  it("keeps an edit refused with CAD_CONFLICT and writes it on the new state with one click", async () => {
    const user = userEvent.setup()
    const updates: Array<unknown> = []
    await showBoard(ALL, {
      ["POST /api/cad/incidents/" + INCIDENT.id + "/update"]: (body) => {
        updates.push(body)
        return (body as { version: number }).version === 2
          ? { status: 200, body: { data: { ...INCIDENT, location: "A1 junction 5", controlNotes: "Fire service told", version: 3 } } }
          : { status: 409, body: { error: { code: "CAD_CONFLICT", message: "The incident changed since it was read" }, requestId: "r4" } }
      },
      ["GET /api/cad/incidents/" + INCIDENT.id]: {
        status: 200,
        body: { data: { ...INCIDENT, controlNotes: "Fire service told", version: 2, units: [], calls: [] } }
      }
    })
    await user.click(screen.getByRole("button", { name: "Edit incident #12" }))
    const location = screen.getByLabelText("Location")
    await user.clear(location)
    await user.type(location, "A1 junction 5")
    await user.click(screen.getByRole("button", { name: "Save incident" }))
    const notice = await screen.findByRole("alert", { name: "Someone else changed this first" })
    expect(notice.textContent).toContain("Fire service told")
    expect((screen.getByLabelText("Location") as HTMLInputElement).value).toBe("A1 junction 5")
    await user.click(within(notice).getByRole("button", { name: "Redo on the new state" }))
    await waitFor(() => expect(screen.queryByRole("button", { name: "Save incident" })).toBeNull())
    expect(updates.at(-1)).toMatchObject({ location: "A1 junction 5", version: 2 })
    expect(screen.getByRole("region", { name: /Incidents/ }).textContent).toContain("A1 junction 5")
  })

  it("raises an alert for a panic from the game that stays until acknowledged, and marks the unit", async () => {
    const user = userEvent.setup()
    await showBoard()
    push({
      id: ID(50),
      seq: 1,
      type: "PANIC_RAISED",
      at: "2026-12-01T21:00:00.000Z",
      actor: { id: ID(8), displayName: "Olly Officer" },
      incidentId: INCIDENT.id,
      unitId: UNIT.id,
      callId: null,
      data: { callsign: "MP-21", incidentNumber: 12, location: "A1 junction 4", text: "shots fired", platformId: "p1" }
    })
    const alert = await screen.findByRole("alert")
    expect(alert.textContent).toContain("Panic: MP-21, incident #12, at A1 junction 4")
    const units = screen.getByRole("region", { name: /Units/ })
    expect(within(units).getAllByRole("listitem")[0]!.textContent).toContain("PANIC")
    await user.click(screen.getByRole("button", { name: "Acknowledge panic of MP-21" }))
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("follows another dispatcher's change without a reload", async () => {
    await showBoard()
    push({
      id: ID(51),
      seq: 2,
      type: "UNIT_STATUS_CHANGED",
      at: "2026-12-01T21:00:00.000Z",
      actor: { id: ID(8), displayName: "Olly Officer" },
      incidentId: null,
      unitId: UNIT.id,
      callId: null,
      data: { callsign: "MP-21", from: "AVAILABLE", to: "BUSY", by: "CREW" }
    })
    const units = screen.getByRole("region", { name: /Units/ })
    await waitFor(() => expect(within(units).getAllByRole("listitem")[0]!.textContent).toMatch(/MP-21.*Busy/))
    expect(screen.getByRole("log").textContent).toContain("Available → Busy")
  })

  it("shows only the actions the person's permissions allow", async () => {
    const user = userEvent.setup()
    await showBoard(["cad.view"])
    expect(screen.queryByRole("button", { name: "New incident" })).toBeNull()
    expect(screen.queryByRole("button", { name: "New unit" })).toBeNull()
    expect(screen.queryByRole("button", { name: "Close incident" })).toBeNull()
    expect(screen.queryByRole("button", { name: "Close call" })).toBeNull()
    expect(screen.queryByRole("button", { name: "Set status" })).toBeNull()
    await user.click(screen.getByRole("button", { name: "Select incident #12" }))
    expect(screen.queryByRole("button", { name: "Assign to #12" })).toBeNull()
    await user.keyboard("n")
    expect(screen.queryByRole("button", { name: "Create incident" })).toBeNull()
  })

  it("shows the API's message when a move is FORBIDDEN", async () => {
    const user = userEvent.setup()
    await showBoard(ALL, {
      ["POST /api/cad/units/" + UNIT.id + "/status"]: { status: 403, body: { error: { code: "FORBIDDEN", message: "You need cad.dispatch" }, requestId: "r3" } }
    })
    await user.selectOptions(screen.getByLabelText("Status of MP-21"), "BUSY")
    await user.click(screen.getByRole("button", { name: "Set status" }))
    expect((await screen.findByRole("alert")).textContent).toContain("You need cad.dispatch")
  })

  it("opens a new incident on n, but not while typing in a field", async () => {
    const user = userEvent.setup()
    await showBoard()
    await user.keyboard("n")
    const type = screen.getByLabelText("Type")
    await user.type(type, "n")
    expect((type as HTMLInputElement).value).toBe("n")
    expect(screen.getAllByRole("button", { name: "Create incident" })).toHaveLength(1)
  })
})
