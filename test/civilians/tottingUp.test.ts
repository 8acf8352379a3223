import type { PncEvent } from "@bluelight/api/civilians/schemas.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuditEntryWith } from "../harness/audit.js"
import { listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { advanceClock, cookieRead, meData } from "../harness/identity.js"
import { type CivilianData, createCharacter, get, issueLicenceFor, type OfficialLicenceData, ok, send, startWorld, uniqueWord, type World } from "./world.js"

/**
 * Totting-up against the real server: an endorsement that brings a valid
 * licence's active points to the community's threshold suspends it in the
 * same transaction (`LICENCE_SUSPENDED`, `suspensionReason: "TOTTING_UP"`),
 * by the officer who endorsed it. A server of its own: the settings are one
 * record, which each test sets as it needs.
 */

type Entry = typeof PncEvent.Encoded
type Suspended = AuditEntryWith<{ readonly reason: string; readonly points?: number; readonly threshold?: number; readonly automatic?: true }>

const DAY = 24 * 60 * 60 * 1000

let world: World
beforeAll(async () => {
  world = await startWorld("totting")
})
afterAll(() => world?.server.stop())

/** The settings as the test needs them (a value already set is not a change: NO_CHANGE is as good). */
const settle = async (settings: { licencePointsThreshold?: number; tottingUpSuspensionDays?: number }) => {
  const reply = await send(world, world.admin, "PATCH", "/api/admin/settings", settings)
  expect([200, 409], reply.text).toContain(reply.status)
}

/** A character of Alice's holding a fresh licence. */
const licensed = async () => {
  const civilian = await createCharacter(world, world.alice, { fullName: `Jo ${uniqueWord("Driver")}` })
  const licence = await issueLicenceFor(world, world.alice, civilian.id)
  return { civilianId: civilian.id, licenceId: licence.id }
}

const endorse = async (licenceId: string, points: number, who = world.officer) =>
  ok<OfficialLicenceData>(await send(world, who, "POST", `/api/pnc/licences/${licenceId}/endorsements`, { code: "SP30", reason: "Speeding", points }), 201)

const official = async (licenceId: string) => ok<OfficialLicenceData>(await get(world, world.officer, `/api/pnc/licences/${licenceId}`))
const holder = async (civilianId: string) => ok<CivilianData>(await get(world, world.alice, `/api/civilians/${civilianId}`)).licence!

const history = async (civilianId: string) => listOf<Entry>(await get(world, world.officer, `/api/pnc/events?civilianId=${civilianId}&limit=100`)).data
const suspensionsIn = async (civilianId: string) => (await history(civilianId)).filter((entry) => entry.type === "LICENCE_SUSPENDED")

const auditedSuspensions = async (licenceId: string) =>
  listOf<Suspended>(
    await world.server.request("GET", `/api/audit?action=pnc.licence.suspended&targetId=${licenceId}&limit=100`, { headers: cookieRead(world.admin) })
  ).data

describe("totting-up", () => {
  it("threshold − 1 leaves the licence valid; exactly at it suspends it for the set days, by the endorsing officer, in history and audit", async () => {
    await settle({ licencePointsThreshold: 6, tottingUpSuspensionDays: 180 })
    const { civilianId, licenceId } = await licensed()
    const below = await endorse(licenceId, 5)
    expect([below.status, below.points, below.suspendedUntil, below.suspensionReason]).toEqual(["VALID", 5, null, null])
    expect(await suspensionsIn(civilianId)).toEqual([])

    const now = await advanceClock(world.server, 0)
    const reached = await endorse(licenceId, 1)
    expect([reached.status, reached.points, reached.suspensionReason]).toEqual(["SUSPENDED", 6, "TOTTING_UP"])
    const until = Date.parse(reached.suspendedUntil!)
    expect(until - now).toBeGreaterThanOrEqual(180 * DAY)
    expect(until - now).toBeLessThan(180 * DAY + 60_000)
    expect(await official(licenceId)).toEqual(reached)
    expect(await holder(civilianId)).toMatchObject({ status: "SUSPENDED", suspensionReason: "TOTTING_UP", suspendedUntil: reached.suspendedUntil })

    const officer = await meData(world.server, world.officer)
    const [latest, before] = await history(civilianId)
    expect(latest).toMatchObject({
      type: "LICENCE_SUSPENDED",
      actor: { id: officer.id, displayName: officer.displayName },
      licenceId,
      data: { reason: "TOTTING_UP", points: 6, threshold: 6, automatic: true, until: reached.suspendedUntil }
    })
    expect(before?.type).toBe("ENDORSEMENT_ADDED")
    const audited = await auditedSuspensions(licenceId)
    expect(audited.map((entry) => [entry.actor, entry.data.reason, entry.data.points, entry.data.threshold, entry.data.automatic])).toEqual([
      [{ type: "user", id: officer.id, name: officer.displayName }, "TOTTING_UP", 6, 6, true]
    ])
  })

  it("past the threshold in one record: the record's endorsement suspends the licence, by the recording officer", async () => {
    await settle({ licencePointsThreshold: 6 })
    const { civilianId, licenceId } = await licensed()
    const now = await advanceClock(world.server, 0)
    const record = await send(world, world.admin, "POST", "/api/pnc/records", {
      civilianId,
      type: "CITATION",
      title: "Dangerous driving",
      description: "Raced through the town centre",
      location: "High Street",
      occurredAt: new Date(now - 60_000).toISOString(),
      points: 9
    })
    expect(record.status, record.text).toBe(201)
    const read = await official(licenceId)
    expect([read.status, read.points, read.suspensionReason]).toEqual(["SUSPENDED", 9, "TOTTING_UP"])
    const admin = await meData(world.server, world.admin)
    const [suspension, ...more] = await suspensionsIn(civilianId)
    expect(more).toEqual([])
    expect(suspension).toMatchObject({ actor: { id: admin.id }, data: { reason: "TOTTING_UP", points: 9, threshold: 6, automatic: true } })
  })

  it("the suspension lapses on the clock (reading VALID); the next endorsement with the points still at the threshold suspends again", async () => {
    await settle({ licencePointsThreshold: 6, tottingUpSuspensionDays: 1 })
    const { civilianId, licenceId } = await licensed()
    const suspended = await endorse(licenceId, 6)
    expect(suspended.status).toBe("SUSPENDED")
    await advanceClock(world.server, DAY - 60_000)
    expect((await official(licenceId)).status).toBe("SUSPENDED")
    await advanceClock(world.server, 2 * 60_000)
    const lapsed = await official(licenceId)
    // Stored suspended until reinstated: its end and reason still show, as `suspendedUntil` always has.
    expect([lapsed.status, lapsed.points, lapsed.suspendedUntil, lapsed.suspensionReason]).toEqual(["VALID", 6, suspended.suspendedUntil, "TOTTING_UP"])
    expect((await holder(civilianId)).status).toBe("VALID")
    const again = await endorse(licenceId, 1)
    expect([again.status, again.points, again.suspensionReason]).toEqual(["SUSPENDED", 7, "TOTTING_UP"])
    expect(Date.parse(again.suspendedUntil!)).toBeGreaterThan(Date.parse(suspended.suspendedUntil!))
    expect((await suspensionsIn(civilianId)).map((entry) => entry.data["points"])).toEqual([7, 6])
    await settle({ tottingUpSuspensionDays: 180 })
  })

  it("points falling never lift it; reinstating does and clears the reason; a later endorsement below the threshold leaves it valid", async () => {
    await settle({ licencePointsThreshold: 6 })
    const { civilianId, licenceId } = await licensed()
    const suspended = await endorse(licenceId, 6)
    const removed = ok<OfficialLicenceData>(
      await send(world, world.officer, "POST", `/api/pnc/licences/${licenceId}/endorsements/${suspended.endorsements[0]!.id}/remove`, { reason: "Quashed" })
    )
    expect([removed.status, removed.points, removed.suspensionReason]).toEqual(["SUSPENDED", 0, "TOTTING_UP"])
    const reinstated = ok<OfficialLicenceData>(
      await send(world, world.officer, "POST", `/api/pnc/licences/${licenceId}/reinstate`, { reason: "Appeal allowed" })
    )
    expect([reinstated.status, reinstated.suspendedUntil, reinstated.suspensionReason]).toEqual(["VALID", null, null])
    expect((await holder(civilianId)).suspensionReason).toBeNull()
    expect((await endorse(licenceId, 5)).status).toBe("VALID")
    expect((await endorse(licenceId, 1)).status).toBe("SUSPENDED")
    expect(await suspensionsIn(civilianId)).toHaveLength(2)
  })

  it("threshold 0 turns it off: no suspension however many points", async () => {
    await settle({ licencePointsThreshold: 0 })
    const { civilianId, licenceId } = await licensed()
    await endorse(licenceId, 12)
    const read = await endorse(licenceId, 12)
    expect([read.status, read.points, read.suspensionReason]).toEqual(["VALID", 24, null])
    expect(await suspensionsIn(civilianId)).toEqual([])
    expect(await auditedSuspensions(licenceId)).toEqual([])
  })

  it("a manual suspension shows the officer's reason, which totting-up leaves alone; a revoked licence is not suspended", async () => {
    await settle({ licencePointsThreshold: 6 })
    const { civilianId, licenceId } = await licensed()
    const byHand = ok<OfficialLicenceData>(await send(world, world.officer, "POST", `/api/pnc/licences/${licenceId}/suspend`, { reason: "Court order" }))
    expect([byHand.status, byHand.suspendedUntil, byHand.suspensionReason]).toEqual(["SUSPENDED", null, "Court order"])
    expect((await holder(civilianId)).suspensionReason).toBe("Court order")
    const still = await endorse(licenceId, 12)
    expect([still.status, still.suspendedUntil, still.suspensionReason]).toEqual(["SUSPENDED", null, "Court order"])
    const revoked = ok<OfficialLicenceData>(await send(world, world.officer, "POST", `/api/pnc/licences/${licenceId}/revoke`, { reason: "Disqualified" }))
    expect([revoked.status, revoked.suspensionReason]).toEqual(["REVOKED", null])
    expect((await endorse(licenceId, 12)).status).toBe("REVOKED")
    expect((await suspensionsIn(civilianId)).map((entry) => entry.data["reason"])).toEqual(["Court order"])
  })

  it("parallel endorsements each reaching the threshold: every endorsement kept, the licence suspended once", async () => {
    await settle({ licencePointsThreshold: 6 })
    const { civilianId, licenceId } = await licensed()
    const replies = await Promise.all(
      Array.from(
        { length: 6 },
        () => send(world, world.officer, "POST", `/api/pnc/licences/${licenceId}/endorsements`, { code: "SP30", reason: "Speeding", points: 6 })
      )
    )
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 201))
    const read = await official(licenceId)
    expect([read.status, read.points, read.endorsements.length]).toEqual(["SUSPENDED", 36, 6])
    expect((await suspensionsIn(civilianId)).map((entry) => entry.data["points"])).toEqual([6])
    expect(await auditedSuspensions(licenceId)).toHaveLength(1)
  })

  it("when the suspension's audit entry cannot be written, the endorsement rolls back with it (500); sent again, both are made", async () => {
    await settle({ licencePointsThreshold: 6 })
    const { civilianId, licenceId } = await licensed()
    const database = world.server.database!
    await database.query(`
      CREATE FUNCTION totting_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'test: audit insert refused';
      END
      $$`)
    await database.query(
      "CREATE TRIGGER totting_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.action = 'pnc.licence.suspended') EXECUTE FUNCTION totting_refuse_audit()"
    )
    try {
      expectError(
        await send(world, world.officer, "POST", `/api/pnc/licences/${licenceId}/endorsements`, { code: "SP30", reason: "Speeding", points: 6 }),
        500,
        "INTERNAL_ERROR"
      )
    } finally {
      await database.query("DROP TRIGGER totting_refuse_audit ON audit_log")
      await database.query("DROP FUNCTION totting_refuse_audit()")
    }
    const untouched = await official(licenceId)
    expect([untouched.status, untouched.points, untouched.endorsements]).toEqual(["VALID", 0, []])
    expect((await history(civilianId)).map((entry) => entry.type)).not.toContain("ENDORSEMENT_ADDED")
    expect((await endorse(licenceId, 6)).status).toBe("SUSPENDED")
  })
})
