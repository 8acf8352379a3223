// @vitest-environment jsdom
import { ALL_PERMISSIONS } from "@bluelight/core/identity"
import { cleanup, render, screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { PermissionChecklist } from "../../src/admin/PermissionChecklist.js"
import { groupOf, groupPermissions, PERMISSION_GROUPS, toggled } from "../../src/admin/permissionGroups.js"

afterEach(cleanup)

describe("the permission catalogue by group", () => {
  it("groups every key once by its first part, in the form's order", () => {
    const groups = groupPermissions()
    expect(groups.map((each) => each.group)).toEqual([...PERMISSION_GROUPS])
    expect([...groups.flatMap((each) => each.keys)].sort()).toEqual([...ALL_PERMISSIONS].sort())
    for (const { group, keys } of groups) expect(keys.every((key) => groupOf(key) === group)).toBe(true)
    expect(groups.find((each) => each.group === "cad")?.keys).toContain("cad.unit.self")
  })

  it("leaves out the groups a role holds nothing of", () => {
    expect(groupPermissions(["pnc.view", "cad.view", "audit.view"]).map((each) => each.group)).toEqual(["cad", "pnc", "audit"])
  })

  it("turns a key on and off, keeping the catalogue's order and no key twice", () => {
    expect(toggled(["pnc.view"], "cad.view", true)).toEqual(["cad.view", "pnc.view"])
    expect(toggled(["cad.view", "pnc.view"], "cad.view", true)).toEqual(["cad.view", "pnc.view"])
    expect(toggled(["cad.view", "pnc.view"], "cad.view", false)).toEqual(["pnc.view"])
  })
})

describe("the checklist", () => {
  it("is a fieldset per group with its legend, a labelled checkbox per key, and refused keys not offered", () => {
    render(<PermissionChecklist legend="Scopes" selected={["cad.view"]} onChange={() => undefined} refused={["admin.manage"]} />)
    const all = screen.getByRole("group", { name: "Scopes" })
    const cad = within(all).getByRole("group", { name: "CAD" })
    expect(within(cad).getAllByRole("checkbox")).toHaveLength(7)
    expect((within(cad).getByRole("checkbox", { name: "cad.view" }) as HTMLInputElement).checked).toBe(true)
    expect(within(all).getAllByRole("group")).toHaveLength(PERMISSION_GROUPS.length)
    expect((within(all).getByRole("checkbox", { name: /admin\.manage/ }) as HTMLInputElement).disabled).toBe(true)
  })
})
