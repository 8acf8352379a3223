/** Moderation's field rules hold in the core: a request that skipped the contract is refused before anything is sent. */
import { authenticateSession } from "@bluelight/core/identity"
import { InvalidInput } from "@bluelight/core/kernel"
import { lookupPlayers } from "@bluelight/core/game"
import { moderate, type ModerationType, playerHistory } from "@bluelight/core/moderation"
import { accessNotChecked, auditEntries, MODERATION_ACTIONS_TABLE, InMemoryDatabase, TestGame, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Ref } from "effect"
import { TestClock } from "effect/testing"
import { signIn } from "../identity/helpers.js"

const admin = Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))
const KEY = "key-0123456789abcdef"
const kickJane = { targetPlatformId: "101", reason: "Breaking rule 3", evidence: null }
const PAGE = { limit: 25, offset: 0 }
const stored = InMemoryDatabase.use((db) => db.rows(MODERATION_ACTIONS_TABLE))
const game = TestGame.use((test) => Ref.get(test))
const DIRECTION_OVERRIDE = "must not contain invisible or direction-control characters"

/** The use case's refusal, when it is `INVALID_INPUT`. */
const refusal = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flip(effect).pipe(Effect.map((error) => (error instanceof InvalidInput ? error : undefined)))

describe("moderation fields in the core", () => {
  it.effect("a blank reason and a platform id with other characters are refused; nothing is stored or sent", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      const refused = yield* Effect.flip(moderate(caller, "kick", KEY, { targetPlatformId: "10 1", reason: "  ", evidence: null }))
      expect(refused).toBeInstanceOf(InvalidInput)
      expect(refused).toMatchObject({
        details: [
          { path: ["targetPlatformId"], message: "must contain only letters, digits, '_' and '-'" },
          { path: ["reason"], message: "must not be blank" }
        ]
      })
      expect(yield* InMemoryDatabase.use((db) => db.rows(MODERATION_ACTIONS_TABLE))).toEqual([])
      expect(yield* TestGame.use((game) => Effect.map(Ref.get(game), (state) => state.sent))).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("the idempotency key is held to its rule: 15 or 129 characters, or a hostile one, are refused with nothing stored, sent or audited", () =>
    Effect.gen(function*() {
      const caller = yield* admin
      const audited = (yield* auditEntries).length
      const cases = [
        ["k".repeat(15), "must be at least 16 characters"],
        ["k".repeat(129), "must be at most 128 characters"],
        [`\u202e${"k".repeat(20)}`, "must contain only letters, digits, '_' and '-'"],
        [`${"k".repeat(20)}\u0000`, "must not contain NUL characters or unpaired surrogates"]
      ] as const
      for (const [key, message] of cases) {
        expect((yield* refusal(moderate(caller, "kick", key, kickJane)))?.details).toEqual([{ path: ["idempotencyKey"], message }])
      }
      const unknownType = yield* refusal(moderate(caller, "mute" as unknown as ModerationType, KEY, kickJane))
      expect(unknownType?.details).toEqual([{ path: ["type"], message: "must be one of: warn, kick, ban" }])
      expect(yield* stored).toEqual([])
      expect((yield* game).sent).toEqual([])
      expect((yield* auditEntries).length).toBe(audited)
      const longest = yield* moderate(caller, "kick", "k".repeat(128), kickJane)
      expect(longest.action.idempotencyKey).toBe("k".repeat(128))
      // The game-command slot cools down between commands.
      yield* TestClock.adjust("1 minute")
      const shortest = yield* moderate(caller, "warn", "k".repeat(16), kickJane)
      expect(shortest.action.idempotencyKey).toBe("k".repeat(16))
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a player lookup is held to its rule: past 100 characters or hostile is refused before the game is read; 100 is looked up", () =>
    Effect.gen(function*() {
      expect((yield* refusal(lookupPlayers("j".repeat(101), PAGE)))?.details).toEqual([{ path: ["query"], message: "must be at most 100 characters" }])
      expect((yield* refusal(lookupPlayers("\u202eenaj", PAGE)))?.details).toEqual([{ path: ["query"], message: DIRECTION_OVERRIDE }])
      expect((yield* refusal(lookupPlayers("  ", PAGE)))?.details).toEqual([{ path: ["query"], message: "must not be blank" }])
      expect((yield* game).reads).toBe(0)
      expect((yield* lookupPlayers("j".repeat(100), PAGE)).players).toEqual([])
      expect((yield* lookupPlayers(" JANE ", PAGE)).players.map((found) => found.player.platformId)).toEqual(["101"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a player's history is asked for by a platform id held to its rule: 65 characters or hostile is refused; 64 is read", () =>
    Effect.gen(function*() {
      expect((yield* refusal(playerHistory("1".repeat(65), PAGE)))?.details).toEqual([{ path: ["platformId"], message: "must be at most 64 characters" }])
      expect((yield* refusal(playerHistory("10\u202e1", PAGE)))?.details).toEqual([
        { path: ["platformId"], message: "must contain only letters, digits, '_' and '-'" }
      ])
      expect(yield* playerHistory("1".repeat(64), PAGE)).toMatchObject({ platformId: "1".repeat(64), account: null, actions: { items: [] } })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
