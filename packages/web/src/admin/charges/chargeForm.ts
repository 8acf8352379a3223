import { CHARGE_TERMS, ChargeFields, chargeProblems } from "@bluelight/core/civilians"
import { checkBody } from "../../api/checkBody.js"
import { ApiFailure, type FieldProblem } from "../../api/failure.js"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { amountOfPence, penceFromText, textOfAmount } from "../../ui/money.js"
import type { Charge, ChargeBody, ChargeChangeBody } from "./queries.js"

const words = adminIntegrations.charges

/** A charge's form as typed: every field text (fines in pounds), `warningApplicable` "true" or "". */
export interface ChargeFormFields {
  readonly code: string
  readonly title: string
  readonly category: string
  readonly fineMin: string
  readonly fineMax: string
  readonly points: string
  readonly endorsementCode: string
  readonly custodyMaxDays: string
  readonly warningApplicable: string
}

/** The form's fields: a charge's terms, as the core names them. */
export const CHARGE_FORM_FIELDS = CHARGE_TERMS satisfies ReadonlyArray<keyof ChargeFormFields>

export const EMPTY_CHARGE: ChargeFormFields = {
  code: "",
  title: "",
  category: "",
  fineMin: "",
  fineMax: "",
  points: "0",
  endorsementCode: "",
  custodyMaxDays: "",
  warningApplicable: ""
}

/** A charge as its form shows it: fines in pounds as a person types them, nulls as empty fields. */
export const formOfCharge = (charge: Charge): ChargeFormFields => ({
  code: charge.code,
  title: charge.title,
  category: charge.category ?? "",
  fineMin: textOfAmount(charge.fineMin),
  fineMax: textOfAmount(charge.fineMax),
  points: String(charge.points),
  endorsementCode: charge.endorsementCode ?? "",
  custodyMaxDays: charge.custodyMaxDays === null ? "" : String(charge.custodyMaxDays),
  warningApplicable: charge.warningApplicable ? "true" : ""
})

const WHOLE = /^\d+$/u

/** The API's rules of a charge (the core's: each field's, then those between fields), checked before sending. */
const checkCharge = checkBody(
  ChargeFields,
  adminIntegrations.fixFields,
  (charge) => chargeProblems({ fineMin: charge.fineMin, fineMax: charge.fineMax, points: charge.points, endorsementCode: charge.endorsementCode ?? null })
)

/**
 * The body the API takes for what was typed (fines read as pounds and pence and sent as the API's
 * amount; empty optional fields as null), or the problems of its fields as an `INVALID_INPUT` would
 * name them: those that cannot be read at all, then the API's own rules (the core's), which the
 * typed client would refuse to send anyway. What only the API knows (a code taken) is its to say.
 */
export const chargeBody = (fields: ChargeFormFields): { readonly body: ChargeBody } | { readonly failure: ApiFailure } => {
  const fineMin = penceFromText(fields.fineMin)
  const fineMax = penceFromText(fields.fineMax)
  const problems: Array<FieldProblem> = [
    ...(fineMin === null ? [{ path: ["fineMin"], message: words.notAmount }] : []),
    ...(fineMax === null ? [{ path: ["fineMax"], message: words.notAmount }] : []),
    ...(WHOLE.test(fields.points.trim()) ? [] : [{ path: ["points"], message: words.notWholeNumber }]),
    ...(fields.custodyMaxDays.trim() === "" || WHOLE.test(fields.custodyMaxDays.trim()) ? [] : [{ path: ["custodyMaxDays"], message: words.notWholeNumber }])
  ]
  if (problems.length > 0 || fineMin === null || fineMax === null) {
    return { failure: new ApiFailure("INVALID_INPUT", adminIntegrations.fixFields, problems, problems, undefined) }
  }
  const orNull = (text: string) => (text.trim() === "" ? null : text.trim())
  const endorsement = orNull(fields.endorsementCode)
  const body: ChargeBody = {
    code: fields.code.trim(),
    title: fields.title.trim(),
    category: orNull(fields.category),
    fineMin: amountOfPence(fineMin),
    fineMax: amountOfPence(fineMax),
    points: Number(fields.points.trim()),
    endorsementCode: endorsement === null ? null : endorsement.toUpperCase(),
    custodyMaxDays: fields.custodyMaxDays.trim() === "" ? null : Number(fields.custodyMaxDays.trim()),
    warningApplicable: fields.warningApplicable === "true"
  }
  const refused = checkCharge(body)
  return refused === null ? { body } : { failure: refused }
}

/** What a change sends: only the fields whose value differs from the charge as it was read. */
export const chargeChange = (charge: Charge, body: ChargeBody): ChargeChangeBody => {
  const before: ChargeBody = {
    code: charge.code,
    title: charge.title,
    category: charge.category,
    fineMin: charge.fineMin,
    fineMax: charge.fineMax,
    points: charge.points,
    endorsementCode: charge.endorsementCode,
    custodyMaxDays: charge.custodyMaxDays,
    warningApplicable: charge.warningApplicable
  }
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => before[key as keyof ChargeBody] !== value)) as ChargeChangeBody
}
