import { liveBans } from "@bluelight/core/game"
import { admitted } from "@bluelight/core/identity"
import { aPerson, auditEntries, TestGame, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Ref } from "effect"

/**
 * A tool reading the game's ban list on the core directly, under the rule of the
 * endpoint it stands in for (`GET /server/bans`). No `accessNotChecked` here:
 * `admitted` is what takes `liveBans`'s proof of `moderation.view` away.
 */
const BANS_RULE = { access: "session-or-credential", permissions: ["moderation.view"] } as const
const FIRST = { limit: 25, offset: 0 }
const jane = { username: "Jane_Doe", platformId: "101" }

const banReads = TestGame.use((game) => Effect.map(Ref.get(game), (state) => state.banReads))
const banJane = TestGame.use((game) => Ref.update(game, (state) => ({ ...state, bans: [jane] })))

describe("a live read run through admitted", () => {
  it.effect("is refused FORBIDDEN for a caller without the rule's key, before the game server is read; nothing is audited", () =>
    Effect.gen(function*() {
      yield* banJane
      // Sees the server and its players, not what moderation keeps.
      const viewer = aPerson({ permissions: ["server.view", "players.view"] })
      const refused = yield* Effect.flip(liveBans(viewer, FIRST).pipe(admitted(BANS_RULE, viewer)))
      expect(refused).toMatchObject({ code: "FORBIDDEN", permission: "moderation.view" })
      expect(yield* banReads).toBe(0)
      expect(yield* auditEntries).toEqual([])
    }).pipe(Effect.provide(testPorts())))

  it.effect("runs for a caller holding it: the ban list is read once and answered", () =>
    Effect.gen(function*() {
      yield* banJane
      const moderator = aPerson({ permissions: ["moderation.view"] })
      const bans = yield* liveBans(moderator, FIRST).pipe(admitted(BANS_RULE, moderator))
      expect(bans.items.map((ban) => ban.player.platformId)).toEqual(["101"])
      expect(yield* banReads).toBe(1)
    }).pipe(Effect.provide(testPorts())))
})
