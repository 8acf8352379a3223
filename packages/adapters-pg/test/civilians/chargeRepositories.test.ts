/**
 * The charges catalogue and the charges records cite, on Postgres and on the
 * in-memory ports, the same cases: ordering and search, unique codes also
 * under a race, a clash that leaves the transaction usable, the copy a record
 * keeps, and the share lock a record takes on the charges it cites.
 */
import {
  type Charge,
  ChargeId,
  Charges,
  changeCharge,
  createCharge,
  createCivilian,
  createRecord,
  getOfficialCivilian,
  getOwnCivilian,
  getRecord,
  issueLicence,
  listCharges,
  listCivilianRecords
} from "@bluelight/core/civilians"
import { type Account, AccountId, Accounts, type Permission, type Permitted, type UserCaller } from "@bluelight/core/identity"
import { Transactor } from "@bluelight/core/kernel"
import { accessNotChecked, testPorts } from "@bluelight/core/testing"
import { layerPgClient, PgAuditLog, PgCivilianRepositories, PgIdentityRepositories, PgTransactor, RandomIds, PgWebhooks } from "@bluelight/adapters-pg/internal"
import { OutboxLive } from "@bluelight/core/webhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DateTime, Deferred, Effect, Exit, Fiber, Layer, ManagedRuntime, Option, Redacted, Schedule } from "effect"
import { freshDatabase, type TestDatabase } from "../../../../test/harness/database.js"

type Ports = Layer.Success<ReturnType<typeof testPorts>>
type Needs = Ports | Permitted<Permission>

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Ports>) => Promise<A>
  /** Where transactions run one at a time (in memory, PGlite) every other one waits by construction; on Postgres, until one waits for a lock. */
  readonly untilSomeoneWaits: Effect.Effect<void>
  /** Runs SQL behind the repositories (Postgres and PGlite); none in memory. */
  readonly query: ((text: string) => Promise<unknown>) | null
  readonly dispose: () => Promise<void>
}

expect.addEqualityTesters([
  (a: unknown, b: unknown) => DateTime.isDateTime(a) && DateTime.isDateTime(b) ? DateTime.Equivalence(a, b) : undefined
])

let sequence = 0
const uid = (prefix: string) => `${prefix}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 7)}`.toUpperCase()

const aCaller = (permissions: ReadonlyArray<Permission>): UserCaller => {
  const id = AccountId.make(`acc-${uid("c").toLowerCase()}`)
  const now = DateTime.makeUnsafe("2026-01-01T00:00:00.000Z")
  const account: Account = {
    id,
    displayName: `Person ${id}`,
    status: "ACTIVE",
    identity: { id: `idp-${id}`, username: id, avatar: null },
    platform: null,
    createdAt: now,
    updatedAt: now
  }
  return {
    _tag: "User",
    account,
    session: { id: id as never, accountId: id, tokenHash: "h", createdAt: now, expiresAt: now, revokedAt: null, revokedReason: null, developerAccess: false },
    staff: null,
    roles: [],
    permissions: new Set(permissions),
    developerAccess: false
  }
}

const codeOf = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isSuccess(exit)
    ? "OK"
    : Option.match(Exit.findErrorOption(exit), { onNone: () => "DEFECT", onSome: (error) => (error as { code?: string }).code })

const page = { limit: 100, offset: 0 }

const contract = (name: string, makeBackend: () => Promise<Backend>) =>
  describe(`charge repositories: ${name}`, () => {
    let backend: Backend | undefined
    const current = () => {
      if (backend === undefined) throw new Error("the backend did not start")
      return backend
    }
    const run = <A, E>(effect: Effect.Effect<A, E, Needs>) => current().run(accessNotChecked(effect))
    const admin = aCaller(["admin.manage", "pnc.view"])
    const officer = aCaller(["pnc.view", "pnc.records.manage"])
    const member = aCaller(["civilians.create", "civilians.manage_own"])

    beforeAll(async () => {
      backend = await makeBackend()
      await run(Accounts.use((accounts) => Effect.forEach([admin, officer, member], (caller) => accounts.insert(caller.account), { discard: true })))
    })
    afterAll(async () => {
      await backend?.dispose()
    })

    /** A charge of its own: a code nobody else in the run has, with `word` in its title. */
    const aCharge = (word: string, overrides: Partial<Parameters<typeof createCharge>[1]> = {}) =>
      run(createCharge(admin, { code: uid("T"), title: `Offence ${word}`, fineMin: 10, fineMax: 100, points: 0, ...overrides }))

    const aCharacter = async () => {
      const civilian = await run(createCivilian(member, { fullName: `Sam ${uid("Q")}`, dateOfBirth: "1990-05-14", gender: "MALE", address: "1 High Street" }))
      await run(issueLicence(member, civilian.id, { categories: ["B"] }))
      return civilian
    }

    const citing = (civilianId: string, charges: ReadonlyArray<{ chargeId: ChargeId; count: number }>, type: "CITATION" | "WARNING" = "CITATION") => ({
      civilianId: civilianId as never,
      type,
      title: "Cited",
      description: "Charges cited",
      location: "High Street",
      occurredAt: DateTime.makeUnsafe("2026-01-01T00:00:00.000Z"),
      charges
    })

    it("listed in code-unit order; every word of search in the code, title or category ignoring case; active, retired or all", async () => {
      const word = uid("W").toLowerCase()
      const stem = uid("K")
      // Punctuation and digits sort by code unit ("C"), as the in-memory port compares: "-" < "." < "/" < "0" < "A".
      const made = [] as Array<Charge>
      for (const suffix of ["A", "/1", ".1", "-1", "0"]) made.push(await aCharge(word, { code: `${stem}${suffix}` }))
      await run(changeCharge(admin, made[4]!.id, { active: false }))
      const listed = (await run(listCharges({ search: word }, page))).items.map((c) => c.code)
      expect(listed).toEqual([`${stem}-1`, `${stem}.1`, `${stem}/1`, `${stem}A`])
      expect((await run(listCharges({ search: word, active: false }, page))).items.map((c) => c.code)).toEqual([`${stem}0`])
      expect((await run(listCharges({ search: word, active: "all" }, page))).items).toHaveLength(5)
      expect((await run(listCharges({ search: `${stem.toLowerCase()}/ ${word.toUpperCase()}` }, page))).items.map((c) => c.code)).toEqual([`${stem}/1`])
      const categorised = await aCharge(`${word}x`, { category: `Public ${word}cat` })
      expect((await run(listCharges({ search: `${word}CAT public` }, page))).items.map((c) => c.id)).toEqual([categorised.id])
      const second = await run(listCharges({ search: word, active: "all" }, { limit: 2, offset: 2 }))
      expect([second.items.map((c) => c.code), second.meta.hasMore]).toEqual([[`${stem}/1`, `${stem}0`], true])
    })

    it("search words are literal: %, _ and \\ match themselves", async () => {
      const word = uid("L").toLowerCase()
      const percent = await aCharge(`${word} 100%`)
      const under = await aCharge(`${word} a_b`)
      const slash = await aCharge(`${word} c\\d`)
      const found = async (search: string) => (await run(listCharges({ search: `${word} ${search}` }, page))).items.map((c) => c.id)
      expect(await found("%")).toEqual([percent.id])
      expect(await found("_")).toEqual([under.id])
      expect(await found("\\")).toEqual([slash.id])
      expect(await found("a%b")).toEqual([])
    })

    it("a code is stored upper case and unique ignoring case, also when made at once; found by code ignoring case", async () => {
      const code = uid("U")
      const exits = await Promise.all(
        [code, code.toLowerCase(), `${code[0]}${code.slice(1).toLowerCase()}`].map((spelled) =>
          run(Effect.exit(createCharge(admin, { code: spelled, title: "Raced", fineMin: 0, fineMax: 0, points: 0 })))
        )
      )
      expect(exits.map(codeOf).sort()).toEqual(["CHARGE_CODE_TAKEN", "CHARGE_CODE_TAKEN", "OK"])
      const made = exits.find(Exit.isSuccess)!.value
      expect(made.code).toBe(code)
      expect(await run(Charges.use((charges) => charges.findByCode(code.toLowerCase())))).toEqual(Option.some(made))
      expect(await run(Charges.use((charges) => charges.findById(made.id)))).toEqual(Option.some(made))
      expect(await run(Charges.use((charges) => charges.findById(ChargeId.make("nobody"))))).toEqual(Option.none())
    })

    it("a code clash on change leaves the transaction usable; the charge reads back as changed", async () => {
      const taken = await aCharge("clash")
      const charge = await aCharge("clash", { fineMin: 12.34, fineMax: 56.78, custodyMaxDays: 30, points: 3, endorsementCode: "SP30" })
      const answers = await run(Transactor.use((transactor) =>
        transactor.transaction(Effect.gen(function*() {
          const charges = yield* Charges
          const clashed = yield* charges.update({ ...charge, code: taken.code })
          const retired = { ...charge, active: false, title: "Retired meanwhile" }
          const updated = yield* charges.update(retired)
          return { clashed, updated, found: yield* charges.findByIdForUpdate(charge.id), retired }
        }))
      ))
      expect([answers.clashed, answers.updated]).toEqual([false, true])
      expect(answers.found).toEqual(Option.some(answers.retired))
      expect(await run(Charges.use((charges) => charges.findById(charge.id)))).toEqual(Option.some(answers.retired))
    })

    it("a record keeps its copy of what it cited, in order, on every record view, whatever becomes of the charges", async () => {
      const civilian = await aCharacter()
      const first = await aCharge("cited", { fineMin: 10.5, fineMax: 20.25, points: 3, endorsementCode: "SP30" })
      const second = await aCharge("cited", { fineMin: 100, fineMax: 200, points: 6, endorsementCode: "CU80" })
      const record = await run(createRecord(officer, citing(civilian.id, [{ chargeId: second.id, count: 1 }, { chargeId: first.id, count: 3 }])))
      const copy = [
        { chargeId: second.id, code: second.code, title: second.title, count: 1, fineMin: 100, fineMax: 200, points: 6 },
        { chargeId: first.id, code: first.code, title: first.title, count: 3, fineMin: 10.5, fineMax: 20.25, points: 3 }
      ]
      expect([record.charges, record.fineAmount, record.points, record.endorsement?.code]).toEqual([copy, 131.5, 12, "CU80"])
      await run(changeCharge(admin, first.id, { code: uid("R"), title: "Renamed", fineMin: 1, fineMax: 2, points: 1, endorsementCode: "XX10", active: false }))
      expect((await run(getRecord(record.id))).charges).toEqual(copy)
      expect((await run(listCivilianRecords(civilian.id, page))).items.map((r) => r.charges)).toEqual([copy])
      // The owner's and the official views are made from the same read: the record and its copy decode there too.
      expect((await run(getOwnCivilian(member, civilian.id))).records.map((r) => r.id)).toEqual([record.id])
      expect((await run(getOfficialCivilian(officer, civilian.id))).counts.records).toBe(1)
      const bare = await run(createRecord(officer, { ...citing(civilian.id, []), charges: undefined }))
      expect((await run(getRecord(bare.id))).charges).toEqual([])
      const query = current().query
      if (query !== null) {
        await expect(query(`UPDATE pnc_record_charges SET title = 'Changed' WHERE record_id = '${record.id}'`)).rejects.toThrow(/append-only/)
        await expect(query(`DELETE FROM pnc_record_charges WHERE record_id = '${record.id}'`)).rejects.toThrow(/append-only/)
      }
    })

    it("charges read for share keep a retirement waiting until the reading transaction ends", async () => {
      const charge = await aCharge("shared")
      const answers = await run(Effect.gen(function*() {
        const transactor = yield* Transactor
        const charges = yield* Charges
        const read = yield* Deferred.make<ReadonlyArray<Charge>>()
        const release = yield* Deferred.make<void>()
        const reader = yield* Effect.forkChild(transactor.transaction(
          charges.findByIdsForShare([charge.id, ChargeId.make("nobody")]).pipe(
            Effect.tap((found) => Deferred.succeed(read, found)),
            Effect.tap(() => Deferred.await(release)),
            // Still what it read: the retirement has not overtaken this transaction.
            Effect.zipWith(charges.findById(charge.id), (found, again) => ({ found, again }))
          )
        ))
        yield* Deferred.await(read)
        const retirer = yield* Effect.forkChild(transactor.transaction(charges.update({ ...charge, active: false })))
        yield* current().untilSomeoneWaits
        yield* Deferred.succeed(release, undefined)
        const seen = yield* Fiber.join(reader)
        const retired = yield* Fiber.join(retirer)
        return { ...seen, retired, after: yield* charges.findById(charge.id) }
      }))
      expect(answers).toEqual({ found: [charge], again: Option.some(charge), retired: true, after: Option.some({ ...charge, active: false }) })
      expect(await run(Charges.use((charges) => charges.findByIdsForShare([])))).toEqual([])
    })

    it("a record citing a charge being retired waits for the retirement and is refused: the charge is retired", async () => {
      const civilian = await aCharacter()
      const charge = await aCharge("retiring")
      const exit = await run(Effect.gen(function*() {
        const transactor = yield* Transactor
        const charges = yield* Charges
        const locked = yield* Deferred.make<void>()
        const release = yield* Deferred.make<void>()
        const retirer = yield* Effect.forkChild(transactor.transaction(Effect.gen(function*() {
          const held = yield* charges.findByIdForUpdate(charge.id)
          yield* Deferred.succeed(locked, undefined)
          yield* Deferred.await(release)
          return yield* charges.update({ ...Option.getOrThrow(held), active: false })
        })))
        yield* Deferred.await(locked)
        const recorder = yield* Effect.forkChild(Effect.exit(createRecord(officer, citing(civilian.id, [{ chargeId: charge.id, count: 1 }]))))
        yield* current().untilSomeoneWaits
        yield* Deferred.succeed(release, undefined)
        expect(yield* Fiber.join(retirer)).toBe(true)
        return yield* Fiber.join(recorder)
      }))
      expect(codeOf(exit)).toBe("INVALID_INPUT")
      expect((await run(listCivilianRecords(civilian.id, page))).items).toEqual([])
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
  const lockWaiters = Effect.promise(() =>
    database.query<{ waiting: number }>(
      "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
    )
  )
  return {
    run: (effect) => runtime.runPromise(effect as Effect.Effect<never, never, never>),
    untilSomeoneWaits: database.kind === "pglite"
      ? Effect.void
      : lockWaiters.pipe(
        Effect.filterOrFail((result) => (result.rows[0]?.waiting ?? 0) > 0, () => "no transaction waited for a lock"),
        Effect.retry({ schedule: Schedule.spaced("10 millis"), times: 500 }),
        Effect.asVoid,
        Effect.orDie
      ),
    query: (text) => database.query(text),
    dispose: async () => {
      await runtime.dispose()
      await database.dispose()
    }
  }
})

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(testPorts())
  return { run: (effect) => runtime.runPromise(effect), untilSomeoneWaits: Effect.void, query: null, dispose: () => runtime.dispose() }
})
