import { addEndorsement, createCivilian, issueLicence, OwnerCivilianView, registerVehicle, updateCivilian } from "@bluelight/core/civilians"
import { type Account, AccountId, Accounts, type Permission, type Permitted } from "@bluelight/core/identity"
import { accessNotChecked, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Cause, DateTime, Effect, Exit, type Layer, Schema } from "effect"
import { TestClock } from "effect/testing"
import { anAccount, aUserCaller } from "../identity/helpers.js"

/**
 * The field rules live in the core's model schemas, so a use case called
 * directly (a tool embedding the core, not a request the contract decoded)
 * is held to them: it refuses with INVALID_INPUT, each problem at its field,
 * and writes nothing.
 */

const MEMBER: ReadonlyArray<Permission> = ["civilians.create", "civilians.manage_own"]
const person = (id: string, displayName: string): Account =>
  anAccount({ id: AccountId.make(id), displayName, identity: { id: `idp-${id}`, username: id, avatar: null } })
const alice = aUserCaller(MEMBER, person("alice", "Alice"))
const officer = aUserCaller(["pnc.view", "pnc.licences.manage"], person("officer", "PC Officer"))

const character = { fullName: "John Smith", dateOfBirth: "1990-05-14", gender: "MALE", address: "1 High Street" } as const
const car = { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" } as const

/**
 * What the use cases under test need: the kit's ports, and the proofs of
 * access they require, which these tests take away unchecked
 * (`accessNotChecked`): they test the use cases' own rules, while who may
 * call each one is the contract's rule, proved by the authorization matrix.
 */
type Needs = Layer.Success<ReturnType<typeof testPorts>> | Permitted<Permission>

const run = <A, E>(effect: Effect.Effect<A, E, Needs>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(DateTime.makeUnsafe("2026-06-15T12:00:00.000Z").epochMilliseconds)
    yield* Accounts.use((accounts) => Effect.forEach([alice, officer], (caller) => accounts.insert(caller.account)))
    return yield* effect
  }).pipe(accessNotChecked, Effect.provide(testPorts()))

/** The one expected error the effect failed with: its code and its problems. */
const refusal = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) return undefined
  const [only, ...others] = exit.cause.reasons
  if (only === undefined || others.length > 0 || !Cause.isFailReason(only)) return undefined
  const error = only.error as { code?: string; details?: ReadonlyArray<{ path: ReadonlyArray<string>; message: string }> }
  return { code: error.code, details: error.details }
}

describe("a use case holds its command to the field rules", () => {
  it.effect("an over-long name is INVALID_INPUT at fullName, and no character is made", () =>
    run(Effect.gen(function*() {
      const exit = yield* Effect.exit(createCivilian(alice, { ...character, fullName: "J".repeat(101) }))
      expect(refusal(exit)).toEqual({ code: "INVALID_INPUT", details: [{ path: ["fullName"], message: "must be at most 100 characters" }] })
      const made = yield* createCivilian(alice, character)
      expect(made.reference).toBe("CIV-000001")
    })))

  it.effect("every broken field is reported, each at its path, with the rule's own message", () =>
    run(Effect.gen(function*() {
      const exit = yield* Effect.exit(createCivilian(alice, { ...character, address: "x", imageUrl: "ftp://example.com/me.png", phone: "0\n1" }))
      expect(refusal(exit)).toEqual({
        code: "INVALID_INPUT",
        details: [
          { path: ["address"], message: "must be at least 2 characters" },
          { path: ["phone"], message: "must be one line, without control characters" },
          { path: ["imageUrl"], message: "must be an http or https address" }
        ]
      })
    })))

  it.effect("text is trimmed as the API would; a change and a vehicle are held to their rules too", () =>
    run(Effect.gen(function*() {
      const made = yield* createCivilian(alice, { ...character, fullName: "  John Smith  " })
      expect(made.fullName).toBe("John Smith")
      const renamed = yield* Effect.exit(updateCivilian(alice, made.id, { occupation: "o".repeat(101) }))
      expect(refusal(renamed)).toEqual({ code: "INVALID_INPUT", details: [{ path: ["occupation"], message: "must be at most 100 characters" }] })
      const badPlate = yield* Effect.exit(registerVehicle(alice, made.id, { ...car, plate: "AB!2" }))
      expect(refusal(badPlate)?.details).toEqual([{ path: ["plate"], message: "must be 1 to 10 letters and digits, with spaces or hyphens between them" }])
      expect((yield* registerVehicle(alice, made.id, car)).plate).toBe("AB12 CDE")
    })))
  it.effect("an endorsement past 12 points or with a lower-case code is refused before the licence is touched", () =>
    run(Effect.gen(function*() {
      const made = yield* createCivilian(alice, character)
      const licence = yield* issueLicence(alice, made.id, { categories: ["B"] })
      const tooMany = yield* Effect.exit(addEndorsement(officer, licence.id, { code: "sp30", reason: "Speeding", points: 13 }))
      expect(refusal(tooMany)).toEqual({
        code: "INVALID_INPUT",
        details: [
          { path: ["code"], message: "must be upper-case letters and digits, such as SP30" },
          { path: ["points"], message: "points must be an integer from 0 to 12" }
        ]
      })
      const endorsed = yield* addEndorsement(officer, licence.id, { code: "SP30", reason: "  Speeding  ", points: 3 })
      expect(endorsed.endorsements.map((e) => [e.code, e.reason, e.points])).toEqual([["SP30", "Speeding", 3]])
    })))
})

describe("the views are schemas", () => {
  it.effect("the owner's view encodes to its wire form: times as ISO strings, nothing the view does not name", () =>
    run(Effect.gen(function*() {
      const made = yield* createCivilian(alice, { ...character, notes: "private" })
      const wire = Schema.encodeSync(OwnerCivilianView)({ ...made, extra: "not answered" } as OwnerCivilianView)
      expect(wire.createdAt).toBe("2026-06-15T12:00:00.000Z")
      expect(wire.notes).toBe("private")
      expect(Object.keys(wire)).not.toContain("extra")
      expect(Schema.decodeUnknownSync(OwnerCivilianView)(wire)).toEqual(made)
    })))
})
