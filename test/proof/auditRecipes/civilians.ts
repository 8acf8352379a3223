import { expect } from "vitest"
import type { JsonObject } from "../../harness/body.js"
import { expectError } from "../../harness/expectations.js"
import { cookieRead, staffMember, write } from "../../harness/identity.js"
import { character, uniquePlate } from "../../civilians/world.js"
import { asAdmin, expectOk, type Recipes, type World, unique } from "./recipe.js"

/**
 * The civilian portal and the PNC, all by the administrator: they own the
 * characters they make (the portal) and hold every PNC permission.
 */

interface Made {
  readonly id: string
  readonly reference: string
}

const made = async <T = Made>(world: World, path: string, body: JsonObject, what: string, status = 201) =>
  expectOk<T>(await write(world.server, world.admin, "POST", path, body), status, what)

const aCharacter = (world: World) => made(world, "/api/civilians", character(), "create character")

const aLicence = async (world: World) => {
  const civilian = await aCharacter(world)
  return made<{ id: string }>(world, `/api/civilians/${civilian.id}/licence`, { categories: ["B"] }, "issue licence")
}

const aVehicle = async (world: World, civilianId: string) =>
  made(world, `/api/civilians/${civilianId}/vehicles`, { plate: uniquePlate(), make: "Ford", model: "Focus", colour: "Blue", type: "CAR" }, "register vehicle")

/** A licence moved by a PNC action first (`suspend`, `revoke`). */
const licenceAfter = async (world: World, action: "suspend" | "revoke") => {
  const licence = await aLicence(world)
  await made(world, `/api/pnc/licences/${licence.id}/${action}`, { reason: "Court order" }, action, 200)
  return licence
}

const citation = (civilianId: string) => ({
  civilianId,
  type: "CITATION",
  title: "Speeding",
  description: "48 in a 30 zone",
  location: "High Street",
  occurredAt: "2026-01-02T03:04:05.000Z"
})

const aRecord = async (world: World) => made(world, "/api/pnc/records", citation((await aCharacter(world)).id), "create record")

/**
 * Sets the community's warrant approval (the administrator's change; already
 * so is `NO_CHANGE`). The warrant recipes each set what they need, so their
 * order in the list does not matter.
 */
const approvalNeeded = async (world: World, on: boolean) => {
  const reply = await write(world.server, world.admin, "PATCH", "/api/admin/settings", { warrantsNeedApproval: on })
  if (reply.status !== 200) expectError(reply, 409, "NO_CHANGE")
}

/**
 * A warrant waiting for approval, requested by an officer of its own (the
 * administrator, who decides it, may not decide their own request). Approval
 * is turned off again after: a pending request stays pending.
 */
const aRequest = async (world: World) => {
  const requester = await staffMember(world.server, world.admin, { id: unique("requester") }, ["pnc.warrants.manage"])
  await approvalNeeded(world, true)
  const civilian = await aCharacter(world)
  const reply = await write(world.server, requester.session, "POST", "/api/pnc/warrants", { civilianId: civilian.id, reason: "Failed to appear" })
  const request = expectOk<Made & { status: string }>(reply, 201, "request warrant")
  expect(request.status).toBe("PENDING_APPROVAL")
  await approvalNeeded(world, false)
  return request
}

export const civilianRecipes: Recipes = {
  // The community's settings (one record): a suspension length other than the one it has.
  "settings.changed": {
    setup: async (world) => {
      const { tottingUpSuspensionDays: days } = expectOk<{ tottingUpSuspensionDays: number }>(
        await world.server.request("GET", "/api/admin/settings", { headers: cookieRead(world.admin) }),
        200,
        "read settings"
      )
      return asAdmin(world, "PATCH", "/api/admin/settings", { tottingUpSuspensionDays: days === 3650 ? 1 : days + 1 })
    }
  },
  "civilian.created": { setup: async (world) => asAdmin(world, "POST", "/api/civilians", character()) },
  "civilian.updated": {
    setup: async (world) => asAdmin(world, "PATCH", `/api/civilians/${(await aCharacter(world)).id}`, { address: "2 Low Road" })
  },
  "civilian.licence.issued": {
    setup: async (world) => asAdmin(world, "POST", `/api/civilians/${(await aCharacter(world)).id}/licence`, { categories: ["B"] })
  },
  "civilian.vehicle.registered": {
    setup: async (world) =>
      asAdmin(world, "POST", `/api/civilians/${(await aCharacter(world)).id}/vehicles`, {
        plate: uniquePlate(),
        make: "Ford",
        model: "Focus",
        colour: "Blue",
        type: "CAR"
      })
  },
  "civilian.vehicle.transferred": {
    setup: async (world) => {
      const keeper = await aCharacter(world)
      const next = await aCharacter(world)
      const car = await aVehicle(world, keeper.id)
      return asAdmin(world, "POST", `/api/civilians/${keeper.id}/vehicles/${car.id}/transfer`, { toReference: next.reference })
    }
  },
  "pnc.vehicle.status.changed": {
    setup: async (world) =>
      asAdmin(world, "PATCH", `/api/pnc/vehicles/${(await aVehicle(world, (await aCharacter(world)).id)).id}`, { reason: "Tax lapsed", taxStatus: "UNTAXED" })
  },
  "pnc.licence.updated": {
    setup: async (world) => asAdmin(world, "PATCH", `/api/pnc/licences/${(await aLicence(world)).id}`, { reason: "Passed a test", categories: ["A", "B"] })
  },
  "pnc.licence.suspended": {
    setup: async (world) => asAdmin(world, "POST", `/api/pnc/licences/${(await aLicence(world)).id}/suspend`, { reason: "Court order" })
  },
  "pnc.licence.revoked": {
    setup: async (world) => asAdmin(world, "POST", `/api/pnc/licences/${(await aLicence(world)).id}/revoke`, { reason: "Court order" })
  },
  "pnc.licence.reinstated": {
    setup: async (world) => asAdmin(world, "POST", `/api/pnc/licences/${(await licenceAfter(world, "suspend")).id}/reinstate`, { reason: "Appeal upheld" })
  },
  "pnc.endorsement.added": {
    setup: async (world) =>
      asAdmin(world, "POST", `/api/pnc/licences/${(await aLicence(world)).id}/endorsements`, { code: "SP30", reason: "Speeding", points: 3 })
  },
  "pnc.endorsement.removed": {
    setup: async (world) => {
      const licence = await aLicence(world)
      const endorsed = await made<{ endorsements: Array<{ id: string }> }>(
        world,
        `/api/pnc/licences/${licence.id}/endorsements`,
        { code: "SP30", reason: "Speeding", points: 3 },
        "endorse"
      )
      return asAdmin(world, "POST", `/api/pnc/licences/${licence.id}/endorsements/${endorsed.endorsements[0]!.id}/remove`, { reason: "Quashed on appeal" })
    }
  },
  "pnc.record.created": { setup: async (world) => asAdmin(world, "POST", "/api/pnc/records", citation((await aCharacter(world)).id)) },
  "pnc.record.closed": { setup: async (world) => asAdmin(world, "POST", `/api/pnc/records/${(await aRecord(world)).id}/close`, { reason: "Fine paid" }) },
  "pnc.record.voided": { setup: async (world) => asAdmin(world, "POST", `/api/pnc/records/${(await aRecord(world)).id}/void`, { reason: "Wrong person" }) },
  "pnc.warrant.issued": {
    setup: async (world) => {
      await approvalNeeded(world, false)
      return asAdmin(world, "POST", "/api/pnc/warrants", { civilianId: (await aCharacter(world)).id, reason: "Failed to appear" })
    }
  },
  "pnc.warrant.closed": {
    setup: async (world) => {
      await approvalNeeded(world, false)
      const warrant = await made(world, "/api/pnc/warrants", { civilianId: (await aCharacter(world)).id, reason: "Failed to appear" }, "issue warrant")
      return asAdmin(world, "POST", `/api/pnc/warrants/${warrant.id}/close`, { outcome: "EXECUTED", note: "Arrested at home" })
    }
  },
  "pnc.warrant.requested": {
    // Approval stays on after: the recipes that need it off set it so.
    setup: async (world) => {
      await approvalNeeded(world, true)
      return asAdmin(world, "POST", "/api/pnc/warrants", { civilianId: (await aCharacter(world)).id, reason: "Failed to appear" })
    }
  },
  "pnc.warrant.approved": {
    setup: async (world) => asAdmin(world, "POST", `/api/pnc/warrants/${(await aRequest(world)).id}/approve`, { note: "Grounds checked" })
  },
  "pnc.warrant.rejected": {
    setup: async (world) => asAdmin(world, "POST", `/api/pnc/warrants/${(await aRequest(world)).id}/reject`, { reason: "No grounds given" })
  },
  "pnc.marker.created": {
    setup: async (world) => asAdmin(world, "POST", "/api/pnc/markers", { type: "PERSON_BOLO", civilianId: (await aCharacter(world)).id, reason: "Seen nearby" })
  },
  "pnc.marker.cleared": {
    setup: async (world) => {
      const marker = await made(
        world,
        "/api/pnc/markers",
        { type: "PERSON_BOLO", civilianId: (await aCharacter(world)).id, reason: "Seen nearby" },
        "create marker"
      )
      return asAdmin(world, "POST", `/api/pnc/markers/${marker.id}/clear`, { reason: "Found" })
    }
  }
}
