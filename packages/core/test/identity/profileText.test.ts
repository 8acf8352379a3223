import { cleanProfileText, completeSignIn, MAX_PROFILE_TEXT, sanitiseIdentityProfile, sanitisePlatformProfile, startSignIn } from "@bluelight/core/identity"
import { isSafeText } from "@bluelight/core/kernel"
import { setIdentityProfile, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import fc from "fast-check"
import { readTables, signIn } from "./helpers.js"

/** What cleaned text never holds: controls (NUL included), lone surrogates, bidirectional overrides and isolates. */
// oxlint-disable-next-line no-control-regex -- the control characters are what the test looks for
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

const hostileUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom("\u0000", "\n", "\t", " ", "\u00a0", "\u202e", "\u2066", "\ud800", "\udfff", "\ud83d\ude93", "é", "a")
)
const hostileText = fc.string({ unit: hostileUnit, maxLength: 300 })

describe("cleanProfileText", () => {
  it("drops NUL, controls, lone surrogates and direction overrides; breaks become spaces", () => {
    expect(cleanProfileText("Nul\u0000Person")).toBe("NulPerson")
    expect(cleanProfileText("  Ann\n\tSmith  ")).toBe("Ann Smith")
    expect(cleanProfileText("\u202enimda")).toBe("nimda")
    expect(cleanProfileText("a\ud800b\udc00c")).toBe("abc")
    expect(cleanProfileText("\u0007\u001b[31mred")).toBe("[31mred")
    expect(cleanProfileText("Zoë 🚓 Ünal")).toBe("Zoë 🚓 Ünal")
    expect(cleanProfileText("\u0000\u202e \n")).toBe("")
  })

  it("cuts to the limit without splitting a surrogate pair", () => {
    expect(cleanProfileText("x".repeat(500))).toBe("x".repeat(MAX_PROFILE_TEXT))
    expect(cleanProfileText("🚓".repeat(5), 3)).toBe("🚓🚓🚓")
    expect(cleanProfileText(`${"a".repeat(99)} b`)).toBe("a".repeat(99))
  })

  it("whatever it is given, answers safe, trimmed, bounded text and is stable", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const cleaned = cleanProfileText(text)
        expect(isSafeText(cleaned)).toBe(true)
        expect(cleaned).not.toMatch(FORBIDDEN)
        expect(cleaned).toBe(cleaned.trim())
        expect(Array.from(cleaned).length).toBeLessThanOrEqual(MAX_PROFILE_TEXT)
        expect(cleanProfileText(cleaned)).toBe(cleaned)
      }),
      { numRuns: 300 }
    )
  })
})

describe("sanitiseIdentityProfile", () => {
  const profile = { id: "idp-1", username: "ann.smith", displayName: "Ann Smith", avatar: "a1b2c3" }

  it("keeps a clean profile as it is", () => {
    expect(sanitiseIdentityProfile(profile)).toEqual(Option.some(profile))
  })

  it("cleans the names and never leaves one empty", () => {
    expect(sanitiseIdentityProfile({ ...profile, displayName: "Ann\u0000 Smith" })).toEqual(Option.some({ ...profile, displayName: "Ann Smith" }))
    expect(sanitiseIdentityProfile({ ...profile, displayName: "\u0000\u202e" })).toEqual(Option.some({ ...profile, displayName: "ann.smith" }))
    expect(sanitiseIdentityProfile({ ...profile, username: "\u0000", displayName: "\n" })).toEqual(
      Option.some({ ...profile, username: "user-idp-1", displayName: "user-idp-1" })
    )
  })

  it("drops an avatar key that is not a plain key", () => {
    expect(sanitiseIdentityProfile({ ...profile, avatar: "a\u0000b" })).toEqual(Option.some({ ...profile, avatar: null }))
    expect(sanitiseIdentityProfile({ ...profile, avatar: "x".repeat(201) })).toEqual(Option.some({ ...profile, avatar: null }))
  })

  it("refuses an id that cannot be a key rather than rewriting it", () => {
    for (const id of ["", "a\u0000b", "\ud800", "a\nb", "x".repeat(201)]) {
      expect(sanitiseIdentityProfile({ ...profile, id })).toEqual(Option.none())
    }
  })

  it("answers storable, non-empty names for any profile whose id is usable", () => {
    fc.assert(
      fc.property(hostileText, hostileText, (username, displayName) => {
        const sanitised = Option.getOrThrow(sanitiseIdentityProfile({ ...profile, username, displayName }))
        for (const text of [sanitised.username, sanitised.displayName]) {
          expect(text.length).toBeGreaterThan(0)
          expect(isSafeText(text)).toBe(true)
          expect(text).not.toMatch(FORBIDDEN)
        }
      }),
      { numRuns: 200 }
    )
  })
})

describe("sanitisePlatformProfile", () => {
  it("cleans the username, falls back to one made from the id, and refuses an unusable id", () => {
    expect(sanitisePlatformProfile({ id: "p1", username: "Player\u0000One" })).toEqual(Option.some({ id: "p1", username: "PlayerOne" }))
    expect(sanitisePlatformProfile({ id: "p1", username: "\u0000" })).toEqual(Option.some({ id: "p1", username: "user-p1" }))
    expect(sanitisePlatformProfile({ id: "p\u00001", username: "PlayerOne" })).toEqual(Option.none())
  })
})

describe("signing in with a hostile profile", () => {
  it.effect("a display name holding a NUL signs in, stored clean", () =>
    Effect.gen(function*() {
      yield* setIdentityProfile("nul", { id: "idp-nul", username: "nul\u0000user", displayName: "Nul\u0000 Person\u202e", avatar: null })
      const { account } = yield* signIn("nul")
      expect(account.displayName).toBe("Nul Person")
      expect(account.identity).toEqual({ id: "idp-nul", username: "nuluser", avatar: null })
      const tables = yield* readTables
      expect(tables.accounts.map((a) => a.displayName)).toEqual(["Nul Person"])
      expect(tables.audit[0]?.data).toEqual({ displayName: "Nul Person", identityId: "idp-nul" })
    }).pipe(Effect.provide(testPorts())))

  it.effect("a profile whose id cannot be a key is refused like an unconfirmed sign-in, and nothing is stored", () =>
    Effect.gen(function*() {
      yield* setIdentityProfile("bad-id", { id: "idp\u0000x", username: "x", displayName: "X", avatar: null })
      const { state } = yield* startSignIn
      const error = yield* Effect.flip(completeSignIn({ state, boundState: state, code: "bad-id", previousSessionToken: undefined }))
      expect(error._tag).toBe("Unauthenticated")
      const tables = yield* readTables
      expect(tables.accounts).toEqual([])
      expect(tables.sessions).toEqual([])
    }).pipe(Effect.provide(testPorts())))
})
