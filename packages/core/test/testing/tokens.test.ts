import { createHash } from "node:crypto"
import { Tokens } from "@bluelight/core/identity"
import { TestTokens } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import fc from "fast-check"

/** The oracle: Node's own SHA-256, which core may not use and a test may. */
const nodeSha256 = (text: string, encoding: "hex" | "base64url") => createHash("sha256").update(text, "utf8").digest(encoding)

const tokens = Effect.provide(Tokens, TestTokens)

describe("the kit's Tokens", () => {
  it.effect("sha256 is SHA-256 of the UTF-8 text, as lower-case hex", () =>
    Effect.gen(function*() {
      const { sha256 } = yield* tokens
      expect(yield* sha256("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
      expect(yield* sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
      // Lengths either side of the padding boundaries (55, 56, 64 bytes) and several blocks.
      for (const length of [1, 55, 56, 57, 63, 64, 65, 119, 120, 1000]) {
        const text = "x".repeat(length)
        expect(yield* sha256(text), `${length} bytes`).toBe(nodeSha256(text, "hex"))
      }
      // Any code point, lone surrogates included, from one to four UTF-8 bytes each.
      const codePoint = fc.integer({ min: 0, max: 0x10ffff }).map((point) => String.fromCodePoint(point))
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(fc.string({ unit: fc.oneof(codePoint, fc.string({ minLength: 1, maxLength: 1 })), maxLength: 100 }), async (text) => {
            expect(await Effect.runPromise(sha256(text))).toBe(nodeSha256(text, "hex"))
          }),
          { numRuns: 200 }
        )
      )
      // A lone surrogate is encoded as U+FFFD, as Node encodes it.
      expect(yield* sha256("a\ud800b")).toBe(nodeSha256("a\ud800b", "hex"))
    }))

  it.effect("pkceChallenge is S256 (RFC 7636 appendix B)", () =>
    Effect.gen(function*() {
      const { pkceChallenge } = yield* tokens
      expect(yield* pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(fc.string({ minLength: 43, maxLength: 128 }), async (verifier) => {
            expect(await Effect.runPromise(pkceChallenge(verifier))).toBe(nodeSha256(verifier, "base64url"))
          }),
          { numRuns: 50 }
        )
      )
    }))

  it.effect("random draws base64url without padding, a new value every time and the same ones every run", () =>
    Effect.gen(function*() {
      const { random } = yield* tokens
      const first = yield* random(32)
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
      for (const bytes of [1, 2, 3, 16, 33, 64, 100]) {
        const drawn = yield* random(bytes)
        expect(drawn).toMatch(/^[A-Za-z0-9_-]*$/)
        expect(drawn).toHaveLength(Math.ceil((bytes * 4) / 3))
        expect(Buffer.from(drawn, "base64url")).toHaveLength(bytes)
      }
      const draws = yield* Effect.all(Array.from({ length: 50 }, () => random(32)))
      expect(new Set([first, ...draws]).size).toBe(51)
      const again = yield* Effect.provide(Tokens.use((t) => t.random(32)), TestTokens)
      expect(again).toBe(first)
    }))
})
