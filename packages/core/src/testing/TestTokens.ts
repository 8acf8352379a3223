import { Effect, Layer, Ref } from "effect"
import { Tokens } from "../identity/index.js"
import { sha256, toBase64Url, toHex, utf8Bytes } from "./sha256.js"

/** `bytes` bytes for the n-th draw: SHA-256 blocks of a counter, so every run draws the same ones. */
const drawBytes = (n: number, bytes: number): Uint8Array => {
  const out = new Uint8Array(bytes)
  for (let block = 0; block * 32 < bytes; block++) {
    out.set(sha256(utf8Bytes(`random:${n}:${block}`)).subarray(0, bytes - block * 32), block * 32)
  }
  return out
}

/**
 * A test double of `Tokens`, never for production: `random` is not random at
 * all but draws from a counter (32 bytes give the 43 base64url characters a
 * CSPRNG would), so every run of a test sees the same tokens. `sha256` and
 * `pkceChallenge` are the real functions, so only hashes are stored and a
 * real provider accepts the challenge; `equalSecrets` is plain equality, as
 * there is no timing to protect in a test.
 */
export const TestTokens = Layer.effect(
  Tokens,
  Effect.map(Ref.make(0), (counter) => ({
    random: (bytes: number) => Effect.map(Ref.updateAndGet(counter, (n) => n + 1), (n) => toBase64Url(drawBytes(n, bytes))),
    sha256: (text: string) => toHex(sha256(utf8Bytes(text))),
    pkceChallenge: (verifier: string) => toBase64Url(sha256(utf8Bytes(verifier))),
    equalSecrets: (a: string, b: string) => a === b
  }))
)
