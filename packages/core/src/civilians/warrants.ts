import { DateTime, Effect } from "effect"
import { requires, type UserCaller } from "../identity/index.js"
import { checkedPage, inTransaction, newId, orNotFound, type Page, validated } from "../kernel/index.js"
import { checkExpiry, isoOrNull, lockedCivilian, loadedWarrantOf } from "./alerts.js"
import { WarrantNotActive } from "./errors.js"
import { recordChange } from "./history.js"
import { type CivilianId, WarrantId } from "./ids.js"
import { AlertReads, type WarrantFilter, Warrants } from "./ports.js"
import { type Warrant, warrantActiveAt, WarrantClosing, type WarrantOutcome, warrantStatusAt, WarrantTerms } from "./Warrant.js"
import { warrantView } from "./warrantView.js"

/** The reason and details, and the closing note, as the warrant rules have them: a caller that skipped the contract is held to them too. */
const validTerms = validated(WarrantTerms, "The warrant's fields are not valid")
const validClosing = validated(WarrantClosing, "The warrant's fields are not valid")

/**
 * `POST /pnc/warrants`: an active warrant for a person, issued by the caller;
 * an expiry, when given, ends the measure (`MEASURE_END`). Records `WARRANT_ISSUED`.
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
    const warrant: Warrant = {
      id: yield* newId(WarrantId),
      reference: yield* warrants.nextReference,
      civilianId: civilian.id,
      reason: terms.reason,
      details: terms.details ?? null,
      status: "ACTIVE",
      issuedBy: caller.account.id,
      issuedAt: now,
      expiresAt,
      closedAt: null,
      closedBy: null,
      closeNote: null,
      updatedAt: now
    }
    yield* warrants.insert(warrant)
    yield* recordChange(caller, {
      type: "WARRANT_ISSUED",
      civilianId: civilian.id,
      target: { type: "warrant", id: warrant.id },
      data: { reference: warrant.reference, reason: warrant.reason, expiresAt: isoOrNull(expiresAt) }
    })
    return warrantView(yield* loadedWarrantOf(warrant.id), now)
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
      return yield* new WarrantNotActive({ message: `The warrant is ${warrantStatusAt(warrant, now).toLowerCase()}, not active` })
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

/** `GET /pnc/warrants`: newest first; `status` as read now (`EXPIRED` included). */
export const listWarrants = Effect.fn("civilians.listWarrants")(function*(filter: WarrantFilter, requested: Page) {
  const page = yield* checkedPage(requested)
  const now = yield* DateTime.now
  const listed = yield* AlertReads.use((reads) => reads.listWarrants(filter, now, page))
  return { items: listed.items.map((file) => warrantView(file, now)), meta: listed.meta }
}, requires("pnc.view"))
