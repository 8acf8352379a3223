/**
 * What the three moderation operations accept and who may call them: the
 * body's bounds, hostile strings, and every permission refusal.
 */
import type { GameServerSimulator } from "@bluelight/adapters-game"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { detailsOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { startServerWithSimulator } from "../harness/game.js"
import { advanceClock, issueCredential, type Session, signIn, staffMember } from "../harness/identity.js"
import { actionOf, type As, moderate, type ModerationKind, newKey } from "../harness/moderation.js"
import type { RunningServer } from "../harness/server.js"

let simulator: GameServerSimulator
let server: RunningServer
let admin: Session
let stop: () => Promise<void>
let as: As
beforeAll(async () => {
  ;({ simulator, server, admin, stop } = await startServerWithSimulator({
    admin: "input-admin",
    // Many refusals in a row: a write budget that this file cannot spend (the limiter still runs).
    env: { RATE_LIMIT_WRITES_PER_MINUTE: "2000" }
  }))
  as = { session: admin }
})
afterAll(() => stop?.())

// A target not on the server: the record is stored FAILED and nothing is sent, so no cooldown follows.
const ABSENT = "900000001"
const KINDS: ReadonlyArray<ModerationKind> = ["warnings", "kicks", "bans"]

const pathsOf = (reply: Awaited<ReturnType<typeof moderate>>) => detailsOf(expectError(reply, 400, "INVALID_INPUT")).map((p) => p.path)

describe("the body", () => {
  it("needs targetPlatformId and reason, and refuses unknown properties and wrong types, listing every problem", async () => {
    for (const kind of KINDS) {
      expect(pathsOf(await moderate(server, as, kind, newKey(), {}))).toEqual([["targetPlatformId"], ["reason"]])
      expect(pathsOf(await moderate(server, as, kind, newKey(), { targetPlatformId: ABSENT, reason: "Fine reason", duration: 5 }))).toEqual([["duration"]])
      expect(pathsOf(await moderate(server, as, kind, newKey(), { targetPlatformId: 100000002, reason: ["x"], evidence: 3 }))).toEqual([
        ["targetPlatformId"],
        ["reason"],
        ["evidence"]
      ])
    }
    for (const body of ["[]", "null", "\"kick\"", "{"]) {
      expectError(await moderate(server, as, "kicks", newKey(), body), 400, "INVALID_INPUT")
    }
    expect(simulator.commands).toEqual([])
  })

  it("holds reason to 1 to 500 characters after trimming", async () => {
    for (const reason of ["", "   ", "a".repeat(501)]) {
      expect(pathsOf(await moderate(server, as, "kicks", newKey(), { targetPlatformId: ABSENT, reason }))).toEqual([["reason"]])
    }
    for (const reason of ["x", " ab ", "a".repeat(500)]) {
      const action = actionOf(await moderate(server, as, "kicks", newKey(), { targetPlatformId: ABSENT, reason }), 201)
      expect(action.reason).toBe(reason.trim())
    }
  })

  it("takes evidence of at most 2000 characters, or null, or none", async () => {
    expect(pathsOf(await moderate(server, as, "bans", newKey(), { targetPlatformId: ABSENT, reason: "Cheating", evidence: "e".repeat(2001) }))).toEqual([[
      "evidence"
    ]])
    for (const [evidence, stored] of [["e".repeat(2000), "e".repeat(2000)], [null, null], ["   ", null]] as const) {
      const action = actionOf(await moderate(server, as, "bans", newKey(), { targetPlatformId: ABSENT, reason: "Cheating", evidence }), 201)
      expect(action.evidence).toBe(stored)
    }
  })

  it("holds targetPlatformId to 1 to 64 letters, digits, '_' and '-'", async () => {
    for (const targetPlatformId of ["", "1".repeat(65), "12 34", "Name:123", "１２３"]) {
      expect(pathsOf(await moderate(server, as, "warnings", newKey(), { targetPlatformId, reason: "Bounds" }))).toEqual([["targetPlatformId"]])
    }
    for (const targetPlatformId of ["1", "9".repeat(64)]) {
      expect(actionOf(await moderate(server, as, "warnings", newKey(), { targetPlatformId, reason: "Bounds" }), 201).targetPlatformId).toBe(targetPlatformId)
    }
  })

  it("refuses NUL and lone surrogates anywhere, and stores other characters as sent", async () => {
    for (
      const body of [
        { targetPlatformId: ABSENT, reason: "bad\u0000reason" },
        { targetPlatformId: ABSENT, reason: "half \ud800 a pair" },
        { targetPlatformId: ABSENT, reason: "Fine reason", evidence: "\udc00" },
        { targetPlatformId: "12\u00003", reason: "Fine reason" }
      ]
    ) {
      expectError(await moderate(server, as, "kicks", newKey(), body), 400, "INVALID_INPUT")
    }
    const reason = "Sprache 🚓 <script>alert(1)</script> '; DROP TABLE moderation_actions; --"
    expect(actionOf(await moderate(server, as, "kicks", newKey(), { targetPlatformId: ABSENT, reason }), 201).reason).toBe(reason)
  })

  it("refuses a body over 16 KiB", async () => {
    expectError(await moderate(server, as, "kicks", newKey(), { targetPlatformId: ABSENT, reason: "x".repeat(17_000) }), 413, "PAYLOAD_TOO_LARGE")
  })
})

describe("who may act", () => {
  it("needs moderation.warn, .kick or .ban for each: a credential with only moderation.kick cannot ban or warn", async () => {
    const bot = await issueCredential(server, admin, { name: "Kick bot", scopes: ["moderation.kick"] })
    const asBot = { token: bot.token }
    for (const [kind, permission] of [["bans", "moderation.ban"], ["warnings", "moderation.warn"]] as const) {
      const error = expectError(await moderate(server, asBot, kind, newKey(), { targetPlatformId: ABSENT, reason: "Not mine" }), 403, "FORBIDDEN")
      expect(error.message).toContain(permission)
      // The permission is checked before the request is: no key, still FORBIDDEN.
      expectError(await moderate(server, asBot, kind, undefined, {}), 403, "FORBIDDEN")
    }
    const kick = actionOf(await moderate(server, asBot, "kicks", newKey(), { targetPlatformId: ABSENT, reason: "Mine" }), 201)
    expect(kick).toMatchObject({ serviceId: bot.id, moderatorId: null })
  })

  it("lets a staff member act with the role's permission, and refuses members and strangers", async () => {
    const { session } = await staffMember(server, admin, { id: "input-moderator" }, ["moderation.warn"])
    await advanceClock(server, 6000)
    actionOf(await moderate(server, { session }, "warnings", newKey(), { targetPlatformId: ABSENT, reason: "Staff warning" }), 201)
    const error = expectError(await moderate(server, { session }, "kicks", newKey(), { targetPlatformId: ABSENT, reason: "No" }), 403, "FORBIDDEN")
    expect(error.message).toContain("moderation.kick")
    const member = await signIn(server, { id: "input-member" })
    for (const kind of KINDS) {
      expectError(await moderate(server, { session: member }, kind, newKey(), { targetPlatformId: ABSENT, reason: "No" }), 403, "FORBIDDEN")
      expectError(await server.request("POST", `/api/moderation/${kind}`, { headers: { "idempotency-key": newKey() }, body: {} }), 401, "UNAUTHENTICATED")
      // A cookie write from another origin is refused before anything else.
      const crossOrigin = await server.request("POST", `/api/moderation/${kind}`, {
        headers: { cookie: admin.cookie, origin: "https://evil.example", "idempotency-key": newKey() },
        body: { targetPlatformId: ABSENT, reason: "Forged" }
      })
      expectError(crossOrigin, 403, "INVALID_ORIGIN")
    }
  })
})
