import { Effect, Layer, Ref, Result } from "effect"
import { Digest } from "effect/crypto"
import { Base64Url, Hex } from "effect/encoding"
import { Tokens } from "../identity/index.js"

/**
 * The UTF-8 bytes of the text (a lone surrogate as U+FFFD), by Effect's own
 * encoder: core's types know no `TextEncoder` (its library is plain ES2022),
 * and `Hex` reads a string as its UTF-8 bytes. Hex it wrote always decodes.
 */
const utf8 = (text: string): Uint8Array => Result.getOrThrow(Hex.decode(Hex.encode(text)))

/** The 32-byte blocks of `bytes` bytes: how many SHA-256 digests one draw takes. */
const blocksOf = (bytes: number): ReadonlyArray<number> => Array.from({ length: Math.ceil(bytes / 32) }, (_, block) => block)

/**
 * A test double of `Tokens`, never for production: `random` is not random at
 * all but draws from a counter (32 bytes give the 43 base64url characters a
 * CSPRNG would), so every run of a test sees the same tokens. `sha256` and
 * `pkceChallenge` are the real functions, Effect's `Digest` on WebCrypto
 * (which every runtime the kit runs on has), so only hashes are stored and a
 * real provider accepts the challenge; `equalSecrets` is plain equality, as
 * there is no timing to protect in a test.
 */
export const TestTokens = Layer.effect(
  Tokens,
  Effect.gen(function*() {
    const digest = yield* Digest.Digest
    const counter = yield* Ref.make(0)
    const digestOf = (text: string) => digest.digest(Digest.sha256, utf8(text))
    /** `bytes` bytes for the n-th draw: SHA-256 blocks of a counter, so every run draws the same ones. */
    const drawBytes = (n: number, bytes: number) =>
      Effect.map(Effect.forEach(blocksOf(bytes), (block) => digestOf(`random:${n}:${block}`)), (blocks) => {
        const out = new Uint8Array(bytes)
        blocks.forEach((block, index) => out.set(block.subarray(0, bytes - index * 32), index * 32))
        return out
      })
    return {
      random: (bytes: number) => Ref.updateAndGet(counter, (n) => n + 1).pipe(Effect.flatMap((n) => drawBytes(n, bytes)), Effect.map(Base64Url.encode)),
      sha256: (text: string) => digest.digestHex(Digest.sha256, utf8(text)),
      pkceChallenge: (verifier: string) => Effect.map(digestOf(verifier), Base64Url.encode),
      equalSecrets: (a: string, b: string) => a === b
    }
  })
).pipe(Layer.provide(Digest.layerWebCrypto))
