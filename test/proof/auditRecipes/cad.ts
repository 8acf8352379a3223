import { addCrew, asSession, assign, type CadClient, createIncident, createUnit, crewedUnit, crewMember } from "../../harness/cad.js"
import { expectOk, type Recipes, unique, type World } from "./recipe.js"

/** The administrator as Control (they hold every CAD permission), and what a change is sent with. */
const control = (world: World): CadClient => asSession(world.server, world.admin)
const sent = (world: World, path: string, body?: unknown) => () => control(world).call("POST", path, body)

/** An active staff member who may crew a unit: their account id. */
const crew = async (world: World) => (await crewMember(world.server, world.admin, unique("crew"))).accountId

const CALL = { callerName: "Jo Bloggs", location: "Legion Square", description: "Two people fighting" }

export const cadRecipes: Recipes = {
  "cad.incident.created": {
    setup: async (world) => sent(world, "/api/cad/incidents", { type: "Road traffic collision", priority: "IMMEDIATE", location: "A1" })
  },
  "cad.incident.updated": {
    setup: async (world) => {
      const incident = await createIncident(control(world))
      return sent(world, `/api/cad/incidents/${incident.id}/update`, {
        type: "Collision, two cars",
        priority: "PRIORITY",
        location: "A1 northbound",
        description: "",
        controlNotes: "",
        version: incident.version
      })
    }
  },
  "cad.incident.closed": {
    setup: async (world) => {
      const incident = await createIncident(control(world))
      return sent(world, `/api/cad/incidents/${incident.id}/close`, { version: incident.version })
    }
  },
  "cad.unit.created": { setup: async (world) => sent(world, "/api/cad/units", { callsign: unique("U"), agencyCode: "MET", type: "RESPONSE" }) },
  "cad.unit.updated": {
    setup: async (world) => {
      const unit = await createUnit(control(world))
      return sent(world, `/api/cad/units/${unit.id}/update`, { callsign: unique("U"), agencyCode: "MET", type: "TRAFFIC", version: unit.version })
    }
  },
  "cad.unit.status.changed": {
    setup: async (world) => {
      const unit = await crewedUnit(control(world), await crew(world))
      return sent(world, `/api/cad/units/${unit.id}/status`, { status: "BUSY", version: unit.version })
    }
  },
  "cad.unit.assigned": {
    setup: async (world) => {
      const unit = await crewedUnit(control(world), await crew(world))
      const incident = await createIncident(control(world))
      return sent(world, `/api/cad/incidents/${incident.id}/assign`, { unitId: unit.id, version: unit.version })
    }
  },
  "cad.unit.cleared": {
    setup: async (world) => {
      const incident = await createIncident(control(world))
      const unit = await assign(control(world), incident.id, await crewedUnit(control(world), await crew(world)))
      return sent(world, `/api/cad/incidents/${incident.id}/clear`, { unitId: unit.id, version: unit.version })
    }
  },
  "cad.crew.joined": {
    setup: async (world) => {
      const unit = await createUnit(control(world))
      const userId = await crew(world)
      return sent(world, `/api/cad/units/${unit.id}/crew`, { userId, identifier: "1234" })
    }
  },
  "cad.crew.left": {
    setup: async (world) => {
      const unit = await addCrew(control(world), (await createUnit(control(world))).id, await crew(world))
      return sent(world, `/api/cad/units/${unit.id}/crew/${unit.crew[0]!.id}/remove`)
    }
  },
  "cad.call.received": { setup: async (world) => sent(world, "/api/cad/calls", CALL) },
  "cad.call.attached": {
    setup: async (world) => {
      const call = expectOk<{ id: string }>(await control(world).call("POST", "/api/cad/calls", CALL), 201, "receive call")
      const incident = await createIncident(control(world))
      return sent(world, `/api/cad/calls/${call.id}/attach`, { incidentId: incident.id })
    }
  },
  "cad.call.closed": {
    setup: async (world) => {
      const call = expectOk<{ id: string }>(await control(world).call("POST", "/api/cad/calls", CALL), 201, "receive call")
      return sent(world, `/api/cad/calls/${call.id}/close`, { reason: "Dealt with on scene" })
    }
  }
}
