import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, errorCodeOf, listOf } from "../harness/body.js"
import { type CadClient, CONTROL_PERMISSIONS, createIncident, createUnit, credentialWith, crewedUnit, crewMember, type UnitData } from "../harness/cad.js"
import { type Session, signIn } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

/** Dispatchers acting at once on one record: exactly one effect, the others refused, nothing lost. */

let server: RunningServer
let admin: Session
let dispatcherA: CadClient
let dispatcherB: CadClient
beforeAll(async () => {
  server = await startServer({
    env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "race-cad-admin", RATE_LIMIT_WRITES_PER_MINUTE: "100000", RATE_LIMIT_READS_PER_MINUTE: "100000" }
  })
  admin = await signIn(server, { id: "race-cad-admin" })
  dispatcherA = await credentialWith(server, admin, CONTROL_PERMISSIONS, "dispatcher a")
  dispatcherB = await credentialWith(server, admin, CONTROL_PERMISSIONS, "dispatcher b")
})
afterAll(() => server?.stop())

const N = 12

describe("races", () => {
  it("N parallel assigns of one unit at one version, to N incidents: exactly one wins, the others CAD_CONFLICT", async () => {
    const person = await crewMember(server, admin, "race-crew")
    const unit = await crewedUnit(dispatcherA, person.accountId)
    const incidents = await Promise.all(Array.from({ length: N }, () => createIncident(dispatcherA)))
    const replies = await Promise.all(
      incidents.map((incident, i) =>
        (i % 2 === 0 ? dispatcherA : dispatcherB).call("POST", `/api/cad/incidents/${incident.id}/assign`, { unitId: unit.id, version: unit.version })
      )
    )
    const won = replies.filter((reply) => reply.status === 200)
    expect(won).toHaveLength(1)
    expect(replies.filter((reply) => reply.status !== 200).map(errorCodeOf)).toEqual(Array(N - 1).fill("CAD_CONFLICT"))
    const winner = dataOf<UnitData>(won[0]!)
    const now = dataOf<UnitData>(await dispatcherA.call("GET", `/api/cad/units/${unit.id}`))
    expect(now).toMatchObject({ status: "ASSIGNED", incidentId: winner.incidentId, version: unit.version + 1 })
    const history = listOf<{ type: string }>(await dispatcherA.call("GET", `/api/cad/events?unitId=${unit.id}&limit=100`)).data
    expect(history.filter((event) => event.type === "UNIT_ASSIGNED")).toHaveLength(1)
  })

  it("two dispatchers moving one unit's status at one version: one wins, the other CAD_CONFLICT", async () => {
    const person = await crewMember(server, admin, "race-status")
    const unit = await crewedUnit(dispatcherA, person.accountId)
    const replies = await Promise.all([
      dispatcherA.call("POST", `/api/cad/units/${unit.id}/status`, { status: "BUSY", version: unit.version }),
      dispatcherB.call("POST", `/api/cad/units/${unit.id}/status`, { status: "UNAVAILABLE", version: unit.version })
    ])
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409])
    expect(replies.map(errorCodeOf).filter((code) => code !== undefined)).toEqual(["CAD_CONFLICT"])
  })

  it("the same person added to N units in parallel: exactly one membership, the others ALREADY_CREWED", async () => {
    const person = await crewMember(server, admin, "race-double")
    const units = await Promise.all(Array.from({ length: N }, () => createUnit(dispatcherA)))
    const replies = await Promise.all(
      units.map((unit, i) =>
        (i % 2 === 0 ? dispatcherA : dispatcherB).call("POST", `/api/cad/units/${unit.id}/crew`, { userId: person.accountId, identifier: "9" })
      )
    )
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1)
    expect(replies.filter((reply) => reply.status !== 201).map(errorCodeOf)).toEqual(Array(N - 1).fill("ALREADY_CREWED"))
    const crewed = await Promise.all(units.map(async (unit) => dataOf<UnitData>(await dispatcherA.call("GET", `/api/cad/units/${unit.id}`))))
    expect(crewed.filter((unit) => unit.crew.length > 0)).toHaveLength(1)
    expect(crewed.filter((unit) => unit.status === "AVAILABLE")).toHaveLength(1)
  })

  it("closing an incident while units are assigned to it: every unit ends on no incident or on the open one only", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => crewMember(server, admin, `race-close-${i}`)))
    const units = await Promise.all(people.map((person) => crewedUnit(dispatcherA, person.accountId)))
    const incident = await createIncident(dispatcherA)
    const replies = await Promise.all([
      ...units.map((unit) => dispatcherB.call("POST", `/api/cad/incidents/${incident.id}/assign`, { unitId: unit.id, version: unit.version })),
      dispatcherA.call("POST", `/api/cad/incidents/${incident.id}/close`, { version: 1 })
    ])
    expect(replies.at(-1)!.status).toBe(200)
    const after = await Promise.all(units.map(async (unit) => dataOf<UnitData>(await dispatcherA.call("GET", `/api/cad/units/${unit.id}`))))
    // A unit assigned before the close was cleared by it; one that came after was refused.
    expect(after.every((unit) => unit.incidentId === null && unit.status === "AVAILABLE")).toBe(true)
    for (const reply of replies.slice(0, -1)) expect([200, 409]).toContain(reply.status)
  })
})
