/**
 * The charges catalogue's pure rules (`Charge.ts`), without ports: a charge's
 * field rules and the rules between its fields, and what a record citing
 * charges is held to (the summed fine range, the points capped at 12, the
 * default endorsement code, warnings, the copy a record keeps).
 */
import {
  type Charge,
  ChargeFields,
  ChargeId,
  chargeProblems,
  citationProblems,
  type CitedCharge,
  defaultEndorsementCode,
  fineRange,
  MAX_FINE,
  pointsCap,
  recordChargeOf,
  recordPenalty,
  RecordTerms,
  storedChargeCode,
  whyNotCitable
} from "@bluelight/core/civilians"
import { validated } from "@bluelight/core/kernel"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Exit, Result } from "effect"

const AT = DateTime.makeUnsafe("2026-06-15T12:00:00.000Z")

const aCharge = (overrides: Partial<Charge> = {}): Charge => ({
  id: ChargeId.make(`charge-${overrides.code ?? "SP30"}`),
  code: "SP30",
  title: "Exceeding the speed limit",
  category: "Traffic",
  fineMin: 100,
  fineMax: 1000,
  points: 3,
  endorsementCode: "SP30",
  custodyMaxDays: null,
  warningApplicable: false,
  active: true,
  createdAt: AT,
  updatedAt: AT,
  ...overrides
})

const cite = (count: number, overrides: Partial<Charge> = {}): CitedCharge => ({ charge: aCharge(overrides), count })

/** The problems a schema finds in `input`, as the use cases report them: path and message. */
const problemsOf = (schema: Parameters<typeof validated>[0], input: unknown) => {
  const exit = Effect.runSyncExit(validated(schema, "not valid")(input as never))
  if (Exit.isSuccess(exit)) return []
  const error = Exit.findErrorOption(exit)
  return error._tag === "Some" ? (error.value.details as ReadonlyArray<{ path: ReadonlyArray<string>; message: string }>) : ["defect"]
}

const fields = { code: "SP30", title: "Speeding", fineMin: 100, fineMax: 1000, points: 3, endorsementCode: "SP30" }

describe("a charge's fields", () => {
  it("a code is 1 to 16 letters, digits, '.', '/' and '-', starting with a letter or digit; stored upper case", () => {
    for (const code of ["S", "sp30", "RTA.S3/1-b", "A".repeat(16), " CD10 ", "SP30\n"]) expect(problemsOf(ChargeFields, { ...fields, code }), code).toEqual([])
    const refused = ["", "A".repeat(17), ".S3", "-1", "/", "SP 30", "SP_30", "SP30!", "<script>", "SP\u0000", "SP\u202e30", "ＳＰ30", "SP\n30"]
    for (const code of refused) {
      expect(problemsOf(ChargeFields, { ...fields, code }).map((p) => typeof p === "string" ? p : p.path.join(".")), JSON.stringify(code)).toEqual(["code"])
    }
    expect(storedChargeCode("rta.s3/1-b")).toBe("RTA.S3/1-B")
  })

  it("title 3 to 120, category 2 to 40 or null, fines 0 to 1,000,000 in pence, points 0 to 12, custody 0 to 36500 or null", () => {
    const at = (overrides: Record<string, unknown>) =>
      problemsOf(ChargeFields, { ...fields, ...overrides }).map((p) => typeof p === "string" ? p : p.path.join("."))
    expect(at({ title: "abc", category: "ab", fineMin: 0, fineMax: MAX_FINE, points: 12, custodyMaxDays: 36_500 })).toEqual([])
    expect(at({ title: "t".repeat(120), category: "c".repeat(40), custodyMaxDays: 0, warningApplicable: true })).toEqual([])
    expect(at({ category: null, endorsementCode: null, custodyMaxDays: null })).toEqual([])
    expect(at({ title: "ab" })).toEqual(["title"])
    expect(at({ title: "t".repeat(121) })).toEqual(["title"])
    expect(at({ category: "c" })).toEqual(["category"])
    expect(at({ category: "c".repeat(41) })).toEqual(["category"])
    expect(at({ fineMin: -0.01 })).toEqual(["fineMin"])
    expect(at({ fineMax: MAX_FINE + 0.01 })).toEqual(["fineMax"])
    expect(at({ fineMin: 1.005 })).toEqual(["fineMin"])
    expect(at({ points: 13 })).toEqual(["points"])
    expect(at({ points: -1 })).toEqual(["points"])
    expect(at({ custodyMaxDays: 36_501 })).toEqual(["custodyMaxDays"])
    expect(at({ custodyMaxDays: -1 })).toEqual(["custodyMaxDays"])
    expect(at({ custodyMaxDays: 1.5 })).toEqual(["custodyMaxDays"])
    expect(at({ endorsementCode: "sp30" })).toEqual(["endorsementCode"])
    expect(at({ warningApplicable: "yes" })).toEqual(["warningApplicable"])
  })

  it("the fine range runs upwards; an endorsement code comes with points and only with them", () => {
    expect(chargeProblems(aCharge({ fineMin: 500, fineMax: 500 }))).toEqual([])
    expect(chargeProblems(aCharge({ fineMin: 500.01, fineMax: 500 }))).toEqual([{ path: ["fineMax"], message: "must not be less than fineMin (500.01)" }])
    expect(chargeProblems(aCharge({ points: 0, endorsementCode: null }))).toEqual([])
    expect(chargeProblems(aCharge({ points: 1, endorsementCode: null }))).toEqual([{
      path: ["endorsementCode"],
      message: "is required when points are above 0"
    }])
    expect(chargeProblems(aCharge({ points: 0, endorsementCode: "SP30" }))).toEqual([{ path: ["endorsementCode"], message: "must be null when points are 0" }])
  })
})

describe("a record citing charges", () => {
  it("the fine range sums each charge's range times its count, exactly in pence", () => {
    expect(fineRange([])).toEqual({ min: 0, max: 0 })
    expect(fineRange([recordChargeOf(cite(2, { fineMin: 100, fineMax: 1000 })), recordChargeOf(cite(1, { code: "PO1", fineMin: 50.5, fineMax: 90.1 }))]))
      .toEqual({ min: 250.5, max: 2090.1 })
    // 0.1 + 0.2 is not 0.3 in floating point; in pence it is.
    expect(fineRange([recordChargeOf(cite(1, { fineMin: 0.1, fineMax: 0.1 })), recordChargeOf(cite(1, { code: "X", fineMin: 0.2, fineMax: 0.2 }))]))
      .toEqual({ min: 0.3, max: 0.3 })
  })

  it("the points sum each charge's points times its count, capped at 12", () => {
    expect(pointsCap([])).toBe(0)
    expect(pointsCap([cite(3, { points: 3 }), cite(1, { code: "X", points: 2 })].map(recordChargeOf))).toBe(11)
    expect(pointsCap([cite(4, { points: 3 })].map(recordChargeOf))).toBe(12)
    expect(pointsCap([cite(5, { points: 3 })].map(recordChargeOf))).toBe(12)
    expect(pointsCap([cite(20, { points: 12 })].map(recordChargeOf))).toBe(12)
  })

  it("the default endorsement code is that of the charge with the most points; of equals, the first cited", () => {
    expect(defaultEndorsementCode([])).toBeUndefined()
    expect(defaultEndorsementCode([aCharge({ points: 3, endorsementCode: "SP30" }), aCharge({ points: 6, endorsementCode: "CU80" })])).toBe("CU80")
    expect(defaultEndorsementCode([aCharge({ points: 6, endorsementCode: "CU80" }), aCharge({ points: 6, endorsementCode: "DR10" })])).toBe("CU80")
    expect(defaultEndorsementCode([aCharge({ points: 0, endorsementCode: null }), aCharge({ points: 4, endorsementCode: "IN10" })])).toBe("IN10")
    expect(defaultEndorsementCode([aCharge({ points: 0, endorsementCode: null })])).toBeUndefined()
  })

  it("cites only charges of the catalogue that are active; a warning only those a warning may cite", () => {
    expect(whyNotCitable("CITATION", aCharge())).toBeUndefined()
    expect(whyNotCitable("CITATION", undefined)).toBe("is not a charge of the catalogue")
    expect(whyNotCitable("CITATION", aCharge({ active: false }))).toBe("is a retired charge, which can no longer be cited")
    expect(whyNotCitable("WARNING", aCharge({ warningApplicable: false }))).toBe("is not a charge a warning may cite")
    expect(whyNotCitable("WARNING", aCharge({ warningApplicable: true }))).toBeUndefined()
    expect(whyNotCitable("ARREST", aCharge({ warningApplicable: false }))).toBeUndefined()
    expect(citationProblems("WARNING", [aCharge({ warningApplicable: true }), aCharge({ active: false }), undefined, aCharge()])).toEqual([
      { path: ["charges", "1", "chargeId"], message: "is a retired charge, which can no longer be cited" },
      { path: ["charges", "2", "chargeId"], message: "is not a charge of the catalogue" },
      { path: ["charges", "3", "chargeId"], message: "is not a charge a warning may cite" }
    ])
  })

  it("the record keeps the charge as it is now, with the count", () => {
    expect(recordChargeOf(cite(2))).toEqual({
      chargeId: "charge-SP30",
      code: "SP30",
      title: "Exceeding the speed limit",
      count: 2,
      fineMin: 100,
      fineMax: 1000,
      points: 3
    })
  })

  const penalty = (cited: ReadonlyArray<CitedCharge>, sent: Parameters<typeof recordPenalty>[1]) =>
    Result.match(recordPenalty(cited, sent), { onSuccess: (terms) => ({ terms }), onFailure: (problems) => ({ problems }) })

  it("without charges: the fine and points as sent, 0 when left out; a code only with points", () => {
    expect(penalty([], {})).toEqual({ terms: { fineAmount: 0, points: 0, endorsementCode: undefined } })
    expect(penalty([], { fineAmount: 75, points: 2, endorsementCode: "SP30" })).toEqual({ terms: { fineAmount: 75, points: 2, endorsementCode: "SP30" } })
    expect(penalty([], { endorsementCode: "SP30" })).toEqual({ problems: [{ path: ["endorsementCode"], message: "is given only with points" }] })
  })

  it("with charges: the fine defaults to the range's floor and is refused outside it, at and past both ends", () => {
    const cited = [cite(2, { fineMin: 100, fineMax: 1000 })]
    expect(penalty(cited, {})).toMatchObject({ terms: { fineAmount: 200 } })
    expect(penalty(cited, { fineAmount: 200 })).toMatchObject({ terms: { fineAmount: 200 } })
    expect(penalty(cited, { fineAmount: 2000 })).toMatchObject({ terms: { fineAmount: 2000 } })
    const outside = { problems: [{ path: ["fineAmount"], message: "must be from 200 to 2000 for the charges cited" }] }
    expect(penalty(cited, { fineAmount: 199.99 })).toEqual(outside)
    expect(penalty(cited, { fineAmount: 2000.01 })).toEqual(outside)
    expect(penalty(cited, { fineAmount: 0 })).toEqual(outside)
  })

  it("with charges: the points default to their sum capped at 12 and may be fewer, never more", () => {
    expect(penalty([cite(2, { points: 3 })], {})).toMatchObject({ terms: { points: 6, endorsementCode: "SP30" } })
    expect(penalty([cite(5, { points: 3 })], {})).toMatchObject({ terms: { points: 12 } })
    expect(penalty([cite(5, { points: 3 })], { points: 12 })).toMatchObject({ terms: { points: 12 } })
    expect(penalty([cite(2, { points: 3 })], { points: 6 })).toMatchObject({ terms: { points: 6 } })
    expect(penalty([cite(2, { points: 3 })], { points: 2 })).toMatchObject({ terms: { points: 2, endorsementCode: "SP30" } })
    expect(penalty([cite(2, { points: 3 })], { points: 7 })).toEqual({ problems: [{ path: ["points"], message: "must be at most 6 for the charges cited" }] })
    // No points: no endorsement, so no code by default, and none may be sent.
    expect(penalty([cite(2, { points: 3 })], { points: 0 })).toEqual({ terms: { fineAmount: 200, points: 0, endorsementCode: undefined } })
    expect(penalty([cite(1, { points: 0, endorsementCode: null })], {})).toEqual({ terms: { fineAmount: 100, points: 0, endorsementCode: undefined } })
    expect(penalty([cite(1, { points: 0, endorsementCode: null })], { endorsementCode: "SP30" })).toEqual({
      problems: [{ path: ["endorsementCode"], message: "is given only with points" }]
    })
    expect(penalty([cite(1, { points: 0, endorsementCode: null })], { points: 1 })).toEqual({
      problems: [{ path: ["points"], message: "must be at most 0 for the charges cited" }]
    })
  })

  it("with charges: the code sent stands; else the charge with the most points gives it", () => {
    const cited = [cite(1, { code: "SP30", points: 3, endorsementCode: "SP30" }), cite(1, { code: "CU80", points: 6, endorsementCode: "CU80" })]
    expect(penalty(cited, {})).toMatchObject({ terms: { points: 9, endorsementCode: "CU80" } })
    expect(penalty(cited, { endorsementCode: "TS10" })).toMatchObject({ terms: { endorsementCode: "TS10" } })
  })

  it("the fine never goes above the largest a record carries; charges whose lowest fines pass it cannot be cited together", () => {
    expect(penalty([cite(3, { fineMin: 100, fineMax: 400_000 })], { fineAmount: MAX_FINE })).toMatchObject({ terms: { fineAmount: MAX_FINE } })
    expect(penalty([cite(3, { fineMin: 100, fineMax: 400_000 })], { fineAmount: 1_100_000 })).toEqual({
      problems: [{ path: ["fineAmount"], message: "must be from 300 to 1000000 for the charges cited" }]
    })
    expect(penalty([cite(3, { fineMin: 400_000, fineMax: 400_000 })], {})).toEqual({
      problems: [{ path: ["charges"], message: "the charges' lowest fines add up to 1200000, more than the largest fine a record carries (1000000)" }]
    })
  })

  it("at most 20 charges, each counted 1 to 20 times, none twice: each problem at its place", () => {
    const record = { type: "CITATION", title: "Speeding", description: "48 in a 30", location: "High Street" }
    const at = (charges: unknown) => problemsOf(RecordTerms, { ...record, charges })
    const citations = (n: number) => Array.from({ length: n }, (_, i) => ({ chargeId: `charge-${i}`, count: 1 }))
    expect(at([])).toEqual([])
    expect(at(citations(20))).toEqual([])
    expect(at(citations(21))).toEqual([{ path: ["charges"], message: "at most 20 charges" }])
    expect(at([{ chargeId: "a", count: 0 }])).toEqual([{ path: ["charges", "0", "count"], message: "count must be an integer from 1 to 20" }])
    expect(at([{ chargeId: "a", count: 20 }, { chargeId: "b", count: 21 }])).toEqual([
      { path: ["charges", "1", "count"], message: "count must be an integer from 1 to 20" }
    ])
    expect(at([{ chargeId: "a", count: 1 }, { chargeId: "b", count: 1 }, { chargeId: "a", count: 2 }])).toEqual([
      { path: ["charges", "2", "chargeId"], message: "names a charge already cited" }
    ])
    expect(at([{ chargeId: "bad id", count: 1 }]).map((p) => typeof p === "string" ? p : p.path.join("."))).toEqual(["charges.0.chargeId"])
    expect(at([{ chargeId: "a" }]).map((p) => typeof p === "string" ? p : p.path.join("."))).toEqual(["charges.0.count"])
  })
})
