import { DateTime, Effect, Option, Result } from "effect"
import { requires, type UserCaller } from "../identity/index.js"
import {
  checkedPage,
  inTransaction,
  InvalidInput,
  InvalidState,
  isWithinWindow,
  newId,
  orNotFound,
  type Page,
  type Problem,
  validated
} from "../kernel/index.js"
import { lockedCivilian, namedVehicle, loadedRecordOf } from "./alerts.js"
import { type Charge, citationProblems, type CitedCharge, recordChargeOf, recordPenalty, type SentRecordTerms } from "./Charge.js"
import { recordChange } from "./history.js"
import { type ChargeId, type CivilianId, RecordId, type VehicleId } from "./ids.js"
import { ENDORSEMENT_VALIDITY_YEARS, yearsAfter } from "./Licence.js"
import { endorse, unendorse } from "./pncLicences.js"
import { ReasonGiven } from "./officialText.js"
import {
  canEndRecord,
  DEFAULT_ENDORSEMENT_CODES,
  disclosedByDefault,
  endorsesLicence,
  type PncRecord,
  type RecordEnd,
  RecordTerms,
  type RecordType
} from "./PncRecord.js"
import { AlertReads, Charges, Licences, Records } from "./ports.js"
import { recordView } from "./recordViews.js"
import { OCCURRENCE } from "./windows.js"

/** What an officer writes on a new record; the recording officer is the caller. */
export interface RecordInput {
  readonly civilianId: CivilianId
  readonly type: RecordType
  readonly title: string
  readonly description: string
  readonly location: string
  readonly occurredAt: DateTime.Utc
  readonly fineAmount?: number | undefined
  readonly points?: number | undefined
  readonly vehicleId?: VehicleId | undefined
  readonly disclosed?: boolean | undefined
  readonly endorsementCode?: string | undefined
  /** The charges of the catalogue the record cites, each with how many times. */
  readonly charges?: ReadonlyArray<{ readonly chargeId: ChargeId; readonly count: number }> | undefined
}

/** The type, text, fine, points and code, and the closing reason, as the record rules have them: a caller that skipped the contract is held to them too. */
const validTerms = validated(RecordTerms, "The record's fields are not valid")
const validEnding = validated(ReasonGiven, "The record's fields are not valid")

const invalid = (field: string, message: string) => new InvalidInput({ message: `${field} ${message}`, details: [{ path: [field], message }] })

const problemsFound = (problems: ReadonlyArray<Problem>) =>
  new InvalidInput({ message: "The record's fields are not valid", details: problems as Array<Problem> })

/** The record's fine, points and endorsement code with these charges cited (`recordPenalty`), or its problems. */
const penaltyOf = (cited: ReadonlyArray<CitedCharge>, sent: SentRecordTerms) =>
  Result.match(recordPenalty(cited, sent), { onSuccess: Effect.succeed, onFailure: (problems) => Effect.fail(problemsFound(problems)) })

/**
 * What can be checked before anything is read: the occurrence is not in the
 * future; without charges, the fine, points and code as sent (a code only with
 * points). With charges, those wait for the charges (`citedCharges`).
 */
const checkRecordInput = (input: RecordInput, terms: RecordTerms, now: DateTime.Utc) => {
  if (!isWithinWindow(OCCURRENCE, input.occurredAt, now)) return Effect.fail(invalid("occurredAt", OCCURRENCE.says))
  return (terms.charges ?? []).length === 0 ? Effect.asVoid(penaltyOf([], terms)) : Effect.void
}

/**
 * The charges a record of `type` cites, read in the record's transaction and
 * kept from change until it ends (`FOR SHARE`: a retirement committed
 * meanwhile waits for the record, or the record sees the charge retired).
 * Each must be in the catalogue, active and, for a warning, one a warning may
 * cite; else `INVALID_INPUT` at its place in `charges`.
 */
const citedCharges = (type: RecordType, citations: ReadonlyArray<{ readonly chargeId: ChargeId; readonly count: number }>) =>
  Effect.gen(function*() {
    if (citations.length === 0) return []
    const found = yield* Charges.use((charges) => charges.findByIdsForShare(citations.map(({ chargeId }) => chargeId)))
    const byId = new Map<string, Charge>(found.map((charge) => [charge.id, charge]))
    const citing = citations.map(({ chargeId }) => byId.get(chargeId))
    const problems = citationProblems(type, citing)
    if (problems.length > 0) return yield* problemsFound(problems)
    return citations.map(({ chargeId, count }): CitedCharge => ({ charge: byId.get(chargeId)!, count }))
  })

/**
 * `POST /pnc/records`: a record against a character, by the caller. With
 * points against a character holding a licence, it endorses the licence
 * (`endorsementCode`, or the record type's code; three years), linked to the
 * record, in the same transaction; without a licence the record is kept and
 * nothing is endorsed. Citing charges of the catalogue, its fine, points and
 * code are held to them and default from them (`recordPenalty`), and it keeps
 * a copy of each charge as it is now. Records `RECORD_CREATED` (and
 * `ENDORSEMENT_ADDED`).
 */
export const createRecord = Effect.fn("civilians.createRecord")(function*(caller: UserCaller, input: RecordInput) {
  const terms = yield* validTerms({
    type: input.type,
    title: input.title,
    description: input.description,
    location: input.location,
    fineAmount: input.fineAmount,
    points: input.points,
    endorsementCode: input.endorsementCode,
    charges: input.charges
  })
  const now = yield* DateTime.now
  yield* checkRecordInput(input, terms, now)
  const records = yield* Records
  return yield* inTransaction(Effect.gen(function*() {
    const civilian = yield* lockedCivilian(input.civilianId)
    const vehicle = input.vehicleId === undefined ? null : yield* namedVehicle(input.vehicleId)
    const cited = yield* citedCharges(terms.type, terms.charges ?? [])
    const penalty = yield* penaltyOf(cited, terms)
    const record: PncRecord = {
      id: yield* newId(RecordId),
      reference: yield* records.nextReference,
      civilianId: civilian.id,
      type: terms.type,
      status: "OPEN",
      title: terms.title,
      description: terms.description,
      location: terms.location,
      occurredAt: input.occurredAt,
      fineAmount: penalty.fineAmount,
      points: penalty.points,
      vehicleId: vehicle === null ? null : vehicle.id,
      disclosed: input.disclosed ?? disclosedByDefault(terms.type),
      recordedBy: caller.account.id,
      createdAt: now,
      updatedAt: now,
      closedAt: null,
      closedBy: null,
      closeReason: null,
      charges: cited.map(recordChargeOf)
    }
    yield* records.insert(record)
    yield* recordChange(caller, {
      type: "RECORD_CREATED",
      civilianId: civilian.id,
      vehicleId: record.vehicleId,
      target: { type: "record", id: record.id },
      data: {
        reference: record.reference,
        recordType: record.type,
        title: record.title,
        fineAmount: record.fineAmount,
        points: record.points,
        disclosed: record.disclosed,
        charges: record.charges.map(({ code, count }) => ({ code, count }))
      }
    })
    const licence = yield* Licences.use((l) => l.findByCivilianId(civilian.id))
    if (Option.isSome(licence) && endorsesLicence(record, true)) {
      const locked = yield* Licences.use((l) => l.findByIdForUpdate(licence.value.id)).pipe(orNotFound("No such licence"))
      yield* endorse(caller, locked, {
        code: penalty.endorsementCode ?? DEFAULT_ENDORSEMENT_CODES[record.type],
        reason: record.title,
        points: record.points,
        expiresAt: yearsAfter(now, ENDORSEMENT_VALIDITY_YEARS),
        recordId: record.id,
        recordReference: record.reference
      }, now)
    }
    return recordView(yield* loadedRecordOf(record.id))
  }))
}, requires("pnc.records.manage"))

/** `GET /pnc/records/{id}`: a record with who recorded it. */
export const getRecord = Effect.fn("civilians.getRecord")(function*(id: RecordId) {
  const file = yield* AlertReads.use((reads) => reads.findRecord(id)).pipe(orNotFound("No such record"))
  return recordView(file)
}, requires("pnc.view"))

/** `GET /pnc/civilians/{id}/records`: every record of a person, the latest occurrence first. */
export const listCivilianRecords = Effect.fn("civilians.listCivilianRecords")(function*(civilianId: CivilianId, requested: Page) {
  const page = yield* checkedPage(requested)
  const listed = yield* AlertReads.use((reads) => reads.listRecords(civilianId, page)).pipe(orNotFound("No such person"))
  return { items: listed.items.map(recordView), meta: listed.meta }
}, requires("pnc.view"))

/**
 * Closes (dealt with) or voids (made in error) an open record, with a reason.
 * A record already closed or void is `INVALID_STATE`. Voiding takes off the
 * endorsement the record made, if it still counts.
 */
const endRecord = (caller: UserCaller, id: RecordId, end: RecordEnd, input: { readonly reason: string }) =>
  Effect.gen(function*() {
    const { reason } = yield* validEnding({ reason: input.reason })
    const now = yield* DateTime.now
    const records = yield* Records
    return yield* inTransaction(Effect.gen(function*() {
      const record = yield* records.findByIdForUpdate(id).pipe(orNotFound("No such record"))
      if (!canEndRecord(record))
        return yield* new InvalidState({ message: `The record is ${record.status.toLowerCase()}: only an open record can be closed or voided` })
      yield* records.update({ ...record, status: end, closedAt: now, closedBy: caller.account.id, closeReason: reason, updatedAt: now })
      yield* recordChange(caller, {
        type: end === "CLOSED" ? "RECORD_CLOSED" : "RECORD_VOIDED",
        civilianId: record.civilianId,
        vehicleId: record.vehicleId,
        target: { type: "record", id: record.id },
        data: { reference: record.reference, reason }
      })
      if (end === "VOID")
        yield* unendorseRecord(caller, record, reason, now)
      return recordView(yield* loadedRecordOf(record.id))
    }))
  })

/**
 * The endorsement a voided record made stops counting, if it still does. The
 * licence is locked before the endorsement, in the order removing an
 * endorsement takes them. A record endorses its character's one licence.
 */
const unendorseRecord = (caller: UserCaller, record: PncRecord, reason: string, now: DateTime.Utc) =>
  Effect.gen(function*() {
    const licences = yield* Licences
    const held = yield* licences.findByCivilianId(record.civilianId)
    if (Option.isNone(held)) return
    const licence = yield* licences.findByIdForUpdate(held.value.id).pipe(orNotFound("No such licence"))
    const endorsement = yield* licences.findEndorsementOfRecordForUpdate(record.id)
    if (Option.isNone(endorsement) || endorsement.value.removedAt !== null) return
    yield* unendorse(caller, licence, endorsement.value, reason, now)
  })

/** `POST /pnc/records/{id}/close`: an open record is closed, with a reason. Records `RECORD_CLOSED`. */
export const closeRecord = Effect.fn("civilians.closeRecord")(function*(caller: UserCaller, id: RecordId, input: { readonly reason: string }) {
  return yield* endRecord(caller, id, "CLOSED", input)
}, requires("pnc.records.manage"))

/** `POST /pnc/records/{id}/void`: an open record made in error is void, with a reason. Records `RECORD_VOIDED`. */
export const voidRecord = Effect.fn("civilians.voidRecord")(function*(caller: UserCaller, id: RecordId, input: { readonly reason: string }) {
  return yield* endRecord(caller, id, "VOID", input)
}, requires("pnc.records.manage"))
