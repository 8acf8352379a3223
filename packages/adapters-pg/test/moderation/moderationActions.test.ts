import { type Account, AccountId, Accounts, type ServiceCredential, ServiceCredentialId, ServiceCredentials } from "@bluelight/core/identity"
import { Transactor } from "@bluelight/core/kernel"
import { type ModerationAction, ModerationActionId, ModerationActions } from "@bluelight/core/moderation"
import { InMemoryDatabase, InMemoryIdentityRepositories, InMemoryModerationActions, InMemoryTransactor } from "@bluelight/core/testing"
import { layerPgClient, PgIdentityRepositories, PgModerationActions, PgTransactor } from "@bluelight/adapters-pg/internal"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DateTime, Effect, Layer, ManagedRuntime, Option, Redacted } from "effect"
import { freshDatabase, type TestDatabase } from "../../../../test/harness/database.js"

type Ports = ModerationActions | Accounts | ServiceCredentials | Transactor

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Ports>) => Promise<A>
  readonly dispose: () => Promise<void>
}

expect.addEqualityTesters([
  (a: unknown, b: unknown) => DateTime.isDateTime(a) && DateTime.isDateTime(b) ? DateTime.Equivalence(a, b) : undefined
])

let sequence = 0
const uid = (prefix: string) => `${prefix}-${(++sequence).toString(36)}-${Math.random().toString(36).slice(2, 8)}`
const at = (iso: string) => DateTime.makeUnsafe(iso)
const T0 = at("2026-01-01T09:00:00.000Z")

const anAccount = (): Account => {
  const id = AccountId.make(uid("acc"))
  return {
    id,
    displayName: "Moderator",
    status: "ACTIVE",
    identity: { id: `idp-${id}`, username: "mod", avatar: null },
    platform: null,
    createdAt: T0,
    updatedAt: T0
  }
}
const aCredential = (issuedBy: AccountId): ServiceCredential => ({
  id: ServiceCredentialId.make(uid("cred")),
  name: "Bot",
  tokenHash: uid("hash"),
  scopes: ["moderation.kick"],
  createdAt: T0,
  expiresAt: at("2027-01-01T00:00:00.000Z"),
  revokedAt: null,
  issuedBy
})
const anAction = (requester: ModerationAction["requester"], overrides: Partial<ModerationAction> = {}): ModerationAction => ({
  id: ModerationActionId.make(uid("act")),
  type: "kick",
  targetPlatformId: uid("p"),
  targetUsername: "Jane_Doe",
  requester,
  reason: "Breaking rules",
  evidence: null,
  createdAt: T0,
  updatedAt: T0,
  delivery: "UNKNOWN",
  errorCode: null,
  idempotencyKey: uid("key-0123456789"),
  fingerprint: "[\"kick\"]",
  ...overrides
})

const contract = (name: string, makeBackend: () => Promise<Backend>) =>
  describe(`moderation actions: ${name}`, () => {
    let backend: Backend
    let moderator: Account
    let credential: ServiceCredential
    beforeAll(async () => {
      backend = await makeBackend()
      moderator = anAccount()
      credential = aCredential(moderator.id)
      await backend.run(Effect.gen(function*() {
        yield* Accounts.use((accounts) => accounts.insert(moderator))
        yield* ServiceCredentials.use((credentials) => credentials.insert(credential))
      }))
    })
    afterAll(() => backend?.dispose())
    const byModerator = () => ({ _tag: "Moderator" as const, id: moderator.id })
    const byService = () => ({ _tag: "Service" as const, id: credential.id })

    it("stores an action and finds it by id and by the requester's key, as it was", async () => {
      const action = anAction(byModerator(), { evidence: "clip", delivery: "FAILED", errorCode: "TARGET_IS_STAFF", targetUsername: null })
      const found = await backend.run(Effect.gen(function*() {
        const actions = yield* ModerationActions
        expect(yield* actions.insert(action)).toBe(true)
        return {
          byId: yield* actions.findById(action.id),
          forUpdate: yield* Transactor.use((t) => t.transaction(actions.findByIdForUpdate(action.id))),
          byKey: yield* actions.findByKey(byModerator(), action.idempotencyKey),
          byOtherRequester: yield* actions.findByKey(byService(), action.idempotencyKey)
        }
      }))
      expect(found.byId).toEqual(Option.some(action))
      expect(found.forUpdate).toEqual(Option.some(action))
      expect(found.byKey).toEqual(Option.some(action))
      expect(found.byOtherRequester).toEqual(Option.none())
    })

    it("keeps a key unique per requester: a second action under it is refused, another requester's is stored", async () => {
      const key = uid("key-0123456789")
      const results = await backend.run(Effect.gen(function*() {
        const actions = yield* ModerationActions
        return [
          yield* actions.insert(anAction(byModerator(), { idempotencyKey: key })),
          yield* actions.insert(anAction(byModerator(), { idempotencyKey: key })),
          yield* actions.insert(anAction(byService(), { idempotencyKey: key })),
          yield* actions.insert(anAction(byService(), { idempotencyKey: key }))
        ]
      }))
      expect(results).toEqual([true, false, true, false])
    })

    it("refuses one key twice in one transaction without aborting it", async () => {
      const key = uid("key-0123456789")
      const second = anAction(byService(), { idempotencyKey: key })
      const stored = await backend.run(Transactor.use((t) =>
        t.transaction(Effect.gen(function*() {
          const actions = yield* ModerationActions
          yield* actions.insert(anAction(byModerator(), { idempotencyKey: key }))
          expect(yield* actions.insert(anAction(byModerator(), { idempotencyKey: key }))).toBe(false)
          yield* actions.insert(second)
          return yield* actions.findById(second.id)
        }))
      ))
      expect(Option.isSome(stored)).toBe(true)
    })

    it("updates the delivery and lists newest first, by target and by type", async () => {
      const target = uid("target")
      const older = anAction(byModerator(), { targetPlatformId: target, type: "warn", createdAt: at("2026-02-01T00:00:00.000Z") })
      const newer = anAction(byService(), { targetPlatformId: target, type: "ban", createdAt: at("2026-02-02T00:00:00.000Z") })
      const listed = await backend.run(Effect.gen(function*() {
        const actions = yield* ModerationActions
        yield* actions.insert(older)
        yield* actions.insert(newer)
        yield* actions.update({ ...newer, delivery: "SUCCEEDED", updatedAt: at("2026-02-02T00:00:01.000Z") })
        return {
          all: yield* actions.list({ targetPlatformId: target }, { limit: 10, offset: 0 }),
          bans: yield* actions.list({ targetPlatformId: target, type: "ban" }, { limit: 10, offset: 0 }),
          first: yield* actions.list({ targetPlatformId: target }, { limit: 1, offset: 0 })
        }
      }))
      expect(listed.all.items.map((a) => a.id)).toEqual([newer.id, older.id])
      expect(listed.all.items[0]).toMatchObject({ delivery: "SUCCEEDED", requester: byService() })
      expect(listed.bans.items.map((a) => a.id)).toEqual([newer.id])
      expect(listed.first.meta).toEqual({ limit: 1, offset: 0, hasMore: true })
    })

    it("answers each target's newest action of a type at once: the newest of several, ties by id, other types and targets left out", async () => {
      const [several, tied, otherTypes, none, notAsked] = [uid("several"), uid("tied"), uid("other"), uid("none"), uid("unasked")]
      const day = (n: number) => at(`2026-03-0${n}T00:00:00.000Z`)
      const tie = uid("tie")
      const ban = (target: string, createdAt: DateTime.Utc, id = ModerationActionId.make(uid("act"))) =>
        anAction(byModerator(), { id, targetPlatformId: target, type: "ban", createdAt })
      const newestOfSeveral = ban(several, day(3))
      const tieWinner = ban(tied, day(2), ModerationActionId.make(`${tie}-b`))
      const olderBan = ban(otherTypes, day(1))
      const stored = [
        ban(several, day(1)),
        newestOfSeveral,
        ban(several, day(2)),
        ban(tied, day(2), ModerationActionId.make(`${tie}-a`)),
        tieWinner,
        ban(tied, day(1)),
        olderBan,
        anAction(byService(), { targetPlatformId: otherTypes, type: "warn", createdAt: day(4) }),
        anAction(byService(), { targetPlatformId: none, type: "kick", createdAt: day(4) }),
        ban(notAsked, day(5))
      ]
      const found = await backend.run(Effect.gen(function*() {
        const actions = yield* ModerationActions
        for (const action of stored) yield* actions.insert(action)
        return {
          bans: yield* actions.newestPerTarget("ban", [several, tied, otherTypes, none, uid("stranger")]),
          warnings: yield* actions.newestPerTarget("warn", [several, otherTypes]),
          nobody: yield* actions.newestPerTarget("ban", [])
        }
      }))
      expect(found.bans).toEqual(new Map([[several, newestOfSeveral], [tied, tieWinner], [otherTypes, olderBan]]))
      expect([...found.warnings.keys()]).toEqual([otherTypes])
      expect(found.nobody.size).toBe(0)
    })
  })

contract("Postgres", async () => {
  const database: TestDatabase = await freshDatabase({ migrated: true })
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(PgModerationActions, PgIdentityRepositories, PgTransactor).pipe(Layer.provideMerge(client), Layer.orDie)
  )
  return {
    run: (effect) => runtime.runPromise(effect),
    dispose: async () => {
      await runtime.dispose()
      await database.dispose()
    }
  }
})

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(InMemoryModerationActions, InMemoryIdentityRepositories, InMemoryTransactor).pipe(Layer.provideMerge(InMemoryDatabase.layer))
  )
  return { run: (effect) => runtime.runPromise(effect), dispose: () => runtime.dispose() }
})
