import {
  authenticateCredential,
  authenticateSession,
  CREDENTIAL_TOKEN_PATTERN,
  issueCredential,
  revokeCredential,
  ServiceCredentialId,
  ServiceCredentials
} from "@bluelight/core/identity"
import { accessNotChecked, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { readTables, sha256Hex, signIn } from "./helpers.js"

const DAY_MS = 24 * 3600 * 1000
const signedInAdmin = Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))

describe("issueCredential", () => {
  it.effect("refuses admin.manage and staff.manage as INVALID_SCOPE, and stores nothing", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const before = yield* readTables
      for (const scopes of [["admin.manage"], ["staff.manage"], ["cad.view", "staff.manage", "admin.manage"]] as const) {
        const error = yield* Effect.flip(issueCredential(admin, { name: "bot", scopes, lifetimeDays: 30 }))
        expect(error._tag).toBe("InvalidScope")
        expect(error.code).toBe("INVALID_SCOPE")
      }
      const after = yield* readTables
      expect(after.serviceCredentials).toEqual([])
      expect(after.audit).toEqual(before.audit)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("answers a bluelight_ token once and keeps only its hash", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const { credential, token } = yield* issueCredential(admin, { name: "bot", scopes: ["pnc.view", "cad.view", "pnc.view"], lifetimeDays: 30 })
      expect(token).toMatch(/^bluelight_[A-Za-z0-9_-]{43}$/)
      expect(CREDENTIAL_TOKEN_PATTERN.test(token)).toBe(true)
      expect(credential.tokenHash).toBe(sha256Hex(token))
      expect(credential.scopes).toEqual(["cad.view", "pnc.view"])
      expect(credential.issuedBy).toBe(admin.account.id)
      expect(credential.revokedAt).toBeNull()
      const tables = yield* readTables
      expect(tables.serviceCredentials).toEqual([credential])
      const stored = JSON.stringify(tables)
      expect(stored).not.toContain(token)
      expect(stored).not.toContain(token.slice("bluelight_".length))
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("expires lifetimeDays after issue", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      yield* TestClock.adjust("3 hours")
      for (const lifetimeDays of [1, 30, 90]) {
        const { credential } = yield* issueCredential(admin, { name: `bot-${lifetimeDays}`, scopes: ["cad.view"], lifetimeDays })
        expect(DateTime.toEpochMillis(credential.createdAt)).toBe(3 * 3600 * 1000)
        expect(DateTime.toEpochMillis(credential.expiresAt) - DateTime.toEpochMillis(credential.createdAt)).toBe(lifetimeDays * DAY_MS)
      }
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("audits service.issued by the person, without the token", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const { credential, token } = yield* issueCredential(admin, { name: "bot", scopes: ["cad.view"], lifetimeDays: 7 })
      const entry = (yield* readTables).audit.at(-1)
      expect(entry).toMatchObject({
        action: "service.issued",
        actor: { type: "user", id: admin.account.id },
        targetType: "service",
        targetId: credential.id,
        data: { name: "bot", scopes: ["cad.view"], expiresAt: DateTime.formatIso(credential.expiresAt) }
      })
      expect(JSON.stringify(entry)).not.toContain(token.slice("bluelight_".length))
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("each credential gets its own token", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const a = yield* issueCredential(admin, { name: "bot a", scopes: ["cad.view"], lifetimeDays: 1 })
      const b = yield* issueCredential(admin, { name: "bot b", scopes: ["cad.view"], lifetimeDays: 1 })
      expect(a.token).not.toBe(b.token)
      expect(a.credential.id).not.toBe(b.credential.id)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("revokeCredential", () => {
  it.effect("revokes from the next request on; audited once as service.revoked by the person", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const { credential, token } = yield* issueCredential(admin, { name: "bot", scopes: ["cad.view"], lifetimeDays: 30 })
      yield* TestClock.adjust("1 hour")
      const revoked = yield* revokeCredential(admin, credential.id)
      expect(revoked.revokedAt && DateTime.toEpochMillis(revoked.revokedAt)).toBe(3_600_000)
      expect((yield* Effect.flip(authenticateCredential(token)))._tag).toBe("Unauthenticated")

      yield* TestClock.adjust("1 hour")
      const again = yield* revokeCredential(admin, credential.id)
      expect(again).toEqual(revoked)
      const stored = yield* ServiceCredentials.use((c) => c.findById(credential.id))
      expect(stored).toEqual(Option.some(revoked))

      const entries = (yield* readTables).audit.filter((entry) => entry.action === "service.revoked")
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({
        actor: { type: "user", id: admin.account.id },
        targetType: "service",
        targetId: credential.id,
        data: { name: "bot" }
      })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an unknown credential is NotFound", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      expect((yield* Effect.flip(revokeCredential(admin, ServiceCredentialId.make("no-such-credential"))))._tag).toBe("NotFound")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
