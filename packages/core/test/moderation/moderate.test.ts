import { authenticateSession, issueCredential } from "@bluelight/core/identity"
import {
  gameCommandFor,
  checkTarget,
  deliveryOf,
  moderate,
  type ModerationRequest,
  ModerationActions,
  findModerationAction,
  moderationActionMessage
} from "@bluelight/core/moderation"
import { CurrentRequestId } from "@bluelight/core/kernel"
import {
  accessNotChecked,
  auditEntries,
  InMemoryDatabase,
  MODERATION_ACTIONS_TABLE,
  TEST_PLAYERS,
  TestGame,
  type TestGameState,
  testPorts
} from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { sentMessages, subscribe } from "../webhooks/helpers.js"
import { type Cause, Effect, Ref } from "effect"
import { TestClock } from "effect/testing"
import { aUserCaller, signIn } from "../identity/helpers.js"

const admin = Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))
const KEY = "key-0123456789abcdef"
const kickJane: ModerationRequest = { targetPlatformId: "101", reason: "Breaking rule 3", evidence: null }
const stored = InMemoryDatabase.use((db) => db.rows(MODERATION_ACTIONS_TABLE))
const sent = TestGame.use((game) => Effect.map(Ref.get(game), (s) => s.sent))
const steer = (f: (s: TestGameState) => TestGameState) => TestGame.use((game) => Ref.update(game, f))
/** The tag of a cause's one reason (`Fail`, `Die`, `Interrupt`), or how many it has when not one. */
const causeTag = (cause: Cause.Cause<unknown>): string => (cause.reasons.length === 1 ? cause.reasons[0]!._tag : `${cause.reasons.length} reasons`)

describe("the pure rules", () => {
  it("builds the fixed commands on one line", () => {
    const target = { username: "Jane_Doe", platformId: "101" }
    expect(gameCommandFor("warn", target, "Mind\nthe  rules")).toBe(":pm Jane_Doe Mind the rules")
    expect(gameCommandFor("kick", target, "RDM")).toBe(":kick Jane_Doe RDM")
    expect(gameCommandFor("ban", target, "Cheating\r\n:kick Someone")).toBe(":ban 101 Cheating :kick Someone")
  })

  it("checks the target against the snapshot", () => {
    expect(checkTarget(TEST_PLAYERS, "101")).toEqual({ username: "Jane_Doe", refusal: null })
    expect(checkTarget(TEST_PLAYERS, "103")).toEqual({ username: "Mod_Max", refusal: "TARGET_IS_STAFF" })
    expect(checkTarget(TEST_PLAYERS, "999")).toEqual({ username: null, refusal: "TARGET_NOT_IN_SERVER" })
    expect(checkTarget(null, "101")).toEqual({ username: null, refusal: "GAME_UNAVAILABLE" })
  })

  it("reads the game server's answer", () => {
    expect(deliveryOf({ _tag: "Executed" })).toEqual({ delivery: "SUCCEEDED", errorCode: null })
    expect(deliveryOf({ _tag: "Refused", code: 4002, message: "no" })).toEqual({ delivery: "FAILED", errorCode: "GAME_REJECTED" })
    expect(deliveryOf({ _tag: "Throttled", retryAfterSeconds: 3 })).toEqual({ delivery: "FAILED", errorCode: "GAME_REJECTED" })
    expect(deliveryOf({ _tag: "Unknown", reason: "timeout" })).toEqual({ delivery: "UNKNOWN", errorCode: null })
  })
})

describe("moderate", () => {
  it.effect("stores the record, sends the command once, records SUCCEEDED and audits it", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      const { action, replayed } = yield* moderate(caller, "kick", KEY, kickJane)
      expect(replayed).toBe(false)
      expect(action).toMatchObject({
        type: "kick",
        targetUsername: "Jane_Doe",
        delivery: "SUCCEEDED",
        errorCode: null,
        requester: { _tag: "Moderator", id: caller.account.id }
      })
      expect(yield* sent).toEqual([":kick Jane_Doe Breaking rule 3"])
      expect((yield* auditEntries).filter((e) => e.action === "moderation.kick.created")).toMatchObject([{ targetId: action.id, actor: { type: "user" } }])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("replays a key without sending, taking the slot or auditing, and refuses another request under it", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      const first = yield* moderate(caller, "kick", KEY, kickJane)
      const audits = (yield* auditEntries).length
      // The slot is cooling down, and still the replay answers.
      const again = yield* moderate(caller, "kick", KEY, kickJane)
      expect(again).toEqual({ action: first.action, replayed: true })
      expect(yield* sent).toHaveLength(1)
      expect((yield* auditEntries).length).toBe(audits)
      const conflict = yield* Effect.flip(moderate(caller, "ban", KEY, kickJane))
      expect(conflict.code).toBe("IDEMPOTENCY_CONFLICT")
      const other = yield* Effect.flip(moderate(caller, "kick", KEY, { ...kickJane, reason: "Another reason" }))
      expect(other.code).toBe("IDEMPOTENCY_CONFLICT")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("answers GAME_THROTTLED within the cooldown, storing nothing, and goes on after it", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      yield* moderate(caller, "warn", KEY, kickJane)
      yield* TestClock.adjust("2 seconds")
      const throttled = yield* Effect.flip(moderate(caller, "warn", "key-second-0123456789", kickJane))
      expect(throttled).toMatchObject({ code: "GAME_THROTTLED", details: { availability: "unavailable" }, retryAfterSeconds: 3 })
      expect(throttled.message).toBe(
        "The game server is cooling down after the last command: 3 seconds left. " +
          "This action was not stored; send it again with the same Idempotency-Key after Retry-After (3 seconds)"
      )
      expect(yield* stored).toHaveLength(1)
      yield* TestClock.adjust("3 seconds")
      const later = yield* moderate(caller, "warn", "key-second-0123456789", kickJane)
      expect(later.action.delivery).toBe("SUCCEEDED")
      expect(yield* sent).toEqual([":pm Jane_Doe Breaking rule 3", ":pm Jane_Doe Breaking rule 3"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("records FAILED without sending for in-game staff, absent players and an unreadable snapshot; no cooldown follows", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      const staff = yield* moderate(caller, "ban", "key-staff-0123456789", { ...kickJane, targetPlatformId: "103" })
      expect(staff.action).toMatchObject({ delivery: "FAILED", errorCode: "TARGET_IS_STAFF", targetUsername: "Mod_Max" })
      const absent = yield* moderate(caller, "ban", "key-absent-0123456789", { ...kickJane, targetPlatformId: "999" })
      expect(absent.action).toMatchObject({ delivery: "FAILED", errorCode: "TARGET_NOT_IN_SERVER", targetUsername: null })
      yield* steer((s) => ({ ...s, down: true }))
      const down = yield* moderate(caller, "kick", "key-down-0123456789ab", kickJane)
      expect(down.action).toMatchObject({ delivery: "FAILED", errorCode: "GAME_UNAVAILABLE" })
      expect(yield* sent).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("records a refusal as FAILED GAME_REJECTED, and leaves an unknown outcome UNKNOWN that a replay never re-sends", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      yield* steer((s) => ({ ...s, outcomes: [{ _tag: "Refused", code: 4002, message: "restricted" }, { _tag: "Unknown", reason: "timeout" }] }))
      const refused = yield* moderate(caller, "kick", "key-refused-012345678", kickJane)
      expect(refused.action).toMatchObject({ delivery: "FAILED", errorCode: "GAME_REJECTED" })
      yield* TestClock.adjust("5 seconds")
      const unknown = yield* moderate(caller, "kick", "key-unknown-012345678", kickJane)
      expect(unknown.action).toMatchObject({ delivery: "UNKNOWN", errorCode: null })
      yield* TestClock.adjust("5 seconds")
      const replay = yield* moderate(caller, "kick", "key-unknown-012345678", kickJane)
      expect(replay).toMatchObject({ replayed: true, action: { delivery: "UNKNOWN" } })
      expect(yield* sent).toHaveLength(2)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("leaves UNKNOWN when the process dies between storing and sending, and never sends again", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      yield* steer((s) => ({ ...s, outcomes: ["die"] }))
      const exit = yield* Effect.exit(moderate(caller, "ban", KEY, kickJane))
      expect(exit._tag).toBe("Failure")
      const [action] = (yield* stored) as ReadonlyArray<{ readonly delivery: string }>
      expect(action?.delivery).toBe("UNKNOWN")
      yield* TestClock.adjust("10 seconds")
      const replay = yield* moderate(caller, "ban", KEY, kickJane)
      expect(replay).toMatchObject({ replayed: true, action: { delivery: "UNKNOWN" } })
      expect(yield* sent).toHaveLength(1)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("keeps keys per requester: the same key from a credential is another action, with serviceId", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      const { credential } = yield* issueCredential(caller, { name: "bot", scopes: ["moderation.kick"], lifetimeDays: 30 })
      const service = { _tag: "Service" as const, credential, permissions: new Set(credential.scopes) }
      const mine = yield* moderate(caller, "warn", KEY, kickJane)
      yield* TestClock.adjust("5 seconds")
      const theirs = yield* moderate(service, "warn", KEY, kickJane)
      expect(theirs.replayed).toBe(false)
      expect(theirs.action.id).not.toBe(mine.action.id)
      expect(theirs.action.requester).toEqual({ _tag: "Service", id: credential.id })
      expect(yield* findModerationAction(theirs.action.id)).toEqual(theirs.action)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("rolls the record back with a failing audit write, sending nothing and leaving the slot free", () =>
    Effect.gen(function*() {
      const caller = aUserCaller(["moderation.kick"])
      const exit = yield* Effect.exit(moderate(caller, "kick", KEY, kickJane))
      expect(exit._tag).toBe("Failure")
      expect(yield* stored).toEqual([])
      expect(yield* sent).toEqual([])
      const actions = yield* ModerationActions
      expect((yield* actions.list({}, { limit: 10, offset: 0 })).items).toEqual([])
      // Nothing was sent, so no cooldown: the next action may go at once (and fails the same way here).
      const again = yield* Effect.exit(moderate(caller, "kick", "key-again-0123456789", kickJane))
      expect(again._tag === "Failure" && causeTag(again.cause)).toBe("Die")
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: "failing" }))))
})

describe("the audit of a delivery", () => {
  const auditOf = (id: string) =>
    Effect.map(
      auditEntries,
      (entries) =>
        entries.filter((entry) => entry.targetId === id).map(({ action, actor, data, requestId, targetType }) => ({
          action,
          actor,
          data,
          requestId,
          targetType
        }))
    )

  it.effect("audits the outcome once it is known, in the caller's name and request, after the created entry", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      const actor = { type: "user", id: caller.account.id }
      const { action } = yield* moderate(caller, "kick", KEY, kickJane).pipe(Effect.provideService(CurrentRequestId, "req-kick"))
      expect(yield* auditOf(action.id)).toEqual([
        {
          action: "moderation.kick.created",
          actor,
          targetType: "moderation_action",
          requestId: "req-kick",
          data: { type: "kick", targetPlatformId: "101", targetUsername: "Jane_Doe", reason: "Breaking rule 3" }
        },
        {
          action: "moderation.delivery.succeeded",
          actor,
          targetType: "moderation_action",
          requestId: "req-kick",
          data: { type: "kick", targetPlatformId: "101", delivery: "SUCCEEDED", errorCode: null }
        }
      ])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("audits a refusal by the game and a target refused before sending as moderation.delivery.failed with the errorCode", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      // Nothing is sent for the first three, so no cooldown follows them.
      const absent = yield* moderate(caller, "ban", "key-absent-0123456789", { ...kickJane, targetPlatformId: "999" })
      const staff = yield* moderate(caller, "warn", "key-staff-0123456789", { ...kickJane, targetPlatformId: "103" })
      yield* steer((s) => ({ ...s, down: true }))
      const down = yield* moderate(caller, "kick", "key-down-0123456789ab", kickJane)
      yield* steer((s) => ({ ...s, down: false, outcomes: [{ _tag: "Refused", code: 4002, message: "restricted" }] }))
      const refused = yield* moderate(caller, "kick", "key-refused-012345678", kickJane)
      const outcomes = [absent, staff, down, refused].map(({ action }) => auditOf(action.id))
      expect((yield* Effect.all(outcomes)).map((entries) => entries.map((entry) => [entry.action, entry.data["errorCode"]]))).toEqual([
        [["moderation.ban.created", undefined], ["moderation.delivery.failed", "TARGET_NOT_IN_SERVER"]],
        [["moderation.warning.created", undefined], ["moderation.delivery.failed", "TARGET_IS_STAFF"]],
        [["moderation.kick.created", undefined], ["moderation.delivery.failed", "GAME_UNAVAILABLE"]],
        [["moderation.kick.created", undefined], ["moderation.delivery.failed", "GAME_REJECTED"]]
      ])
      expect((yield* auditOf(refused.action.id))[1]?.data).toEqual({ type: "kick", targetPlatformId: "101", delivery: "FAILED", errorCode: "GAME_REJECTED" })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("writes nothing more for an outcome that stays UNKNOWN, nor for replays", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      yield* steer((s) => ({ ...s, outcomes: [{ _tag: "Unknown", reason: "timeout" }] }))
      const unknown = yield* moderate(caller, "kick", "key-unknown-012345678", kickJane)
      yield* TestClock.adjust("5 seconds")
      const known = yield* moderate(caller, "kick", KEY, kickJane)
      const before = (yield* auditEntries).length
      yield* moderate(caller, "kick", "key-unknown-012345678", kickJane)
      yield* moderate(caller, "kick", KEY, kickJane)
      expect((yield* auditEntries).length).toBe(before)
      expect((yield* auditOf(unknown.action.id)).map((entry) => entry.action)).toEqual(["moderation.kick.created"])
      expect((yield* auditOf(known.action.id)).map((entry) => entry.action)).toEqual(["moderation.kick.created", "moderation.delivery.succeeded"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("rolls the delivery update back with its audit entry: the record stays UNKNOWN and nothing is sent again", () =>
    Effect.gen(function*() {
      const caller = aUserCaller(["moderation.kick"])
      const exit = yield* Effect.exit(moderate(caller, "kick", KEY, kickJane))
      expect(exit._tag === "Failure" && causeTag(exit.cause)).toBe("Die")
      expect(yield* stored).toMatchObject([{ delivery: "UNKNOWN", errorCode: null }])
      expect(yield* sent).toHaveLength(1)
      expect((yield* auditEntries).map((entry) => entry.action)).toEqual(["moderation.kick.created"])
      // The command went out, so the slot cools down; after it a replay answers UNKNOWN and sends nothing.
      yield* TestClock.adjust("5 seconds")
      const replay = yield* moderate(caller, "kick", KEY, kickJane)
      expect(replay).toMatchObject({ replayed: true, action: { delivery: "UNKNOWN" } })
      expect(yield* sent).toHaveLength(1)
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: { failingOn: ["moderation.delivery.succeeded"] } }))))

  it.effect("rolls a refusal before sending back with its audit entry: UNKNOWN, nothing sent, no cooldown", () =>
    Effect.gen(function*() {
      const caller = aUserCaller(["moderation.kick"])
      const exit = yield* Effect.exit(moderate(caller, "kick", KEY, { ...kickJane, targetPlatformId: "999" }))
      expect(exit._tag === "Failure" && causeTag(exit.cause)).toBe("Die")
      expect(yield* stored).toMatchObject([{ delivery: "UNKNOWN", errorCode: null }])
      expect(yield* sent).toEqual([])
      expect((yield* auditEntries).map((entry) => entry.action)).toEqual(["moderation.kick.created"])
      const next = yield* moderate(caller, "kick", "key-next-0123456789ab", kickJane)
      expect(next.action.delivery).toBe("SUCCEEDED")
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: { failingOn: ["moderation.delivery.failed"] } }))))
})

describe("webhook messages of a moderation action", () => {
  it.effect("moderation.action.created is sent with the record as UNKNOWN, then moderation.action.settled with what the game answered", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      yield* subscribe(caller, ["moderation.action.created", "moderation.action.settled"])
      const { action } = yield* moderate(caller, "kick", KEY, kickJane)
      const messages = yield* sentMessages
      expect(messages.map((m) => [m.type, m.data.delivery])).toEqual([["moderation.action.created", "UNKNOWN"], ["moderation.action.settled", "SUCCEEDED"]])
      expect(messages[1]!.data).toEqual(moderationActionMessage(action))
      expect(messages[1]!.data).toMatchObject({ id: action.id, type: "kick", moderatorId: caller.account.id, serviceId: null, errorCode: null })
      // A replay sends nothing more.
      yield* moderate(caller, "kick", KEY, kickJane)
      expect(yield* sentMessages).toHaveLength(2)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
