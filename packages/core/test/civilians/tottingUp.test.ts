/** Totting-up: the pure rule beside the licence, then the endorsements that set it off, on the in-memory ports. */
import {
  addEndorsement,
  changeCommunitySettings,
  createRecord,
  getOfficialLicence,
  getOwnCivilian,
  type Licence,
  LicenceId,
  CivilianId,
  OfficialLicence,
  reinstateLicence,
  removeEndorsement,
  revokeLicence,
  suspendLicence,
  TOTTING_UP,
  tottingUpSuspension
} from "@bluelight/core/civilians"
import { Accounts, type Permission, type Permitted } from "@bluelight/core/identity"
import {
  accessNotChecked,
  advanceClock,
  aPerson,
  auditEntries,
  InMemoryDatabase,
  PNC_EVENTS_TABLE,
  seedCharacter,
  setNow,
  testPorts
} from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { sentMessages, subscribe } from "../webhooks/helpers.js"
import { DateTime, Effect, type Layer, Schema } from "effect"

const at = (iso: string) => DateTime.makeUnsafe(iso)
const NOW = at("2026-06-15T12:00:00.000Z")

const licence = (overrides: Partial<Licence> = {}): Licence => ({
  id: LicenceId.make("l1"),
  civilianId: CivilianId.make("c1"),
  number: "SMITH905140J99AB",
  categories: ["B"],
  status: "VALID",
  suspendedUntil: null,
  suspensionReason: null,
  issuedAt: at("2020-01-01T00:00:00.000Z"),
  expiresAt: at("2030-01-01T00:00:00.000Z"),
  updatedAt: at("2020-01-01T00:00:00.000Z"),
  ...overrides
})

const settings = (licencePointsThreshold: number, tottingUpSuspensionDays = 180) => ({ licencePointsThreshold, tottingUpSuspensionDays })

describe("tottingUpSuspension (the pure rule)", () => {
  it("threshold − 1: nothing; exactly at it and past it: suspended until now plus the days, with the points and threshold", () => {
    expect(tottingUpSuspension(licence(), 11, settings(12), NOW)).toBeUndefined()
    expect(tottingUpSuspension(licence(), 12, settings(12), NOW)).toEqual({ until: at("2026-12-12T12:00:00.000Z"), points: 12, threshold: 12 })
    expect(tottingUpSuspension(licence(), 15, settings(12, 1), NOW)).toEqual({ until: at("2026-06-16T12:00:00.000Z"), points: 15, threshold: 12 })
    expect(tottingUpSuspension(licence(), 1, settings(1, 3650), NOW)?.until).toEqual(at("2036-06-12T12:00:00.000Z"))
  })

  it("threshold 0 turns it off, whatever the points", () => {
    for (const points of [0, 12, 100]) expect(tottingUpSuspension(licence(), points, settings(0), NOW)).toBeUndefined()
  })

  it("only a licence reading VALID: not one suspended, revoked or expired; a lapsed suspension reads VALID and is suspended again", () => {
    expect(tottingUpSuspension(licence({ status: "SUSPENDED", suspendedUntil: null, suspensionReason: "Court" }), 20, settings(12), NOW)).toBeUndefined()
    expect(
      tottingUpSuspension(licence({ status: "SUSPENDED", suspendedUntil: DateTime.add(NOW, { days: 1 }), suspensionReason: TOTTING_UP }), 20, settings(12), NOW)
    )
      .toBeUndefined()
    expect(tottingUpSuspension(licence({ status: "REVOKED" }), 20, settings(12), NOW)).toBeUndefined()
    expect(tottingUpSuspension(licence({ expiresAt: NOW }), 20, settings(12), NOW)).toBeUndefined()
    expect(tottingUpSuspension(licence({ status: "SUSPENDED", suspendedUntil: NOW, suspensionReason: TOTTING_UP }), 20, settings(12), NOW)?.threshold)
      .toBe(12)
  })
})

const MEMBER: ReadonlyArray<Permission> = ["civilians.create", "civilians.manage_own"]
const officer = aPerson({ permissions: ["pnc.view", "pnc.licences.manage", "pnc.records.manage"], displayName: "PC Officer" })
const admin = aPerson({ permissions: ["admin.manage"], displayName: "Ada Admin" })
const owner = aPerson({ permissions: MEMBER, displayName: "Character Owner" })

type Needs = Layer.Success<ReturnType<typeof testPorts>> | Permitted<Permission>

/** Today is 2026-06-15; a licensed character, the officer and the administrator; the threshold as given (12 unless). */
const withLicence = <A, E>(threshold: number | undefined, body: (ids: { licenceId: LicenceId; civilianId: CivilianId }) => Effect.Effect<A, E, Needs>) =>
  Effect.gen(function*() {
    yield* setNow(NOW)
    yield* Accounts.use((accounts) => Effect.forEach([officer, admin], (caller) => accounts.insert(caller.account)))
    const seeded = yield* seedCharacter({ owner })
    if (threshold !== undefined) yield* changeCommunitySettings(admin, { licencePointsThreshold: threshold })
    return yield* body({ licenceId: seeded.licence.id, civilianId: seeded.civilian.id })
  }).pipe(accessNotChecked, Effect.provide(testPorts()))

const endorse = (licenceId: LicenceId, points: number) => addEndorsement(officer, licenceId, { code: "SP30", reason: "Speeding", points })

interface StoredEvent {
  readonly type: string
  readonly actor: { readonly type: string; readonly id: string }
  readonly data: Record<string, unknown>
}
const suspensions = Effect.map(
  InMemoryDatabase.use((db) => db.rows<StoredEvent>(PNC_EVENTS_TABLE)),
  (rows) => rows.filter((row) => row.type === "LICENCE_SUSPENDED")
)

describe("totting-up as endorsements are added (in memory)", () => {
  it.effect("threshold − 1 leaves the licence valid; the endorsement that reaches it suspends it, by the same officer, in history and audit", () =>
    withLicence(6, ({ civilianId, licenceId }) =>
      Effect.gen(function*() {
        const below = yield* endorse(licenceId, 5)
        expect([below.status, below.points, below.suspensionReason, below.suspendedUntil]).toEqual(["VALID", 5, null, null])
        expect(yield* suspensions).toEqual([])
        const reached = yield* endorse(licenceId, 1)
        expect([reached.status, reached.points, reached.suspensionReason]).toEqual(["SUSPENDED", 6, TOTTING_UP])
        expect(reached.suspendedUntil).toEqual(at("2026-12-12T12:00:00.000Z"))
        const [entry, ...more] = yield* suspensions
        expect(more).toEqual([])
        expect(entry).toMatchObject({
          actor: { type: "user", id: officer.account.id },
          data: { reason: TOTTING_UP, points: 6, threshold: 6, automatic: true, until: "2026-12-12T12:00:00.000Z" }
        })
        const audited = (yield* auditEntries).filter((e) => e.action === "pnc.licence.suspended")
        expect(audited).toHaveLength(1)
        expect(audited[0]).toMatchObject({ actor: { type: "user", id: officer.account.id }, targetId: licenceId, data: entry!.data })
        const holder = (yield* getOwnCivilian(owner, civilianId)).licence
        expect([holder?.status, holder?.suspensionReason]).toEqual(["SUSPENDED", TOTTING_UP])
      })))

  it.effect("past the threshold in one record with points: the record's endorsement suspends the licence, by the recording officer", () =>
    withLicence(undefined, ({ civilianId, licenceId }) =>
      Effect.gen(function*() {
        yield* endorse(licenceId, 3)
        yield* createRecord(officer, {
          civilianId,
          type: "CITATION",
          title: "Dangerous driving",
          description: "Raced through the town centre",
          location: "High Street",
          occurredAt: DateTime.subtract(NOW, { hours: 1 }),
          points: 11
        })
        const read = yield* getOfficialLicence(licenceId)
        expect([read.status, read.points, read.suspensionReason]).toEqual(["SUSPENDED", 14, TOTTING_UP])
        expect((yield* suspensions).map((e) => [e.actor.id, e.data["points"], e.data["threshold"]])).toEqual([[officer.account.id, 14, 12]])
      })))

  it.effect("threshold 0: nothing happens, however many points", () =>
    withLicence(0, ({ licenceId }) =>
      Effect.gen(function*() {
        yield* endorse(licenceId, 12)
        const read = yield* endorse(licenceId, 12)
        expect([read.status, read.points]).toEqual(["VALID", 24])
        expect(yield* suspensions).toEqual([])
      })))

  it.effect("points falling never lift it; reinstating does and clears the reason; the next endorsement still at the threshold suspends again", () =>
    withLicence(6, ({ licenceId }) =>
      Effect.gen(function*() {
        const suspended = yield* endorse(licenceId, 6)
        expect(suspended.status).toBe("SUSPENDED")
        const removed = yield* removeEndorsement(officer, licenceId, suspended.endorsements[0]!.id, { reason: "Quashed on appeal" })
        expect([removed.status, removed.points, removed.suspensionReason]).toEqual(["SUSPENDED", 0, TOTTING_UP])
        const reinstated = yield* reinstateLicence(officer, licenceId, { reason: "Appeal allowed" })
        expect([reinstated.status, reinstated.suspensionReason, reinstated.suspendedUntil]).toEqual(["VALID", null, null])
        expect((yield* endorse(licenceId, 5)).status).toBe("VALID")
        expect((yield* endorse(licenceId, 1)).status).toBe("SUSPENDED")
        expect(yield* suspensions).toHaveLength(2)
      })))

  it.effect("a suspension that lapses reads VALID (reason still shown while stored suspended); the next endorsement suspends it again", () =>
    withLicence(6, ({ licenceId }) =>
      Effect.gen(function*() {
        yield* changeCommunitySettings(admin, { tottingUpSuspensionDays: 1 })
        expect((yield* endorse(licenceId, 6)).suspendedUntil).toEqual(at("2026-06-16T12:00:00.000Z"))
        yield* advanceClock("1 day")
        const lapsed = yield* getOfficialLicence(licenceId)
        expect([lapsed.status, lapsed.suspensionReason]).toEqual(["VALID", TOTTING_UP])
        const again = yield* endorse(licenceId, 1)
        expect([again.status, again.points, again.suspendedUntil]).toEqual(["SUSPENDED", 7, at("2026-06-17T12:00:00.000Z")])
        expect((yield* suspensions).map((e) => e.data["points"])).toEqual([6, 7])
      })))

  it.effect("already suspended by hand, revoked or expired: not suspended again, the officer's reason kept", () =>
    withLicence(6, ({ licenceId }) =>
      Effect.gen(function*() {
        const byHand = yield* suspendLicence(officer, licenceId, { reason: "Court order" })
        expect([byHand.status, byHand.suspensionReason]).toEqual(["SUSPENDED", "Court order"])
        const still = yield* endorse(licenceId, 12)
        expect([still.status, still.suspensionReason, still.suspendedUntil]).toEqual(["SUSPENDED", "Court order", null])
        yield* revokeLicence(officer, licenceId, { reason: "Disqualified" })
        const revoked = yield* endorse(licenceId, 12)
        expect([revoked.status, revoked.suspensionReason]).toEqual(["REVOKED", null])
        yield* reinstateLicence(officer, licenceId, { reason: "Restored" })
        yield* setNow("2036-06-15T12:00:00.000Z")
        const expired = yield* endorse(licenceId, 12)
        expect([expired.status, expired.suspensionReason]).toEqual(["EXPIRED", null])
        expect((yield* suspensions).map((e) => e.data["reason"])).toEqual(["Court order"])
      })))

  it.effect("the suspension rolls back with the endorsement when its audit entry cannot be written", () =>
    Effect.gen(function*() {
      yield* setNow(NOW)
      yield* Accounts.use((accounts) => Effect.forEach([officer, admin], (caller) => accounts.insert(caller.account)))
      const seeded = yield* seedCharacter({ owner })
      const exit = yield* Effect.exit(endorse(seeded.licence.id, 12))
      expect(exit._tag).toBe("Failure")
      const read = yield* getOfficialLicence(seeded.licence.id)
      expect([read.status, read.points, read.endorsements]).toEqual(["VALID", 0, []])
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: { failingOn: ["pnc.licence.suspended"] } }))))
})

describe("webhook messages of a suspension", () => {
  it.effect("totting-up and an officer's suspension each send pnc.licence.suspended with the official licence", () =>
    withLicence(6, ({ licenceId }) =>
      Effect.gen(function*() {
        yield* subscribe(admin, ["pnc.licence.suspended"])
        yield* endorse(licenceId, 5)
        expect(yield* sentMessages).toEqual([])
        const suspended = yield* endorse(licenceId, 1)
        const [automatic] = yield* sentMessages
        expect(automatic).toMatchObject({ type: "pnc.licence.suspended", data: { id: licenceId, status: "SUSPENDED" } })
        expect(automatic!.data).toEqual(Schema.encodeSync(OfficialLicence)(suspended))
        yield* reinstateLicence(officer, licenceId, { reason: "Appeal allowed" })
        yield* suspendLicence(officer, licenceId, { reason: "Court order" })
        const messages = yield* sentMessages
        expect(messages.map((m) => [m.type, m.data.status])).toEqual([["pnc.licence.suspended", "SUSPENDED"], ["pnc.licence.suspended", "SUSPENDED"]])
      })))
})
