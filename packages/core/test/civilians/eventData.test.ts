/** Each PNC history type's payload schema (`PNC_EVENT_DATA`) against what the use cases write. */
import {
  addEndorsement,
  approveWarrant,
  changeCommunitySettings,
  changeVehicleStatuses,
  clearMarker,
  closeRecord,
  closeWarrant,
  createCivilian,
  createMarker,
  createRecord,
  issueLicence,
  issueWarrant,
  type NewPncEvent,
  PNC_EVENT_DATA,
  PNC_EVENT_TYPES,
  type RecordedChange,
  registerVehicle,
  reinstateLicence,
  rejectWarrant,
  removeEndorsement,
  revokeLicence,
  suspendLicence,
  transferVehicle,
  updateCivilian,
  updateLicence,
  voidRecord
} from "@bluelight/core/civilians"
import { type Account, AccountId, Accounts, type Permission } from "@bluelight/core/identity"
import { accessNotChecked, civilianTables, InMemoryDatabase, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Schema } from "effect"
import { TestClock } from "effect/testing"
import { anAccount, aUserCaller } from "../identity/helpers.js"

const MEMBER: ReadonlyArray<Permission> = ["civilians.create", "civilians.manage_own"]
const OFFICER: ReadonlyArray<Permission> = [
  "pnc.view",
  "pnc.licences.manage",
  "pnc.vehicles.manage",
  "pnc.records.manage",
  "pnc.warrants.manage",
  "pnc.markers.manage"
]

const person = (id: string, displayName: string): Account =>
  anAccount({ id: AccountId.make(id), displayName, identity: { id: `idp-${id}`, username: id, avatar: null } })
const alice = aUserCaller(MEMBER, person("alice", "Alice"))
const officer = aUserCaller(OFFICER, person("officer", "PC Officer"))
const sergeant = aUserCaller(OFFICER, person("sergeant", "Sgt Second"))
const admin = aUserCaller(["admin.manage"], person("admin", "Admin"))

const character = { fullName: "John Smith", dateOfBirth: "1990-05-14", gender: "MALE", address: "1 High Street" } as const
const TODAY = DateTime.makeUnsafe("2026-06-15T12:00:00.000Z")

/** Every PNC history type written once or more, through the use cases: the history's entries afterwards, in order. */
const everyChange = Effect.gen(function*() {
  yield* TestClock.setTime(TODAY.epochMilliseconds)
  for (const caller of [alice, officer, sergeant, admin]) yield* Accounts.use((accounts) => accounts.insert(caller.account))
  const civilian = yield* createCivilian(alice, character)
  yield* updateCivilian(alice, civilian.id, { address: "2 Low Road", notes: "Keep this to myself" })
  const licence = yield* issueLicence(alice, civilian.id, { categories: ["B"] })
  yield* updateLicence(officer, licence.id, { reason: "Passed the motorcycle test", categories: ["A", "B"] })
  const endorsed = yield* addEndorsement(officer, licence.id, { code: "SP30", reason: "Speeding", points: 3 })
  yield* removeEndorsement(officer, licence.id, endorsed.endorsements[0]!.id, { reason: "Appeal upheld" })
  const citation = {
    civilianId: civilian.id,
    type: "CITATION",
    title: "Speeding",
    description: "48 in a 30 zone",
    location: "High Street",
    occurredAt: DateTime.subtract(TODAY, { hours: 1 })
  } as const
  const pointed = yield* createRecord(officer, { ...citation, points: 3, fineAmount: 100, endorsementCode: "SP30" })
  yield* voidRecord(officer, pointed.id, { reason: "Wrong driver" })
  const warned = yield* createRecord(officer, { ...citation, type: "WARNING", title: "Warned for noise" })
  yield* closeRecord(officer, warned.id, { reason: "No further action" })
  yield* suspendLicence(officer, licence.id, { reason: "Court order" })
  yield* reinstateLicence(officer, licence.id, { reason: "Order lifted" })
  yield* revokeLicence(officer, licence.id, { reason: "Dangerous driving" })
  const car = yield* registerVehicle(alice, civilian.id, { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" })
  yield* changeVehicleStatuses(officer, car.id, { reason: "Insurance lapsed", insuranceStatus: "UNINSURED" })
  const sister = yield* createCivilian(alice, { ...character, fullName: "Jane Smith" })
  yield* transferVehicle(alice, civilian.id, car.id, { toReference: sister.reference })
  const warrant = yield* issueWarrant(officer, { civilianId: civilian.id, reason: "Failed to appear at court" })
  yield* closeWarrant(officer, warrant.id, { outcome: "EXECUTED", note: "Arrested at home" })
  yield* changeCommunitySettings(admin, { warrantsNeedApproval: true })
  const approved = yield* issueWarrant(officer, { civilianId: civilian.id, reason: "Failed to appear again" })
  yield* approveWarrant(sergeant, approved.id, { note: "Grounds checked" })
  const refused = yield* issueWarrant(officer, { civilianId: civilian.id, reason: "Seen nearby" })
  yield* rejectWarrant(sergeant, refused.id, { reason: "No grounds given" })
  const marker = yield* createMarker(officer, { type: "OFFICER_SAFETY", civilianId: civilian.id, reason: "Violent when approached" })
  yield* clearMarker(officer, marker.id, { reason: "No longer relevant" })
  return (yield* InMemoryDatabase.use(civilianTables)).events
})

/** The payload schema of an entry's type, closed: a key the schema does not name is an error, not dropped. */
const decodeData = (event: NewPncEvent): unknown =>
  Schema.decodeUnknownSync(PNC_EVENT_DATA[event.type] as Schema.Codec<unknown>, { onExcessProperty: "error" })(event.data)

describe("PNC history payloads", () => {
  it.effect("each type's schema decodes exactly the data its use case writes, every type written", () =>
    Effect.gen(function*() {
      const events = yield* everyChange
      expect(new Set(events.map((event) => event.type))).toEqual(new Set(PNC_EVENT_TYPES))
      for (const event of events) expect(decodeData(event)).toEqual(event.data)
      const byRecord = events.flatMap((event) => (event.type === "ENDORSEMENT_ADDED" ? [event.data.record] : []))
      expect(byRecord).toEqual([undefined, "REC-000001"])
      const reinstated = events.find((event) => event.type === "LICENCE_REINSTATED")
      expect(reinstated?.type === "LICENCE_REINSTATED" && reinstated.data.previous).toBe("SUSPENDED")
      // The private notes are named as changed, never copied.
      const updated = events.find((event) => event.type === "CIVILIAN_UPDATED")
      expect(updated?.data).toEqual({ fields: ["address", "notes"], before: { address: "1 High Street" }, after: { address: "2 Low Road" } })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it("refuses data of another type's shape, with a key missing, or with one more", () => {
    const decode = Schema.decodeUnknownSync(PNC_EVENT_DATA.WARRANT_CLOSED, { onExcessProperty: "error" })
    const closed = { reference: "WAR-000001", outcome: "EXECUTED", note: "Arrested at home" }
    expect(decode(closed)).toEqual(closed)
    expect(() => decode({ reference: "WAR-000001", reason: "Failed to appear", expiresAt: null })).toThrow()
    expect(() => decode({ reference: "WAR-000001", outcome: "EXECUTED" })).toThrow()
    expect(() => decode({ ...closed, outcome: "EXPIRED" })).toThrow()
    expect(() => decode({ ...closed, ownerId: "alice" })).toThrow()
  })

  it("a payload of the wrong shape for its type does not compile", () => {
    const target = { type: "marker", id: "m1" }
    const right: RecordedChange = { type: "MARKER_CLEARED", target, data: { reference: "MRK-000001", markerType: "WANTED", reason: "Found" } }
    // MARKER_CLEARED names the marker's type as markerType: with `type` instead, it is no change the type takes.
    type Wrong = { type: "MARKER_CLEARED"; target: typeof target; data: { reference: "MRK-000001"; type: "WANTED"; reason: "Found" } }
    const wrongTaken: [Wrong] extends [RecordedChange] ? true : false = false
    expect([right.type, wrongTaken]).toEqual(["MARKER_CLEARED", false])
  })
})
