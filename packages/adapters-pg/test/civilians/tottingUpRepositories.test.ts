/**
 * Totting-up through the licence repository and the read model: the same
 * cases on Postgres and on the in-memory ports, so the suspension's reason is
 * stored and read back alike, and parallel endorsements suspend once. A
 * database of its own: the settings are one record for the deployment.
 */
import {
  addEndorsement,
  changeCommunitySettings,
  createCivilian,
  getOfficialLicence,
  getOwnCivilian,
  issueLicence,
  listPncEvents,
  reinstateLicence,
  suspendLicence
} from "@bluelight/core/civilians"
import { Accounts, type Permission, type Permitted, type UserCaller } from "@bluelight/core/identity"
import { accessNotChecked, aPerson, testPorts } from "@bluelight/core/testing"
import { layerPgClient, PgAuditLog, PgCivilianRepositories, PgIdentityRepositories, PgTransactor, RandomIds, PgWebhooks } from "@bluelight/adapters-pg/internal"
import { OutboxLive } from "@bluelight/core/webhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { freshDatabase, type TestDatabase } from "../../../../test/harness/database.js"

type Ports = Layer.Success<ReturnType<typeof testPorts>>
type Needs = Ports | Permitted<Permission>

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Ports>) => Promise<A>
  readonly dispose: () => Promise<void>
}

const owner = aPerson({ permissions: ["civilians.create", "civilians.manage_own"], displayName: "Totting Owner" })
const officer = aPerson({ permissions: ["pnc.view", "pnc.licences.manage"], displayName: "Totting Officer" })
const admin = aPerson({ permissions: ["admin.manage"], displayName: "Totting Admin" })

let names = 0
const aLicence = Effect.gen(function*() {
  const civilian = yield* createCivilian(owner, {
    fullName: `Jo Driver${"x".repeat(++names)}`,
    dateOfBirth: "1990-05-14",
    gender: "FEMALE",
    address: "1 High Street"
  })
  return { civilian, licence: yield* issueLicence(owner, civilian.id, { categories: ["B"] }) }
})

const contract = (name: string, makeBackend: () => Promise<Backend>) =>
  describe(`totting-up on the licence repository: ${name}`, () => {
    let backend: Backend | undefined
    const run = <A, E>(effect: Effect.Effect<A, E, Needs>) => {
      if (backend === undefined) throw new Error("the backend did not start")
      return backend.run(accessNotChecked(effect))
    }
    beforeAll(async () => {
      backend = await makeBackend()
      await run(Accounts.use((accounts) => Effect.forEach([owner, officer, admin], (caller: UserCaller) => accounts.insert(caller.account))))
      await run(changeCommunitySettings(admin, { licencePointsThreshold: 6, tottingUpSuspensionDays: 30 }))
    })
    afterAll(async () => {
      await backend?.dispose()
    })

    it("the endorsement reaching the threshold stores the suspension and its reason; both views read it back; reinstating clears it", async () => {
      const { civilian, licence } = await run(aLicence)
      await run(addEndorsement(officer, licence.id, { code: "SP30", reason: "Speeding", points: 5 }))
      expect((await run(getOfficialLicence(licence.id))).status).toBe("VALID")
      const suspended = await run(addEndorsement(officer, licence.id, { code: "SP30", reason: "Speeding", points: 1 }))
      expect([suspended.status, suspended.points, suspended.suspensionReason]).toEqual(["SUSPENDED", 6, "TOTTING_UP"])
      const read = await run(getOfficialLicence(licence.id))
      expect([read.status, read.suspensionReason, read.suspendedUntil]).toEqual(["SUSPENDED", "TOTTING_UP", suspended.suspendedUntil])
      expect((await run(getOwnCivilian(owner, civilian.id))).licence?.suspensionReason).toBe("TOTTING_UP")
      const events = await run(listPncEvents(officer, { civilianId: civilian.id }, { limit: 25, offset: 0 }))
      expect(events.items[0]).toMatchObject({ type: "LICENCE_SUSPENDED", data: { reason: "TOTTING_UP", points: 6, threshold: 6, automatic: true } })
      const reinstated = await run(reinstateLicence(officer, licence.id, { reason: "Appeal allowed" }))
      expect([reinstated.status, reinstated.suspensionReason]).toEqual(["VALID", null])
      expect((await run(getOfficialLicence(licence.id))).suspensionReason).toBeNull()
    })

    it("a manual suspension keeps the officer's reason, which totting-up leaves as it is", async () => {
      const { licence } = await run(aLicence)
      await run(suspendLicence(officer, licence.id, { reason: "Court order" }))
      await run(addEndorsement(officer, licence.id, { code: "SP30", reason: "Speeding", points: 12 }))
      const read = await run(getOfficialLicence(licence.id))
      expect([read.status, read.suspensionReason, read.suspendedUntil]).toEqual(["SUSPENDED", "Court order", null])
    })

    it("parallel endorsements each reaching the threshold: every endorsement is kept, the licence is suspended once", async () => {
      const { civilian, licence } = await run(aLicence)
      const exits = await Promise.all(
        Array.from({ length: 4 }, () => run(Effect.exit(addEndorsement(officer, licence.id, { code: "SP30", reason: "Speeding", points: 6 }))))
      )
      expect(exits.map((exit) => exit._tag)).toEqual(["Success", "Success", "Success", "Success"])
      const read = await run(getOfficialLicence(licence.id))
      expect([read.status, read.points, read.endorsements.length]).toEqual(["SUSPENDED", 24, 4])
      const events = await run(listPncEvents(officer, { civilianId: civilian.id }, { limit: 25, offset: 0 }))
      expect(events.items.filter((event) => event.type === "LICENCE_SUSPENDED").map((event) => event.data["points"])).toEqual([6])
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
  return {
    run: (effect) => runtime.runPromise(effect as Effect.Effect<never, never, never>),
    dispose: async () => {
      await runtime.dispose()
      await database.dispose()
    }
  }
})

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(testPorts())
  return { run: (effect) => runtime.runPromise(effect), dispose: () => runtime.dispose() }
})
