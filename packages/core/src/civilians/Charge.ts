import { Result, Schema } from "effect"
import { IntegerBetween, OneLineText, type Problem, Timestamp } from "../kernel/index.js"
import { ChargeId } from "./ids.js"
import { EndorsementCode, LicencePoints, MAX_POINTS } from "./Licence.js"
import { FineAmount, MAX_FINE, type RecordCharge, type RecordType } from "./PncRecord.js"
import { Count } from "./viewFields.js"

/*
 * The community's charges catalogue (its penal code): what an offence costs in
 * fines and points, which endorsement it puts on a licence, and whether a
 * warning may cite it. Records cite charges; the rules of a record citing them
 * (the summed fine range, the points, the endorsement code, warnings) are here
 * beside the charge they speak of.
 */

const CODE = /^[A-Za-z0-9][A-Za-z0-9./-]*$/

/** A charge's code as written: 1 to 16 letters, digits, `.`, `/` and `-`, starting with a letter or digit (`SP30`, `RTA.S3`). */
export const ChargeCode = OneLineText({ min: 1, max: 16 }, {
  test: (code) => CODE.test(code),
  message: "must start with a letter or digit and hold only letters, digits, '.', '/' and '-'",
  jsonSchema: { pattern: CODE.source }
})

/** Codes are stored upper case: `sp30` is written `SP30`, and no two charges share a code ignoring case. */
export const storedChargeCode = (code: string): string => code.toUpperCase()

/** A charge's title: one line of 3 to 120 characters. */
export const ChargeTitle = OneLineText({ min: 3, max: 120 })
/** The part of the catalogue a charge belongs to (`Traffic`, `Public order`): one line of 2 to 40 characters. */
export const ChargeCategory = OneLineText({ min: 2, max: 40 })

/** The longest custody a charge carries, in days: 0 to 36500 (a hundred years). */
export const MAX_CUSTODY_DAYS = 36_500
export const CustodyDays = IntegerBetween({ min: 0, max: MAX_CUSTODY_DAYS }, `custodyMaxDays must be an integer from 0 to ${MAX_CUSTODY_DAYS}`)

/**
 * What an administrator writes of a new charge; `category`, `endorsementCode`
 * and `custodyMaxDays` may be left out (null) and `warningApplicable` too
 * (false). The rules between fields are `chargeProblems`'.
 */
export const ChargeFields = Schema.Struct({
  code: ChargeCode,
  title: ChargeTitle,
  category: Schema.optional(Schema.NullOr(ChargeCategory)),
  fineMin: FineAmount,
  fineMax: FineAmount,
  points: LicencePoints,
  endorsementCode: Schema.optional(Schema.NullOr(EndorsementCode)),
  custodyMaxDays: Schema.optional(Schema.NullOr(CustodyDays)),
  warningApplicable: Schema.optional(Schema.Boolean)
})
export type ChargeFields = typeof ChargeFields.Type

/** A change to a charge: any field, `null` clearing the optional ones, `active: false` retiring it. */
export const ChargeChange = Schema.Struct({
  code: Schema.optional(ChargeCode),
  title: Schema.optional(ChargeTitle),
  category: Schema.optional(Schema.NullOr(ChargeCategory)),
  fineMin: Schema.optional(FineAmount),
  fineMax: Schema.optional(FineAmount),
  points: Schema.optional(LicencePoints),
  endorsementCode: Schema.optional(Schema.NullOr(EndorsementCode)),
  custodyMaxDays: Schema.optional(Schema.NullOr(CustodyDays)),
  warningApplicable: Schema.optional(Schema.Boolean),
  active: Schema.optional(Schema.Boolean)
})
export type ChargeChange = typeof ChargeChange.Type

/**
 * A charge of the catalogue, as stored and as the API answers it. Its text
 * is as stored; what is written is held to `ChargeFields`. A retired charge
 * (`active` false) stays, never deleted, and can no longer be cited.
 */
export const Charge = Schema.Struct({
  id: ChargeId,
  code: Schema.String,
  title: Schema.String,
  category: Schema.NullOr(Schema.String),
  fineMin: Schema.Finite,
  fineMax: Schema.Finite,
  points: Count,
  endorsementCode: Schema.NullOr(Schema.String),
  custodyMaxDays: Schema.NullOr(Count),
  warningApplicable: Schema.Boolean,
  active: Schema.Boolean,
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotate({
  identifier: "Charge",
  description: "A charge of the community's catalogue: its fine range (whole pence), points and the endorsement they put on a " +
    "licence, the longest custody, whether a warning may cite it, and whether it is still in use (`active`)"
})
export type Charge = typeof Charge.Type

/** The fields of a charge an administrator sets (all but its id, `active` and its times): what its audit entries carry. */
export const CHARGE_TERMS = [
  "code",
  "title",
  "category",
  "fineMin",
  "fineMax",
  "points",
  "endorsementCode",
  "custodyMaxDays",
  "warningApplicable"
] as const satisfies ReadonlyArray<keyof Charge>

/** The fields a change may set, in the order the audit entry lists them. */
export const CHANGEABLE_CHARGE_FIELDS = [...CHARGE_TERMS, "active"] as const satisfies ReadonlyArray<keyof Charge>
export type ChangeableChargeField = (typeof CHANGEABLE_CHARGE_FIELDS)[number]

/**
 * The rules between a charge's fields, on the charge as it would stand: the
 * fine range runs upwards, and the endorsement code comes with points and
 * only with them (a charge with points endorses a licence under that code).
 */
export const chargeProblems = (charge: Pick<Charge, "fineMin" | "fineMax" | "points" | "endorsementCode">): ReadonlyArray<Problem> => [
  ...(charge.fineMin > charge.fineMax ? [{ path: ["fineMax"], message: `must not be less than fineMin (${charge.fineMin})` }] : []),
  ...(charge.points > 0 && charge.endorsementCode === null ? [{ path: ["endorsementCode"], message: "is required when points are above 0" }] : []),
  ...(charge.points === 0 && charge.endorsementCode !== null ? [{ path: ["endorsementCode"], message: "must be null when points are 0" }] : [])
]

/** The fields of `changed` whose values differ from `charge`'s. */
export const changedChargeFields = (charge: Charge, changed: Charge): ReadonlyArray<ChangeableChargeField> =>
  CHANGEABLE_CHARGE_FIELDS.filter((field) => charge[field] !== changed[field])

/** What a charge holds of the fields named, for an audit entry's `before` and `after`. */
export const chargeFieldsOf = (charge: Charge, fields: ReadonlyArray<ChangeableChargeField>): Record<string, unknown> =>
  Object.fromEntries(fields.map((field) => [field, charge[field]]))

// ------------------------------------------------------------ a record citing charges

/** A charge a record cites and how many times; the charge as read for the record (locked for share). */
export interface CitedCharge {
  readonly charge: Charge
  readonly count: number
}

/**
 * Why a record of `type` cannot cite `charge`, or `undefined` when it can: a
 * charge must be in the catalogue and active, and a warning cites only charges
 * a warning applies to.
 */
export const whyNotCitable = (type: RecordType, charge: Pick<Charge, "active" | "warningApplicable"> | undefined): string | undefined => {
  if (charge === undefined) return "is not a charge of the catalogue"
  if (!charge.active) return "is a retired charge, which can no longer be cited"
  if (type === "WARNING" && !charge.warningApplicable) return "is not a charge a warning may cite"
  return undefined
}

/** The problems of a record of `type` citing these charges, each at its place in `charges` (`undefined`: no such charge). */
export const citationProblems = (
  type: RecordType,
  citing: ReadonlyArray<Pick<Charge, "active" | "warningApplicable"> | undefined>
): ReadonlyArray<Problem> =>
  citing.flatMap((charge, index) => {
    const why = whyNotCitable(type, charge)
    return why === undefined ? [] : [{ path: ["charges", String(index), "chargeId"], message: why }]
  })

// Fines are summed in whole pence, so that sums of pounds with pence are exact.
const pence = (pounds: number): number => Math.round(pounds * 100)
const pounds = (pence: number): number => pence / 100

/**
 * The fine range of the charges cited: from the sum of each charge's
 * `fineMin` times its count to the sum of its `fineMax` times its count.
 */
export const fineRange = (cited: ReadonlyArray<Pick<RecordCharge, "count" | "fineMin" | "fineMax">>): { readonly min: number; readonly max: number } => ({
  min: pounds(cited.reduce((sum, charge) => sum + charge.count * pence(charge.fineMin), 0)),
  max: pounds(cited.reduce((sum, charge) => sum + charge.count * pence(charge.fineMax), 0))
})

/** The points of the charges cited: each charge's points times its count, summed, and never above the 12 a record carries. */
export const pointsCap = (cited: ReadonlyArray<Pick<RecordCharge, "count" | "points">>): number =>
  Math.min(MAX_POINTS, cited.reduce((sum, charge) => sum + charge.count * charge.points, 0))

/**
 * The endorsement code a record citing these charges gives by default: that
 * of the cited charge with the most points (its own points, not times its
 * count), the first cited of those with as many; none when no charge cited
 * carries points.
 */
export const defaultEndorsementCode = (cited: ReadonlyArray<Pick<Charge, "points" | "endorsementCode">>): string | undefined => {
  const most = cited.reduce<Pick<Charge, "points" | "endorsementCode"> | undefined>(
    (best, charge) => (best === undefined || charge.points > best.points ? charge : best),
    undefined
  )
  return most === undefined || most.points === 0 ? undefined : most.endorsementCode ?? undefined
}

/** What a record keeps of a charge it cites: the charge as it is now, and the count. */
export const recordChargeOf = ({ charge, count }: CitedCharge): RecordCharge => ({
  chargeId: charge.id,
  code: charge.code,
  title: charge.title,
  count,
  fineMin: charge.fineMin,
  fineMax: charge.fineMax,
  points: charge.points
})

/** The fine, points and endorsement code an officer sent with a record; each may be left out. */
export interface SentRecordTerms {
  readonly fineAmount?: number | undefined
  readonly points?: number | undefined
  readonly endorsementCode?: string | undefined
}

/** A record's fine, points and endorsement code once its charges have had their say (`undefined`: the record type's code). */
export interface RecordPenalty {
  readonly fineAmount: number
  readonly points: number
  readonly endorsementCode: string | undefined
}

const range = (min: number, max: number) => `from ${min} to ${max}`

/**
 * The fine, points and endorsement code of a record citing `cited` (none: as
 * sent, a fine and points of 0 when left out). With charges, `fineAmount`
 * must lie in their summed range (`fineRange`, never above the largest fine a
 * record carries) and defaults to its floor; `points` must not exceed
 * `pointsCap` and defaults to it; `endorsementCode` defaults to
 * `defaultEndorsementCode`. In every case a code is given only with points.
 * The problems are at the fields they are about.
 */
export const recordPenalty = (cited: ReadonlyArray<CitedCharge>, sent: SentRecordTerms): Result.Result<RecordPenalty, ReadonlyArray<Problem>> => {
  const kept = cited.map(recordChargeOf)
  const fines = fineRange(kept)
  const problems: Array<Problem> = []
  if (fines.min > MAX_FINE) {
    problems.push({
      path: ["charges"],
      message: `the charges' lowest fines add up to ${fines.min}, more than the largest fine a record carries (${MAX_FINE})`
    })
  }
  const ceiling = Math.min(fines.max, MAX_FINE)
  const fineAmount = sent.fineAmount ?? (cited.length === 0 ? 0 : fines.min)
  const outOfRange = sent.fineAmount !== undefined && (pence(sent.fineAmount) < pence(fines.min) || pence(sent.fineAmount) > pence(ceiling))
  if (cited.length > 0 && fines.min <= MAX_FINE && outOfRange) {
    problems.push({ path: ["fineAmount"], message: `must be ${range(fines.min, ceiling)} for the charges cited` })
  }
  const cap = pointsCap(kept)
  const points = sent.points ?? (cited.length === 0 ? 0 : cap)
  if (cited.length > 0 && sent.points !== undefined && sent.points > cap) {
    problems.push({ path: ["points"], message: `must be at most ${cap} for the charges cited` })
  }
  const endorsementCode = sent.endorsementCode ?? (points > 0 ? defaultEndorsementCode(cited.map(({ charge }) => charge)) : undefined)
  if (sent.endorsementCode !== undefined && points === 0) problems.push({ path: ["endorsementCode"], message: "is given only with points" })
  return problems.length > 0 ? Result.fail(problems) : Result.succeed({ fineAmount, points, endorsementCode })
}
