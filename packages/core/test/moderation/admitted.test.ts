import { admitted } from "@bluelight/core/identity"
import { moderate, type ModerationRequest } from "@bluelight/core/moderation"
import { aPerson, auditEntries, InMemoryDatabase, MODERATION_ACTIONS_TABLE, TestGame, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Ref } from "effect"

/**
 * A tool warning a player on the core directly, under the rule of the endpoint it
 * stands in for (`POST /moderation/warnings`). `moderate` requires no key of its
 * own (its three endpoints' rules share none), so the rule of the type it is asked
 * for is the tool's to check, which `admitted` does.
 */
const WARN_RULE = { access: "session-or-credential", permissions: ["moderation.warn"] } as const
const KEY = "key-0123456789abcdef"
const warnJane: ModerationRequest = { targetPlatformId: "101", reason: "Breaking rule 3", evidence: null }

const stored = InMemoryDatabase.use((db) => db.rows(MODERATION_ACTIONS_TABLE))
const game = TestGame.use(Ref.get)

describe("a moderation use case run through admitted", () => {
  it.effect("is refused FORBIDDEN for a caller without the rule's key: nothing stored, read, sent or audited", () =>
    Effect.gen(function*() {
      // May kick, not warn: one action's key never stands for another's.
      const kicker = aPerson({ permissions: ["moderation.view", "moderation.kick"] })
      const refused = yield* Effect.flip(moderate(kicker, "warn", KEY, warnJane).pipe(admitted(WARN_RULE, kicker)))
      expect(refused).toMatchObject({ code: "FORBIDDEN", permission: "moderation.warn" })
      expect(yield* stored).toEqual([])
      expect(yield* auditEntries).toEqual([])
      expect(yield* game).toMatchObject({ reads: 0, sent: [] })
    }).pipe(Effect.provide(testPorts())))

  it.effect("runs for a caller holding it: the warning is stored, sent once and audited", () =>
    Effect.gen(function*() {
      const moderator = aPerson({ permissions: ["moderation.warn"] })
      const { action, replayed } = yield* moderate(moderator, "warn", KEY, warnJane).pipe(admitted(WARN_RULE, moderator))
      expect(replayed).toBe(false)
      expect(action).toMatchObject({ type: "warn", delivery: "SUCCEEDED", requester: { _tag: "Moderator", id: moderator.account.id } })
      expect(yield* stored).toHaveLength(1)
      expect((yield* game).sent).toEqual([":pm Jane_Doe Breaking rule 3"])
      expect((yield* auditEntries).map((entry) => entry.action)).toEqual(["moderation.warning.created", "moderation.delivery.succeeded"])
    }).pipe(Effect.provide(testPorts())))
})
