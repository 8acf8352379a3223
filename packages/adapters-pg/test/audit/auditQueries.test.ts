import { AuditQueries } from "@bluelight/core/audit"
import { type Account, AccountId, Accounts, type ServiceCredential, ServiceCredentialId, ServiceCredentials } from "@bluelight/core/identity"
import { type Actor, type AuditAction, AuditLog, Transactor } from "@bluelight/core/kernel"
import {
  InMemoryAuditLog,
  InMemoryAuditQueries,
  InMemoryDatabase,
  InMemoryIdentityRepositories,
  InMemoryTransactor,
  SequentialIds
} from "@bluelight/core/testing"
import { layerPgClient, PgAuditLog, PgAuditQueries, PgIdentityRepositories, PgTransactor, RandomIds } from "@bluelight/adapters-pg/internal"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DateTime, Effect, Layer, ManagedRuntime, Redacted, Tracer } from "effect"
import { freshDatabase, type TestDatabase } from "../../../../test/harness/database.js"

type Ports = AuditQueries | AuditLog | Accounts | ServiceCredentials | Transactor

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Ports>) => Promise<A>
  readonly dispose: () => Promise<void>
}

let sequence = 0
const uid = (prefix: string) => `${prefix}-${(++sequence).toString(36)}-${Math.random().toString(36).slice(2, 8)}`
const T0 = DateTime.makeUnsafe("2026-01-01T09:00:00.000Z")

const anAccount = (displayName: string): Account => {
  const id = AccountId.make(uid("acc"))
  return { id, displayName, status: "ACTIVE", identity: { id: `idp-${id}`, username: "someone", avatar: null }, platform: null, createdAt: T0, updatedAt: T0 }
}
const aCredential = (name: string, issuedBy: AccountId): ServiceCredential => ({
  id: ServiceCredentialId.make(uid("cred")),
  name,
  tokenHash: uid("hash"),
  scopes: ["moderation.kick"],
  createdAt: T0,
  expiresAt: DateTime.makeUnsafe("2027-01-01T00:00:00.000Z"),
  revokedAt: null,
  issuedBy
})

/**
 * Runs `effect` and answers how many SQL statements it executed: the client
 * opens one span of kind `client` a statement (named for the database).
 */
const statementsOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.tracer, (base) => {
    let statements = 0
    const counting = Tracer.make({
      span: (options) => {
        if (options.kind === "client") statements++
        return base.span(options)
      },
      context: base.context
    })
    return Effect.map(Effect.withTracer(effect, counting), (value) => ({ value, statements }))
  })

const contract = (name: string, makeBackend: () => Promise<Backend>, sqlStatements: boolean) =>
  describe(`audit queries: ${name}`, () => {
    let backend: Backend
    beforeAll(async () => {
      backend = await makeBackend()
    })
    afterAll(() => backend?.dispose())

    const audited = (actor: Actor, targetId: string) =>
      Transactor.use((transactor) =>
        transactor.transaction(AuditLog.use((audit) =>
          // A stand-in action (not in AUDIT_ACTIONS): the store keeps any text.
          audit.record({ action: "probe.named" as AuditAction, actor, targetType: "probe", targetId, data: {} })
        ))
      )

    it("name each actor: a person by the account's current display name, a credential by its name, else null", async () => {
      const target = uid("target")
      const person = anAccount("Alex Moderator")
      const bot = aCredential("Moderation bot", person.id)
      const page = await backend.run(Effect.gen(function*() {
        const accounts = yield* Accounts
        yield* accounts.insert(person)
        yield* ServiceCredentials.use((credentials) => credentials.insert(bot))
        yield* audited({ type: "user", id: person.id }, target)
        yield* audited({ type: "service", id: bot.id }, target)
        // An id no account or credential has (the test hooks' writer, a future actor of the game's own).
        yield* audited({ type: "service", id: "game" }, target)
        // The type decides where the name comes from: a credential never takes an account's name.
        yield* audited({ type: "service", id: person.id }, target)
        yield* audited({ type: "user", id: bot.id }, target)
        // The name is read when the log is read: a renamed person shows the new name on old entries.
        yield* accounts.update({ ...person, displayName: "Alex Renamed" })
        return yield* AuditQueries.use((queries) => queries.list({ targetId: target }, { limit: 10, offset: 0 }))
      }))
      // Entries written within one millisecond may list in any order between themselves.
      expect(page.items.map((entry) => entry.actor)).toHaveLength(5)
      expect(page.items.map((entry) => entry.actor)).toEqual(expect.arrayContaining([
        { type: "user", id: bot.id, name: null },
        { type: "service", id: person.id, name: null },
        { type: "service", id: "game", name: null },
        { type: "service", id: bot.id, name: "Moderation bot" },
        { type: "user", id: person.id, name: "Alex Renamed" }
      ]))
      // Filters still speak of the stored actor.
      const byPerson = await backend.run(AuditQueries.use((queries) => queries.list({ actorId: person.id }, { limit: 10, offset: 0 })))
      expect(byPerson.items.map((entry) => entry.actor)).toEqual([{ type: "user", id: person.id, name: "Alex Renamed" }])
    })

    if (sqlStatements) {
      it("read a page with its names in one statement, however many actors it holds", async () => {
        const target = uid("target")
        const people = Array.from({ length: 5 }, (_, i) => anAccount(`Person ${i}`))
        const { statements, value } = await backend.run(Effect.gen(function*() {
          for (const person of people) {
            yield* Accounts.use((accounts) => accounts.insert(person))
            yield* audited({ type: "user", id: person.id }, target)
          }
          return yield* statementsOf(AuditQueries.use((queries) => queries.list({ targetId: target }, { limit: 3, offset: 1 })))
        }))
        expect(value.items).toHaveLength(3)
        for (const { actor } of value.items) expect(actor.name).toBe(people.find((person) => person.id === actor.id)?.displayName)
        expect(value.meta).toEqual({ limit: 3, offset: 1, hasMore: true })
        expect(statements).toBe(1)
      })
    }
  })

contract("Postgres", async () => {
  const database: TestDatabase = await freshDatabase({ migrated: true })
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(PgAuditQueries, PgAuditLog, PgIdentityRepositories, PgTransactor).pipe(
      Layer.provideMerge(RandomIds),
      Layer.provideMerge(client),
      Layer.orDie
    )
  )
  return {
    run: (effect) => runtime.runPromise(effect),
    dispose: async () => {
      await runtime.dispose()
      await database.dispose()
    }
  }
}, true)

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(InMemoryAuditQueries, InMemoryAuditLog, InMemoryIdentityRepositories, InMemoryTransactor).pipe(
      Layer.provideMerge(SequentialIds),
      Layer.provideMerge(InMemoryDatabase.layer)
    )
  )
  return { run: (effect) => runtime.runPromise(effect), dispose: () => runtime.dispose() }
}, false)
