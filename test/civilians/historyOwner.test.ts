/**
 * Issue 18: the PNC history names a character's owner only where the reader
 * may know it. A member's own changes to their character show `{owner: true}`
 * to a pnc.view reader without civilians.manage; officers' and managers'
 * changes keep their actor for everyone; no other PNC read names the owner.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PncEvent } from "@bluelight/api/civilians/schemas.js"
import { type JsonObject, listOf } from "../harness/body.js"
import { issueCredential, meData, type Session, staffMember } from "../harness/identity.js"
import type { Reply } from "../harness/server.js"
import { createCharacter, get, issueLicenceFor, ok, registerVehicleFor, send, startWorld, uniqueWord, type World } from "./world.js"

let world: World
beforeAll(async () => {
  world = await startWorld("pnc-owner")
})
afterAll(() => world?.server.stop())

/** A PNC history entry as sent on the wire. */
type Entry = typeof PncEvent.Encoded

const PORTAL_TYPES = ["CIVILIAN_CREATED", "CIVILIAN_UPDATED", "LICENCE_ISSUED", "VEHICLE_REGISTERED", "KEEPER_CHANGED"]

describe("the PNC history and the character's owner", () => {
  it("a member's own changes never name them to a reader without civilians.manage; everything else keeps its actor", async () => {
    const { server, admin, alice, bob } = world
    const officer = await staffMember(server, admin, { id: "pnc-owner-full-officer", displayName: "PC Full" }, [
      "pnc.view",
      "pnc.records.manage",
      "pnc.warrants.manage",
      "pnc.markers.manage",
      "pnc.licences.manage",
      "pnc.vehicles.manage"
    ])
    const viewer = (await issueCredential(server, admin, { name: "Viewer", scopes: ["pnc.view"] })).token
    const aliceMe = await meData(server, alice)
    const bobMe = await meData(server, bob)
    const adminMe = await meData(server, admin)

    // Every change a member can make through the portal.
    const word = uniqueWord("Owner")
    const mine = await createCharacter(world, alice, { fullName: `Jane ${word}` })
    ok(await send(world, alice, "PATCH", `/api/civilians/${mine.id}`, { address: "2 Low Road", notes: "private" }))
    ok(await send(world, alice, "PATCH", `/api/civilians/${mine.id}`, { status: "INACTIVE" }))
    ok(await send(world, alice, "PATCH", `/api/civilians/${mine.id}`, { status: "ACTIVE" }))
    const licence = await issueLicenceFor(world, alice, mine.id)
    const car = await registerVehicleFor(world, alice, mine.id)
    const theirs = await createCharacter(world, bob, { fullName: `John ${word}` })
    ok(await send(world, alice, "POST", `/api/civilians/${mine.id}/vehicles/${car.id}/transfer`, { toReference: theirs.reference }))
    // Officers' changes, and a manager's change to another member's character.
    const record = ok(
      await send(world, officer.session, "POST", "/api/pnc/records", {
        civilianId: mine.id,
        type: "CITATION",
        title: "Speeding",
        description: "48 in a 30 zone",
        location: "High Street",
        occurredAt: "2026-01-02T03:04:05.000Z",
        points: 3,
        vehicleId: car.id
      }),
      201
    )
    ok(await send(world, officer.session, "POST", "/api/pnc/warrants", { civilianId: mine.id, reason: "Failed to appear" }), 201)
    ok(await send(world, officer.session, "POST", "/api/pnc/markers", { type: "STOLEN_VEHICLE", vehicleId: car.id, reason: "Reported stolen" }), 201)
    ok(await send(world, officer.session, "POST", "/api/pnc/markers", { type: "PERSON_BOLO", civilianId: theirs.id, reason: "Seen nearby" }), 201)
    ok(await send(world, officer.session, "PATCH", `/api/pnc/vehicles/${car.id}`, { reason: "Tax lapsed", taxStatus: "UNTAXED" }))
    ok(await send(world, officer.session, "POST", `/api/pnc/licences/${licence.id}/suspend`, { reason: "Court order" }))
    ok(await send(world, admin, "PATCH", `/api/civilians/${theirs.id}`, { address: "3 Hill Lane" }))

    const histories = [
      `/api/pnc/events?civilianId=${mine.id}`,
      `/api/pnc/events?civilianId=${theirs.id}`,
      `/api/pnc/events?vehicleId=${car.id}`,
      "/api/pnc/events?limit=100"
    ]
    const aliceShown = { id: aliceMe.id, displayName: aliceMe.displayName }
    const bobShown = { id: bobMe.id, displayName: bobMe.displayName }
    const officerShown = { id: officer.accountId, displayName: "PC Full" }
    const adminShown = { id: adminMe.id, displayName: adminMe.displayName }
    const members = [aliceMe, bobMe]
    const namesNoMember = (reply: Reply, what: string) => {
      for (const member of members) {
        expect(reply.text, what).not.toContain(member.id)
        expect(reply.text, what).not.toContain(`"${member.displayName}"`)
      }
    }

    for (const reader of [world.officer, officer.session, viewer] as ReadonlyArray<Session | string>) {
      for (const path of histories) {
        const reply = await get(world, reader, path)
        const entries = listOf<Entry>(reply).data
        namesNoMember(reply, path)
        expect(entries.filter((e) => PORTAL_TYPES.includes(e.type)).length, path).toBeGreaterThan(0)
        for (const entry of entries) {
          const expected = entry.type === "CIVILIAN_UPDATED" && entry.data["after"] !== undefined &&
              (entry.data["after"] as JsonObject)["address"] === "3 Hill Lane"
            ? adminShown
            : PORTAL_TYPES.includes(entry.type)
            ? { owner: true }
            : officerShown
          expect(entry.actor, `${path} ${entry.type}`).toEqual(expected)
        }
      }
    }
    const ofMine = listOf<Entry>(await get(world, viewer, histories[0]!)).data.map((e) => e.type)
    expect(ofMine).toEqual([
      "LICENCE_SUSPENDED",
      "WARRANT_ISSUED",
      "ENDORSEMENT_ADDED",
      "RECORD_CREATED",
      "VEHICLE_REGISTERED",
      "LICENCE_ISSUED",
      "CIVILIAN_UPDATED",
      "CIVILIAN_UPDATED",
      "CIVILIAN_UPDATED",
      "CIVILIAN_CREATED"
    ])
    const ofTheirs = listOf<Entry>(await get(world, viewer, histories[1]!)).data.map((e) => e.type)
    expect(ofTheirs).toEqual(["CIVILIAN_UPDATED", "VEHICLE_STATUS_CHANGED", "MARKER_CREATED", "KEEPER_CHANGED", "CIVILIAN_CREATED"])

    // With civilians.manage (a session or a credential holding it as a scope) the member is named.
    for (const reader of [admin, world.credential] as ReadonlyArray<Session | string>) {
      const entries = listOf<Entry>(await get(world, reader, histories[1]!)).data
      expect(entries.map((e) => e.actor)).toEqual([adminShown, officerShown, officerShown, aliceShown, bobShown])
    }

    // No other PNC read names the owner either.
    const otherReads = [
      `/api/pnc/civilians/${mine.id}`,
      `/api/pnc/civilians/${theirs.id}`,
      `/api/pnc/civilians?search=${word}`,
      `/api/pnc/vehicles/${car.id}`,
      `/api/pnc/vehicles?search=${encodeURIComponent(car.plate)}`,
      `/api/pnc/licences/${licence.id}`,
      `/api/pnc/civilians/${mine.id}/records`,
      `/api/pnc/records/${String(record["id"])}`,
      `/api/pnc/warrants?civilianId=${mine.id}`,
      `/api/pnc/markers?vehicleId=${car.id}`,
      `/api/pnc/markers?civilianId=${theirs.id}`
    ]
    for (const path of otherReads) {
      const reply = await get(world, viewer, path)
      expect(reply.status, `${path} ${reply.text}`).toBe(200)
      namesNoMember(reply, path)
    }
  })

  it("the served description documents the owner marker", async () => {
    const described = JSON.parse((await world.server.request("GET", "/api/openapi.json")).text) as {
      components: { schemas: Record<string, JsonObject> }
    }
    expect(described.components.schemas["CharacterOwnerActor"]).toMatchObject({
      type: "object",
      required: ["owner"],
      properties: { owner: { enum: [true] } }
    })
    expect(JSON.stringify(described.components.schemas["PncEvent"])).toContain("#/components/schemas/CharacterOwnerActor")
  })
})
