import { DateTime, Effect, Option } from "effect"
import { addCrew, createUnit } from "../cad/index.js"
import { createCivilian, issueLicence, type LicenceCategory, registerVehicle } from "../civilians/index.js"
import { type Account, Accounts, admitted, StaffProfiles, type UserCaller } from "../identity/index.js"
import { aPerson, aStaffMember, type StaffMemberOptions } from "./callers.js"

/** Stores the account unless one with its id is there already (seeding the same person twice is one account). */
const storeAccount = (account: Account) =>
  Accounts.use((accounts) =>
    Effect.flatMap(accounts.findById(account.id), (found) => (Option.isSome(found) ? Effect.void : Effect.asVoid(accounts.insert(account))))
  )

/**
 * An account with a staff profile (active unless `active: false`), stored
 * through the identity ports; answers the staff member as a caller
 * (`aStaffMember`), so the rules that read the directory (who may crew a
 * unit, who is staff) find the same person the caller is.
 */
export const seedStaff = (options: StaffMemberOptions) =>
  Effect.gen(function*() {
    const caller = aStaffMember(options)
    yield* storeAccount(caller.account)
    yield* StaffProfiles.use((profiles) => profiles.insert(caller.staff!))
    return caller
  })

/** The permissions a member holds by default, which the civilian portal asks of a character's owner. */
const OWNER_PERMISSIONS = ["civilians.create", "civilians.manage_own"] as const

/**
 * The civilian portal's access rules (`@bluelight/api`'s `CiviliansApi`, which
 * the core cannot import): the seed acts for the owner as the portal would, so
 * an owner given without these permissions is refused as the server refuses.
 */
const CREATE_CHARACTER = { access: "session", permissions: ["civilians.create"] } as const
const OWNER_OR_MANAGER = { access: "session", permissions: ["civilians.manage_own"], alternative: ["civilians.manage"] } as const

/** A character's fields; everything left out takes a valid default. */
export interface CharacterOptions {
  /** Whose character it is; a member called `Character Owner` unless given (their account is stored). */
  readonly owner?: UserCaller
  readonly fullName?: string
  /** `YYYY-MM-DD`; thirty years before "now" unless given (so any clock the test set gives an adult). */
  readonly dateOfBirth?: string
  readonly licenceCategories?: ReadonlyArray<LicenceCategory>
  readonly plate?: string
}

/**
 * A character with a driving licence and a vehicle, made by the real use
 * cases (`createCivilian`, `issueLicence`, `registerVehicle`) as its owner,
 * admitted under the portal's rules, so the histories and the PNC's reads
 * hold what they would after a person did it through the portal. Answers the
 * owner and the three views.
 */
export const seedCharacter = (options: CharacterOptions = {}) =>
  Effect.gen(function*() {
    const owner = options.owner ?? aPerson({ permissions: OWNER_PERMISSIONS, displayName: "Character Owner" })
    yield* storeAccount(owner.account)
    const now = yield* DateTime.now
    const dateOfBirth = options.dateOfBirth ?? DateTime.formatIsoDateUtc(DateTime.subtract(now, { years: 30 }))
    const civilian = yield* createCivilian(owner, {
      fullName: options.fullName ?? "John Smith",
      dateOfBirth,
      gender: "MALE",
      address: "1 High Street"
    }).pipe(admitted(CREATE_CHARACTER, owner))
    const licence = yield* issueLicence(owner, civilian.id, { categories: options.licenceCategories ?? ["B"] }).pipe(admitted(OWNER_OR_MANAGER, owner))
    const vehicle = yield* registerVehicle(owner, civilian.id, {
      plate: options.plate ?? "AB12 CDE",
      make: "Ford",
      model: "Focus",
      colour: "Blue",
      type: "CAR"
    }).pipe(admitted(OWNER_OR_MANAGER, owner))
    return { owner, civilian, licence, vehicle }
  })

/** A unit and its crew; everything left out takes a valid default. */
export interface CrewedUnitOptions {
  readonly callsign?: string
  readonly agencyCode?: string
  /** Who crews it; a staff member called `Crew Member` (seeded) unless given. The caller must be stored staff. */
  readonly crew?: UserCaller
  /** The crew's identifier on the unit (a collar number); `1234` unless given. */
  readonly identifier?: string
}

/** The contract's rule for making a unit and crewing it (`POST /cad/units`, `POST /cad/units/{id}/crew`), which Control is admitted under. */
const UNITS_MANAGE = { access: "session-or-credential", permissions: ["cad.view", "cad.units.manage"] } as const

/**
 * A unit with one crew member, made by the real use cases (`createUnit`
 * then `addCrew`) as Control (a person holding `cad.units.manage`, admitted
 * under their endpoints' rule as the server would admit them): the unit
 * is `AVAILABLE`, and the CAD history holds its creation and the crew joining.
 * Answers Control, the crew member (an MDT caller: `cad.unit.self`) and the unit.
 */
export const seedCrewedUnit = (options: CrewedUnitOptions = {}) =>
  Effect.gen(function*() {
    const control = aPerson({ permissions: ["cad.view", "cad.units.manage"], displayName: "Control" })
    yield* storeAccount(control.account)
    const crew = options.crew ?? (yield* seedStaff({ permissions: ["cad.unit.self"], displayName: "Crew Member" }))
    const created = yield* createUnit(control, { callsign: options.callsign ?? "MP-1", agencyCode: options.agencyCode ?? "MET", type: "RESPONSE" })
      .pipe(admitted(UNITS_MANAGE, control))
    const unit = yield* addCrew(control, created.id, { userId: crew.account.id, identifier: options.identifier ?? "1234" })
      .pipe(admitted(UNITS_MANAGE, control))
    return { control, crew, unit }
  })
