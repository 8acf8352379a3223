import type { Charge } from "@bluelight/core/civilians"
import { Schema } from "effect"
import { Charge as ChargeSchema } from "@bluelight/core/civilians"
import { describe, expect, it } from "vitest"
import { allowance, cite, citations, recount, uncite } from "../../../src/pnc/actions/citation.js"
import { chargeJson, noInsurance } from "./fixtures.js"

const decode = Schema.decodeUnknownSync(Schema.toCodecJson(ChargeSchema))
const speeding: Charge = decode(chargeJson())
const uninsured: Charge = decode(noInsurance)

describe("the charges a record cites", () => {
  it("cites a charge once, and again to count it twice", () => {
    const once = cite([], speeding)
    expect(once.map((each) => each.count)).toEqual([1])
    expect(cite(once, speeding).map((each) => each.count)).toEqual([2])
    expect(cite(once, uninsured).map((each) => each.charge.code)).toEqual(["SP30", "IN10"])
  })

  it("counts a charge 1 to 20 times, and removes it", () => {
    const cited = cite([], speeding)
    expect(recount(cited, speeding.id, 4)[0]?.count).toBe(4)
    expect(recount(cited, speeding.id, 0)[0]?.count).toBe(1)
    expect(recount(cited, speeding.id, 21)[0]?.count).toBe(1)
    expect(recount(cited, speeding.id, 1.5)[0]?.count).toBe(1)
    expect(uncite(cited, speeding.id)).toEqual([])
  })

  it("sums the fine range and the points, each charge times its count", () => {
    const cited = recount(cite(cite([], speeding), uninsured), speeding.id, 2)
    expect(allowance(cited)).toEqual({ fineMin: 500, fineMax: 7000, pointsSum: 12, points: 12, endorsementCode: "IN10" })
    expect(citations(cited)).toEqual([{ chargeId: speeding.id, count: 2 }, { chargeId: uninsured.id, count: 1 }])
  })

  it("caps the points at 12 and keeps the sum before the cap to show", () => {
    const cited = recount(cite([], uninsured), uninsured.id, 3)
    expect(allowance(cited)).toMatchObject({ points: 12, pointsSum: 18 })
  })

  it("sums fines with pence exactly", () => {
    const penny = decode(chargeJson({ fineMin: 0.1, fineMax: 0.2 }))
    expect(allowance(recount(cite([], penny), penny.id, 3))).toMatchObject({ fineMin: 0.3, fineMax: 0.6 })
  })

  it("gives no endorsement code and no points for charges without points, and nothing for none cited", () => {
    const parking = decode(chargeJson({ points: 0, endorsementCode: null }))
    expect(allowance(cite([], parking))).toMatchObject({ points: 0, endorsementCode: undefined })
    expect(allowance([])).toEqual({ fineMin: 0, fineMax: 0, pointsSum: 0, points: 0, endorsementCode: undefined })
  })
})
