import { type Charge, defaultEndorsementCode, fineRange, MAX_FINE, pointsCap } from "@bluelight/core/civilians"

/*
 * The charges an officer cites on a new record, and what they allow: the core's own rules
 * (`@bluelight/core/civilians`, Charge.ts), the same the API checks the record by.
 */

/** A charge picked, and how many times it is cited (1 to 20). */
export interface Cited {
  readonly charge: Charge
  readonly count: number
}

export const MAX_COUNT = 20

/** The charge added once more: a new one at the end with a count of 1, one already cited counted again (never above 20). */
export const cite = (cited: ReadonlyArray<Cited>, charge: Charge): ReadonlyArray<Cited> =>
  cited.some((each) => each.charge.id === charge.id)
    ? cited.map((each) => (each.charge.id === charge.id ? { ...each, count: Math.min(MAX_COUNT, each.count + 1) } : each))
    : [...cited, { charge, count: 1 }]

/** A cited charge's count set (1 to 20; anything else keeps it as it was). */
export const recount = (cited: ReadonlyArray<Cited>, chargeId: Charge["id"], count: number): ReadonlyArray<Cited> =>
  Number.isInteger(count) && count >= 1 && count <= MAX_COUNT ? cited.map((each) => (each.charge.id === chargeId ? { ...each, count } : each)) : cited

export const uncite = (cited: ReadonlyArray<Cited>, chargeId: Charge["id"]): ReadonlyArray<Cited> => cited.filter((each) => each.charge.id !== chargeId)

/** What the charges cited allow: the fine range (capped at the largest fine a record carries), the points, the endorsement code a record gets by default. */
export interface Allowance {
  readonly fineMin: number
  readonly fineMax: number
  /** The charges' points times their counts, before the cap of 12. */
  readonly pointsSum: number
  readonly points: number
  readonly endorsementCode: string | undefined
}

export const allowance = (cited: ReadonlyArray<Cited>): Allowance => {
  const kept = cited.map(({ charge, count }) => ({ count, fineMin: charge.fineMin, fineMax: charge.fineMax, points: charge.points }))
  const fines = fineRange(kept)
  return {
    fineMin: fines.min,
    fineMax: Math.min(fines.max, MAX_FINE),
    pointsSum: kept.reduce((sum, each) => sum + each.count * each.points, 0),
    points: pointsCap(kept),
    endorsementCode: defaultEndorsementCode(cited.map(({ charge }) => charge))
  }
}

/** The record's `charges` as the API takes them. */
export const citations = (cited: ReadonlyArray<Cited>) => cited.map(({ charge, count }) => ({ chargeId: charge.id, count }))
