/**
 * The community's settings store: the same cases on Postgres and on the
 * in-memory port, so both answer alike. A database of its own: the settings
 * are one record for the whole deployment.
 */
import { type CommunitySettings, CommunitySettingsStore, defaultCommunitySettings } from "@bluelight/core/civilians"
import { AccountId, Accounts } from "@bluelight/core/identity"
import { inTransaction } from "@bluelight/core/kernel"
import { personAccount, testPorts } from "@bluelight/core/testing"
import { layerPgClient, PgAuditLog, PgCivilianRepositories, PgIdentityRepositories, PgTransactor, RandomIds, PgWebhooks } from "@bluelight/adapters-pg/internal"
import { OutboxLive } from "@bluelight/core/webhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DateTime, Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { freshDatabase, type TestDatabase } from "../../../../test/harness/database.js"

type Ports = Layer.Success<ReturnType<typeof testPorts>>

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Ports>) => Promise<A>
  /** The Postgres database behind it, to look from another connection; none in memory. */
  readonly database: TestDatabase | undefined
  readonly dispose: () => Promise<void>
}

expect.addEqualityTesters([
  (a: unknown, b: unknown) => DateTime.isDateTime(a) && DateTime.isDateTime(b) ? DateTime.Equivalence(a, b) : undefined
])

const read = CommunitySettingsStore.use((store) => store.read)

const contract = (name: string, makeBackend: () => Promise<Backend>) =>
  describe(`community settings store: ${name}`, () => {
    let backend: Backend | undefined
    const run = <A, E>(effect: Effect.Effect<A, E, Ports>) => {
      if (backend === undefined) throw new Error("the backend did not start")
      return backend.run(effect)
    }
    beforeAll(async () => {
      backend = await makeBackend()
    })
    afterAll(async () => {
      await backend?.dispose()
    })

    it("reads as the defaults before any change (the migration's row is core's defaults)", async () => {
      expect(await run(read)).toEqual(defaultCommunitySettings)
      expect(await run(inTransaction(CommunitySettingsStore.use((store) => store.readForUpdate)))).toEqual(defaultCommunitySettings)
    })

    it("saves every field, and reads back what was saved, locked or not", async () => {
      const admin = { ...personAccount("Settings Admin"), id: AccountId.make(`acc-settings-${name.replace(/\W/g, "")}`) }
      await run(Accounts.use((accounts) => accounts.insert(admin)))
      const saved: CommunitySettings = {
        licencePointsThreshold: 0,
        tottingUpSuspensionDays: 3650,
        warrantsNeedApproval: true,
        updatedAt: DateTime.makeUnsafe("2026-06-15T12:34:56.789Z"),
        updatedBy: admin.id
      }
      await run(inTransaction(CommunitySettingsStore.use((store) => store.save(saved))))
      expect(await run(read)).toEqual(saved)
      expect(await run(inTransaction(CommunitySettingsStore.use((store) => store.readForUpdate)))).toEqual(saved)
      const bounds: CommunitySettings = { ...saved, licencePointsThreshold: 100, tottingUpSuspensionDays: 1, warrantsNeedApproval: false }
      await run(inTransaction(CommunitySettingsStore.use((store) => store.save(bounds))))
      expect(await run(read)).toEqual(bounds)
    })

    it("read-check-write under readForUpdate loses no change: twenty parallel increments add twenty; on Postgres the row is locked meanwhile", async () => {
      await run(inTransaction(CommunitySettingsStore.use((store) => Effect.flatMap(store.read, (s) => store.save({ ...s, licencePointsThreshold: 0 })))))
      const increment = inTransaction(Effect.gen(function*() {
        const store = yield* CommunitySettingsStore
        const current = yield* store.readForUpdate
        // Another transaction's turn comes between the read and the write, unless the read locked the row.
        yield* Effect.yieldNow
        yield* store.save({ ...current, licencePointsThreshold: current.licencePointsThreshold + 1 })
      }))
      await Promise.all(Array.from({ length: 20 }, () => run(increment)))
      expect((await run(read)).licencePointsThreshold).toBe(20)

      // PGlite serves one connection (another would wait for it, not for the lock); memory has no connections.
      const database = backend?.database
      if (database?.kind === "postgres") {
        const attempt = () => database.query("SELECT 1 FROM community_settings FOR UPDATE NOWAIT").then(() => "taken", (error: Error) => error.message)
        const whileLocked = await run(inTransaction(Effect.flatMap(CommunitySettingsStore.use((store) => store.readForUpdate), () => Effect.promise(attempt))))
        expect(whileLocked).toMatch(/could not obtain lock/)
        expect(await attempt()).toBe("taken")
      }
    })
  })

contract("Postgres", async () => {
  const database: TestDatabase = await freshDatabase({ migrated: true })
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(PgCivilianRepositories, PgIdentityRepositories, PgTransactor, PgAuditLog, OutboxLive.pipe(Layer.provideMerge(PgWebhooks))).pipe(
      Layer.provideMerge(RandomIds),
      Layer.provideMerge(client),
      Layer.orDie
    )
  )
  return {
    run: (effect) => runtime.runPromise(effect as Effect.Effect<never, never, never>),
    database,
    dispose: async () => {
      await runtime.dispose()
      await database.dispose()
    }
  }
})

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(testPorts())
  return { run: (effect) => runtime.runPromise(effect), database: undefined, dispose: () => runtime.dispose() }
})
