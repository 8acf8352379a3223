/**
 * Warnings, kicks and bans against the simulator through the real adapter:
 * docs/decisions/moderation.md, "Idempotency" and "Delivery", step by step.
 */
import type { GameServerSimulator } from "@bluelight/adapters-game"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { AuditEntryData } from "../harness/audit.js"
import { bodyOf, dataOf, detailsOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { startServerWithSimulator } from "../harness/game.js"
import { advanceClock, issueCredential, meData, type Session } from "../harness/identity.js"
import { type ActionData, actionOf, type As, commandsOf, expectGameError, moderate, newKey } from "../harness/moderation.js"
import type { RunningServer } from "../harness/server.js"

let simulator: GameServerSimulator
let server: RunningServer
let admin: Session
let stop: () => Promise<void>
let adminId: string
let adminName: string
let as: As
beforeAll(async () => {
  ;({ simulator, server, admin, stop } = await startServerWithSimulator({
    admin: "moderation-admin",
    env: {
      // A hang is cut short in half a second instead of ten.
      GAME_COMMAND_TIMEOUT_MS: "500",
      // Many actions in one file: a write budget it cannot spend (the limiter still runs).
      RATE_LIMIT_WRITES_PER_MINUTE: "600"
    }
  }))
  const me = await meData(server, admin)
  adminId = me.id
  adminName = me.displayName
  as = { session: admin }
})
afterAll(() => stop?.())

// Every test starts with the slot free: past the cooldown of the command before.
beforeEach(async () => {
  await advanceClock(server, 6000)
})

const kickJohn = { targetPlatformId: "100000002", reason: "Random deathmatch" }

/** The audit entries of an action, oldest first (two entries of one millisecond keep the order they were written in). */
const auditFor = async (actionId: string) => {
  const reply = await server.request("GET", `/api/audit?targetId=${actionId}`, { headers: { cookie: admin.cookie } })
  return [...listOf<AuditEntryData>(reply).data].sort((a, b) => Number(b.action.includes(".created")) - Number(a.action.includes(".created")))
}

const actionsAgainst = async (platformId: string) =>
  listOf<ActionData>(await server.request("GET", `/api/moderation/actions?targetPlatformId=${platformId}&limit=100`, { headers: { cookie: admin.cookie } }))
    .data

describe("a new action", () => {
  it("is stored, sent once with the username from the live snapshot, SUCCEEDED on 200, and audited", async () => {
    const sentBefore = simulator.commands.length
    const key = newKey()
    const action = actionOf(await moderate(server, as, "warnings", key, { ...kickJohn, reason: "  Mind the speed limits  " }), 201)
    expect(action).toMatchObject({
      targetPlatformId: "100000002",
      targetUsername: "JohnSmith",
      moderatorId: adminId,
      serviceId: null,
      type: "warn",
      reason: "Mind the speed limits",
      evidence: null,
      delivery: "SUCCEEDED",
      errorCode: null
    })
    expect(commandsOf(simulator).slice(sentBefore)).toEqual([":pm JohnSmith Mind the speed limits"])
    expect(await auditFor(action.id)).toMatchObject([
      { action: "moderation.warning.created", actor: { type: "user", id: adminId } },
      { action: "moderation.delivery.succeeded", actor: { type: "user", id: adminId } }
    ])
    const read = await server.request("GET", `/api/moderation/actions/${action.id}`, { headers: { cookie: admin.cookie } })
    expect(dataOf(read)).toEqual(action)
  })

  it("kicks by username and bans by platform id, and keeps the evidence", async () => {
    const kick = actionOf(
      await moderate(server, as, "kicks", newKey(), { targetPlatformId: "100000003", reason: "Fail RP", evidence: "https://clips.example/1" }),
      201
    )
    expect(kick).toMatchObject({ type: "kick", targetUsername: "SpeedyDriver", evidence: "https://clips.example/1", delivery: "SUCCEEDED" })
    expect(commandsOf(simulator).at(-1)).toBe(":kick SpeedyDriver Fail RP")
    simulator.setPlayers([...simulator.players, { username: "SpeedyDriver", platformId: "100000003" }])
    await advanceClock(server, 6000)
    // A reason is one line (the text rule): a new line that could start a second command is refused before anything is stored or sent.
    const sent = simulator.commands.length
    const smuggled = await moderate(server, as, "bans", newKey(), { targetPlatformId: "100000003", reason: "Exploiting\n:kick Jane_Doe" })
    expect(detailsOf(expectError(smuggled, 400, "INVALID_INPUT")).map((p) => p.path)).toEqual([["reason"]])
    expect(simulator.commands.length).toBe(sent)
    const ban = actionOf(await moderate(server, as, "bans", newKey(), { targetPlatformId: "100000003", reason: "Exploiting" }), 201)
    expect(ban).toMatchObject({ type: "ban", delivery: "SUCCEEDED" })
    expect(commandsOf(simulator).at(-1)).toBe(":ban 100000003 Exploiting")
    simulator.setPlayers([...simulator.players, { username: "SpeedyDriver", platformId: "100000003" }])
  })

  it("sends nothing and records FAILED for in-game staff, an absent player and an offline ban", async () => {
    const sentBefore = simulator.commands.length
    const staff = actionOf(await moderate(server, as, "kicks", newKey(), { targetPlatformId: "100000004", reason: "Abuse of powers" }), 201)
    expect(staff).toMatchObject({ delivery: "FAILED", errorCode: "TARGET_IS_STAFF", targetUsername: "GameMod" })
    const absent = actionOf(await moderate(server, as, "warnings", newKey(), { targetPlatformId: "999999999", reason: "Left already" }), 201)
    expect(absent).toMatchObject({ delivery: "FAILED", errorCode: "TARGET_NOT_IN_SERVER", targetUsername: null })
    const offlineBan = actionOf(await moderate(server, as, "bans", newKey(), { targetPlatformId: "999999999", reason: "Offline ban" }), 201)
    expect(offlineBan).toMatchObject({ delivery: "FAILED", errorCode: "TARGET_NOT_IN_SERVER" })
    expect(simulator.commands.length).toBe(sentBefore)
  })

  it("records FAILED GAME_UNAVAILABLE when the snapshot cannot be read", async () => {
    simulator.readsFail = true
    try {
      const action = actionOf(await moderate(server, as, "kicks", newKey(), kickJohn), 201)
      expect(action).toMatchObject({ delivery: "FAILED", errorCode: "GAME_UNAVAILABLE", targetUsername: null })
    } finally {
      simulator.readsFail = false
    }
  })

  it("records a definite refusal as FAILED GAME_REJECTED", async () => {
    simulator.nextCommand({ _tag: "Refuse", status: 422, code: 4002, message: "This command is restricted" })
    const action = actionOf(await moderate(server, as, "kicks", newKey(), kickJohn), 201)
    expect(action).toMatchObject({ delivery: "FAILED", errorCode: "GAME_REJECTED" })
  })

  for (
    const [what, behaviour] of [["a 500", { _tag: "Fail" }], ["a hang past the timeout", { _tag: "Hang" }], ["a lost connection", { _tag: "Drop" }]] as const
  ) {
    it(`leaves UNKNOWN after ${what}, and a replay never sends it again`, async () => {
      simulator.nextCommand(behaviour)
      const key = newKey()
      const action = actionOf(await moderate(server, as, "kicks", key, kickJohn), 201)
      expect(action).toMatchObject({ delivery: "UNKNOWN", errorCode: null })
      const sent = simulator.commands.length
      await advanceClock(server, 6000)
      const replay = actionOf(await moderate(server, as, "kicks", key, kickJohn), 200)
      expect(replay).toEqual(action)
      expect(simulator.commands.length).toBe(sent)
    })
  }
})

describe("Idempotency-Key", () => {
  it("replays a SUCCEEDED and a FAILED record with 200 and meta.replayed, sending and auditing nothing, even while cooling down", async () => {
    const key = newKey()
    const first = actionOf(await moderate(server, as, "kicks", key, kickJohn), 201)
    simulator.setPlayers([...simulator.players, { username: "JohnSmith", platformId: "100000002" }])
    const sent = simulator.commands.length
    const again = actionOf(await moderate(server, as, "kicks", key, { targetPlatformId: "100000002", reason: "  Random deathmatch " }), 200)
    expect(again).toEqual(first)
    await advanceClock(server, 6000)
    const failedKey = newKey()
    const failed = actionOf(await moderate(server, as, "bans", failedKey, { targetPlatformId: "100000004", reason: "Staff" }), 201)
    expect(actionOf(await moderate(server, as, "bans", failedKey, { targetPlatformId: "100000004", reason: "Staff" }), 200)).toEqual(failed)
    expect(simulator.commands.length).toBe(sent)
    expect((await auditFor(first.id)).map((entry) => entry.action)).toEqual(["moderation.kick.created", "moderation.delivery.succeeded"])
    expect((await auditFor(failed.id)).map((entry) => entry.action)).toEqual(["moderation.ban.created", "moderation.delivery.failed"])
  })

  it("refuses the same key with another request as IDEMPOTENCY_CONFLICT", async () => {
    const key = newKey()
    actionOf(await moderate(server, as, "warnings", key, kickJohn), 201)
    await advanceClock(server, 6000)
    expectError(await moderate(server, as, "warnings", key, { ...kickJohn, reason: "Something else" }), 409, "IDEMPOTENCY_CONFLICT")
    expectError(await moderate(server, as, "kicks", key, kickJohn), 409, "IDEMPOTENCY_CONFLICT")
    expectError(await moderate(server, as, "warnings", key, { ...kickJohn, evidence: "new" }), 409, "IDEMPOTENCY_CONFLICT")
  })

  it("is per caller: the same key from a credential is another action, by serviceId", async () => {
    const key = newKey()
    const mine = actionOf(await moderate(server, as, "warnings", key, kickJohn), 201)
    await advanceClock(server, 6000)
    const bot = await issueCredential(server, admin, { name: "Moderation bot", scopes: ["moderation.warn"] })
    const theirs = actionOf(await moderate(server, { token: bot.token }, "warnings", key, kickJohn), 201)
    expect(theirs.id).not.toBe(mine.id)
    expect(theirs).toMatchObject({ moderatorId: null, serviceId: bot.id })
    expect((await auditFor(theirs.id)).map((entry) => entry.actor)).toEqual([
      { type: "service", id: bot.id, name: "Moderation bot" },
      { type: "service", id: bot.id, name: "Moderation bot" }
    ])
  })

  it("sends exactly one command and stores one record for many parallel requests with one key", async () => {
    simulator.setPlayers([...simulator.players, { username: "Parallel_Pat", platformId: "100000077" }])
    const key = newKey()
    const sent = simulator.commands.length
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => moderate(server, as, "kicks", key, { targetPlatformId: "100000077", reason: "Parallel" }))
    )
    const statuses = replies.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    // The others are replays (200) or met the slot taken by the first (503, nothing stored).
    expect(statuses.every((s) => s === 201 || s === 200 || s === 503)).toBe(true)
    for (const reply of replies.filter((r) => r.status === 503)) expectGameError(reply, "GAME_THROTTLED")
    expect(commandsOf(simulator).slice(sent)).toEqual([":kick Parallel_Pat Parallel"])
    expect(await actionsAgainst("100000077")).toHaveLength(1)
    await advanceClock(server, 6000)
    expect(actionOf(await moderate(server, as, "kicks", key, { targetPlatformId: "100000077", reason: "Parallel" }), 200).delivery).toBe("SUCCEEDED")
  })

  it("is required: missing, short (15), long (129) or malformed keys are INVALID_INPUT at headers.idempotency-key; 16 and 128 pass", async () => {
    for (const key of [undefined, "a".repeat(15), "a".repeat(129), "has space in it 12345", "bad/characters/12345", "ünïcödé-key-1234567"]) {
      const error = expectError(await moderate(server, as, "kicks", key, kickJohn), 400, "INVALID_INPUT")
      expect(detailsOf(error).map((p) => p.path)).toEqual([["headers", "idempotency-key"]])
    }
    for (const key of [`${newKey()}`.padEnd(16, "x").slice(0, 16), newKey().padEnd(128, "-")]) {
      await advanceClock(server, 6000)
      expect(key.length === 16 || key.length === 128).toBe(true)
      actionOf(await moderate(server, as, "warnings", key, kickJohn), 201)
    }
  })
})

describe("the game-command slot", () => {
  it("answers GAME_THROTTLED with Retry-After within the cooldown, storing nothing, and lets the next action through after it", async () => {
    actionOf(await moderate(server, as, "warnings", newKey(), kickJohn), 201)
    const stored = (await actionsAgainst("100000001")).length
    const throttled = await moderate(server, as, "warnings", newKey(), { targetPlatformId: "100000001", reason: "Too soon" })
    const retryAfter = expectGameError(throttled, "GAME_THROTTLED")
    expect(retryAfter).toBeLessThanOrEqual(5)
    // Why, for how long (the Retry-After), and that the action may be sent again as it was.
    expect((bodyOf(throttled)["error"] as { message: string }).message).toBe(
      `The game server is cooling down after the last command: ${retryAfter} ${retryAfter === 1 ? "second" : "seconds"} left. ` +
        `This action was not stored; send it again with the same Idempotency-Key after Retry-After (${retryAfter} ${retryAfter === 1 ? "second" : "seconds"})`
    )
    expect((await actionsAgainst("100000001")).length).toBe(stored)
    await advanceClock(server, 5000)
    actionOf(await moderate(server, as, "warnings", newKey(), { targetPlatformId: "100000001", reason: "Now then" }), 201)
  })

  it("starts no cooldown when nothing was sent", async () => {
    actionOf(await moderate(server, as, "kicks", newKey(), { targetPlatformId: "100000004", reason: "Staff" }), 201)
    actionOf(await moderate(server, as, "warnings", newKey(), kickJohn), 201)
  })
})

describe("the audit log", () => {
  /** What a reader sees of an action's entries: the action, who (by name), the request and the outcome. */
  const readable = async (actionId: string) =>
    (await auditFor(actionId)).map(({ action, actor, data, requestId, targetId, targetType }) => ({
      action,
      actor,
      targetType,
      targetId,
      requestId,
      outcome: action.startsWith("moderation.delivery.") ? { delivery: data["delivery"], errorCode: data["errorCode"] } : null
    }))

  const kick = async (body: { targetPlatformId: string; reason: string }) => {
    const reply = await moderate(server, as, "kicks", newKey(), body)
    return { action: actionOf(reply, 201), requestId: reply.headers.get("x-request-id") }
  }

  it("shows each kick's creation and, once known, its delivery, by the moderator named, in the kick's request", async () => {
    const actor = { type: "user", id: adminId, name: adminName }
    expect(adminName).not.toBe("")
    const entries = (id: string, requestId: string | null, outcome: { delivery: string; errorCode: string | null } | null) => [
      { action: "moderation.kick.created", actor, targetType: "moderation_action", targetId: id, requestId, outcome: null },
      ...(outcome === null ? []
        : [{ action: `moderation.delivery.${outcome.delivery.toLowerCase()}`, actor, targetType: "moderation_action", targetId: id, requestId, outcome }])
    ]

    const delivered = await kick(kickJohn)
    expect(delivered.action.delivery).toBe("SUCCEEDED")
    expect(await readable(delivered.action.id)).toEqual(entries(delivered.action.id, delivered.requestId, { delivery: "SUCCEEDED", errorCode: null }))
    simulator.setPlayers([...simulator.players, { username: "JohnSmith", platformId: "100000002" }])

    await advanceClock(server, 6000)
    simulator.nextCommand({ _tag: "Refuse", status: 422, code: 4002, message: "This command is restricted" })
    const refused = await kick(kickJohn)
    expect(await readable(refused.action.id)).toEqual(entries(refused.action.id, refused.requestId, { delivery: "FAILED", errorCode: "GAME_REJECTED" }))

    await advanceClock(server, 6000)
    const absent = await kick({ targetPlatformId: "999999998", reason: "Not here" })
    expect(await readable(absent.action.id)).toEqual(entries(absent.action.id, absent.requestId, { delivery: "FAILED", errorCode: "TARGET_NOT_IN_SERVER" }))

    simulator.nextCommand({ _tag: "Hang" })
    const timedOut = await kick(kickJohn)
    expect(timedOut.action.delivery).toBe("UNKNOWN")
    expect(await readable(timedOut.action.id)).toEqual(entries(timedOut.action.id, timedOut.requestId, null))

    // Only the actions with an audited failure are listed as failed deliveries.
    const failures =
      listOf<AuditEntryData>(await server.request("GET", "/api/audit?action=moderation.delivery.failed&limit=100", { headers: { cookie: admin.cookie } })).data
    const failedIds = new Set(failures.map((entry) => entry.targetId))
    expect([delivered, refused, absent, timedOut].map(({ action }) => failedIds.has(action.id))).toEqual([false, true, true, false])
  })

  it("rolls the delivery back with its audit entry: the kick stays UNKNOWN, and a replay sends nothing again", async () => {
    const db = server.database!
    // Installed while the server is idle (PGlite serves one connection).
    await db.query(`
      CREATE FUNCTION test_refuse_delivery_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'moderation.delivery.succeeded' THEN
          RAISE EXCEPTION 'test: audit entry refused';
        END IF;
        RETURN NEW;
      END
      $$`)
    await db.query("CREATE TRIGGER test_refuse_delivery_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_delivery_audit()")
    const target = { username: "Audit_Refused", platformId: "100000078" }
    simulator.setPlayers([...simulator.players, target])
    const key = newKey()
    const body = { targetPlatformId: target.platformId, reason: "Delivered, not audited" }
    const sent = simulator.commands.length
    try {
      expectError(await moderate(server, as, "kicks", key, body), 500, "INTERNAL_ERROR")
    } finally {
      await db.query("DROP TRIGGER test_refuse_delivery_audit ON audit_log")
      await db.query("DROP FUNCTION test_refuse_delivery_audit()")
    }
    expect(commandsOf(simulator).slice(sent)).toEqual([":kick Audit_Refused Delivered, not audited"])
    const [stored] = await actionsAgainst(target.platformId)
    expect(stored).toMatchObject({ delivery: "UNKNOWN", errorCode: null })
    expect((await auditFor(stored!.id)).map((entry) => entry.action)).toEqual(["moderation.kick.created"])
    await advanceClock(server, 6000)
    expect(actionOf(await moderate(server, as, "kicks", key, body), 200)).toMatchObject({ id: stored!.id, delivery: "UNKNOWN" })
    expect(simulator.commands.length).toBe(sent + 1)
    expect(await auditFor(stored!.id)).toHaveLength(1)
  })
})
