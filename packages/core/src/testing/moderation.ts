import { Clock, Context, DateTime, Effect, Layer, Option, Ref } from "effect"
import {
  type CommandOutcome,
  GameCommandSlot,
  GameServer,
  type GameServerStatus,
  GameServerUnreachable,
  GameThrottled,
  type LivePlayer,
  type ModerationAction,
  type ModerationActionId,
  ModerationActions,
  type ModerationFilter,
  type ModerationRequester,
  type ModerationType
} from "../moderation/index.js"
import { type GameBan, LivePictureInMemory, type LiveSnapshot, LiveSource } from "../game/index.js"
import { type Page, toPage } from "../kernel/index.js"
import { EMPTY_PICTURE, InMemoryGameCallLinks, type TestPicture } from "./game.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

export const MODERATION_ACTIONS_TABLE = "moderation_actions"

const sameRequester = (a: ModerationRequester, b: ModerationRequester) => a._tag === b._tag && a.id === b.id

/** The order of the action lists: newest first, then by id, newest first. */
const newestFirst = (actions: ReadonlyArray<ModerationAction>) =>
  [...actions].sort((a, b) => b.createdAt.epochMilliseconds - a.createdAt.epochMilliseconds || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))

/** Moderation actions in the in-memory tables; the key is unique per requester, as the database's index makes it. */
export const InMemoryModerationActions = Layer.effect(
  ModerationActions,
  InMemoryDatabase.useSync((db) => {
    const rows = db.rows<ModerationAction>(MODERATION_ACTIONS_TABLE)
    const find = (predicate: (action: ModerationAction) => boolean) => Effect.map(rows, (all) => Option.fromNullishOr(all.find(predicate)))
    const byId = (id: ModerationActionId) => find((action) => action.id === id)
    return {
      insert: (action: ModerationAction) =>
        Effect.flatMap(rows, (all) =>
          all.some((other) => sameRequester(other.requester, action.requester) && other.idempotencyKey === action.idempotencyKey)
            ? Effect.succeed(false)
            : Effect.as(db.insert(MODERATION_ACTIONS_TABLE, action), true)),
      findByKey: (requester: ModerationRequester, key: string) => find((action) => sameRequester(action.requester, requester) && action.idempotencyKey === key),
      findById: byId,
      findByIdForUpdate: byId,
      update: (action: ModerationAction) =>
        db.update<ModerationAction>(MODERATION_ACTIONS_TABLE, (all) => all.map((stored) => (stored.id === action.id ? action : stored))),
      list: (filter: ModerationFilter, page: Page) =>
        Effect.map(rows, (all) => {
          const matching = all.filter((action) =>
            (filter.targetPlatformId === undefined || action.targetPlatformId === filter.targetPlatformId) &&
            (filter.type === undefined || action.type === filter.type)
          )
          return toPage(newestFirst(matching).slice(page.offset, page.offset + page.limit + 1), page)
        }),
      newestPerTarget: (type: ModerationType, targetPlatformIds: ReadonlyArray<string>) =>
        Effect.map(rows, (all) => {
          const wanted = new Set(targetPlatformIds)
          const newest = new Map<string, ModerationAction>()
          for (const action of newestFirst(all.filter((action) => action.type === type && wanted.has(action.targetPlatformId)))) {
            if (!newest.has(action.targetPlatformId)) newest.set(action.targetPlatformId, action)
          }
          return newest
        })
    }
  })
)

/** What the test game server holds, and how a test steers it. */
export interface TestGameState {
  readonly status: GameServerStatus
  readonly players: ReadonlyArray<LivePlayer>
  /** Reads fail while true. */
  readonly down: boolean
  /** The answers to the next commands, in order; `Executed` when none is left. */
  readonly outcomes: ReadonlyArray<CommandOutcome | "die">
  /** Every command sent, oldest first. */
  readonly sent: ReadonlyArray<string>
  /** How many reads of the status, the players or the live snapshot reached it. */
  readonly reads: number
  /** The rest of the live picture (logs, queue, staff, vehicles, emergency calls, where players are). */
  readonly picture: TestPicture
  /** The game's own ban list. */
  readonly bans: ReadonlyArray<GameBan>
  /** How many reads of the ban list reached it. */
  readonly banReads: number
}

/** The handle of the test game server. */
export class TestGame extends Context.Service<TestGame, Ref.Ref<TestGameState>>()("@bluelight/core/testing/TestGame") {}

export const TEST_PLAYERS: ReadonlyArray<LivePlayer> = [
  { username: "Jane_Doe", platformId: "101", permission: "Normal", callsign: null, team: "Civilian" },
  { username: "John_Roe", platformId: "102", permission: "Normal", callsign: null, team: "Police" },
  { username: "Mod_Max", platformId: "103", permission: "Server Moderator", callsign: null, team: "Police" }
]

/**
 * A game server in memory: the players a test sets, reads that fail while it
 * is `down`, and commands answered from the `outcomes` queue (`"die"`: the
 * send step crashes, as a process dying after the record is stored).
 */
export const TestGameServer = Layer.effectContext(
  Effect.gen(function*() {
    const state = yield* Ref.make<TestGameState>({
      status: { name: "Test Server", currentPlayers: TEST_PLAYERS.length, maxPlayers: 40, joinKey: "test" },
      players: TEST_PLAYERS,
      down: false,
      outcomes: [],
      sent: [],
      reads: 0,
      picture: EMPTY_PICTURE,
      bans: [],
      banReads: 0
    })
    const read = <A>(f: (s: TestGameState) => A) =>
      Effect.flatMap(
        Ref.updateAndGet(state, (s) => ({ ...s, reads: s.reads + 1 })),
        (s) => s.down ? Effect.fail(new GameServerUnreachable({ reason: "HTTP 500" })) : Effect.succeed(f(s))
      )
    const send = (command: string) =>
      Effect.flatMap(
        Ref.modify(state, (s): [CommandOutcome | "die", TestGameState] => [
          s.outcomes[0] ?? { _tag: "Executed" },
          { ...s, outcomes: s.outcomes.slice(1), sent: [...s.sent, command] }
        ]),
        (outcome) => (outcome === "die" ? Effect.die(new Error("the process died while sending")) : Effect.succeed(outcome))
      )
    return Context.make(TestGame, state).pipe(
      Context.add(GameServer, { status: read((s) => s.status), players: read((s) => s.players), send })
    )
  })
)

/**
 * The uncached reads of the test game server (`TestGame`): the snapshot is
 * its status, players and `picture`, observed at the Effect clock's now; each
 * read counts (`reads`, `banReads`) and fails while it is `down`.
 */
export const TestLiveSource = Layer.effect(
  LiveSource,
  Effect.gen(function*() {
    const state = yield* TestGame
    const down = new GameServerUnreachable({ reason: "HTTP 500" })
    const snapshot = Effect.gen(function*() {
      const s = yield* Ref.updateAndGet(state, (s) => ({ ...s, reads: s.reads + 1 }))
      if (s.down) return yield* down
      const { locations, wantedStars, ...picture } = s.picture
      return {
        ...picture,
        observedAt: yield* DateTime.now,
        status: s.status,
        players: s.players.map((player) => ({
          ...player,
          wantedStars: wantedStars[player.platformId] ?? 0,
          location: locations[player.platformId] ?? null
        }))
      } satisfies LiveSnapshot
    })
    const bans = Effect.gen(function*() {
      const s = yield* Ref.updateAndGet(state, (s) => ({ ...s, banReads: s.banReads + 1 }))
      if (s.down) return yield* down
      return { observedAt: yield* DateTime.now, bans: s.bans }
    })
    return { snapshot, bans }
  })
)

/** The live picture over the test game server, cached in memory as a single instance has it. */
export const TestLivePicture = LivePictureInMemory().pipe(Layer.provide(TestLiveSource))

/** The game-command slot in memory on the Effect clock: one lease at a time, `cooldownSeconds` after each command sent. */
export const TestGameCommandSlot = (cooldownSeconds = 5) =>
  Layer.effect(
    GameCommandSlot,
    Effect.gen(function*() {
      interface SlotState {
        readonly held: boolean
        readonly coolUntil: number
      }
      const state = yield* Ref.make<SlotState>({ held: false, coolUntil: 0 })
      return {
        take: Effect.gen(function*() {
          const now = yield* Clock.currentTimeMillis
          const refusal = yield* Ref.modify(state, (s): [GameThrottled | null, SlotState] =>
            s.held
              ? [GameThrottled.because("in-flight", cooldownSeconds), s]
              : s.coolUntil > now
              ? [GameThrottled.because("cooling-down", (s.coolUntil - now) / 1000), s]
              : [null, { ...s, held: true }])
          if (refusal !== null) return yield* refusal
          return {
            release: (sent: boolean) =>
              Effect.flatMap(Clock.currentTimeMillis, (at) =>
                Ref.update(state, (s) => ({ held: false, coolUntil: sent ? at + cooldownSeconds * 1000 : s.coolUntil })))
          }
        })
      }
    })
  )

/**
 * Every moderation port: the repository on the in-memory tables, the test
 * game server, the live picture over it (cached in memory, as a single
 * instance has it), which game calls CAD calls became, and the slot.
 */
export const TestModerationPorts = Layer.mergeAll(
  InMemoryModerationActions,
  TestLivePicture.pipe(Layer.provideMerge(TestGameServer)),
  TestGameCommandSlot(),
  InMemoryGameCallLinks
)
