/**
 * Black-box tests of the charges catalogue and of records citing charges,
 * against the real server and database: every new code and refusal, the
 * fields at and past their bounds and hostile strings, search, retirement,
 * codes unique under a race, and a record held to the charges it cites and
 * keeping its copy of them.
 */
import type { Charge, RecordView } from "@bluelight/core/civilians"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type JsonObject, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { type Session, staffMember } from "../harness/identity.js"
import { createCharacter, get, issueLicenceFor, ok, send, startWorld, uniqueWord, type World } from "./world.js"

let world: World
let recorder: Session
let viewer: Session
beforeAll(async () => {
  world = await startWorld("charges")
  recorder = (await staffMember(world.server, world.admin, { id: "charges-recorder", displayName: "PC Recorder" }, ["pnc.view", "pnc.records.manage"]))
    .session
  viewer = (await staffMember(world.server, world.admin, { id: "charges-viewer", displayName: "PC Viewer" }, ["pnc.view"])).session
})
afterAll(() => world?.server.stop())

type ChargeData = typeof Charge.Encoded
type RecordData = typeof RecordView.Encoded

const CHARGE_KEYS = [
  "active",
  "category",
  "code",
  "createdAt",
  "custodyMaxDays",
  "endorsementCode",
  "fineMax",
  "fineMin",
  "id",
  "points",
  "title",
  "updatedAt",
  "warningApplicable"
]

let codes = 0
/** A code nobody else in the run has: letters and digits, lower case (the server stores it upper case). */
const uniqueCode = (prefix = "t") => `${prefix}${(++codes).toString(36)}${Math.random().toString(36).slice(2, 6)}`.replace(/[^a-z0-9]/g, "x")

const createCharge = async (body: JsonObject) => ok<ChargeData>(await send(world, world.admin, "POST", "/api/pnc/charges", body), 201)
const changeCharge = (id: string, body: JsonObject) => send(world, world.admin, "PATCH", `/api/pnc/charges/${id}`, body)
const listCharges = async (query: string, who: Session | string = world.officer) => listOf<ChargeData>(await get(world, who, `/api/pnc/charges?${query}`)).data
const aCharge = (overrides: JsonObject = {}) =>
  createCharge({
    code: uniqueCode(),
    title: "Exceeding the speed limit",
    category: "Traffic",
    fineMin: 100,
    fineMax: 1000,
    points: 3,
    endorsementCode: "SP30",
    ...overrides
  })

const citation = (civilianId: string, overrides: JsonObject = {}): JsonObject => ({
  civilianId,
  type: "CITATION",
  title: "Speeding",
  description: "48 in a 30 zone",
  location: "High Street",
  occurredAt: "2026-01-02T03:04:05.000Z",
  ...overrides
})
const record = (body: JsonObject) => send(world, recorder, "POST", "/api/pnc/records", body)
const createRecord = async (body: JsonObject) => ok<RecordData>(await record(body), 201)

/** The paths of an `INVALID_INPUT` answer's problems, and the answer's messages by path. */
const invalidAt = (reply: Awaited<ReturnType<typeof send>>) => {
  const error = expectError(reply, 400, "INVALID_INPUT")
  return error.details as Array<{ path: Array<string>; message: string }>
}

describe("the charges catalogue", () => {
  it("an administrator creates a charge: active, code upper case, left-out fields null or false; read by officers and credentials; audited", async () => {
    const code = uniqueCode("sp")
    const made = await createCharge({ code, title: "Exceeding the speed limit", fineMin: 100, fineMax: 1000, points: 3, endorsementCode: "SP30" })
    expect(Object.keys(made).sort()).toEqual(CHARGE_KEYS)
    expect(made).toMatchObject({
      code: code.toUpperCase(),
      category: null,
      custodyMaxDays: null,
      warningApplicable: false,
      active: true,
      fineMin: 100,
      fineMax: 1000,
      points: 3,
      endorsementCode: "SP30"
    })
    expect(ok<ChargeData>(await get(world, viewer, `/api/pnc/charges/${made.id}`))).toEqual(made)
    expect(ok<ChargeData>(await get(world, world.credential, `/api/pnc/charges/${made.id}`))).toEqual(made)
    expect((await listCharges(`search=${code}`, world.credential)).map((c) => c.id)).toEqual([made.id])
    const audit = listOf<{ action: string; data: JsonObject; actor: JsonObject }>(await get(world, world.admin, `/api/audit?targetId=${made.id}`)).data
    expect(audit.map((e) => e.action)).toEqual(["pnc.charge.created"])
    expect(audit[0]!.data).toMatchObject({ code: code.toUpperCase(), fineMin: 100, fineMax: 1000, points: 3, warningApplicable: false })
  })

  it("refusals: no session, no pnc.view, no admin.manage, a credential where a session is needed; unknown ids NOT_FOUND", async () => {
    const charge = await aCharge()
    expectError(await world.server.request("GET", "/api/pnc/charges"), 401, "UNAUTHENTICATED")
    expectError(await get(world, world.alice, "/api/pnc/charges"), 403, "FORBIDDEN")
    expectError(await get(world, world.alice, `/api/pnc/charges/${charge.id}`), 403, "FORBIDDEN")
    const body = { code: uniqueCode(), title: "Not allowed", fineMin: 0, fineMax: 0, points: 0 }
    expect(expectError(await send(world, viewer, "POST", "/api/pnc/charges", body), 403, "FORBIDDEN").message).toContain("admin.manage")
    expectError(await send(world, recorder, "PATCH", `/api/pnc/charges/${charge.id}`, { title: "Not allowed" }), 403, "FORBIDDEN")
    expectError(await send(world, world.credential, "POST", "/api/pnc/charges", body), 403, "USER_REQUIRED")
    expectError(await send(world, world.credential, "PATCH", `/api/pnc/charges/${charge.id}`, { title: "Not allowed" }), 403, "USER_REQUIRED")
    expectError(await get(world, viewer, "/api/pnc/charges/no-such-charge"), 404, "NOT_FOUND")
    expectError(await changeCharge("no-such-charge", { title: "Nothing" }), 404, "NOT_FOUND")
    expect((await listCharges(`search=${body.code}&active=all`)).length).toBe(0)
  })

  it("a code taken ignoring case is CHARGE_CODE_TAKEN; of parallel creates of one code, one is made", async () => {
    const code = uniqueCode("dup")
    await aCharge({ code })
    expectError(
      await send(world, world.admin, "POST", "/api/pnc/charges", { code: code.toUpperCase(), title: "Again", fineMin: 0, fineMax: 0, points: 0 }),
      409,
      "CHARGE_CODE_TAKEN"
    )
    const raced = uniqueCode("race")
    const spellings = [raced, raced.toUpperCase(), `${raced.slice(0, 2).toUpperCase()}${raced.slice(2)}`, raced, raced.toUpperCase()]
    const replies = await Promise.all(
      spellings.map((spelled) => send(world, world.admin, "POST", "/api/pnc/charges", { code: spelled, title: "Raced", fineMin: 0, fineMax: 0, points: 0 }))
    )
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409, 409])
    for (const reply of replies.filter((r) => r.status === 409)) expectError(reply, 409, "CHARGE_CODE_TAKEN")
    expect((await listCharges(`search=${raced}`)).map((c) => c.code)).toEqual([raced.toUpperCase()])
    const audited = listOf<{ action: string; data: JsonObject }>(await get(world, world.admin, "/api/audit?action=pnc.charge.created&limit=100")).data
    expect(audited.filter((e) => e.data["code"] === raced.toUpperCase())).toHaveLength(1)
  })

  it("refuses bad fields, each at its path: bounds at and past, patterns, the rules between fields, hostile strings, unknown properties", async () => {
    const base = { code: uniqueCode(), title: "Bounds", fineMin: 0, fineMax: 0, points: 0 }
    const bad: Array<[JsonObject, Array<string>]> = [
      [{ code: "" }, ["code"]],
      [{ code: "A".repeat(17) }, ["code"]],
      [{ code: ".SP30" }, ["code"]],
      [{ code: "SP 30" }, ["code"]],
      [{ code: "SP_30" }, ["code"]],
      [{ code: "SP30<script>" }, ["code"]],
      [{ code: "SP\u0000" }, ["code"]],
      [{ code: "SP\ud800" }, ["code"]],
      [{ code: "SP\u202e30" }, ["code"]],
      [{ code: 30 }, ["code"]],
      [{ title: "ab" }, ["title"]],
      [{ title: "x".repeat(121) }, ["title"]],
      [{ title: "Nul\u0000here" }, ["title"]],
      [{ title: "Two\nlines" }, ["title"]],
      [{ title: "Right\u202eto left" }, ["title"]],
      [{ category: "c" }, ["category"]],
      [{ category: "c".repeat(41) }, ["category"]],
      [{ fineMin: -0.01 }, ["fineMin"]],
      [{ fineMax: 1_000_000.01 }, ["fineMax"]],
      [{ fineMin: 1.005, fineMax: 2 }, ["fineMin"]],
      [{ fineMin: "10" }, ["fineMin"]],
      [{ fineMin: 10, fineMax: 9.99 }, ["fineMax"]],
      [{ points: 13, endorsementCode: "SP30" }, ["points"]],
      [{ points: -1 }, ["points"]],
      [{ points: 3 }, ["endorsementCode"]],
      [{ points: 3, endorsementCode: null }, ["endorsementCode"]],
      [{ points: 0, endorsementCode: "SP30" }, ["endorsementCode"]],
      [{ points: 3, endorsementCode: "sp30" }, ["endorsementCode"]],
      [{ custodyMaxDays: 36_501 }, ["custodyMaxDays"]],
      [{ custodyMaxDays: -1 }, ["custodyMaxDays"]],
      [{ warningApplicable: "yes" }, ["warningApplicable"]],
      [{ active: false }, ["active"]],
      [{ id: "mine" }, ["id"]]
    ]
    for (const [overrides, path] of bad) {
      const details = invalidAt(await send(world, world.admin, "POST", "/api/pnc/charges", { ...base, ...overrides }))
      expect(details.map((d) => d.path), JSON.stringify(overrides).slice(0, 80)).toContainEqual(path)
    }
    expect(invalidAt(await send(world, world.admin, "POST", "/api/pnc/charges", { title: "Nothing else" })).map((d) => d.path)).toEqual(
      expect.arrayContaining([["code"], ["fineMin"], ["fineMax"], ["points"]])
    )
    expect((await listCharges(`search=${base.code}&active=all`)).length).toBe(0)
    // At the bounds, and a title of markup kept as text.
    const atBounds = await createCharge({
      code: `${uniqueCode("b")}.A/1-Z`.slice(0, 16),
      title: ` <script>alert("x")</script>${"t".repeat(90)} `,
      category: "ab",
      fineMin: 0,
      fineMax: 1_000_000,
      points: 12,
      endorsementCode: "AB1234567Z",
      custodyMaxDays: 36_500,
      warningApplicable: true
    })
    expect([atBounds.title, atBounds.fineMax, atBounds.points, atBounds.custodyMaxDays]).toEqual([
      `<script>alert("x")</script>${"t".repeat(90)}`,
      1_000_000,
      12,
      36_500
    ])
    const smallest = await createCharge({
      code: uniqueCode("s").slice(0, 1),
      title: "abc",
      category: "c".repeat(40),
      fineMin: 0.01,
      fineMax: 0.01,
      points: 0,
      custodyMaxDays: 0
    })
    expect([smallest.code.length, smallest.fineMin, smallest.custodyMaxDays]).toEqual([1, 0.01, 0])
  })

  it("listed by code; search words of code, title or category ignoring case, literally; active by default, false, all", async () => {
    const word = uniqueWord("kw")
    const stem = uniqueCode("L").toUpperCase()
    const phone = await aCharge({ code: `${stem}B`, title: `Hand-held phone ${word}`, points: 6, endorsementCode: "CU80" })
    const speeding = await aCharge({ code: `${stem}A`, title: `Speeding ${word}` })
    const affray = await aCharge({ code: `${stem}C`, title: `Affray ${word}`, category: `Public order`, points: 0, endorsementCode: null })
    const percent = await aCharge({ code: `${stem}D`, title: `Fine of 100% ${word}`, category: null, points: 0, endorsementCode: null })
    expect((await listCharges(`search=${word}`)).map((c) => c.id)).toEqual([speeding.id, phone.id, affray.id, percent.id])
    expect((await listCharges(`search=${encodeURIComponent(`${word.toUpperCase()}  phone`)}`)).map((c) => c.id)).toEqual([phone.id])
    expect((await listCharges(`search=${encodeURIComponent(`public ${word}`)}`)).map((c) => c.id)).toEqual([affray.id])
    expect((await listCharges(`search=${encodeURIComponent(`${stem.toLowerCase()}a`)}`)).map((c) => c.id)).toEqual([speeding.id])
    expect((await listCharges(`search=${encodeURIComponent(`${word} %`)}`)).map((c) => c.id)).toEqual([percent.id])
    expect((await listCharges(`search=${encodeURIComponent(`${word} _`)}`)).map((c) => c.id)).toEqual([])
    expect((await listCharges(`search=${encodeURIComponent(`${word}' OR '1'='1`)}`)).map((c) => c.id)).toEqual([])
    expect(ok<ChargeData>(await changeCharge(phone.id, { active: false })).active).toBe(false)
    expect((await listCharges(`search=${word}`)).map((c) => c.id)).toEqual([speeding.id, affray.id, percent.id])
    expect((await listCharges(`search=${word}&active=true`)).map((c) => c.id)).toEqual([speeding.id, affray.id, percent.id])
    expect((await listCharges(`search=${word}&active=false`)).map((c) => c.id)).toEqual([phone.id])
    expect((await listCharges(`search=${word}&active=all&limit=2&offset=1`)).map((c) => c.id)).toEqual([phone.id, affray.id])
    expect(ok<ChargeData>(await get(world, viewer, `/api/pnc/charges/${phone.id}`)).active).toBe(false)
    for (const query of ["active=yes", "active=", "search=", `search=${"x".repeat(101)}`, "search=a%00b", "limit=0", "status=ACTIVE"]) {
      const details = invalidAt(await get(world, viewer, `/api/pnc/charges?${query}`))
      expect(details[0]!.path[0], query).toBe("query")
    }
  })

  it("a change sets the fields sent under the same rules; nothing changing is NO_CHANGE; a code taken is CHARGE_CODE_TAKEN; audited", async () => {
    const other = await aCharge()
    const charge = await aCharge({ category: "Traffic" })
    const changed = ok<ChargeData>(await changeCharge(charge.id, { fineMax: 2500, category: null, title: "Speeding, re-worded", warningApplicable: true }))
    expect(changed).toMatchObject({ id: charge.id, code: charge.code, fineMax: 2500, category: null, title: "Speeding, re-worded", warningApplicable: true })
    expect(Date.parse(changed.updatedAt) >= Date.parse(charge.updatedAt)).toBe(true)
    expectError(await changeCharge(charge.id, { fineMax: 2500, code: charge.code.toLowerCase() }), 409, "NO_CHANGE")
    expectError(await changeCharge(charge.id, {}), 409, "NO_CHANGE")
    expectError(await changeCharge(charge.id, { code: other.code.toLowerCase() }), 409, "CHARGE_CODE_TAKEN")
    expect(invalidAt(await changeCharge(charge.id, { points: 0 }))).toEqual([{ path: ["endorsementCode"], message: "must be null when points are 0" }])
    expect(invalidAt(await changeCharge(charge.id, { fineMin: 2500.01 }))).toEqual([{ path: ["fineMax"], message: "must not be less than fineMin (2500.01)" }])
    expect(invalidAt(await changeCharge(charge.id, { code: "bad code", unknown: 1 })).map((d) => d.path).sort()).toEqual([["code"], ["unknown"]])
    expect(ok<ChargeData>(await changeCharge(charge.id, { points: 0, endorsementCode: null, custodyMaxDays: 14 }))).toMatchObject({
      points: 0,
      endorsementCode: null,
      custodyMaxDays: 14
    })
    const audit = listOf<{ action: string; data: JsonObject }>(await get(world, world.admin, `/api/audit?targetId=${charge.id}`)).data
    expect(audit.map((e) => e.action)).toEqual(["pnc.charge.changed", "pnc.charge.changed", "pnc.charge.created"])
    expect(audit[1]!.data).toEqual({
      code: charge.code,
      fields: ["title", "category", "fineMax", "warningApplicable"],
      before: { title: "Exceeding the speed limit", category: "Traffic", fineMax: 1000, warningApplicable: false },
      after: { title: "Speeding, re-worded", category: null, fineMax: 2500, warningApplicable: true }
    })
  })
})

describe("a record citing charges", () => {
  it("takes the fine's floor, the points (capped at 12) and the code of the charge with most points; keeps a copy on every record view", async () => {
    const civilian = await createCharacter(world, world.alice)
    const licence = await issueLicenceFor(world, world.alice, civilian.id)
    const speeding = await aCharge({ fineMin: 100, fineMax: 1000, points: 3, endorsementCode: "SP30" })
    const phone = await aCharge({ title: "Hand-held phone", fineMin: 200.5, fineMax: 1000, points: 6, endorsementCode: "CU80" })
    const made = await createRecord(citation(civilian.id, { charges: [{ chargeId: speeding.id, count: 2 }, { chargeId: phone.id, count: 1 }] }))
    expect([made.fineAmount, made.points, made.endorsement?.code]).toEqual([400.5, 12, "CU80"])
    const copy = [
      { chargeId: speeding.id, code: speeding.code, title: speeding.title, count: 2, fineMin: 100, fineMax: 1000, points: 3 },
      { chargeId: phone.id, code: phone.code, title: "Hand-held phone", count: 1, fineMin: 200.5, fineMax: 1000, points: 6 }
    ]
    expect(made.charges).toEqual(copy)
    expect(ok<RecordData>(await get(world, world.credential, `/api/pnc/records/${made.id}`)).charges).toEqual(copy)
    expect(listOf<RecordData>(await get(world, world.officer, `/api/pnc/civilians/${civilian.id}/records`)).data[0]!.charges).toEqual(copy)
    // Twelve points reach the community's default threshold: the licence is suspended by totting-up in the same change.
    const endorsed = ok<{ points: number; status: string; suspensionReason: string | null }>(await get(world, world.officer, `/api/pnc/licences/${licence.id}`))
    expect([endorsed.points, endorsed.status, endorsed.suspensionReason]).toEqual([12, "SUSPENDED", "TOTTING_UP"])
    const events = listOf<JsonObject>(await get(world, world.officer, `/api/pnc/events?civilianId=${civilian.id}&limit=3`)).data
    expect(events.map((e) => e["type"])).toEqual(["LICENCE_SUSPENDED", "ENDORSEMENT_ADDED", "RECORD_CREATED"])
    expect(events[2]!["data"]).toMatchObject({ fineAmount: 400.5, points: 12, charges: [{ code: speeding.code, count: 2 }, { code: phone.code, count: 1 }] })
    const plain = await createRecord(citation(civilian.id))
    expect([plain.charges, plain.fineAmount, plain.points]).toEqual([[], 0, 0])
  })

  it("the fine within the summed range, at and past both ends; the points at and past their cap", async () => {
    const civilian = await createCharacter(world, world.alice)
    const charge = await aCharge({ fineMin: 50.25, fineMax: 300, points: 2, endorsementCode: "SP30" })
    const cited = { charges: [{ chargeId: charge.id, count: 3 }] }
    const range = "must be from 150.75 to 900 for the charges cited"
    expect(invalidAt(await record(citation(civilian.id, { ...cited, fineAmount: 150.74 })))).toEqual([{ path: ["fineAmount"], message: range }])
    expect(invalidAt(await record(citation(civilian.id, { ...cited, fineAmount: 900.01 })))).toEqual([{ path: ["fineAmount"], message: range }])
    expect((await createRecord(citation(civilian.id, { ...cited, fineAmount: 150.75 }))).fineAmount).toBe(150.75)
    expect((await createRecord(citation(civilian.id, { ...cited, fineAmount: 900 }))).fineAmount).toBe(900)
    expect(invalidAt(await record(citation(civilian.id, { ...cited, points: 7 })))).toEqual([{
      path: ["points"],
      message: "must be at most 6 for the charges cited"
    }])
    expect((await createRecord(citation(civilian.id, { ...cited, points: 6 }))).points).toBe(6)
    expect((await createRecord(citation(civilian.id, { ...cited, points: 1 }))).points).toBe(1)
    const heavy = await aCharge({ points: 5, endorsementCode: "DR10" })
    const capped = await createRecord(citation(civilian.id, { charges: [{ chargeId: heavy.id, count: 3 }] }))
    expect([capped.points, capped.endorsement]).toEqual([12, null])
    expect((await createRecord(citation(civilian.id, { charges: [{ chargeId: heavy.id, count: 3 }], points: 12 }))).points).toBe(12)
    expect(invalidAt(await record(citation(civilian.id, { charges: [{ chargeId: heavy.id, count: 3 }], points: 13 }))).map((d) => d.path)).toEqual([["points"]])
  })

  it("a WARNING cites only warning-applicable charges; a retired or unknown charge is refused; each at its place", async () => {
    const civilian = await createCharacter(world, world.alice)
    const applicable = await aCharge({ warningApplicable: true })
    const not = await aCharge({ warningApplicable: false })
    const retired = await aCharge()
    ok(await changeCharge(retired.id, { active: false }))
    const warning = (charges: Array<JsonObject>) => record(citation(civilian.id, { type: "WARNING", charges }))
    expect(invalidAt(await warning([{ chargeId: applicable.id, count: 1 }, { chargeId: not.id, count: 1 }]))).toEqual([
      { path: ["charges", "1", "chargeId"], message: "is not a charge a warning may cite" }
    ])
    expect(invalidAt(await record(citation(civilian.id, { charges: [{ chargeId: retired.id, count: 1 }] })))).toEqual([
      { path: ["charges", "0", "chargeId"], message: "is a retired charge, which can no longer be cited" }
    ])
    expect(invalidAt(await record(citation(civilian.id, { charges: [{ chargeId: applicable.id, count: 1 }, { chargeId: "no-such-charge", count: 1 }] }))))
      .toEqual([{ path: ["charges", "1", "chargeId"], message: "is not a charge of the catalogue" }])
    const made = ok<RecordData>(await warning([{ chargeId: applicable.id, count: 1 }]), 201)
    expect(made.charges.map((c) => c.chargeId)).toEqual([applicable.id])
    expect((await createRecord(citation(civilian.id, { charges: [{ chargeId: not.id, count: 1 }] }))).type).toBe("CITATION")
    ok(await changeCharge(retired.id, { active: true }))
    expect((await createRecord(citation(civilian.id, { charges: [{ chargeId: retired.id, count: 1 }] }))).charges).toHaveLength(1)
  })

  it("no charge twice, at most 20, each counted 1 to 20 times: INVALID_INPUT at the place, nothing recorded", async () => {
    const civilian = await createCharacter(world, world.alice)
    const charge = await aCharge({ fineMin: 0, fineMax: 0, points: 0, endorsementCode: null })
    const cite = (charges: unknown) => record(citation(civilian.id, { charges }))
    expect(invalidAt(await cite([{ chargeId: charge.id, count: 1 }, { chargeId: charge.id, count: 2 }]))).toEqual([
      { path: ["charges", "1", "chargeId"], message: "names a charge already cited" }
    ])
    const many = Array.from({ length: 21 }, (_, i) => ({ chargeId: `charge-${i}`, count: 1 }))
    expect(invalidAt(await cite(many))).toEqual([{ path: ["charges"], message: "at most 20 charges" }])
    for (const count of [0, 21, 1.5, "1"]) {
      expect(invalidAt(await cite([{ chargeId: charge.id, count }])).map((d) => d.path), String(count)).toEqual([["charges", "0", "count"]])
    }
    expect(invalidAt(await cite([{ chargeId: charge.id }])).map((d) => d.path)).toEqual([["charges", "0", "count"]])
    expect(invalidAt(await cite([{ chargeId: charge.id, count: 1, extra: true }])).map((d) => d.path)).toEqual([["charges", "0", "extra"]])
    expect(invalidAt(await cite("SP30")).map((d) => d.path)).toEqual([["charges"]])
    expect(listOf(await get(world, world.officer, `/api/pnc/civilians/${civilian.id}/records`)).data).toEqual([])
    const twenty = []
    for (let i = 0; i < 20; i++) twenty.push({ chargeId: (await aCharge({ fineMin: 1, fineMax: 2, points: 0, endorsementCode: null })).id, count: 20 })
    const full = await createRecord(citation(civilian.id, { charges: twenty }))
    expect([full.charges.length, full.fineAmount, full.points]).toEqual([20, 400, 0])
  })

  it("a charge changed or retired after a record leaves the record's copy as it was", async () => {
    const civilian = await createCharacter(world, world.alice)
    const charge = await aCharge({ fineMin: 100, fineMax: 1000, points: 3, endorsementCode: "SP30" })
    const made = await createRecord(citation(civilian.id, { charges: [{ chargeId: charge.id, count: 1 }] }))
    ok(await changeCharge(charge.id, { code: uniqueCode("new"), title: "Renamed offence", fineMin: 500, fineMax: 600, points: 4, active: false }))
    const again = ok<RecordData>(await get(world, viewer, `/api/pnc/records/${made.id}`))
    expect(again.charges).toEqual([{ chargeId: charge.id, code: charge.code, title: charge.title, count: 1, fineMin: 100, fineMax: 1000, points: 3 }])
    expect(again).toEqual(made)
  })
})
