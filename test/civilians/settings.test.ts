import type { CommunitySettingsView } from "@bluelight/core/civilians"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuditEntryWith } from "../harness/audit.js"
import { detailsOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { advanceClock, cookieRead, meData } from "../harness/identity.js"
import { as, get, ok, send, startWorld, type World } from "./world.js"

/**
 * The community's settings (`GET`/`PATCH /admin/settings`) against the real
 * server: the defaults, every bound at and past it, a partial change, nothing
 * changing, who may read and change them, and parallel changes chained in
 * the audit log. One record for the server: each test reads what it starts from.
 */

type Settings = typeof CommunitySettingsView.Encoded
type Rules = Pick<Settings, "licencePointsThreshold" | "tottingUpSuspensionDays" | "warrantsNeedApproval">
type SettingsChanged = AuditEntryWith<{ readonly before: Partial<Rules>; readonly after: Partial<Rules> }>

let world: World
beforeAll(async () => {
  world = await startWorld("settings")
})
afterAll(() => world?.server.stop())

const PATH = "/api/admin/settings"
const current = async () => ok<Settings>(await get(world, world.admin, PATH))
const change = (body: unknown) => send(world, world.admin, "PATCH", PATH, body)

const settingsChanges = async (): Promise<Array<SettingsChanged>> => {
  const reply = await world.server.request("GET", "/api/audit?action=settings.changed&limit=100", { headers: cookieRead(world.admin) })
  const { data, meta } = listOf<SettingsChanged>(reply)
  expect(meta.hasMore).toBe(false)
  return data
}

describe("community settings", () => {
  it("read as the defaults until first changed, through the typed client too", async () => {
    expect(await current()).toEqual({ licencePointsThreshold: 12, tottingUpSuspensionDays: 180, warrantsNeedApproval: false, updatedAt: null, updatedBy: null })
    const typed = (await as(world, world.admin).run((api) => api.settings.getSettings({ query: {} }))).data
    expect([typed.licencePointsThreshold, typed.tottingUpSuspensionDays, typed.warrantsNeedApproval, typed.updatedBy]).toEqual([12, 180, false, null])
  })

  it("a partial change keeps the fields left out, names the administrator and the server's time, and is audited with only what changed", async () => {
    const before = await current()
    const at = await advanceClock(world.server, 0)
    const changed = ok<Settings>(await change({ tottingUpSuspensionDays: before.tottingUpSuspensionDays + 1 }))
    const admin = await meData(world.server, world.admin)
    expect(changed).toEqual({
      licencePointsThreshold: before.licencePointsThreshold,
      tottingUpSuspensionDays: before.tottingUpSuspensionDays + 1,
      warrantsNeedApproval: before.warrantsNeedApproval,
      updatedAt: changed.updatedAt,
      updatedBy: { id: admin.id, displayName: "Admin" }
    })
    expect(Date.parse(changed.updatedAt!)).toBeGreaterThanOrEqual(at)
    expect(await current()).toEqual(changed)
    const [latest] = await settingsChanges()
    expect(latest).toMatchObject({
      action: "settings.changed",
      actor: { type: "user", id: admin.id },
      targetType: "settings",
      targetId: null,
      data: { before: { tottingUpSuspensionDays: before.tottingUpSuspensionDays }, after: { tottingUpSuspensionDays: before.tottingUpSuspensionDays + 1 } }
    })
    // Through the typed client: the contract's body and answer.
    const typed = (await as(world, world.admin).run((api) => api.settings.changeSettings({ payload: { warrantsNeedApproval: !before.warrantsNeedApproval } })))
      .data
    expect([typed.warrantsNeedApproval, typed.tottingUpSuspensionDays]).toEqual([!before.warrantsNeedApproval, before.tottingUpSuspensionDays + 1])
    ok(await change({ warrantsNeedApproval: before.warrantsNeedApproval }))
  })

  it("each bound at and past it: licencePointsThreshold 0 to 100, tottingUpSuspensionDays 1 to 3650", async () => {
    for (
      const [field, value] of [
        ["licencePointsThreshold", -1],
        ["licencePointsThreshold", 101],
        ["licencePointsThreshold", 2.5],
        [
          "licencePointsThreshold",
          "12"
        ],
        ["licencePointsThreshold", null],
        ["tottingUpSuspensionDays", 0],
        ["tottingUpSuspensionDays", 3651],
        ["tottingUpSuspensionDays", 1.5],
        [
          "warrantsNeedApproval",
          "true"
        ]
      ] as const
    ) {
      const error = expectError(await change({ [field]: value }), 400, "INVALID_INPUT")
      expect(detailsOf(error).map((problem) => problem.path), `${field}: ${JSON.stringify(value)}`).toEqual([[field]])
    }
    const before = (await settingsChanges()).length
    for (
      const [field, value] of [["licencePointsThreshold", 0], ["licencePointsThreshold", 100], ["tottingUpSuspensionDays", 1], [
        "tottingUpSuspensionDays",
        3650
      ]] as const
    ) {
      expect(ok<Settings>(await change({ [field]: value }))[field], `${field}: ${value}`).toBe(value)
    }
    expect((await settingsChanges()).length).toBe(before + 4)
    ok(await change({ licencePointsThreshold: 12, tottingUpSuspensionDays: 180 }))
  })

  it("an empty change, one naming an unknown setting, or a query parameter, is INVALID_INPUT and changes nothing", async () => {
    const before = await current()
    const entries = (await settingsChanges()).length
    const empty = expectError(await change({}), 400, "INVALID_INPUT")
    expect(detailsOf(empty)).toEqual([{ path: [], message: "at least one setting must be given" }])
    const unknown = expectError(await change({ licencePointsThreshold: 5, pointsThreshold: 5 }), 400, "INVALID_INPUT")
    expect(detailsOf(unknown).map((problem) => problem.path)).toEqual([["pointsThreshold"]])
    const query = expectError(await get(world, world.admin, `${PATH}?licencePointsThreshold=5`), 400, "INVALID_INPUT")
    expect(detailsOf(query).map((problem) => problem.path)).toEqual([["query", "licencePointsThreshold"]])
    expect(await current()).toEqual(before)
    expect((await settingsChanges()).length).toBe(entries)
  })

  it("nothing changing is 409 NO_CHANGE, with no audit entry", async () => {
    const before = await current()
    const entries = (await settingsChanges()).length
    expectError(await change({ licencePointsThreshold: before.licencePointsThreshold }), 409, "NO_CHANGE")
    expectError(await change({ ...before, updatedAt: undefined, updatedBy: undefined }), 409, "NO_CHANGE")
    expect(await current()).toEqual(before)
    expect((await settingsChanges()).length).toBe(entries)
  })

  it("refusals: anonymous 401, a credential 403 USER_REQUIRED, a member or an officer without admin.manage 403 FORBIDDEN; nothing changed", async () => {
    const before = await current()
    for (const method of ["GET", "PATCH"]) {
      const body = method === "PATCH" ? { body: { licencePointsThreshold: 3 } } : {}
      expectError(await world.server.request(method, PATH, { headers: { origin: world.server.url }, ...body }), 401, "UNAUTHENTICATED")
      expectError(
        method === "GET" ? await get(world, world.credential, PATH) : await send(world, world.credential, "PATCH", PATH, { licencePointsThreshold: 3 }),
        403,
        "USER_REQUIRED"
      )
      for (const who of [world.alice, world.officer]) {
        const refused = method === "GET" ? await get(world, who, PATH) : await send(world, who, "PATCH", PATH, { licencePointsThreshold: 3 })
        expect(expectError(refused, 403, "FORBIDDEN").message).toContain("admin.manage")
      }
    }
    const refusal = await as(world, world.officer).refusal((api) => api.settings.changeSettings({ payload: { licencePointsThreshold: 3 } }))
    expect(refusal.code).toBe("FORBIDDEN")
    expect(await current()).toEqual(before)
  })

  it("parallel changes apply one after the other: one audit entry each, every before the previous after", async () => {
    const start = (await current()).tottingUpSuspensionDays
    const values = Array.from({ length: 30 }, (_, index) => 1000 + index)
    const replies = await Promise.all(values.map((days) => change({ tottingUpSuspensionDays: days })))
    expect(replies.map((reply) => reply.status)).toEqual(values.map(() => 200))
    const final = (await current()).tottingUpSuspensionDays
    const entries = (await settingsChanges()).slice(0, values.length)
    const steps = entries.map((entry) => ({ at: entry.at, before: entry.data.before.tottingUpSuspensionDays, after: entry.data.after.tottingUpSuspensionDays }))
    // Oldest first by time; entries of the same millisecond may list either way, so the chain is searched.
    const follow = (remaining: ReadonlyArray<(typeof steps)[number]>, at: number | undefined): boolean =>
      remaining.length === 0 ? at === final : remaining.some((step, index) =>
        step.at === remaining[0]!.at && step.before === at && step.before !== step.after &&
        follow(
          remaining.filter((_, other) =>
            other !== index
          ),
          step.after
        )
      )
    const ordered = [...steps].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    expect(new Set(steps.map((step) => step.after))).toEqual(new Set(values))
    expect(follow(ordered, start), ordered.map((step) => `${step.before} → ${step.after}`).join("; ")).toBe(true)
  })
})
