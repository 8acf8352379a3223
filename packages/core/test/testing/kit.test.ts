/** The kit for harnesses: its callers meet the real access rules, its seeds are readable through the real queries. */
import { getUnit, listCadEvents } from "@bluelight/core/cad"
import { getOwnCivilian, getVehicleRecord, listCivilians } from "@bluelight/core/civilians"
import { startShift } from "@bluelight/core/shifts"
import { AccountId, type AccessRule, checkAccess, isActiveStaff, listStaff } from "@bluelight/core/identity"
import {
  accessNotChecked,
  advanceClock,
  aPerson,
  aService,
  aStaffMember,
  seedCharacter,
  seedCrewedUnit,
  seedStaff,
  setNow,
  testPorts,
  withDeveloperAccess
} from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Cause, DateTime, Effect, Exit } from "effect"

const PAGE = { limit: 100, offset: 0 }

/** The code of the one expected error the effect failed with, if that is how it ended. */
const failureCode = <A, E>(exit: Exit.Exit<A, E>): string | undefined => {
  if (Exit.isSuccess(exit)) return undefined
  const [only, ...others] = exit.cause.reasons
  return only !== undefined && others.length === 0 && Cause.isFailReason(only) ? (only.error as { code?: string }).code : undefined
}

const manageUnits: AccessRule = { access: "session-or-credential", permissions: ["cad.units.manage"] }
const sessionOnly: AccessRule = { access: "session", permissions: [] }

describe("the kit's callers", () => {
  it.effect("a person passes a rule for a permission it holds and is refused FORBIDDEN for one it lacks", () =>
    Effect.gen(function*() {
      const person = aPerson({ permissions: ["cad.units.manage"], displayName: "Alice" })
      expect(person.account.id).toBe("acc-alice")
      expect(person.session.accountId).toBe(person.account.id)
      expect(person.session.tokenHash).toMatch(/^[0-9a-f]{64}$/)
      expect(person.session.revokedReason).toBeNull()
      yield* checkAccess(manageUnits, person)
      expect(failureCode(yield* Effect.exit(checkAccess({ ...manageUnits, permissions: ["audit.view"] }, person)))).toBe("FORBIDDEN")
      // A use case that asks for a permission itself: naming another owner needs civilians.manage.
      expect(failureCode(yield* Effect.exit(listCivilians(person, AccountId.make("acc-bob"), PAGE)))).toBe("FORBIDDEN")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a staff member is active staff; with its profile inactive it is not", () =>
    Effect.sync(() => {
      expect(isActiveStaff(aStaffMember({ permissions: ["cad.unit.self"] }))).toBe(true)
      const inactive = aStaffMember({ permissions: [], active: false })
      expect(isActiveStaff(inactive)).toBe(false)
      expect(inactive.staff?.accountId).toBe(inactive.account.id)
    }))

  it.effect("the shift rules take a stored staff member, and refuse a person who is not staff and a credential without shifts.manage", () =>
    Effect.gen(function*() {
      const staff = yield* seedStaff({ permissions: [], displayName: "Constable" })
      const shift = yield* startShift(staff, { type: "PATROL" })
      expect(shift.staffId).toBe(staff.staff!.id)
      expect(failureCode(yield* Effect.exit(startShift(aPerson({ permissions: [] }), { type: "PATROL" })))).toBe("STAFF_REQUIRED")
      const bot = aService({ scopes: ["shifts.view"] })
      expect(failureCode(yield* Effect.exit(startShift(bot, { type: "PATROL", staffId: staff.staff!.id })))).toBe("FORBIDDEN")
    }).pipe(Effect.provide(testPorts())))

  it.effect("a service passes by its scopes, is refused where a signed-in person is needed, and cannot hold ungrantable scopes", () =>
    Effect.gen(function*() {
      const bot = aService({ scopes: ["cad.units.manage"], name: "Discord bot" })
      expect(bot.credential.id).toBe("credential-discord-bot")
      yield* checkAccess(manageUnits, bot)
      expect(failureCode(yield* Effect.exit(checkAccess(sessionOnly, bot)))).toBe("USER_REQUIRED")
      expect(failureCode(yield* Effect.exit(checkAccess({ ...manageUnits, permissions: ["cad.dispatch"] }, bot)))).toBe("FORBIDDEN")
      expect(() => aService({ scopes: ["admin.manage"] })).toThrow(/admin\.manage/)
    }))

  it.effect("Developer Access gives every permission, as sign-in counts it", () =>
    Effect.gen(function*() {
      const developer = withDeveloperAccess(aPerson({ permissions: [] }))
      expect(developer.developerAccess).toBe(true)
      expect(developer.session.developerAccess).toBe(true)
      yield* checkAccess({ access: "session", permissions: ["admin.manage", "audit.view"] }, developer)
    }))
})

describe("the kit's clock", () => {
  it.effect("setNow sets now and advanceClock moves it on", () =>
    Effect.gen(function*() {
      yield* setNow("2026-06-15T12:00:00.000Z")
      yield* advanceClock("90 minutes")
      expect(DateTime.formatIso(yield* DateTime.now)).toBe("2026-06-15T13:30:00.000Z")
    }))
})

describe("the kit's seeds", () => {
  it.effect("seedStaff stores an account with a staff profile the staff directory lists", () =>
    Effect.gen(function*() {
      const staff = yield* seedStaff({ permissions: [], displayName: "Sergeant" })
      const listed = yield* listStaff({ active: true }, PAGE)
      expect(listed.items.map((member) => member.id)).toEqual([staff.staff!.id])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("seedCharacter makes a character with a licence and a vehicle, readable by its owner and the PNC", () =>
    Effect.gen(function*() {
      yield* setNow("2026-06-15T12:00:00.000Z")
      const { civilian, licence, owner, vehicle } = yield* seedCharacter()
      const own = yield* getOwnCivilian(owner, civilian.id)
      expect(own.id).toBe(civilian.id)
      expect(licence.categories).toEqual(["B"])
      const record = yield* getVehicleRecord(vehicle.id)
      expect(record.plate).toBe("AB12 CDE")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("seedCrewedUnit makes an available unit crewed by stored staff, with its history", () =>
    Effect.gen(function*() {
      const { crew, unit } = yield* seedCrewedUnit({ callsign: "MP-7" })
      const read = yield* getUnit(unit.id)
      expect(read.status).toBe("AVAILABLE")
      expect(read.crew.map((member) => member.userId)).toEqual([crew.account.id])
      const events = yield* listCadEvents({}, PAGE)
      expect(events.items.map((event) => event.type)).toEqual(expect.arrayContaining(["UNIT_CREATED", "CREW_JOINED"]))
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
