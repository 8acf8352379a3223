import { DateTime, Effect, Option } from "effect"
import type { UserCaller } from "../identity/Caller.js"
import { InvalidInput } from "../kernel/errors.js"
import { newId } from "../kernel/Ids.js"
import { inTransaction } from "../kernel/Transactor.js"
import { ownedBy } from "./access.js"
import { canHoldOfficialDocuments, type Civilian, MINIMUM_LICENCE_AGE, oldEnoughToDrive } from "./Civilian.js"
import { LicenceExists, LicenceNumberUnavailable } from "./errors.js"
import { recordChange } from "./history.js"
import { type CivilianId, LicenceId } from "./ids.js"
import { type Licence, LICENCE_VALIDITY_YEARS, type LicenceCategory, sortedCategories, yearsAfter } from "./Licence.js"
import { candidateLicenceNumber, LICENCE_NUMBER_ATTEMPTS } from "./licenceNumber.js"
import { CivilianFiles, Civilians, Licences } from "./ports.js"
import { holderLicence, type LicenceFile } from "./views.js"

/** A licence just written, as loaded: it exists, so not finding it is a defect. */
export const licenceFileOf = (id: LicenceId) =>
  Effect.flatMap(CivilianFiles.use((files) => files.findLicence(id)), Option.match({
    onNone: () => Effect.die(new Error(`licence ${id} was written but cannot be read`)),
    onSome: (file: LicenceFile) => Effect.succeed(file)
  }))

const notEligible = (message: string) => new InvalidInput({ message, details: [{ path: [], message }] })

/** The holder must be an active character aged 17 or over on the day of issue. */
const checkEligible = (civilian: Civilian, now: DateTime.Utc) => {
  if (!canHoldOfficialDocuments(civilian)) return Effect.fail(notEligible(`The character is ${civilian.status.toLowerCase()}: only an active character can hold a licence`))
  if (!oldEnoughToDrive(civilian.dateOfBirth, now)) return Effect.fail(notEligible(`The holder must be aged ${MINIMUM_LICENCE_AGE} or over`))
  return Effect.void
}

/** Stores the licence under a fresh number, trying a few before giving up. */
const storeWithFreshNumber = (civilian: Civilian, licence: Omit<Licence, "number">) =>
  Effect.gen(function*() {
    const licences = yield* Licences
    for (let attempt = 0; attempt < LICENCE_NUMBER_ATTEMPTS; attempt++) {
      const stored: Licence = { ...licence, number: yield* candidateLicenceNumber(civilian) }
      if (yield* licences.insert(stored)) return stored
    }
    return yield* new LicenceNumberUnavailable({ message: "No licence number could be allocated; try again" })
  })

/**
 * `POST /civilians/{id}/licence`: the character's only licence, valid ten
 * years. The character is locked first, so two requests racing issue one
 * licence and the other answers `LICENCE_EXISTS`.
 */
export const issueLicence = Effect.fn("civilians.issueLicence")(function*(
  caller: UserCaller,
  civilianId: CivilianId,
  input: { readonly categories: ReadonlyArray<LicenceCategory> }
) {
  const now = yield* DateTime.now
  return yield* inTransaction(Effect.gen(function*() {
    const civilian = yield* Effect.flatMap(Civilians.use((c) => c.findByIdForUpdate(civilianId)), ownedBy(caller))
    if (Option.isSome(yield* Licences.use((l) => l.findByCivilianId(civilian.id)))) {
      return yield* new LicenceExists({ message: "The character already holds a licence" })
    }
    yield* checkEligible(civilian, now)
    const licence = yield* storeWithFreshNumber(civilian, {
      id: yield* newId(LicenceId),
      civilianId: civilian.id,
      categories: sortedCategories(input.categories),
      status: "VALID",
      suspendedUntil: null,
      issuedAt: now,
      expiresAt: yearsAfter(now, LICENCE_VALIDITY_YEARS),
      updatedAt: now
    })
    yield* recordChange(caller, {
      type: "LICENCE_ISSUED",
      audit: "civilian.licence.issued",
      civilianId: civilian.id,
      licenceId: licence.id,
      target: { type: "licence", id: licence.id },
      data: { number: licence.number, categories: licence.categories, expiresAt: DateTime.formatIso(licence.expiresAt) },
      through: civilian
    })
    return holderLicence(yield* licenceFileOf(licence.id), now)
  }))
})
