import { DateTime, Effect, Option } from "effect"
import { requires, type UserCaller } from "../identity/index.js"
import { inTransaction, InvalidInput, newId, validated } from "../kernel/index.js"
import { ownedBy } from "./access.js"
import type { Civilian } from "./Civilian.js"
import { LicenceExists, LicenceNumberUnavailable } from "./errors.js"
import { recordChange } from "./history.js"
import { type CivilianId, LicenceId } from "./ids.js"
import {
  type Licence,
  LicenceApplication,
  LICENCE_VALIDITY_YEARS,
  type LicenceCategory,
  licenceIneligibility,
  sortedCategories,
  yearsAfter
} from "./Licence.js"
import { candidateLicenceNumber, LICENCE_NUMBER_ATTEMPTS } from "./licenceNumber.js"
import { holderLicence, type LoadedLicence } from "./licenceViews.js"
import { CivilianReads, Civilians, Licences } from "./ports.js"

/** A licence just written, as loaded: it exists, so not finding it is a defect. */
export const loadedLicenceOf = (id: LicenceId) =>
  Effect.flatMap(
    CivilianReads.use((reads) => reads.findLicence(id)),
    Option.match({
      onNone: () => Effect.die(new Error(`licence ${id} was written but cannot be read`)),
      onSome: (file: LoadedLicence) => Effect.succeed(file)
    })
  )

/** The categories as the licence rules have them (1 to 4, each once): a caller that skipped the contract is held to them too. */
const validApplication = validated(LicenceApplication, "The licence application is not valid")

/** The licence rule (`licenceIneligibility`) as the answer to a request: `INVALID_INPUT` saying why. */
const checkEligible = (civilian: Civilian, now: DateTime.Utc) => {
  const refusal = licenceIneligibility(civilian, now)
  return refusal === undefined ? Effect.void : Effect.fail(new InvalidInput({ message: refusal, details: [{ path: [], message: refusal }] }))
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
  const application = yield* validApplication({ categories: input.categories })
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
      categories: sortedCategories(application.categories),
      status: "VALID",
      suspendedUntil: null,
      suspensionReason: null,
      issuedAt: now,
      expiresAt: yearsAfter(now, LICENCE_VALIDITY_YEARS),
      updatedAt: now
    })
    yield* recordChange(caller, {
      type: "LICENCE_ISSUED",
      civilianId: civilian.id,
      licenceId: licence.id,
      target: { type: "licence", id: licence.id },
      data: { number: licence.number, categories: licence.categories, expiresAt: DateTime.formatIso(licence.expiresAt) },
      through: civilian
    })
    return holderLicence(yield* loadedLicenceOf(licence.id), now)
  }))
}, requires("civilians.manage_own"))
