import { describe, expect, it } from "vitest"
import { auditHref, filtersFromSearch, isoOfLocalInput, localInputOf, NO_FILTERS, queryOfFilters, searchOfFilters } from "../../src/audit/auditFilters.js"

describe("the audit log's filters and its address", () => {
  it("reads the filters from the query string, ignoring others, and writes them back the same", () => {
    const search = "?targetId=abc&action=role.permissions.changed&utm=x&from=2026-12-01T00:00:00.000Z"
    const filters = filtersFromSearch(search)
    expect(filters).toEqual({ ...NO_FILTERS, action: "role.permissions.changed", targetId: "abc", from: "2026-12-01T00:00:00.000Z" })
    expect(searchOfFilters(filters)).toBe("action=role.permissions.changed&targetId=abc&from=2026-12-01T00%3A00%3A00.000Z")
    expect(filtersFromSearch(searchOfFilters(filters))).toEqual(filters)
  })

  it("has the log's own address with no filter, and a record's link is its target", () => {
    expect(auditHref(NO_FILTERS)).toBe("/audit")
    expect(auditHref({ targetId: "01a2352a-d94e-7539-a6d0-e6e376d98a01" })).toBe("/audit?targetId=01a2352a-d94e-7539-a6d0-e6e376d98a01")
    expect(auditHref({ actorId: "  " })).toBe("/audit")
  })

  it("asks the API for the filters set only", () => {
    expect(queryOfFilters({ ...NO_FILTERS, serviceId: "s1" })).toEqual({ serviceId: "s1" })
  })

  it("shows an instant in a datetime-local control in the browser's zone and takes it back as the same instant", () => {
    const iso = "2026-12-08T01:30:00.000Z"
    expect(isoOfLocalInput(localInputOf(iso))).toBe(iso)
    expect(localInputOf("")).toBe("")
    expect(localInputOf("not a time")).toBe("")
    expect(isoOfLocalInput("")).toBe("")
  })
})
