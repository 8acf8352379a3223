import { DateTime, Effect } from "effect"
import { requires, type UserCaller } from "../identity/index.js"
import { checkedPage, emitView, inTransaction, newId, orNotFound, type Page, validated } from "../kernel/index.js"
import { checkExpiry, isoOrNull, lockedCivilian, loadedWarrantOf } from "./alerts.js"
import { WarrantNotActive } from "./errors.js"
import { recordChange } from "./history.js"
import { type CivilianId, WarrantId } from "./ids.js"
import { AlertReads, CommunitySettingsStore, type WarrantFilter, Warrants } from "./ports.js"
import {
  decideWarrant,
  newWarrantStatus,
  type Warrant,
  warrantActiveAt,
  WarrantApproval,
  WarrantClosing,
  type WarrantDecision,
  type WarrantOutcome,
  WarrantRejection,
  warrantStatusAt,
  warrantStatusWords,
  WarrantTerms
} from "./Warrant.js"
import { warrantView, WarrantView } from "./warrantView.js"

/** The reason and details, and the closing note, as the warrant rules have them: a caller that skipped the contract is held to them too. */
const validTerms = validated(WarrantTerms, "The warrant's fields are not valid")
const validClosing = validated(WarrantClosing, "The warrant's fields are not valid")
const validApproval = validated(WarrantApproval, "The approval's fields are not valid")
const validRejection = validated(WarrantRejection, "The rejection's fields are not valid")

/**
 * `POST /pnc/warrants`: a warrant for a person, issued by the caller; an
 * expiry, when given, ends the measure (`MEASURE_END`). Active at once, as
 * `WARRANT_ISSUED`; while the community's warrants need approval (read in the
 * same transaction), a request `PENDING_APPROVAL` instead, as
 * `WARRANT_REQUESTED`, until another officer decides it.
 */
export const issueWarrant = Effect.fn("civilians.issueWarrant")(function*(
  caller: UserCaller,
  input: {
    readonly civilianId: CivilianId
    readonly reason: string
    readonly details?: string | null | undefined
    readonly expiresAt?: DateTime.Utc | undefined
  }
) {
  const terms = yield* validTerms({ reason: input.reason, details: input.details })
  const now = yield* DateTime.now
  const expiresAt = input.expiresAt ?? null
  yield* checkExpiry(expiresAt, now)
  const warrants = yield* Warrants
  return yield* inTransaction(Effect.gen(function*() {
    const civilian = yield* lockedCivilian(input.civilianId)
    const settings = yield* CommunitySettingsStore.use((store) => store.read)
    const warrant: Warrant = {
      id: yield* newId(WarrantId),
      reference: yield* warrants.nextReference,
      civilianId: civilian.id,
      reason: terms.reason,
      details: terms.details ?? null,
      status: newWarrantStatus(settings.warrantsNeedApproval),
      requestedBy: caller.account.id,
      requestedAt: now,
      issuedBy: caller.account.id,
      issuedAt: now,
      expiresAt,
      decidedBy: null,
      decidedAt: null,
      decisionNote: null,
      closedAt: null,
      closedBy: null,
      closeNote: null,
      updatedAt: now
    }
    yield* warrants.insert(warrant)
    yield* recordChange(caller, {
      type: warrant.status === "ACTIVE" ? "WARRANT_ISSUED" : "WARRANT_REQUESTED",
      civilianId: civilian.id,
      target: { type: "warrant", id: warrant.id },
      data: { reference: warrant.reference, reason: warrant.reason, expiresAt: isoOrNull(expiresAt) }
    })
    const view = warrantView(yield* loadedWarrantOf(warrant.id), now)
    // A warrant issued active is activated now; a request only once approved (`decide`).
    if (warrant.status === "ACTIVE") yield* emitView("pnc.warrant.activated", WarrantView, view)
    return view
  }))
}, requires("pnc.warrants.manage"))

/**
 * `POST /pnc/warrants/{id}/close`: an active warrant is executed or
 * withdrawn, with a note. One that is not active (closed, or past its expiry)
 * is `WARRANT_NOT_ACTIVE`. Records `WARRANT_CLOSED`.
 */
export const closeWarrant = Effect.fn("civilians.closeWarrant")(function*(
  caller: UserCaller,
  id: WarrantId,
  input: { readonly outcome: WarrantOutcome; readonly note: string }
) {
  const closing = yield* validClosing({ outcome: input.outcome, note: input.note })
  const now = yield* DateTime.now
  const warrants = yield* Warrants
  return yield* inTransaction(Effect.gen(function*() {
    const warrant = yield* warrants.findByIdForUpdate(id).pipe(orNotFound("No such warrant"))
    if (!warrantActiveAt(warrant, now)) {
      return yield* new WarrantNotActive({ message: `The warrant is ${warrantStatusWords(warrantStatusAt(warrant, now))}, not active` })
    }
    yield* warrants.update({ ...warrant, status: closing.outcome, closedAt: now, closedBy: caller.account.id, closeNote: closing.note, updatedAt: now })
    yield* recordChange(caller, {
      type: "WARRANT_CLOSED",
      civilianId: warrant.civilianId,
      target: { type: "warrant", id: warrant.id },
      data: { reference: warrant.reference, outcome: closing.outcome, note: closing.note }
    })
    return warrantView(yield* loadedWarrantOf(warrant.id), now)
  }))
}, requires("pnc.warrants.manage"))

/**
 * A second officer's decision on a pending request, read-check-write on the
 * locked warrant (`decideWarrant`): of officers deciding at once, the first
 * decides and the others find it decided (`INVALID_STATE`). Records
 * `WARRANT_APPROVED` or `WARRANT_REJECTED`.
 */
const decide = (caller: UserCaller, id: WarrantId, decision: WarrantDecision) =>
  Effect.gen(function*() {
    const now = yield* DateTime.now
    const warrants = yield* Warrants
    return yield* inTransaction(Effect.gen(function*() {
      const warrant = yield* warrants.findByIdForUpdate(id).pipe(orNotFound("No such warrant"))
      const decided = yield* decideWarrant(warrant, decision, caller.account.id, now)
      yield* warrants.update(decided)
      const subject = { civilianId: warrant.civilianId, target: { type: "warrant", id: warrant.id } } as const
      yield* decision.outcome === "APPROVED"
        ? recordChange(caller, { ...subject, type: "WARRANT_APPROVED", data: { reference: warrant.reference, note: decision.note } })
        : recordChange(caller, { ...subject, type: "WARRANT_REJECTED", data: { reference: warrant.reference, reason: decision.reason } })
      const view = warrantView(yield* loadedWarrantOf(warrant.id), now)
      if (decision.outcome === "APPROVED") yield* emitView("pnc.warrant.activated", WarrantView, view)
      return view
    }))
  })

/**
 * `POST /pnc/warrants/{id}/approve`: a pending request is approved by an
 * officer other than its requester (`SELF_APPROVAL`), with an optional note:
 * `ACTIVE` from now on (`issuedAt`). Not pending: `INVALID_STATE`.
 */
export const approveWarrant = Effect.fn("civilians.approveWarrant")(function*(
  caller: UserCaller,
  id: WarrantId,
  input: { readonly note?: string | undefined }
) {
  const approval = yield* validApproval({ note: input.note })
  return yield* decide(caller, id, { outcome: "APPROVED", note: approval.note ?? null })
}, requires("pnc.warrants.manage"))

/**
 * `POST /pnc/warrants/{id}/reject`: a pending request is rejected by an
 * officer other than its requester (`SELF_APPROVAL`), with a reason:
 * `REJECTED`, for good. Not pending: `INVALID_STATE`.
 */
export const rejectWarrant = Effect.fn("civilians.rejectWarrant")(function*(
  caller: UserCaller,
  id: WarrantId,
  input: { readonly reason: string }
) {
  const rejection = yield* validRejection({ reason: input.reason })
  return yield* decide(caller, id, { outcome: "REJECTED", reason: rejection.reason })
}, requires("pnc.warrants.manage"))

/** `GET /pnc/warrants`: newest first; `status` as read now (`EXPIRED` included). */
export const listWarrants = Effect.fn("civilians.listWarrants")(function*(filter: WarrantFilter, requested: Page) {
  const page = yield* checkedPage(requested)
  const now = yield* DateTime.now
  const listed = yield* AlertReads.use((reads) => reads.listWarrants(filter, now, page))
  return { items: listed.items.map((file) => warrantView(file, now)), meta: listed.meta }
}, requires("pnc.view"))
