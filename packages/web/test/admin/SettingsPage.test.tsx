// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import SettingsPage from "../../src/admin/settings/SettingsPage.js"
import { resetProblem } from "../../src/app/problems.js"
import { ok, refusal, requestsTo, serve } from "../fakeServer.js"
import { adminMe, renderAt } from "./renderRoom.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

const SETTINGS = { licencePointsThreshold: 12, tottingUpSuspensionDays: 180, warrantsNeedApproval: false, updatedAt: null, updatedBy: null }

describe("community settings", () => {
  it("says kindly when nothing changed (NO_CHANGE), as no error", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/admin/settings": () => ok(SETTINGS),
      "PATCH /api/admin/settings": () => refusal(409, "NO_CHANGE", "Nothing would change")
    })
    renderAt("/admin/settings", "/admin/settings", <SettingsPage me={adminMe()} />)
    const form = await screen.findByRole("form", { name: "Community settings" })
    await user.click(within(form).getByRole("button", { name: "Save settings" }))
    await within(form).findByText("Nothing changed: these are already the settings.")
    expect(within(form).queryByRole("alert")).toBeNull()
    expect(requestsTo("PATCH /api/admin/settings")[0]?.body).toEqual({ licencePointsThreshold: 12, tottingUpSuspensionDays: 180, warrantsNeedApproval: false })
  })

  it("shows the API's refusal beside the field it names", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/admin/settings": () => ok(SETTINGS),
      "PATCH /api/admin/settings": () =>
        refusal(400, "INVALID_INPUT", "The settings are not valid", [{ path: ["licencePointsThreshold"], message: "is refused by the server" }])
    })
    renderAt("/admin/settings", "/admin/settings", <SettingsPage me={adminMe()} />)
    const form = await screen.findByRole("form", { name: "Community settings" })
    const threshold = within(form).getByRole("spinbutton", { name: "Totting-up threshold (points)" })
    await user.clear(threshold)
    await user.type(threshold, "20")
    await user.click(within(form).getByRole("button", { name: "Save settings" }))
    await within(form).findByText("is refused by the server")
    expect(threshold.getAttribute("aria-invalid")).toBe("true")
    expect(within(form).getByRole("alert").textContent).toContain("The settings are not valid")
    expect(requestsTo("PATCH /api/admin/settings")[0]?.body).toEqual({ licencePointsThreshold: 20 })
  })
})
