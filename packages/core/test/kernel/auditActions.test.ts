import { auditActionOf, CAD_EVENT_TYPES } from "@bluelight/core/cad"
import { CHARGE_AUDIT_ACTIONS, PNC_AUDIT_ACTIONS, PNC_EVENT_TYPES } from "@bluelight/core/civilians"
import { AUDIT_ACTIONS } from "@bluelight/core/kernel"
import { describe, expect, it } from "vitest"

/**
 * The list of audit actions. That every action a use case writes is listed is
 * the type checker's proof (`AuditLog.record` takes only `AuditAction`); what
 * it cannot see is the runtime derivation of CAD's actions from its history
 * types, proven here.
 */
describe("AUDIT_ACTIONS", () => {
  it("lists each action once, in dotted lower case", () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length)
    for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[a-z_]+(\.[a-z_]+)+$/)
  })

  it("holds CAD's derived action of every history type, and no other CAD action", () => {
    const derived = CAD_EVENT_TYPES.map(auditActionOf)
    expect(derived).toContain("cad.unit.status.changed")
    expect(auditActionOf("PANIC_RAISED")).toBe("cad.panic")
    expect(AUDIT_ACTIONS.filter((action) => action.startsWith("cad.")).sort()).toEqual([...derived].sort())
  })

  it("holds the action of every PNC history type, and each PNC or portal action has its history type but the charges catalogue's", () => {
    expect(Object.keys(PNC_AUDIT_ACTIONS).sort()).toEqual([...PNC_EVENT_TYPES].sort())
    const pncActions = Object.values(PNC_AUDIT_ACTIONS)
    for (const action of pncActions) expect(AUDIT_ACTIONS).toContain(action)
    expect(new Set(pncActions).size).toBe(pncActions.length)
    // A charge is no one's record: the catalogue's changes are audited only (docs/decisions/civilians.md, "Charges").
    expect(CHARGE_AUDIT_ACTIONS.filter((action) => (pncActions as ReadonlyArray<string>).includes(action))).toEqual([])
    expect(AUDIT_ACTIONS.filter((action) => action.startsWith("pnc.") || action.startsWith("civilian.")).sort()).toEqual(
      [...pncActions, ...CHARGE_AUDIT_ACTIONS].sort()
    )
  })
})
