/**
 * The access change log (core's `AccessChanges`): each kind of change to who
 * may do what, committed through the repositories, is a change read back
 * after the epoch read before it and concerning its subject. On Postgres the
 * triggers of migration 0010 write exactly one per changed row, name its
 * subject, number them in commit order without gaps, and skip what cannot
 * narrow anyone's access; in memory the log is coarser (any write to the
 * tables of access is one change for everyone), which the watch also serves.
 */
import { AccessChanges, type AccessSubject, Accounts, Roles, ServiceCredentials, Sessions, StaffProfiles } from "@bluelight/core/identity"
import { Transactor } from "@bluelight/core/kernel"
import { InMemoryAccessChanges, InMemoryDatabase, InMemoryIdentityRepositories, InMemoryTransactor } from "@bluelight/core/testing"
import { layerPgClient, PgAccessChanges, PgIdentityRepositories, PgTransactor } from "@bluelight/adapters-pg/internal"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Deferred, Effect, Exit, Fiber, Layer, ManagedRuntime, Redacted } from "effect"
import { freshDatabase } from "../../../../test/harness/database.js"
import { aCredential, anAccount, aProfile, aRole, aSession, T1 } from "./fixtures.js"

type Ports = Accounts | Sessions | Roles | StaffProfiles | ServiceCredentials | Transactor | AccessChanges

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Ports>) => Promise<A>
  /** Transactions may be open at once (a server Postgres; not PGlite's one connection, nor memory). */
  readonly concurrent: boolean
  readonly dispose: () => Promise<void>
}

/** The subjects committed after `before`, and how many epochs went by. */
const changesSince = (before: number) =>
  AccessChanges.use((changes) => Effect.map(changes.since(before), ({ epoch, subjects }) => ({ epochs: epoch - before, subjects })))

const latest = AccessChanges.use((changes) => changes.latest)

/** Runs `write` and answers the changes it committed. */
const changesOf = <A>(write: Effect.Effect<A, never, Ports>) =>
  Effect.gen(function*() {
    const before = yield* latest
    yield* write
    return yield* changesSince(before)
  })

const concerns = (subjects: ReadonlyArray<AccessSubject>, subject: AccessSubject) =>
  subjects.some((s) => s._tag === "Everyone" || (s._tag === subject._tag && "id" in s && "id" in subject && s.id === subject.id))

/** Someone with a session, a staff profile holding a role, and a credential they issued: one of each kind of row of access. */
const someone = Effect.gen(function*() {
  const account = anAccount()
  const session = aSession(account.id)
  const credential = aCredential(account.id)
  const role = aRole()
  const profile = aProfile(account.id, { roleIds: [role.id] })
  yield* Accounts.use((repo) => repo.insert(account))
  yield* Sessions.use((repo) => repo.insert(session))
  yield* ServiceCredentials.use((repo) => repo.insert(credential))
  yield* Roles.use((repo) => repo.insert(role))
  yield* StaffProfiles.use((repo) => repo.insert(profile))
  return { account, session, credential, role, profile }
})
type Someone = Effect.Success<typeof someone>

/** Each kind of change to who may do what, and whose access it concerns. */
const KINDS: ReadonlyArray<{
  readonly name: string
  readonly write: (who: Someone) => Effect.Effect<unknown, never, Ports>
  readonly subject: (who: Someone) => AccessSubject
}> = [
  {
    name: "a session revoked",
    write: ({ session }) => Sessions.use((repo) => repo.revoke(session.id, "signed-out", T1)),
    subject: ({ account }) => ({ _tag: "Account", id: account.id })
  },
  {
    name: "a session rotated (Developer Access on or off)",
    write: ({ session }) => Sessions.use((repo) => repo.rotate(session.id, session.tokenHash, { tokenHash: `${session.tokenHash}-2`, developerAccess: true })),
    subject: ({ account }) => ({ _tag: "Account", id: account.id })
  },
  {
    name: "an account suspended",
    write: ({ account }) => Accounts.use((repo) => repo.update({ ...account, status: "SUSPENDED", updatedAt: T1 })),
    subject: ({ account }) => ({ _tag: "Account", id: account.id })
  },
  {
    name: "a staff profile deactivated",
    write: ({ profile }) => StaffProfiles.use((repo) => repo.update({ ...profile, active: false, updatedAt: T1 })),
    subject: ({ account }) => ({ _tag: "Account", id: account.id })
  },
  {
    name: "a role taken from a staff profile",
    write: ({ profile }) => StaffProfiles.use((repo) => repo.update({ ...profile, roleIds: [], updatedAt: T1 })),
    subject: ({ account }) => ({ _tag: "Account", id: account.id })
  },
  {
    name: "a role's permissions changed",
    write: ({ role }) => Roles.use((repo) => repo.update({ ...role, permissions: [] })),
    subject: () => ({ _tag: "Everyone" })
  },
  {
    name: "a credential revoked",
    write: ({ credential }) => ServiceCredentials.use((repo) => repo.update({ ...credential, revokedAt: T1 })),
    subject: ({ credential }) => ({ _tag: "Credential", id: credential.id })
  }
]

const contract = (name: string, makeBackend: () => Promise<Backend>, exact: boolean) =>
  describe(`access changes: ${name}`, () => {
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

    for (const kind of KINDS) {
      it(`log ${kind.name} as a change concerning ${exact ? "exactly " : ""}its subject`, async () => {
        const who = await run(someone)
        const { epochs, subjects } = await run(changesOf(kind.write(who)))
        expect(epochs).toBeGreaterThan(0)
        expect(concerns(subjects, kind.subject(who))).toBe(true)
        if (exact) {
          // One change per row changed (a profile's update rewrites its role links too), each naming the subject, one epoch each.
          expect(subjects.length).toBeGreaterThan(0)
          expect(subjects).toEqual(subjects.map(() => kind.subject(who)))
          expect(epochs).toBe(subjects.length)
        }
      })
    }

    it("number the changes of several commits one after another, each read once", async () => {
      const who = await run(someone)
      const before = await run(latest)
      for (const kind of KINDS) await run(kind.write(who))
      const all = await run(changesSince(before))
      expect(all.epochs).toBeGreaterThan(0)
      // Read from the newest epoch on: nothing again.
      expect(await run(changesSince(before + all.epochs))).toEqual({ epochs: 0, subjects: [] })
      if (exact) {
        // One epoch per change, in the order committed: the account's (five kinds, several rows), a role's, the credential's.
        expect(all.epochs).toBe(all.subjects.length)
        const runs = all.subjects.filter((subject, i) => i === 0 || JSON.stringify(subject) !== JSON.stringify(all.subjects[i - 1]))
        expect(runs).toEqual([{ _tag: "Account", id: who.account.id }, { _tag: "Everyone" }, { _tag: "Credential", id: who.credential.id }])
      }
    })
  })

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(InMemoryIdentityRepositories, InMemoryTransactor, InMemoryAccessChanges).pipe(Layer.provideMerge(InMemoryDatabase.layer))
  )
  return { run: (effect) => runtime.runPromise(effect), concurrent: false, dispose: () => runtime.dispose() }
}, false)

let postgres: Backend | undefined
const startPostgres = async (): Promise<Backend> => {
  const database = await freshDatabase({ migrated: true })
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(PgIdentityRepositories, PgTransactor, PgAccessChanges).pipe(Layer.provideMerge(client), Layer.orDie)
  )
  return {
    run: (effect) => runtime.runPromise(effect),
    concurrent: database.kind === "postgres",
    dispose: async () => {
      await runtime.dispose()
      await database.dispose()
    }
  }
}

contract("Postgres", startPostgres, true)

describe("access changes on Postgres only", () => {
  beforeAll(async () => {
    postgres = await startPostgres()
  })
  afterAll(async () => {
    await postgres?.dispose()
  })
  const run = <A, E>(effect: Effect.Effect<A, E, Ports>) => {
    if (postgres === undefined) throw new Error("the backend did not start")
    return postgres.run(effect)
  }

  it("log nothing for a new account, session, credential, role or staff profile without roles", async () => {
    const before = await run(latest)
    await run(Effect.gen(function*() {
      const account = anAccount()
      yield* Accounts.use((repo) => repo.insert(account))
      yield* Sessions.use((repo) => repo.insert(aSession(account.id)))
      yield* ServiceCredentials.use((repo) => repo.insert(aCredential(account.id)))
      yield* Roles.use((repo) => repo.insert(aRole()))
    }))
    expect(await run(latest)).toBe(before)
  })

  it("give back the epoch of a transaction that rolls back: the next commit takes it", async () => {
    const who = await run(someone)
    const before = await run(latest)
    const failed = await run(Effect.exit(Transactor.use((tx) =>
      tx.transaction(Effect.andThen(
        Accounts.use((repo) => repo.update({ ...who.account, status: "DISABLED", updatedAt: T1 })),
        Effect.fail("rolled back")
      ))
    )))
    expect(Exit.isFailure(failed)).toBe(true)
    expect(await run(latest)).toBe(before)
    expect(await run(changesOf(ServiceCredentials.use((repo) => repo.update({ ...who.credential, revokedAt: T1 }))))).toEqual({
      epochs: 1,
      subjects: [{ _tag: "Credential", id: who.credential.id }]
    })
  })

  it("number changes in commit order, not in the order their transactions began (a server Postgres)", async () => {
    const [first, second] = [await run(someone), await run(someone)]
    const before = await run(latest)
    await run(Effect.gen(function*() {
      const tx = yield* Transactor
      const accounts = yield* Accounts
      const gate = yield* Deferred.make<void>()
      const suspend = (who: Someone) => accounts.update({ ...who.account, status: "SUSPENDED", updatedAt: T1 })
      // The first begins and changes its row, then waits; the second begins after it and commits first.
      const early = yield* Effect.forkChild(tx.transaction(Effect.andThen(suspend(first), Deferred.await(gate))))
      if (postgres?.concurrent === true) {
        yield* tx.transaction(suspend(second))
        yield* Deferred.succeed(gate, undefined)
        yield* Fiber.join(early)
      } else {
        // PGlite serves one transaction at a time: the second can only begin once the first has committed.
        yield* Deferred.succeed(gate, undefined)
        yield* Fiber.join(early)
        yield* tx.transaction(suspend(second))
      }
    }))
    const committed = postgres?.concurrent === true ? [second, first] : [first, second]
    expect(await run(changesSince(before))).toEqual({
      epochs: 2,
      subjects: committed.map((who) => ({ _tag: "Account", id: who.account.id }))
    })
  })
})
