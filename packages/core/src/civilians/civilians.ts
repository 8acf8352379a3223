import { DateTime, Effect, Option } from "effect"
import { type AccountId, type Caller, forbidden, requires, type UserCaller } from "../identity/index.js"
import { checkedPage, inTransaction, InvalidInput, InvalidState, newId, orNotFound, type Page, validated } from "../kernel/index.js"
import { managesAllCivilians, noSuchCharacter, ownedBy } from "./access.js"
import { type Civilian, CivilianChange, CivilianFields, IDENTITY_FIELDS, statusMoveAllowed } from "./Civilian.js"
import { recordChange } from "./history.js"
import { CivilianId } from "./ids.js"
import { identityLockedOf } from "./loadedCivilian.js"
import { ownerCivilianView } from "./ownerView.js"
import { CivilianReads, Civilians } from "./ports.js"

/** What a member says about a new character. */
export type CivilianInput = CivilianFields

/** A change to a character: only the fields sent. */
export type CivilianPatch = CivilianChange

/** The fields as the character rules have them: a caller that skipped the contract is held to them too. */
const validInput = validated(CivilianFields, "The character's fields are not valid")
const validPatch = validated(CivilianChange, "The character's fields are not valid")

const EARLIEST_BIRTH = "1900-01-01"

/** A date of birth from 1900 up to today. */
const checkDateOfBirth = (dateOfBirth: string, now: DateTime.Utc) =>
  dateOfBirth < EARLIEST_BIRTH || dateOfBirth > DateTime.formatIsoDateUtc(now)
    ? Effect.fail(
      new InvalidInput({
        message: "The date of birth is not possible",
        details: [{ path: ["dateOfBirth"], message: `must be from ${EARLIEST_BIRTH} to today` }]
      })
    )
    : Effect.void

/** The owner's view of a character just written: it exists, so not finding it is a defect. */
export const ownerViewOf = (id: CivilianId) =>
  Effect.gen(function*() {
    const now = yield* DateTime.now
    const file = yield* CivilianReads.use((reads) => reads.findById(id, now))
    if (Option.isNone(file)) return yield* Effect.die(new Error(`civilian ${id} was written but cannot be read`))
    return ownerCivilianView(file.value, now)
  })

/** `POST /civilians`: a new character owned by the signed-in member. */
export const createCivilian = Effect.fn("civilians.createCivilian")(function*(caller: UserCaller, fields: CivilianInput) {
  const input = yield* validInput(fields)
  const civilians = yield* Civilians
  const now = yield* DateTime.now
  yield* checkDateOfBirth(input.dateOfBirth, now)
  return yield* inTransaction(Effect.gen(function*() {
    const civilian: Civilian = {
      id: yield* newId(CivilianId),
      reference: yield* civilians.nextReference,
      ownerId: caller.account.id,
      fullName: input.fullName,
      dateOfBirth: input.dateOfBirth,
      gender: input.gender,
      address: input.address,
      phone: input.phone ?? null,
      occupation: input.occupation ?? null,
      imageUrl: input.imageUrl ?? null,
      notes: input.notes ?? null,
      status: "ACTIVE",
      createdAt: now,
      updatedAt: now
    }
    yield* civilians.insert(civilian)
    yield* recordChange(caller, {
      type: "CIVILIAN_CREATED",
      civilianId: civilian.id,
      target: { type: "civilian", id: civilian.id },
      // No owner id: the history is read with pnc.view; the audit entry's actor is the owner.
      data: { reference: civilian.reference, fullName: civilian.fullName },
      through: civilian
    })
    return yield* ownerViewOf(civilian.id)
  }))
}, requires("civilians.create"))

/** `GET /civilians`: the caller's characters; `civilians.manage` may name another owner. */
export const listCivilians = Effect.fn("civilians.listCivilians")(function*(caller: UserCaller, ownerId: AccountId | undefined, requested: Page) {
  const page = yield* checkedPage(requested)
  if (ownerId !== undefined && ownerId !== caller.account.id && !managesAllCivilians(caller)) {
    return yield* forbidden("civilians.manage")
  }
  const now = yield* DateTime.now
  const listed = yield* CivilianReads.use((reads) => reads.listByOwner(ownerId ?? caller.account.id, page, now))
  return { items: listed.items.map((file) => ownerCivilianView(file, now)), meta: listed.meta }
}, requires("civilians.manage_own"))

/** `GET /civilians/{id}`: the owner's view of one character. */
export const getOwnCivilian = Effect.fn("civilians.getOwnCivilian")(function*(caller: Caller, id: CivilianId) {
  const now = yield* DateTime.now
  const file = yield* CivilianReads.use((reads) => reads.findById(id, now))
  const found = yield* ownedBy(caller)(Option.map(file, (f) => ({ ...f, ownerId: f.civilian.ownerId })))
  return ownerCivilianView(found, now)
}, requires("civilians.manage_own"))

const CHANGEABLE = ["fullName", "dateOfBirth", "gender", "address", "phone", "occupation", "imageUrl", "notes", "status"] as const

/**
 * `PATCH /civilians/{id}`: changes the fields sent. Once the identity is
 * locked the owner cannot change name, date of birth or gender;
 * `civilians.manage` can. `DECEASED` is set and undone only with
 * `civilians.manage`. Nothing changing answers the character as it is.
 */
export const updateCivilian = Effect.fn("civilians.updateCivilian")(function*(caller: UserCaller, id: CivilianId, change: CivilianPatch) {
  const patch = yield* validPatch(change)
  const civilians = yield* Civilians
  const now = yield* DateTime.now
  if (patch.dateOfBirth !== undefined) yield* checkDateOfBirth(patch.dateOfBirth, now)
  return yield* inTransaction(Effect.gen(function*() {
    const civilian = yield* Effect.flatMap(civilians.findByIdForUpdate(id), (found) => ownedBy(caller)(found))
    const changed = CHANGEABLE.filter((field) => patch[field] !== undefined && patch[field] !== civilian[field])
    if (changed.length === 0) return yield* ownerViewOf(civilian.id)
    const manages = managesAllCivilians(caller)
    if (patch.status !== undefined && !statusMoveAllowed(civilian.status, patch.status, manages)) {
      return yield* forbidden("civilians.manage")
    }
    if (!manages && changed.some((field) => (IDENTITY_FIELDS as ReadonlyArray<string>).includes(field))) {
      const file = yield* CivilianReads.use((reads) => reads.findById(id, now)).pipe(orNotFound(noSuchCharacter.message))
      if (identityLockedOf(file)) {
        return yield* new InvalidState({
          message: "The character has official history: name, date of birth and gender can no longer be changed by the owner"
        })
      }
    }
    const updated: Civilian = {
      ...civilian,
      ...Object.fromEntries(changed.map((field) => [field, patch[field]])),
      updatedAt: now
    }
    yield* civilians.update(updated)
    // The notes are private: named as changed in the audit log, never copied into the PNC history.
    const official = changed.filter((field) => field !== "notes")
    const before = Object.fromEntries(official.map((field) => [field, civilian[field]]))
    const after = Object.fromEntries(official.map((field) => [field, updated[field]]))
    yield* recordChange(caller, {
      type: "CIVILIAN_UPDATED",
      civilianId: civilian.id,
      target: { type: "civilian", id: civilian.id },
      data: { fields: changed, before, after },
      through: civilian
    })
    return yield* ownerViewOf(civilian.id)
  }))
}, requires("civilians.manage_own"))
