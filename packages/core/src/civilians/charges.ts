import { DateTime, Effect, Option, Schema } from "effect"
import { actorOf, requires, type UserCaller } from "../identity/index.js"
import {
  type AuditAction,
  AuditLog,
  checkedPage,
  inTransaction,
  InvalidInput,
  newId,
  NoChange,
  orNotFound,
  type Page,
  type Problem,
  validated
} from "../kernel/index.js"
import { type Charge, ChargeChange, ChargeFields, chargeFieldsOf, chargeProblems, CHARGE_TERMS, changedChargeFields, storedChargeCode } from "./Charge.js"
import { ChargeCodeTaken } from "./errors.js"
import { ChargeId } from "./ids.js"
import { PncSearch } from "./officialText.js"
import { type ChargeFilter, Charges } from "./ports.js"

/**
 * The catalogue's audit actions. A charge is no one's record: its changes are
 * audited, with no entry in the PNC history (which is of people and vehicles).
 */
export const CHARGE_AUDIT_ACTIONS = ["pnc.charge.created", "pnc.charge.changed"] as const satisfies ReadonlyArray<AuditAction>

/** The charge and its change as the catalogue's rules have them: a caller that skipped the contract is held to them too. */
const validCharge = validated(ChargeFields, "The charge is not valid")
const validChange = validated(ChargeChange, "The charge is not valid")
/** A search as the PNC's searches have it (`""` is no search: every charge). */
const validSearch = validated(Schema.Struct({ search: PncSearch }), "The search is not valid")

/** The rules between a charge's fields, broken: `INVALID_INPUT` with each problem at its field. */
const checkedCharge = (charge: Charge) => {
  const problems = chargeProblems(charge)
  return problems.length === 0 ? Effect.void : Effect.fail(new InvalidInput({ message: "The charge is not valid", details: problems as Array<Problem> }))
}

const codeTaken = (code: string) => new ChargeCodeTaken({ message: `A charge with the code ${code} already exists` })

/** The code is free, ignoring case, but for the charge `exceptId` itself: a clear error before the unique key has its say. */
const ensureCodeFree = (code: string, exceptId: ChargeId | null) =>
  Effect.gen(function*() {
    const existing = yield* Charges.use((charges) => charges.findByCode(code))
    if (Option.isSome(existing) && existing.value.id !== exceptId) return yield* codeTaken(existing.value.code)
  })

/**
 * `GET /pnc/charges`: the catalogue ordered by code; `search` keeps the
 * charges whose code, title or category holds every word of it, `active`
 * the active ones (the default), the retired ones (`false`) or all.
 */
export const listCharges = Effect.fn("civilians.listCharges")(function*(
  filter: { readonly search?: string | undefined; readonly active?: boolean | "all" | undefined },
  requested: Page
) {
  const page = yield* checkedPage(requested)
  const search = filter.search === undefined || filter.search === "" ? "" : (yield* validSearch({ search: filter.search })).search
  const chosen: ChargeFilter = { search, active: filter.active ?? true }
  return yield* Charges.use((charges) => charges.list(chosen, page))
}, requires("pnc.view"))

/** `GET /pnc/charges/{id}`: one charge, retired or not. */
export const getCharge = Effect.fn("civilians.getCharge")(function*(id: ChargeId) {
  return yield* Charges.use((charges) => charges.findById(id)).pipe(orNotFound("No such charge"))
}, requires("pnc.view"))

/**
 * `POST /pnc/charges`: a new active charge of the catalogue, its code stored
 * upper case; a code another charge has, ignoring case, is
 * `CHARGE_CODE_TAKEN` (also when two are made at once). Audited as
 * `pnc.charge.created`.
 */
export const createCharge = Effect.fn("civilians.createCharge")(function*(caller: UserCaller, input: typeof ChargeFields.Encoded) {
  const fields = yield* validCharge(input)
  const now = yield* DateTime.now
  const charge: Charge = {
    id: yield* newId(ChargeId),
    code: storedChargeCode(fields.code),
    title: fields.title,
    category: fields.category ?? null,
    fineMin: fields.fineMin,
    fineMax: fields.fineMax,
    points: fields.points,
    endorsementCode: fields.endorsementCode ?? null,
    custodyMaxDays: fields.custodyMaxDays ?? null,
    warningApplicable: fields.warningApplicable ?? false,
    active: true,
    createdAt: now,
    updatedAt: now
  }
  yield* checkedCharge(charge)
  const charges = yield* Charges
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    yield* ensureCodeFree(charge.code, null)
    if (!(yield* charges.insert(charge))) return yield* codeTaken(charge.code)
    yield* audit.record({
      action: CHARGE_AUDIT_ACTIONS[0],
      actor: actorOf(caller),
      targetType: "charge",
      targetId: charge.id,
      data: chargeFieldsOf(charge, CHARGE_TERMS)
    })
    return charge
  }))
}, requires("admin.manage"))

/** `change`'s fields over `charge`'s: a field left out keeps its value, `null` clears it. */
const applied = (charge: Charge, change: ChargeChange): Charge => ({
  ...charge,
  code: change.code === undefined ? charge.code : storedChargeCode(change.code),
  title: change.title ?? charge.title,
  category: change.category === undefined ? charge.category : change.category,
  fineMin: change.fineMin ?? charge.fineMin,
  fineMax: change.fineMax ?? charge.fineMax,
  points: change.points ?? charge.points,
  endorsementCode: change.endorsementCode === undefined ? charge.endorsementCode : change.endorsementCode,
  custodyMaxDays: change.custodyMaxDays === undefined ? charge.custodyMaxDays : change.custodyMaxDays,
  warningApplicable: change.warningApplicable ?? charge.warningApplicable,
  active: change.active ?? charge.active
})

/**
 * `PATCH /pnc/charges/{id}`: changes any field of a charge; `active: false`
 * retires it (it stays, and can no longer be cited), `active: true` brings it
 * back. The rules between fields hold on the charge as it would stand (a
 * charge losing its points clears its endorsement code in the same change).
 * Nothing changing is `NO_CHANGE`; a code another charge has is
 * `CHARGE_CODE_TAKEN`. Records cited it as it was: they keep their copy.
 * Audited as `pnc.charge.changed` with the changed fields before and after.
 */
export const changeCharge = Effect.fn("civilians.changeCharge")(function*(caller: UserCaller, id: ChargeId, input: typeof ChargeChange.Encoded) {
  const change = yield* validChange(input)
  const charges = yield* Charges
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    const charge = yield* charges.findByIdForUpdate(id).pipe(orNotFound("No such charge"))
    const next = applied(charge, change)
    yield* checkedCharge(next)
    const fields = changedChargeFields(charge, next)
    if (fields.length === 0) return yield* new NoChange({ message: "The charge already stands so" })
    if (next.code !== charge.code) yield* ensureCodeFree(next.code, charge.id)
    const changed: Charge = { ...next, updatedAt: yield* DateTime.now }
    if (!(yield* charges.update(changed))) return yield* codeTaken(changed.code)
    yield* audit.record({
      action: CHARGE_AUDIT_ACTIONS[1],
      actor: actorOf(caller),
      targetType: "charge",
      targetId: charge.id,
      data: { code: changed.code, fields, before: chargeFieldsOf(charge, fields), after: chargeFieldsOf(changed, fields) }
    })
    return changed
  }))
}, requires("admin.manage"))
