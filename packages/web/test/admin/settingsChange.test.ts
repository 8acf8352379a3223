import { describe, expect, it } from "vitest"
import { ApiFailure } from "../../src/api/failure.js"
import { settingsChange } from "../../src/admin/settings/settingsChange.js"

const shown = { licencePointsThreshold: 12, tottingUpSuspensionDays: 180, warrantsNeedApproval: false }
const typed = { licencePointsThreshold: "12", tottingUpSuspensionDays: "180", warrantsNeedApproval: false }

describe("the settings a save sends", () => {
  it("sends only the settings changed on screen, so another administrator's change to another is not undone", () => {
    expect(settingsChange(shown, { ...typed, licencePointsThreshold: "9" })).toEqual({ licencePointsThreshold: 9 })
    expect(settingsChange(shown, { ...typed, warrantsNeedApproval: true })).toEqual({ warrantsNeedApproval: true })
  })

  it("sends them all when nothing changed, for the API to answer NO_CHANGE", () => {
    expect(settingsChange(shown, typed)).toEqual(shown)
  })

  it("refuses at the field what the API would: out of range, blank, not whole", () => {
    for (const [field, value] of [["tottingUpSuspensionDays", "5000"], ["licencePointsThreshold", ""], ["licencePointsThreshold", "2.5"]] as const) {
      const refused = settingsChange(shown, { ...typed, [field]: value })
      expect(refused).toBeInstanceOf(ApiFailure)
      expect(new Set((refused as ApiFailure).problems.map((problem) => problem.path.join(".")))).toEqual(new Set([field]))
    }
  })
})
