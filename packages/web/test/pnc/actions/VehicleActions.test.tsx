// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { resetProblem } from "../../../src/app/problems.js"
import { VehicleActions } from "../../../src/pnc/VehicleActions.js"
import { VehiclePage } from "../../../src/pnc/VehiclePage.js"
import { bodiesOf, ok, refusal, serve } from "../../fakeServer.js"
import { ALL_PNC, me, renderWithQueries } from "./fakeApi.js"
import { MARKER, markerJson, vehicle, VEHICLE, vehicleJson, vehicleRecordJson } from "./fixtures.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const stolenMarker = markerJson({
  type: "STOLEN_VEHICLE",
  civilian: null,
  vehicle: { id: VEHICLE, plate: "AB12 CDE" },
  reason: "Reported stolen by the keeper"
})

describe("a vehicle's actions", () => {
  it("marks the vehicle stolen with a vehicle marker, of the vehicle's types", async () => {
    const user = userEvent.setup()
    serve({ "POST /api/pnc/markers": () => ok(stolenMarker, 201) })
    renderWithQueries(<VehicleActions vehicle={vehicle()} me={me(ALL_PNC)} />)
    await user.click(screen.getByRole("button", { name: "Add a marker" }))
    const dialog = screen.getByRole("dialog", { name: "Add a marker" })
    expect(within(dialog).getAllByRole("option").map((option) => option.textContent)).toEqual(["Stolen vehicle", "Vehicle BOLO", "General"])
    await user.type(within(dialog).getByLabelText("Reason"), "Reported stolen by the keeper")
    await user.click(within(dialog).getByRole("button", { name: "Add marker" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(bodiesOf("POST", "/api/pnc/markers")).toEqual([{ type: "STOLEN_VEHICLE", vehicleId: VEHICLE, reason: "Reported stolen by the keeper" }])
  })

  it("shows STOLEN while the marker is active, and clears the marker on its item of the page's markers, listed once", async () => {
    const user = userEvent.setup()
    serve({
      [`GET /api/pnc/vehicles/${VEHICLE}`]: () => ok(vehicleRecordJson({ stolen: true, markers: [stolenMarker], counts: { records: 0, markers: 1 } })),
      [`POST /api/pnc/markers/${MARKER}/clear`]: () => ok({ ...stolenMarker, active: false })
    })
    renderWithQueries(<VehiclePage id={vehicle().id} me={me(ALL_PNC)} />)
    const markers = await screen.findByRole("region", { name: "Active markers on the vehicle" })
    const stolen = within(markers).getByText("MRK-000001").closest("li")!
    expect(within(stolen).getByText("Stolen vehicle", { selector: ".badge" })).toBeTruthy()
    expect(within(screen.getByRole("region", { name: "Statuses" })).getByText("STOLEN", { selector: ".badge" })).toBeTruthy()
    const actions = screen.getByRole("group", { name: "Actions on AB12 CDE" })
    expect(within(actions).getByText("It reads stolen while its Stolen vehicle marker is active: clearing the marker ends that.")).toBeTruthy()
    expect(within(actions).queryByRole("table")).toBeNull()
    expect(screen.getAllByText("MRK-000001")).toHaveLength(1)
    expect(screen.getAllByRole("button", { name: "Clear marker MRK-000001" })).toHaveLength(1)
    await user.click(within(stolen).getByRole("button", { name: "Clear marker MRK-000001" }))
    const dialog = screen.getByRole("dialog")
    await user.type(within(dialog).getByLabelText("Reason"), "Vehicle recovered")
    await user.click(within(dialog).getByRole("button", { name: "Clear marker" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(bodiesOf("POST", `/api/pnc/markers/${MARKER}/clear`)).toEqual([{ reason: "Vehicle recovered" }])
  })

  it("offers no Clear on the page's markers without pnc.markers.manage", async () => {
    serve({ [`GET /api/pnc/vehicles/${VEHICLE}`]: () => ok(vehicleRecordJson({ stolen: true, markers: [stolenMarker] })) })
    renderWithQueries(<VehiclePage id={vehicle().id} me={me(["pnc.view", "pnc.vehicles.manage"])} />)
    const markers = await screen.findByRole("region", { name: "Active markers on the vehicle" })
    expect(within(markers).getByText("MRK-000001")).toBeTruthy()
    expect(within(markers).queryByRole("button")).toBeNull()
    expect(screen.getByRole("button", { name: "Change statuses" })).toBeTruthy()
  })

  it("changes the statuses, sending the reason and only those that change", async () => {
    const user = userEvent.setup()
    serve({ [`PATCH /api/pnc/vehicles/${VEHICLE}`]: () => ok(vehicleJson({ insuranceStatus: "UNINSURED", taxStatus: "SORN" })) })
    renderWithQueries(<VehicleActions vehicle={vehicle()} me={me(ALL_PNC)} />)
    await user.click(screen.getByRole("button", { name: "Change statuses" }))
    const dialog = screen.getByRole("dialog", { name: "Change statuses" })
    expect((within(dialog).getByLabelText("Registration") as HTMLSelectElement).value).toBe("REGISTERED")
    await user.selectOptions(within(dialog).getByLabelText("Insurance"), "Uninsured")
    await user.selectOptions(within(dialog).getByLabelText("Tax"), "SORN")
    await user.type(within(dialog).getByLabelText("Reason"), "Insurance lapsed")
    await user.click(within(dialog).getByRole("button", { name: "Save statuses" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(bodiesOf("PATCH", `/api/pnc/vehicles/${VEHICLE}`)).toEqual([{ reason: "Insurance lapsed", insuranceStatus: "UNINSURED", taxStatus: "SORN" }])
  })

  it("shows NO_CHANGE's message when nothing would change, and a short reason at its field before sending", async () => {
    const user = userEvent.setup()
    serve({ [`PATCH /api/pnc/vehicles/${VEHICLE}`]: () => refusal(409, "NO_CHANGE", "Nothing would change") })
    renderWithQueries(<VehicleActions vehicle={vehicle()} me={me(ALL_PNC)} />)
    await user.click(screen.getByRole("button", { name: "Change statuses" }))
    const dialog = screen.getByRole("dialog")
    const reason = within(dialog).getByLabelText("Reason")
    await user.type(reason, "x")
    await user.click(within(dialog).getByRole("button", { name: "Save statuses" }))
    await waitFor(() => expect(reason.getAttribute("aria-invalid")).toBe("true"))
    expect(bodiesOf("PATCH", `/api/pnc/vehicles/${VEHICLE}`)).toEqual([])
    await user.type(reason, "yz")
    await user.click(within(dialog).getByRole("button", { name: "Save statuses" }))
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Nothing would change")
    expect(bodiesOf("PATCH", `/api/pnc/vehicles/${VEHICLE}`)).toEqual([{ reason: "xyz" }])
  })

  it("offers nothing without the keys, and only markers with pnc.markers.manage", () => {
    serve({})
    const { container, unmount } = renderWithQueries(<VehicleActions vehicle={vehicle()} me={me(["pnc.view"])} />)
    expect(container.textContent).toBe("")
    unmount()
    renderWithQueries(<VehicleActions vehicle={vehicle()} me={me(["pnc.view", "pnc.markers.manage"])} />)
    expect(screen.getByRole("button", { name: "Add a marker" })).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Change statuses" })).toBeNull()
  })
})
