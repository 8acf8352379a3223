import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { CHARACTERS, CHARGES, CITED, STOLEN, UNITS } from "../scripts/demo/community.mjs"
import { refusal } from "../scripts/demo/refusals.mjs"
import { seed } from "../scripts/demo/seed.mjs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { meData, signIn, typedAs } from "./harness/identity.js"
import { type RunningServer, startServer } from "./harness/server.js"

/**
 * `npm run demo`'s seeding (scripts/demo/seed.mjs) against a real server with a fresh database,
 * run twice: the first run makes the community through the public API, the second finds it all.
 */
describe("the demo community", () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "dev-admin" } })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("is made once, and a second run finds it all and makes nothing", async () => {
    const first = await seed(server.url)
    expect(first.items.filter((item) => !item.created)).toEqual([])
    const kinds = (items: ReadonlyArray<{ readonly kind: string }>) => [...new Set(items.map((item) => item.kind))]
    expect(kinds(first.items)).toEqual([
      "role",
      "staff profile",
      "unit",
      "character",
      "licence",
      "vehicle",
      "stolen marker",
      "charge",
      "record",
      "call",
      "incident"
    ])

    const second = await seed(server.url)
    expect(second.items.filter((item) => item.created)).toEqual([])
    expect(second.items.map((item) => `${item.kind}: ${item.name}`)).toEqual(first.items.map((item) => `${item.kind}: ${item.name}`))
  })

  it("lets the dispatcher work the board and the officer look the stolen car up", async () => {
    const dispatcher = await signIn(server, { id: "dev-dispatcher", username: "dana.dispatcher", displayName: "Dana Dispatcher" })
    const permissions = (await meData(server, dispatcher)).permissions
    expect(permissions).toEqual(expect.arrayContaining(["cad.view", "cad.dispatch", "cad.incidents.create", "cad.units.manage", "cad.calls.manage"]))

    const units = await typedAs(server, dispatcher).run((api) => api.cadUnits.listUnits({ query: { limit: 100 } }))
    expect(units.data.map((unit) => unit.callsign)).toEqual(expect.arrayContaining(UNITS.map((unit) => unit.callsign)))
    expect(new Set(units.data.map((unit) => unit.type)).size).toBeGreaterThanOrEqual(4)
    const open = await typedAs(server, dispatcher).run((api) => api.cadIncidents.listIncidents({ query: {} }))
    expect(open.data.length).toBe(1)
    const waiting = await typedAs(server, dispatcher).run((api) => api.cadCalls.listCalls({ query: {} }))
    expect(waiting.data.filter((call) => call.source === "API").length).toBe(2)

    const member = await signIn(server, { id: "dev-member", username: "mo.member", displayName: "Mo Member" })
    const characters = await typedAs(server, member).run((api) => api.civilians.listCivilians({ query: { limit: 100 } }))
    expect(characters.data.map((character) => character.fullName).sort()).toEqual(CHARACTERS.map((character) => character.fields.fullName).sort())
    for (const character of characters.data) {
      expect(character.licence, character.fullName).not.toBeNull()
      expect(character.vehicles.length, character.fullName).toBeGreaterThanOrEqual(1)
    }

    const officer = await signIn(server, { id: "dev-officer", username: "olly.officer", displayName: "Olly Officer" })
    const found = await typedAs(server, officer).run((api) => api.pnc.searchVehicles({ query: { search: STOLEN.plate } }))
    expect(found.data.map((hit) => [hit.plate, hit.stolen])).toEqual([[STOLEN.plate, true]])
  })

  it("gives the officers every PNC key, and the sergeant a supervisor's keys besides", async () => {
    const pnc = ["pnc.view", "pnc.records.manage", "pnc.licences.manage", "pnc.warrants.manage", "pnc.markers.manage", "pnc.vehicles.manage"]
    const officer = await signIn(server, { id: "dev-officer", username: "olly.officer", displayName: "Olly Officer" })
    const sergeant = await signIn(server, { id: "dev-sergeant", username: "sid.sergeant", displayName: "Sid Sergeant" })
    expect((await meData(server, officer)).permissions).toEqual(expect.arrayContaining(pnc))
    expect((await meData(server, sergeant)).permissions).toEqual(expect.arrayContaining([...pnc, "shifts.manage", "sessions.manage", "audit.view"]))
  })

  it("has an example charges catalogue, and a record citing one of its charges with the fine, points and code it gives", async () => {
    const officer = await signIn(server, { id: "dev-officer", username: "olly.officer", displayName: "Olly Officer" })
    const catalogue = await typedAs(server, officer).run((api) => api.pncCharges.listCharges({ query: { limit: 100 } }))
    expect(catalogue.data.map((charge) => charge.code).sort()).toEqual(CHARGES.map((charge) => charge.code).sort())
    expect(catalogue.data.some((charge) => charge.category === "Traffic" && charge.points > 0)).toBe(true)
    expect(catalogue.data.some((charge) => charge.category === "Public order")).toBe(true)
    expect(catalogue.data.filter((charge) => charge.warningApplicable).length).toBeGreaterThanOrEqual(2)

    const people = await typedAs(server, officer).run((api) => api.pnc.searchCivilians({ query: { search: CITED.character } }))
    const person = await typedAs(server, officer).run((api) => api.pnc.getPerson({ params: { id: people.data[0]!.id } }))
    const records = await typedAs(server, officer).run((api) => api.pncRecords.listCivilianRecords({ params: { id: person.data.id }, query: {} }))
    const cited = records.data.find((record) => record.title === CITED.record.title)!
    const charge = catalogue.data.find((c) => c.code === CITED.charges[0]!.code)!
    expect(cited.charges.map((c) => [c.code, c.count])).toEqual([[charge.code, 1]])
    expect([cited.fineAmount, cited.points, cited.endorsement?.code, cited.recordedBy.displayName]).toEqual([
      charge.fineMin,
      charge.points,
      charge.endorsementCode,
      "Olly Officer"
    ])
    expect(person.data.licence?.points).toBe(charge.points)
  })
})

describe("npm run demo's refusals", () => {
  it("never runs in production: it says why and exits 1, starting nothing", () => {
    const main = fileURLToPath(new URL("../scripts/demo/main.mjs", import.meta.url))
    const run = spawnSync(process.execPath, [main], { env: { PATH: process.env["PATH"] ?? "", NODE_ENV: "production" }, encoding: "utf8", timeout: 30_000 })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain("refuses to run in production (NODE_ENV=production)")
    expect(run.stdout).toBe("")
  })

  it("runs on the development defaults, and refuses where it could not sign in as the development administrator", () => {
    expect(refusal({})).toBeUndefined()
    expect(refusal({ NODE_ENV: "development", BLUELIGHT_ADMIN_IDENTITY_IDS: "someone, dev-admin" })).toBeUndefined()
    expect(refusal({ IDP_CLIENT_ID: "bluelight" })).toContain("IDP_CLIENT_ID")
    expect(refusal({ BLUELIGHT_ADMIN_IDENTITY_IDS: "someone" })).toContain("must include dev-admin")
  })
})
