import { DateTime, Effect, Option } from "effect"
import { requires, type UserCaller } from "../identity/index.js"
import { checkWithinWindow, emitView, inTransaction, InvalidState, isWithinWindow, newId, NoChange, orNotFound, validated } from "../kernel/index.js"
import { EndorsementNotActive, InvalidExpiry } from "./errors.js"
import { recordChange } from "./history.js"
import { EndorsementId, type LicenceId } from "./ids.js"
import {
  type Endorsement,
  ENDORSEMENT_VALIDITY_YEARS,
  EndorsementTerms,
  expiryAfterIssue,
  type Licence,
  type LicenceCategory,
  LicenceChange,
  licenceStatusAt,
  pointsAt,
  sortedCategories,
  suspendable,
  TOTTING_UP,
  tottingUpSuspension,
  yearsAfter
} from "./Licence.js"
import { loadedLicenceOf } from "./licences.js"
import { OfficialLicence, officialLicence } from "./licenceViews.js"
import { ReasonGiven } from "./officialText.js"
import type { PncChange } from "./PncEvent.js"
import { CommunitySettingsStore, Licences } from "./ports.js"
import { LICENCE_EXPIRY, MEASURE_END } from "./windows.js"

const noSuchLicence = "No such licence"

/** The reason (and new categories) as the licence rules have them: a caller that skipped the contract is held to them too. */
const validChange = validated(LicenceChange, "The licence change is not valid")
const validReason = validated(ReasonGiven, "The licence change is not valid")

/** Runs `change` on the locked licence and answers the official view as it then stands. */
const changeLicence = <E, R>(id: LicenceId, change: (licence: Licence, now: DateTime.Utc) => Effect.Effect<void, E, R>) =>
  Effect.gen(function*() {
    const now = yield* DateTime.now
    return yield* inTransaction(Effect.gen(function*() {
      const licence = yield* Licences.use((l) => l.findByIdForUpdate(id)).pipe(orNotFound(noSuchLicence))
      yield* change(licence, now)
      return officialLicence(yield* loadedLicenceOf(licence.id), now)
    }))
  })

const iso = (at: DateTime.Utc | null) => (at === null ? null : DateTime.formatIso(at))

/** An official measure on a licence, as its history entry has it. */
type LicenceMeasure = Extract<PncChange, { readonly type: "LICENCE_UPDATED" | "LICENCE_SUSPENDED" | "LICENCE_REVOKED" | "LICENCE_REINSTATED" }>

/** Writes the licence and its history and audit entries. */
const saveLicence = (caller: UserCaller, before: Licence, after: Licence, measure: LicenceMeasure) =>
  Effect.gen(function*() {
    yield* Licences.use((l) => l.update(after))
    yield* recordChange(caller, { ...measure, civilianId: before.civilianId, licenceId: before.id, target: { type: "licence", id: before.id } })
    // By an officer or by totting-up: the licence as the official endpoints answer it, suspended.
    if (measure.type === "LICENCE_SUSPENDED") {
      yield* emitView("pnc.licence.suspended", OfficialLicence, officialLicence(yield* loadedLicenceOf(before.id), after.updatedAt))
    }
  })

/**
 * `PATCH /pnc/licences/{id}`: changes the categories or the expiry (the way
 * to renew an expired licence), with a reason. Something must change
 * (`NO_CHANGE`); an expiry not after issue, or more than ten years from now
 * (`LICENCE_EXPIRY`), is `INVALID_EXPIRY`.
 */
export const updateLicence = Effect.fn("civilians.updateLicence")(function*(
  caller: UserCaller,
  id: LicenceId,
  input: { readonly reason: string; readonly categories?: ReadonlyArray<LicenceCategory> | undefined; readonly expiresAt?: DateTime.Utc | undefined }
) {
  const change = yield* validChange({ reason: input.reason, categories: input.categories })
  return yield* changeLicence(id, (licence, now) =>
    Effect.gen(function*() {
      if (input.expiresAt !== undefined && !expiryAfterIssue(licence, input.expiresAt)) {
        return yield* new InvalidExpiry({ message: "The new expiry must be after the licence's issue" })
      }
      if (input.expiresAt !== undefined && !isWithinWindow(LICENCE_EXPIRY, input.expiresAt, now)) {
        return yield* new InvalidExpiry({ message: `expiresAt ${LICENCE_EXPIRY.says}` })
      }
      const categories = change.categories === undefined ? licence.categories : sortedCategories(change.categories)
      const expiresAt = input.expiresAt ?? licence.expiresAt
      const categoriesChanged = categories.join() !== licence.categories.join()
      const expiryChanged = !DateTime.Equivalence(expiresAt, licence.expiresAt)
      if (!categoriesChanged && !expiryChanged) return yield* new NoChange({ message: "The licence already has these categories and this expiry" })
      yield* saveLicence(caller, licence, { ...licence, categories, expiresAt, updatedAt: now }, {
        type: "LICENCE_UPDATED",
        data: {
          number: licence.number,
          reason: change.reason,
          before: { categories: licence.categories, expiresAt: iso(licence.expiresAt) },
          after: { categories, expiresAt: iso(expiresAt) }
        }
      })
    }))
}, requires("pnc.licences.manage"))

/**
 * `POST /pnc/licences/{id}/suspend`: suspended until a time, or indefinitely
 * without one. A revoked or expired licence cannot be suspended
 * (`INVALID_STATE`); suspending again replaces the end of the suspension.
 */
export const suspendLicence = Effect.fn("civilians.suspendLicence")(function*(
  caller: UserCaller,
  id: LicenceId,
  input: { readonly reason: string; readonly until?: DateTime.Utc | undefined }
) {
  const { reason } = yield* validReason({ reason: input.reason })
  return yield* changeLicence(id, (licence, now) =>
    Effect.gen(function*() {
      const until = input.until ?? null
      yield* checkWithinWindow(MEASURE_END, "until", until, now)
      const status = licenceStatusAt(licence, now)
      if (!suspendable(status)) return yield* new InvalidState({ message: `A ${status.toLowerCase()} licence cannot be suspended` })
      const sameEnd = until === null ? licence.suspendedUntil === null : licence.suspendedUntil !== null && DateTime.Equivalence(until, licence.suspendedUntil)
      if (status === "SUSPENDED" && sameEnd) return yield* new NoChange({ message: "The licence is already suspended until then" })
      yield* saveLicence(caller, licence, { ...licence, status: "SUSPENDED", suspendedUntil: until, suspensionReason: reason, updatedAt: now }, {
        type: "LICENCE_SUSPENDED",
        data: { number: licence.number, reason, until: iso(until) }
      })
    }))
}, requires("pnc.licences.manage"))

/** `POST /pnc/licences/{id}/revoke`: revoked until reinstated. Revoking twice is `NO_CHANGE`. */
export const revokeLicence = Effect.fn("civilians.revokeLicence")(function*(caller: UserCaller, id: LicenceId, input: { readonly reason: string }) {
  const { reason } = yield* validReason({ reason: input.reason })
  return yield* changeLicence(id, (licence, now) =>
    licence.status === "REVOKED"
      ? Effect.fail(new NoChange({ message: "The licence is already revoked" }))
      : saveLicence(caller, licence, { ...licence, status: "REVOKED", suspendedUntil: null, suspensionReason: null, updatedAt: now }, {
        type: "LICENCE_REVOKED",
        data: { number: licence.number, reason }
      }))
}, requires("pnc.licences.manage"))

/** `POST /pnc/licences/{id}/reinstate`: a suspended (even lapsed) or revoked licence is valid again; one that is neither is `NO_CHANGE`. */
export const reinstateLicence = Effect.fn("civilians.reinstateLicence")(function*(caller: UserCaller, id: LicenceId, input: { readonly reason: string }) {
  const { reason } = yield* validReason({ reason: input.reason })
  return yield* changeLicence(id, (licence, now) =>
    licence.status === "VALID"
      ? Effect.fail(new NoChange({ message: "The licence is neither suspended nor revoked" }))
      : saveLicence(caller, licence, { ...licence, status: "VALID", suspendedUntil: null, suspensionReason: null, updatedAt: now }, {
        type: "LICENCE_REINSTATED",
        data: { number: licence.number, reason, previous: licence.status }
      }))
}, requires("pnc.licences.manage"))

/** Official changes are made by a person (session only), who is named on the endorsement. */
const recorder = (caller: UserCaller) => caller.account.id

/** What an endorsement is made of; `recordId` names the record that made it, if any. */
export interface EndorsementInput {
  readonly code: string
  readonly reason: string
  readonly points: number
  readonly expiresAt: DateTime.Utc
  readonly recordId: string | null
  /** The record's reference, for the history entry. */
  readonly recordReference?: string | undefined
}

/**
 * Totting-up (`tottingUpSuspension`) once an endorsement is in: the active
 * points counted as the official view counts them, the community's settings
 * as they stand. Suspends the (locked) licence and writes `LICENCE_SUSPENDED`
 * with its audit entry, by the endorsement's caller, in its transaction.
 */
const suspendOnTottingUp = (caller: UserCaller, licence: Licence, now: DateTime.Utc) =>
  Effect.gen(function*() {
    const settings = yield* CommunitySettingsStore.use((store) => store.read)
    if (settings.licencePointsThreshold === 0) return
    const loaded = yield* loadedLicenceOf(licence.id)
    const points = pointsAt(loaded.endorsements.map((entry) => entry.endorsement), now)
    const suspension = tottingUpSuspension(licence, points, settings, now)
    if (suspension === undefined) return
    yield* saveLicence(caller, licence, {
      ...licence,
      status: "SUSPENDED",
      suspendedUntil: suspension.until,
      suspensionReason: TOTTING_UP,
      updatedAt: now
    }, {
      type: "LICENCE_SUSPENDED",
      data: {
        number: licence.number,
        reason: TOTTING_UP,
        until: iso(suspension.until),
        points: suspension.points,
        threshold: suspension.threshold,
        automatic: true
      }
    })
  })

/**
 * Endorses the (locked) licence and writes `ENDORSEMENT_ADDED` with its audit
 * entry, in the caller's transaction; then totting-up, which may suspend it.
 */
export const endorse = (caller: UserCaller, licence: Licence, input: EndorsementInput, now: DateTime.Utc) =>
  Effect.gen(function*() {
    const endorsement: Endorsement = {
      id: yield* newId(EndorsementId),
      licenceId: licence.id,
      code: input.code,
      reason: input.reason,
      points: input.points,
      createdAt: now,
      expiresAt: input.expiresAt,
      issuedBy: recorder(caller),
      removedAt: null,
      removedBy: null,
      removalReason: null,
      recordId: input.recordId
    }
    yield* Licences.use((l) => l.insertEndorsement(endorsement))
    yield* recordChange(caller, {
      type: "ENDORSEMENT_ADDED",
      civilianId: licence.civilianId,
      licenceId: licence.id,
      target: { type: "endorsement", id: endorsement.id },
      data: {
        number: licence.number,
        code: endorsement.code,
        points: endorsement.points,
        reason: endorsement.reason,
        expiresAt: iso(endorsement.expiresAt),
        ...(input.recordReference === undefined ? {} : { record: input.recordReference })
      }
    })
    yield* suspendOnTottingUp(caller, licence, now)
    return endorsement
  })

/** Takes the endorsement off (it stays visible) and writes `ENDORSEMENT_REMOVED` with its audit entry. */
export const unendorse = (caller: UserCaller, licence: Licence, endorsement: Endorsement, reason: string, now: DateTime.Utc) =>
  Effect.gen(function*() {
    yield* Licences.use((l) => l.updateEndorsement({ ...endorsement, removedAt: now, removedBy: recorder(caller), removalReason: reason }))
    yield* recordChange(caller, {
      type: "ENDORSEMENT_REMOVED",
      civilianId: licence.civilianId,
      licenceId: licence.id,
      target: { type: "endorsement", id: endorsement.id },
      data: { number: licence.number, code: endorsement.code, points: endorsement.points, reason }
    })
  })

/** The endorsement's code, reason and points as the licence rules have them: a caller that skipped the contract is held to them too. */
const validTerms = validated(EndorsementTerms, "The endorsement's fields are not valid")

/**
 * `POST /pnc/licences/{id}/endorsements`: an endorsement, expiring three
 * years after it is made unless given an expiry (`MEASURE_END`).
 */
export const addEndorsement = Effect.fn("civilians.addEndorsement")(function*(
  caller: UserCaller,
  id: LicenceId,
  input: { readonly code: string; readonly reason: string; readonly points: number; readonly expiresAt?: DateTime.Utc | undefined }
) {
  const terms = yield* validTerms({ code: input.code, reason: input.reason, points: input.points })
  return yield* changeLicence(id, (licence, now) =>
    Effect.gen(function*() {
      yield* checkWithinWindow(MEASURE_END, "expiresAt", input.expiresAt, now)
      yield* endorse(caller, licence, {
        code: terms.code,
        reason: terms.reason,
        points: terms.points,
        expiresAt: input.expiresAt ?? yearsAfter(now, ENDORSEMENT_VALIDITY_YEARS),
        recordId: null
      }, now)
    }))
}, requires("pnc.licences.manage"))

const notActive = new EndorsementNotActive({ message: "The endorsement is missing or already removed" })

/**
 * `POST /pnc/licences/{id}/endorsements/{endorsementId}/remove`: the
 * endorsement stops counting and stays visible, with who removed it and why.
 * Missing or already removed: `ENDORSEMENT_NOT_ACTIVE`.
 */
export const removeEndorsement = Effect.fn("civilians.removeEndorsement")(function*(
  caller: UserCaller,
  id: LicenceId,
  endorsementId: EndorsementId,
  input: { readonly reason: string }
) {
  const { reason } = yield* validReason({ reason: input.reason })
  return yield* changeLicence(id, (licence, now) =>
    Effect.gen(function*() {
      const licences = yield* Licences
      const found = yield* licences.findEndorsementForUpdate(licence.id, endorsementId)
      if (Option.isNone(found) || found.value.removedAt !== null) return yield* notActive
      yield* unendorse(caller, licence, found.value, reason, now)
    }))
}, requires("pnc.licences.manage"))
