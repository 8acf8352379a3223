import { Tokens } from "@bluelight/core/identity"
import { Effect, Layer } from "effect"
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest()

/**
 * Tokens from the system CSPRNG, hashed with SHA-256: the hashes the identity
 * tables keep sessions and credentials by.
 */
export const NodeTokens = Layer.succeed(Tokens, {
  random: (bytes: number) => Effect.sync(() => randomBytes(bytes).toString("base64url")),
  // Node hashes synchronously: every request's token is hashed, and a promise for each would only add latency.
  sha256: (text: string) => Effect.sync(() => sha256(text).toString("hex")),
  pkceChallenge: (verifier: string) => Effect.sync(() => sha256(verifier).toString("base64url")),
  // Hashing first gives equal lengths, so the comparison time says nothing about either secret.
  equalSecrets: (a: string, b: string) => timingSafeEqual(sha256(a), sha256(b))
})
