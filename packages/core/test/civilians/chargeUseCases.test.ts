/**
 * The charges catalogue and records citing charges, on the in-memory ports:
 * creating, listing, searching, changing and retiring charges with their
 * audit entries, and records held to the charges they cite, keeping a copy of
 * each.
 */
import {
  type Charge,
  changeCharge,
  ChargeId,
  type ChargeFields,
  createCharge,
  createCivilian,
  createRecord,
  getCharge,
  getOfficialLicence,
  getRecord,
  issueLicence,
  listCharges,
  listPncEvents
} from "@bluelight/core/civilians"
import { type Account, AccountId, Accounts, type Permission, type Permitted } from "@bluelight/core/identity"
import { accessNotChecked, auditEntries, civilianTables, InMemoryDatabase, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Cause, DateTime, Effect, Exit, type Layer } from "effect"
import { TestClock } from "effect/testing"
import { anAccount, aUserCaller } from "../identity/helpers.js"

const person = (id: string, displayName: string): Account =>
  anAccount({ id: AccountId.make(id), displayName, identity: { id: `idp-${id}`, username: id, avatar: null } })

const admin = aUserCaller(["admin.manage", "pnc.view"], person("admin", "Alex Admin"))
const officer = aUserCaller(["pnc.view", "pnc.records.manage", "pnc.licences.manage"], person("officer", "PC Officer"))
const alice = aUserCaller(["civilians.create", "civilians.manage_own"], person("alice", "Alice"))

type Needs = Layer.Success<ReturnType<typeof testPorts>> | Permitted<Permission>

/** Today is 2026-06-15; the people above exist as accounts. The proofs of access are taken away unchecked: who may call is the contract's rule. */
const run = <A, E>(effect: Effect.Effect<A, E, Needs>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(DateTime.makeUnsafe("2026-06-15T12:00:00.000Z").epochMilliseconds)
    yield* Accounts.use((accounts) => Effect.forEach([admin, officer, alice], (caller) => accounts.insert(caller.account)))
    return yield* effect
  }).pipe(accessNotChecked, Effect.provide(testPorts()))

/** The one expected error the effect failed with: its code and its problems. */
const refusal = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) return { code: "OK" }
  const [only, ...others] = exit.cause.reasons
  if (only === undefined || others.length > 0 || !Cause.isFailReason(only)) return { code: "DEFECT" }
  const error = only.error as { code?: string; details?: ReadonlyArray<{ path: ReadonlyArray<string>; message: string }> }
  return error.details === undefined ? { code: error.code } : { code: error.code, details: error.details }
}

const speeding: typeof ChargeFields.Encoded = {
  code: "sp30",
  title: "Exceeding the speed limit",
  category: "Traffic",
  fineMin: 100,
  fineMax: 1000,
  points: 3,
  endorsementCode: "SP30",
  warningApplicable: true
}
const phone: typeof ChargeFields.Encoded = {
  code: "CU80",
  title: "Using a hand-held phone while driving",
  category: "Traffic",
  fineMin: 200,
  fineMax: 1000,
  points: 6,
  endorsementCode: "CU80"
}
const affray: typeof ChargeFields.Encoded = {
  code: "PO.3",
  title: "Affray",
  category: "Public order",
  fineMin: 500,
  fineMax: 5000,
  points: 0,
  custodyMaxDays: 1095
}

const citation = (civilianId: string, overrides: Partial<Parameters<typeof createRecord>[1]> = {}): Parameters<typeof createRecord>[1] => ({
  civilianId: civilianId as never,
  type: "CITATION",
  title: "Speeding",
  description: "48 in a 30 zone",
  location: "High Street",
  occurredAt: DateTime.makeUnsafe("2026-06-14T21:15:00.000Z"),
  ...overrides
})

const aLicensedCharacter = Effect.gen(function*() {
  const civilian = yield* createCivilian(alice, { fullName: "Sam Taylor", dateOfBirth: "1988-03-14", gender: "MALE", address: "12 Grove Street" })
  const licence = yield* issueLicence(alice, civilian.id, { categories: ["B"] })
  return { civilian, licence }
})

const codes = (charges: ReadonlyArray<Charge>) => charges.map((charge) => charge.code)
const page = { limit: 25, offset: 0 }

describe("the charges catalogue", () => {
  it.effect("a new charge is active, its code upper case, the fields left out null or false; audited with its terms", () =>
    run(Effect.gen(function*() {
      const made = yield* createCharge(admin, speeding)
      expect(made).toMatchObject({
        code: "SP30",
        category: "Traffic",
        custodyMaxDays: null,
        warningApplicable: true,
        active: true
      })
      const bare = yield* createCharge(admin, { code: "x1", title: "Careless", fineMin: 0, fineMax: 0, points: 0 })
      expect(bare).toMatchObject({ code: "X1", category: null, endorsementCode: null, custodyMaxDays: null, warningApplicable: false, active: true })
      expect(yield* getCharge(made.id)).toEqual(made)
      const audit = yield* auditEntries
      expect(audit.map((entry) => [entry.action, entry.targetType, entry.targetId, entry.actor])).toEqual([
        ["pnc.charge.created", "charge", made.id, { type: "user", id: "admin" }],
        ["pnc.charge.created", "charge", bare.id, { type: "user", id: "admin" }]
      ])
      expect(audit[0]!.data).toEqual({
        code: "SP30",
        title: "Exceeding the speed limit",
        category: "Traffic",
        fineMin: 100,
        fineMax: 1000,
        points: 3,
        endorsementCode: "SP30",
        custodyMaxDays: null,
        warningApplicable: true
      })
    })))

  it.effect("a code another charge has, ignoring case, is CHARGE_CODE_TAKEN; nothing written or audited", () =>
    run(Effect.gen(function*() {
      yield* createCharge(admin, speeding)
      const before = yield* Effect.all({ tables: InMemoryDatabase.use(civilianTables), audit: auditEntries })
      expect(refusal(yield* Effect.exit(createCharge(admin, { ...phone, code: "Sp30" })))).toEqual({ code: "CHARGE_CODE_TAKEN" })
      expect(yield* Effect.all({ tables: InMemoryDatabase.use(civilianTables), audit: auditEntries })).toEqual(before)
    })))

  it.effect("the rules between fields: INVALID_INPUT at the field, before anything is read", () =>
    run(Effect.gen(function*() {
      expect(refusal(yield* Effect.exit(createCharge(admin, { ...speeding, fineMin: 1001 })))).toEqual({
        code: "INVALID_INPUT",
        details: [{ path: ["fineMax"], message: "must not be less than fineMin (1001)" }]
      })
      expect(refusal(yield* Effect.exit(createCharge(admin, { ...speeding, endorsementCode: null })))).toEqual({
        code: "INVALID_INPUT",
        details: [{ path: ["endorsementCode"], message: "is required when points are above 0" }]
      })
      expect(refusal(yield* Effect.exit(createCharge(admin, { ...affray, endorsementCode: "PO3" })))).toEqual({
        code: "INVALID_INPUT",
        details: [{ path: ["endorsementCode"], message: "must be null when points are 0" }]
      })
      expect(refusal(yield* Effect.exit(createCharge(admin, { ...speeding, code: "S P" }))).code).toBe("INVALID_INPUT")
      expect(yield* auditEntries).toEqual([])
    })))

  it.effect("listed by code; search words of code, title or category; active by default, false the retired ones, all every one", () =>
    run(Effect.gen(function*() {
      const made = [yield* createCharge(admin, speeding), yield* createCharge(admin, phone), yield* createCharge(admin, affray)]
      expect(codes((yield* listCharges({}, page)).items)).toEqual(["CU80", "PO.3", "SP30"])
      expect(codes((yield* listCharges({ search: "traffic" }, page)).items)).toEqual(["CU80", "SP30"])
      expect(codes((yield* listCharges({ search: "TRAFFIC phone" }, page)).items)).toEqual(["CU80"])
      expect(codes((yield* listCharges({ search: "sp3" }, page)).items)).toEqual(["SP30"])
      expect(codes((yield* listCharges({ search: "public  ORDER" }, page)).items)).toEqual(["PO.3"])
      expect(codes((yield* listCharges({ search: "speed phone" }, page)).items)).toEqual([])
      expect(codes((yield* listCharges({ search: "%" }, page)).items)).toEqual([])
      yield* changeCharge(admin, made[1]!.id, { active: false })
      expect(codes((yield* listCharges({}, page)).items)).toEqual(["PO.3", "SP30"])
      expect(codes((yield* listCharges({ active: true }, page)).items)).toEqual(["PO.3", "SP30"])
      expect(codes((yield* listCharges({ active: false }, page)).items)).toEqual(["CU80"])
      expect(codes((yield* listCharges({ active: "all" }, page)).items)).toEqual(["CU80", "PO.3", "SP30"])
      const first = yield* listCharges({ active: "all" }, { limit: 2, offset: 0 })
      expect([codes(first.items), first.meta.hasMore]).toEqual([["CU80", "PO.3"], true])
      expect(refusal(yield* Effect.exit(listCharges({ search: "x".repeat(101) }, page))).code).toBe("INVALID_INPUT")
      expect(refusal(yield* Effect.exit(listCharges({}, { limit: 101, offset: 0 }))).code).toBe("INVALID_INPUT")
    })))

  it.effect("a change sets the fields sent, audited with before and after of those that changed; nothing changing is NO_CHANGE", () =>
    run(Effect.gen(function*() {
      const charge = yield* createCharge(admin, speeding)
      yield* TestClock.adjust("1 hour")
      const changed = yield* changeCharge(admin, charge.id, { fineMax: 2500, category: null, title: "Exceeding the speed limit", code: "sp30" })
      expect(changed).toMatchObject({ fineMax: 2500, category: null, code: "SP30", createdAt: charge.createdAt })
      expect(DateTime.toEpochMillis(changed.updatedAt) - DateTime.toEpochMillis(charge.updatedAt)).toBe(3_600_000)
      const entry = (yield* auditEntries).at(-1)!
      expect([entry.action, entry.targetId]).toEqual(["pnc.charge.changed", charge.id])
      expect(entry.data).toEqual({
        code: "SP30",
        fields: ["category", "fineMax"],
        before: { category: "Traffic", fineMax: 1000 },
        after: { category: null, fineMax: 2500 }
      })
      expect(refusal(yield* Effect.exit(changeCharge(admin, charge.id, { fineMax: 2500, code: "SP30" })))).toEqual({ code: "NO_CHANGE" })
      expect(refusal(yield* Effect.exit(changeCharge(admin, charge.id, {})))).toEqual({ code: "NO_CHANGE" })
      expect((yield* auditEntries).filter((e) => e.action === "pnc.charge.changed")).toHaveLength(1)
    })))

  it.effect("a change is held to the rules on the charge as it would stand; the code stays unique; an unknown charge is NOT_FOUND", () =>
    run(Effect.gen(function*() {
      const charge = yield* createCharge(admin, speeding)
      yield* createCharge(admin, phone)
      expect(refusal(yield* Effect.exit(changeCharge(admin, charge.id, { points: 0 })))).toEqual({
        code: "INVALID_INPUT",
        details: [{ path: ["endorsementCode"], message: "must be null when points are 0" }]
      })
      expect(refusal(yield* Effect.exit(changeCharge(admin, charge.id, { fineMin: 1000.01 })))).toEqual({
        code: "INVALID_INPUT",
        details: [{ path: ["fineMax"], message: "must not be less than fineMin (1000.01)" }]
      })
      expect(yield* changeCharge(admin, charge.id, { points: 0, endorsementCode: null })).toMatchObject({ points: 0, endorsementCode: null })
      expect(refusal(yield* Effect.exit(changeCharge(admin, charge.id, { code: "cu80" })))).toEqual({ code: "CHARGE_CODE_TAKEN" })
      expect(yield* changeCharge(admin, charge.id, { code: "sp50" })).toMatchObject({ code: "SP50" })
      expect(refusal(yield* Effect.exit(changeCharge(admin, ChargeId.make("nothing"), { title: "Nothing at all" })))).toEqual({ code: "NOT_FOUND" })
      expect(refusal(yield* Effect.exit(getCharge(ChargeId.make("nothing"))))).toEqual({ code: "NOT_FOUND" })
    })))
})

describe("a record citing charges", () => {
  it.effect("takes its fine, points and code from the charges, keeps a copy of each, and endorses the licence", () =>
    run(Effect.gen(function*() {
      const { civilian, licence } = yield* aLicensedCharacter
      const sp30 = yield* createCharge(admin, speeding)
      const cu80 = yield* createCharge(admin, phone)
      const record = yield* createRecord(officer, citation(civilian.id, { charges: [{ chargeId: sp30.id, count: 2 }, { chargeId: cu80.id, count: 1 }] }))
      expect([record.fineAmount, record.points, record.endorsement?.code]).toEqual([400, 12, "CU80"])
      expect(record.charges).toEqual([
        { chargeId: sp30.id, code: "SP30", title: "Exceeding the speed limit", count: 2, fineMin: 100, fineMax: 1000, points: 3 },
        { chargeId: cu80.id, code: "CU80", title: "Using a hand-held phone while driving", count: 1, fineMin: 200, fineMax: 1000, points: 6 }
      ])
      expect((yield* getOfficialLicence(licence.id)).points).toBe(12)
      const history = yield* listPncEvents(officer, { civilianId: civilian.id }, page)
      expect(history.items.find((e) => e.type === "RECORD_CREATED")?.data).toMatchObject({
        fineAmount: 400,
        points: 12,
        charges: [{ code: "SP30", count: 2 }, { code: "CU80", count: 1 }]
      })
      const audited = (yield* auditEntries).find((e) => e.action === "pnc.record.created")
      expect(audited?.data["charges"]).toEqual([{ code: "SP30", count: 2 }, { code: "CU80", count: 1 }])
    })))

  it.effect("a charge changed or retired afterwards leaves the record's copy as it was", () =>
    run(Effect.gen(function*() {
      const { civilian } = yield* aLicensedCharacter
      const sp30 = yield* createCharge(admin, speeding)
      const record = yield* createRecord(officer, citation(civilian.id, { charges: [{ chargeId: sp30.id, count: 1 }], fineAmount: 150 }))
      yield* changeCharge(admin, sp30.id, { code: "SP31", title: "Speeding, renamed", fineMin: 300, fineMax: 900, points: 4, active: false })
      expect((yield* getRecord(record.id)).charges).toEqual(record.charges)
      expect(record.charges[0]).toMatchObject({ code: "SP30", title: "Exceeding the speed limit", fineMin: 100, fineMax: 1000, points: 3 })
    })))

  it.effect("the fine within the summed range, the points within their cap: INVALID_INPUT at the field past either end, nothing written", () =>
    run(Effect.gen(function*() {
      const { civilian } = yield* aLicensedCharacter
      const sp30 = yield* createCharge(admin, speeding)
      const cited = { charges: [{ chargeId: sp30.id, count: 2 }] }
      const before = yield* InMemoryDatabase.use(civilianTables)
      expect(refusal(yield* Effect.exit(createRecord(officer, citation(civilian.id, { ...cited, fineAmount: 199.99 }))))).toEqual({
        code: "INVALID_INPUT",
        details: [{ path: ["fineAmount"], message: "must be from 200 to 2000 for the charges cited" }]
      })
      expect(refusal(yield* Effect.exit(createRecord(officer, citation(civilian.id, { ...cited, fineAmount: 2000.01 }))))).toEqual({
        code: "INVALID_INPUT",
        details: [{ path: ["fineAmount"], message: "must be from 200 to 2000 for the charges cited" }]
      })
      expect(refusal(yield* Effect.exit(createRecord(officer, citation(civilian.id, { ...cited, points: 7 }))))).toEqual({
        code: "INVALID_INPUT",
        details: [{ path: ["points"], message: "must be at most 6 for the charges cited" }]
      })
      expect(yield* InMemoryDatabase.use(civilianTables)).toEqual(before)
      expect((yield* createRecord(officer, citation(civilian.id, { ...cited, fineAmount: 200, points: 6 }))).fineAmount).toBe(200)
      expect((yield* createRecord(officer, citation(civilian.id, { ...cited, fineAmount: 2000, points: 1 }))).points).toBe(1)
    })))

  it.effect("an unknown or retired charge, or one a warning may not cite on a WARNING, is INVALID_INPUT at its place", () =>
    run(Effect.gen(function*() {
      const { civilian } = yield* aLicensedCharacter
      const sp30 = yield* createCharge(admin, speeding)
      const cu80 = yield* createCharge(admin, phone)
      const retired = yield* createCharge(admin, { ...affray, code: "OLD1" })
      yield* changeCharge(admin, retired.id, { active: false })
      const exit = yield* Effect.exit(createRecord(
        officer,
        citation(civilian.id, {
          type: "WARNING",
          charges: [{ chargeId: sp30.id, count: 1 }, { chargeId: cu80.id, count: 1 }, { chargeId: retired.id, count: 1 }, {
            chargeId: ChargeId.make("no-such-charge"),
            count: 1
          }]
        })
      ))
      expect(refusal(exit)).toEqual({
        code: "INVALID_INPUT",
        details: [
          { path: ["charges", "1", "chargeId"], message: "is not a charge a warning may cite" },
          { path: ["charges", "2", "chargeId"], message: "is a retired charge, which can no longer be cited" },
          { path: ["charges", "3", "chargeId"], message: "is not a charge of the catalogue" }
        ]
      })
      const warning = yield* createRecord(officer, citation(civilian.id, { type: "WARNING", charges: [{ chargeId: sp30.id, count: 1 }] }))
      expect([warning.type, warning.fineAmount, warning.points, warning.endorsement?.code]).toEqual(["WARNING", 100, 3, "SP30"])
      const arrest = yield* createRecord(officer, citation(civilian.id, { type: "ARREST", charges: [{ chargeId: cu80.id, count: 1 }] }))
      expect(arrest.charges.map((c) => c.code)).toEqual(["CU80"])
    })))

  it.effect("twice the same charge, 21 charges, a count of 0 or 21: INVALID_INPUT at the place", () =>
    run(Effect.gen(function*() {
      const { civilian } = yield* aLicensedCharacter
      const sp30 = yield* createCharge(admin, speeding)
      const problemsOf = (charges: ReadonlyArray<{ chargeId: ChargeId; count: number }>) =>
        Effect.map(Effect.exit(createRecord(officer, citation(civilian.id, { charges }))), (exit) => refusal(exit))
      expect(yield* problemsOf([{ chargeId: sp30.id, count: 1 }, { chargeId: sp30.id, count: 1 }])).toEqual({
        code: "INVALID_INPUT",
        details: [{ path: ["charges", "1", "chargeId"], message: "names a charge already cited" }]
      })
      const many = Array.from({ length: 21 }, (_, i) => ({ chargeId: ChargeId.make(`charge-${i}`), count: 1 }))
      expect(yield* problemsOf(many)).toEqual({ code: "INVALID_INPUT", details: [{ path: ["charges"], message: "at most 20 charges" }] })
      for (const count of [0, 21]) {
        expect(yield* problemsOf([{ chargeId: sp30.id, count }])).toEqual({
          code: "INVALID_INPUT",
          details: [{ path: ["charges", "0", "count"], message: "count must be an integer from 1 to 20" }]
        })
      }
      expect((yield* problemsOf([{ chargeId: sp30.id, count: 20 }])).code).toBe("OK")
    })))

  it.effect("a record without charges keeps an empty list and its old defaults", () =>
    run(Effect.gen(function*() {
      const { civilian } = yield* aLicensedCharacter
      const record = yield* createRecord(officer, citation(civilian.id, { points: 2 }))
      expect([record.charges, record.fineAmount, record.points, record.endorsement?.code]).toEqual([[], 0, 2, "CIT"])
      expect(refusal(yield* Effect.exit(createRecord(officer, citation(civilian.id, { endorsementCode: "SP30" }))))).toEqual({
        code: "INVALID_INPUT",
        details: [{ path: ["endorsementCode"], message: "is given only with points" }]
      })
    })))
})
