import { AuditQueries } from "@bluelight/core/audit"
import { type AuditAction, AuditLog, CurrentRequestId, Transactor } from "@bluelight/core/kernel"
import { layerPgClient, PgAuditLog, PgAuditQueries, PgTransactor, RandomIds, runMigrations } from "@bluelight/adapters-pg/internal"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DateTime, Effect, Layer, ManagedRuntime, Redacted, Tracer } from "effect"
import { freshDatabase, freshPostgres, type TestDatabase } from "../../../test/harness/database.js"
import { testDatabaseUrl } from "../../../test/harness/settings.js"
import { migrations } from "../src/migrations/index.js"

type Ports = Transactor | AuditLog | AuditQueries | SqlClient.SqlClient

let database: TestDatabase
let runtime: ManagedRuntime.ManagedRuntime<Ports, never>

// One runtime (one pool) for the file: PGlite serves one connection at a time.
beforeAll(async () => {
  database = await freshDatabase()
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  runtime = ManagedRuntime.make(
    Layer.mergeAll(PgTransactor, PgAuditLog, PgAuditQueries).pipe(
      Layer.provideMerge(RandomIds),
      Layer.provideMerge(client),
      Layer.orDie
    )
  )
  // Every migration runs on a fresh database, the kernel's and identity's first.
  expect((await run(runMigrations)).map(([id]) => id).slice(0, 4)).toEqual([1, 2, 3, 4])
  await run(SqlClient.SqlClient.use((sql) => sql`CREATE TABLE probe (name text NOT NULL)`))
})
afterAll(async () => {
  await runtime?.dispose()
  await database?.dispose()
})

const run = <A, E>(effect: Effect.Effect<A, E, Ports>) => runtime.runPromise(effect)

/**
 * A stand-in change: a row in `probe` and its audit entry, in one transaction.
 * Its actions are stand-ins too (`probe.*`, not in `AUDIT_ACTIONS`): the store
 * keeps any text, and these tests find their own entries by action.
 */
const audited = (name: string, action: string = "probe.created") =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const transactor = yield* Transactor
    const audit = yield* AuditLog
    yield* transactor.transaction(
      Effect.gen(function*() {
        yield* sql`INSERT INTO probe (name) VALUES (${name})`.pipe(Effect.orDie)
        yield* audit.record({ action: action as AuditAction, actor: { type: "user", id: "u-1" }, targetType: "probe", targetId: name, data: { name } })
      })
    )
  })

const probeNames = SqlClient.SqlClient.use((sql) => sql<{ name: string }>`SELECT name FROM probe ORDER BY name`).pipe(
  Effect.map((rows) => rows.map((row) => row.name))
)

describe("migrations", () => {
  it("have run, and running them again applies nothing", async () => {
    expect(await run(runMigrations)).toEqual([])
  })
})

// Several instances on one database is a Postgres deployment (an embedded PGlite has one instance
// by construction: its data directory is locked), so this is declared where Postgres is given.
for (const url of testDatabaseUrl === undefined ? [] : [testDatabaseUrl]) {
  describe("migrations run by several instances at once on a new Postgres database", () => {
    it("are applied once, by one of them, and none fails on the migrations table another created", async () => {
      const fresh = await freshPostgres(url)
      const instances = Array.from(
        { length: 4 },
        () => ManagedRuntime.make(layerPgClient({ url: Redacted.make(fresh.url), maxConnections: 1 }).pipe(Layer.orDie))
      )
      try {
        const all = (await Effect.runPromise(migrations)).map(([id]) => id)
        const applied = await Promise.all(instances.map((instance) => instance.runPromise(runMigrations)))
        expect(applied.flat().map(([id]) => id).sort((a, b) => a - b)).toEqual(all)
        expect(applied.filter((ids) => ids.length > 0)).toHaveLength(1)
        const { rows } = await fresh.query<{ migration_id: number }>("SELECT migration_id FROM bluelight_migrations ORDER BY migration_id")
        expect(rows.map((row) => row.migration_id)).toEqual(all)
      } finally {
        for (const instance of instances) await instance.dispose()
        await fresh.dispose()
      }
    })
  })
}

describe("Postgres transactor and audit log", () => {
  it("commit a change with its audit entry, naming the request", async () => {
    await run(audited("committed").pipe(Effect.provideService(CurrentRequestId, "req-1")))
    expect(await run(probeNames)).toContain("committed")
    const page = await run(AuditQueries.use((q) => q.list({ targetId: "committed" }, { limit: 10, offset: 0 })))
    expect(page.items).toHaveLength(1)
    expect(page.items[0]).toMatchObject({ action: "probe.created", actor: { type: "user", id: "u-1" }, requestId: "req-1", data: { name: "committed" } })
  })

  it("roll the change back when the audit insert fails", async () => {
    await database.query(`
      CREATE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'probe.doomed' THEN RAISE EXCEPTION 'audit write refused for the test'; END IF;
        RETURN NEW;
      END $$`)
    await database.query(`CREATE TRIGGER fail_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION fail_audit()`)
    const exit = await run(Effect.exit(audited("doomed", "probe.doomed")))
    expect(exit._tag).toBe("Failure")
    expect(await run(probeNames)).not.toContain("doomed")
    const page = await run(AuditQueries.use((q) => q.list({ action: "probe.doomed" }, { limit: 10, offset: 0 })))
    expect(page.items).toEqual([])
  })

  it("keep the audit log append-only", async () => {
    await expect(database.query(`UPDATE audit_log SET action = 'rewritten'`)).rejects.toThrow(/append-only/)
    await expect(database.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/)
    await expect(database.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/)
  })
})

describe("audit queries", () => {
  it("filter and page newest first", async () => {
    for (const name of ["q-1", "q-2", "q-3"]) await run(audited(name, "probe.paged"))
    const first = await run(AuditQueries.use((q) => q.list({ action: "probe.paged" }, { limit: 2, offset: 0 })))
    expect(first.items.map((entry) => entry.targetId)).toEqual(["q-3", "q-2"])
    expect(first.meta).toEqual({ limit: 2, offset: 0, hasMore: true })
    const second = await run(AuditQueries.use((q) => q.list({ action: "probe.paged" }, { limit: 2, offset: 2 })))
    expect(second.items.map((entry) => entry.targetId)).toEqual(["q-1"])
    expect(second.meta.hasMore).toBe(false)
    const future = DateTime.makeUnsafe(Date.now() + 60_000)
    const none = await run(AuditQueries.use((q) => q.list({ from: future }, { limit: 5, offset: 0 })))
    expect(none.items).toEqual([])
    const byService = await run(AuditQueries.use((q) => q.list({ serviceId: "u-1" }, { limit: 5, offset: 0 })))
    expect(byService.items).toEqual([])
    const byActor = await run(AuditQueries.use((q) => q.list({ actorId: "u-1", action: "probe.paged" }, { limit: 5, offset: 0 })))
    expect(byActor.items).toHaveLength(3)
  })
})

describe("tracing", () => {
  it("the audit log and its queries open spans named for the adapter and the call", async () => {
    const opened: Array<string> = []
    const traced = Effect.flatMap(Effect.tracer, (native) =>
      Effect.withTracer(
        Effect.andThen(audited("traced"), AuditQueries.use((q) => q.list({ targetId: "traced" }, { limit: 1, offset: 0 }))),
        Tracer.make({ span: (options) => (opened.push(options.name), native.span(options)), context: native.context })
      ))
    await run(traced)
    expect(opened).toContain("PgAuditLog.record")
    expect(opened).toContain("PgAuditQueries.list")
  })
})
