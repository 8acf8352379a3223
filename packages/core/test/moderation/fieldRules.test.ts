/** Moderation's field rules hold in the core: a request that skipped the contract is refused before anything is sent. */
import { authenticateSession } from "@bluelight/core/identity"
import { InvalidInput } from "@bluelight/core/kernel"
import { moderate } from "@bluelight/core/moderation"
import { MODERATION_ACTIONS_TABLE, InMemoryDatabase, TestGame, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Ref } from "effect"
import { signIn } from "../identity/helpers.js"

const admin = Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))
const KEY = "key-0123456789abcdef"

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
    }).pipe(Effect.provide(testPorts())))
})
