import { type Call, CallId, Calls } from "@bluelight/core/cad"
import {
  liveBans,
  liveCommandLogs,
  liveEmergencyCalls,
  liveJoinLogs,
  liveKillLogs,
  LivePicture,
  liveModCalls,
  liveQueue,
  liveStaff,
  liveVehicles
} from "@bluelight/core/game"
import { AccountId, Accounts } from "@bluelight/core/identity"
import { type ModerationAction, ModerationActionId, ModerationActions } from "@bluelight/core/moderation"
import { accessNotChecked, aPerson, TestGame, type TestPicture, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Ref } from "effect"
import { TestClock } from "effect/testing"
import { anAccount } from "../identity/helpers.js"

const FIRST = { limit: 25, offset: 0 }
const at = (seconds: number) => DateTime.makeUnsafe(seconds * 1000)
const jane = { username: "Jane_Doe", platformId: "101" }
const john = { username: "John_Roe", platformId: "102" }
const max = { username: "Mod_Max", platformId: "103" }

const setPicture = (picture: Partial<TestPicture>) => TestGame.use((game) => Ref.update(game, (s) => ({ ...s, picture: { ...s.picture, ...picture } })))
const reads = TestGame.use((game) => Effect.map(Ref.get(game), (s) => ({ snapshot: s.reads, bans: s.banReads })))

/** Who reads the live picture: one who looks after players (sees linked accounts), and a dispatcher who only sees CAD. */
const MODERATOR = aPerson({ permissions: ["players.view", "moderation.view", "server.view", "cad.view"] })
const DISPATCHER = aPerson({ permissions: ["cad.view", "server.view"] })

/** Jane's platform id is linked to a Bluelight account. */
const linkJane = Accounts.use((accounts) =>
  accounts.insert(anAccount({ id: AccountId.make("account-jane"), displayName: "Jane D.", platform: { id: "101", username: "Jane_Doe" } }))
)

describe("the live picture's reads", () => {
  it.effect("answer the logs newest first (same second: the later entry first), paged, with each player's linked account", () =>
    Effect.gen(function*() {
      yield* linkJane
      yield* setPicture({
        joinLogs: [
          { at: at(100), joined: true, player: jane },
          { at: at(300), joined: true, player: john },
          { at: at(300), joined: false, player: max },
          { at: at(200), joined: false, player: jane }
        ]
      })
      const first = yield* liveJoinLogs(MODERATOR, { limit: 2, offset: 0 })
      expect(first.items.map((e) => [e.player.username, e.joined])).toEqual([["Mod_Max", false], ["John_Roe", true]])
      expect(first.meta).toEqual({ limit: 2, offset: 0, hasMore: true })
      expect(first.total).toBe(4)
      const second = yield* liveJoinLogs(MODERATOR, { limit: 2, offset: 2 })
      expect(second.items.map((e) => e.at.epochMilliseconds)).toEqual([200_000, 100_000])
      expect(second.items[0]?.player.account?.displayName).toBe("Jane D.")
      expect(second.meta.hasMore).toBe(false)
      expect((yield* liveJoinLogs(MODERATOR, { limit: 2, offset: 4 })).items).toEqual([])
      expect(first.observedAt.epochMilliseconds).toBe(second.observedAt.epochMilliseconds)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("answer kills, commands and moderator calls newest first; a call nobody answered has no moderator", () =>
    Effect.gen(function*() {
      yield* linkJane
      yield* setPicture({
        killLogs: [{ at: at(1), killer: jane, killed: john }, { at: at(2), killer: john, killed: jane }],
        commandLogs: [{ at: at(5), player: max, command: ":h hi" }, { at: at(9), player: max, command: ":pm Jane_Doe hello" }],
        modCalls: [{ at: at(3), caller: jane, moderator: max }, { at: at(4), caller: john, moderator: null }]
      })
      // Every player of the page is linked with one read of the accounts; an empty page reads none.
      const accounts = yield* Accounts
      const linkReads = yield* Ref.make(0)
      const counted = Effect.provideService(Accounts, {
        ...accounts,
        findByPlatformIds: (ids: ReadonlyArray<string>) => Effect.andThen(Ref.update(linkReads, (n) => n + 1), accounts.findByPlatformIds(ids))
      })
      const kills = yield* counted(liveKillLogs(MODERATOR, FIRST))
      expect(yield* Ref.get(linkReads)).toBe(1)
      yield* counted(liveKillLogs(MODERATOR, { limit: 5, offset: 5 }))
      expect(yield* Ref.get(linkReads)).toBe(1)
      expect(kills.items.map((k) => [k.killer.username, k.killed.username])).toEqual([["John_Roe", "Jane_Doe"], ["Jane_Doe", "John_Roe"]])
      expect(kills.items[0]?.killed.account?.id).toBe("account-jane")
      expect(kills.items[0]?.killer.account).toBeNull()
      expect((yield* liveCommandLogs(MODERATOR, FIRST)).items.map((c) => c.command)).toEqual([":pm Jane_Doe hello", ":h hi"])
      const calls = yield* liveModCalls(MODERATOR, FIRST)
      expect(calls.items.map((c) => [c.caller.username, c.moderator?.username ?? null])).toEqual([["John_Roe", null], ["Jane_Doe", "Mod_Max"]])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("name a vehicle's owner by the player on the server under that username, and queued players by their linked account", () =>
    Effect.gen(function*() {
      yield* linkJane
      yield* setPicture({
        vehicles: [
          { name: "Falcon", plate: "ABC-123", ownerUsername: "Jane_Doe", livery: "Standard", colour: { hex: "#ff4444", name: "Super Red" } },
          { name: "Bus", plate: null, ownerUsername: "Gone_Player", livery: null, colour: null }
        ],
        queue: ["999", "101"]
      })
      const vehicles = yield* liveVehicles(MODERATOR, FIRST)
      expect(vehicles.items.map((v) => v.owner)).toEqual([
        { platformId: "101", username: "Jane_Doe", account: expect.objectContaining({ id: "account-jane" }) },
        { platformId: null, username: "Gone_Player", account: null }
      ])
      const queue = yield* liveQueue(MODERATOR, { limit: 1, offset: 1 })
      expect(queue.items).toEqual([{
        position: 2,
        player: { platformId: "101", username: "Jane_Doe", account: expect.objectContaining({ id: "account-jane" }) }
      }])
      expect(queue.total).toBe(2)
      expect((yield* liveQueue(MODERATOR, FIRST)).items[0]?.player).toEqual({ platformId: "999", username: null, account: null })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("order the staff by level, then username ignoring case", () =>
    Effect.gen(function*() {
      yield* setPicture({
        staff: [
          { player: { username: "zed", platformId: "5" }, level: "Helper" },
          { player: { username: "bob", platformId: "4" }, level: "Mod" },
          { player: { username: "Alice", platformId: "3" }, level: "Mod" },
          { player: { username: "Owner2", platformId: "1" }, level: "CoOwner" },
          { player: { username: "adm", platformId: "2" }, level: "Admin" }
        ]
      })
      expect((yield* liveStaff(MODERATOR, FIRST)).items.map((m) => `${m.level}:${m.player.username}`)).toEqual([
        "CoOwner:Owner2",
        "Admin:adm",
        "Mod:Alice",
        "Mod:bob",
        "Helper:zed"
      ])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("answer the game's ban list by username, each with Bluelight's newest ban of that player", () =>
    Effect.gen(function*() {
      yield* TestGame.use((game) =>
        Ref.update(game, (s) => ({
          ...s,
          bans: [{ platformId: "777", username: "zz_cheater" }, { platformId: "555", username: "Griefer" }, { platformId: "666", username: "Hacker" }]
        }))
      )
      const ban = (id: string, seconds: number, targetPlatformId = "555", type: ModerationAction["type"] = "ban"): ModerationAction => ({
        id: ModerationActionId.make(id),
        type,
        targetPlatformId,
        targetUsername: "Griefer",
        requester: { _tag: "Moderator", id: AccountId.make("account-mod") },
        reason: "Griefing",
        evidence: null,
        createdAt: at(seconds),
        updatedAt: at(seconds),
        delivery: "SUCCEEDED",
        errorCode: null,
        idempotencyKey: `key-${id}-0123456789`,
        fingerprint: id
      })
      yield* ModerationActions.use((actions) =>
        Effect.forEach([
          ban("action-old", 10),
          ban("action-new", 20),
          // A later warning is not a ban; two bans of one moment: the later id, as the action lists order them.
          ban("action-warning", 30, "555", "warn"),
          ban("action-tie-b", 20, "666"),
          ban("action-tie-a", 20, "666"),
          ban("action-kick", 20, "777", "kick")
        ], (action) => actions.insert(action))
      )
      const bans = yield* liveBans(MODERATOR, FIRST)
      expect(bans.items.map((b) => [b.player.username, b.action?.id ?? null])).toEqual([
        ["Griefer", "action-new"],
        ["Hacker", "action-tie-b"],
        ["zz_cheater", null]
      ])
      expect(bans.total).toBe(3)
      expect((yield* reads).bans).toBe(1)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("answer the game's emergency calls newest first, each with the CAD call it became and its players by name", () =>
    Effect.gen(function*() {
      yield* linkJane
      const call = (callNumber: number, startedAt: number, caller: string | null) => ({
        callNumber,
        team: "Police",
        callerPlatformId: caller,
        responderPlatformIds: ["101"],
        position: { x: 1, z: -2 },
        startedAt: at(startedAt),
        description: "shots fired",
        positionDescriptor: null
      })
      yield* setPicture({ emergencyCalls: [call(135, 50, "102"), call(136, 60, null)] })
      const cadCall = (id: string, gameCallNumber: number | null, seconds: number): Call => ({
        id: CallId.make(id),
        status: "WAITING",
        callerName: "John_Roe",
        callerNumber: null,
        location: "Park Street, 218",
        description: "shots fired",
        incidentId: null,
        closeReason: null,
        createdAt: at(seconds),
        updatedAt: at(seconds),
        closedAt: null,
        source: gameCallNumber === null ? "API" : "GAME",
        gameCallNumber
      })
      // The game numbered a call 135 again after a restart: the newest CAD call carrying it answers.
      yield* Calls.use((calls) =>
        Effect.all([calls.insert(cadCall("call-135-old", 135, 1)), calls.insert(cadCall("call-135", 135, 55)), calls.insert(cadCall("call-api", null, 56))])
      )
      const calls = yield* liveEmergencyCalls(MODERATOR, FIRST)
      expect(calls.items.map((c) => [c.callNumber, c.cadCallId])).toEqual([[136, null], [135, "call-135"]])
      expect(calls.items[0]?.caller).toBeNull()
      expect(calls.items[1]?.caller).toEqual({ platformId: "102", username: "John_Roe", account: null })
      expect(calls.items[1]?.responders).toEqual([{ platformId: "101", username: "Jane_Doe", account: expect.objectContaining({ id: "account-jane" }) }])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("show a player's linked account only to a viewer who looks after players; others see the game's username alone", () =>
    Effect.gen(function*() {
      yield* linkJane
      yield* setPicture({
        emergencyCalls: [{
          callNumber: 140,
          team: "Police",
          callerPlatformId: "101",
          responderPlatformIds: [],
          position: { x: 1, z: 2 },
          startedAt: at(50),
          description: null,
          positionDescriptor: null
        }],
        queue: ["101"]
      })
      expect((yield* liveEmergencyCalls(MODERATOR, FIRST)).items[0]?.caller?.account).toMatchObject({ id: "account-jane" })
      const hidden = (yield* liveEmergencyCalls(DISPATCHER, FIRST)).items[0]?.caller
      expect(hidden).toEqual({ platformId: "101", username: "Jane_Doe", account: null })
      expect((yield* liveQueue(DISPATCHER, FIRST)).items[0]?.player).toEqual({ platformId: "101", username: "Jane_Doe", account: null })
      expect((yield* liveQueue(MODERATOR, FIRST)).items[0]?.player.account).toMatchObject({ id: "account-jane" })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("show the game's usernames and text cleaned: no direction override, zero-width or control character", () =>
    Effect.gen(function*() {
      const spoofer = { username: "Evil\u202eenaJ\u200b", platformId: "104" }
      yield* setPicture({
        joinLogs: [{ at: at(10), joined: true, player: spoofer }],
        commandLogs: [{ at: at(11), player: spoofer, command: ":h hi\u202e\u0007" }],
        vehicles: [{ name: "Car\u200b", plate: "AB\u202e12", ownerUsername: spoofer.username, livery: null, colour: null }]
      })
      expect((yield* liveJoinLogs(MODERATOR, FIRST)).items[0]?.player.username).toBe("EvilenaJ")
      expect((yield* liveCommandLogs(MODERATOR, FIRST)).items[0]?.command).toBe(":h hi")
      expect((yield* liveVehicles(MODERATOR, FIRST)).items[0]).toMatchObject({ name: "Car", plate: "AB12", owner: { username: "EvilenaJ" } })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("read the game once for every reader of every part within a refresh, and the failure too", () =>
    Effect.gen(function*() {
      yield* Effect.all([
        liveJoinLogs(MODERATOR, FIRST),
        liveKillLogs(MODERATOR, FIRST),
        liveVehicles(MODERATOR, FIRST),
        liveQueue(MODERATOR, FIRST),
        liveStaff(MODERATOR, FIRST),
        liveCommandLogs(MODERATOR, FIRST),
        liveModCalls(MODERATOR, FIRST),
        liveEmergencyCalls(MODERATOR, FIRST),
        ...Array.from({ length: 20 }, () => liveJoinLogs(MODERATOR, FIRST))
      ], { concurrency: "unbounded" })
      expect(yield* reads).toEqual({ snapshot: 1, bans: 0 })
      yield* TestGame.use((game) => Ref.update(game, (s) => ({ ...s, down: true })))
      yield* TestClock.adjust("3 seconds")
      const failures = yield* Effect.all(Array.from({ length: 10 }, () => Effect.flip(liveStaff(MODERATOR, FIRST))), { concurrency: "unbounded" })
      expect(failures.every((f) => f.code === "GAME_UNAVAILABLE")).toBe(true)
      expect((yield* reads).snapshot).toBe(2)
      yield* TestGame.use((game) => Ref.update(game, (s) => ({ ...s, down: false })))
      yield* Effect.flip(liveStaff(MODERATOR, FIRST))
      expect((yield* reads).snapshot).toBe(2)
      yield* TestClock.adjust("3 seconds")
      yield* liveStaff(MODERATOR, FIRST)
      expect((yield* reads).snapshot).toBe(3)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("say in health whether the game answered and when the snapshot in use was read", () =>
    Effect.gen(function*() {
      const live = yield* LivePicture
      yield* liveStaff(MODERATOR, FIRST)
      const up = yield* live.health
      expect(up).toMatchObject({ answering: true, problem: null })
      const readAt = up.observedAt
      yield* TestGame.use((game) => Ref.update(game, (s) => ({ ...s, down: true })))
      yield* TestClock.adjust("3 seconds")
      const down = yield* live.health
      expect(down).toEqual({ answering: false, observedAt: readAt, problem: "HTTP 500" })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
