import { DateTime, Effect } from "effect"
import type { UserCaller } from "../identity/Caller.js"
import { orNotFound } from "../kernel/errors.js"
import { newId } from "../kernel/Ids.js"
import type { Page } from "../kernel/paging.js"
import { inTransaction } from "../kernel/Transactor.js"
import { checkExpiry, isoOrNull, lockedCivilian, warrantFileOf } from "./alerts.js"
import { WarrantNotActive } from "./errors.js"
import { recordChange } from "./history.js"
import { type CivilianId, WarrantId } from "./ids.js"
import { AlertFiles, type WarrantFilter, Warrants } from "./ports.js"
import { warrantView } from "./views.js"
import { type Warrant, warrantActiveAt, type WarrantOutcome, warrantStatusAt } from "./Warrant.js"

/**
 * `POST /pnc/warrants`: an active warrant for a person, issued by the caller;
 * an expiry, when given, ends the measure (`MEASURE_END`). Records `WARRANT_ISSUED`.
 */
export const issueWarrant = Effect.fn("civilians.issueWarrant")(function*(
  caller: UserCaller,
  input: { readonly civilianId: CivilianId; readonly reason: string; readonly details?: string | null | undefined; readonly expiresAt?: DateTime.Utc | undefined }
) {
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
      reason: input.reason,
      details: input.details ?? null,
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
      audit: "pnc.warrant.issued",
      civilianId: civilian.id,
      target: { type: "warrant", id: warrant.id },
      data: { reference: warrant.reference, reason: warrant.reason, expiresAt: isoOrNull(expiresAt) }
    })
    return warrantView(yield* warrantFileOf(warrant.id), now)
  }))
})

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
  const now = yield* DateTime.now
  const warrants = yield* Warrants
  return yield* inTransaction(Effect.gen(function*() {
    const warrant = yield* Effect.flatMap(warrants.findByIdForUpdate(id), orNotFound("No such warrant"))
    if (!warrantActiveAt(warrant, now)) {
      return yield* new WarrantNotActive({ message: `The warrant is ${warrantStatusAt(warrant, now).toLowerCase()}, not active` })
    }
    yield* warrants.update({ ...warrant, status: input.outcome, closedAt: now, closedBy: caller.account.id, closeNote: input.note, updatedAt: now })
    yield* recordChange(caller, {
      type: "WARRANT_CLOSED",
      audit: "pnc.warrant.closed",
      civilianId: warrant.civilianId,
      target: { type: "warrant", id: warrant.id },
      data: { reference: warrant.reference, outcome: input.outcome, note: input.note }
    })
    return warrantView(yield* warrantFileOf(warrant.id), now)
  }))
})

/** `GET /pnc/warrants`: newest first; `status` as read now (`EXPIRED` included). */
export const listWarrants = Effect.fn("civilians.listWarrants")(function*(filter: WarrantFilter, page: Page) {
  const now = yield* DateTime.now
  const listed = yield* AlertFiles.use((files) => files.listWarrants(filter, now, page))
  return { items: listed.items.map((file) => warrantView(file, now)), meta: listed.meta }
})
