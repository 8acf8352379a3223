import { asAdmin, expectOk, type Recipes, unique, type World } from "./recipe.js"
import { write } from "../../harness/identity.js"

/** The charges catalogue, by the administrator (`admin.manage`). Each charge has a code of its own. */

const chargeBody = () => ({
  code: unique("chg"),
  title: "Careless driving",
  category: "Traffic",
  fineMin: 100,
  fineMax: 2500,
  points: 3,
  endorsementCode: "CD10"
})

const aCharge = async (world: World) =>
  expectOk<{ id: string }>(await write(world.server, world.admin, "POST", "/api/pnc/charges", chargeBody()), 201, "create charge")

export const chargeRecipes: Recipes = {
  "pnc.charge.created": { setup: async (world) => asAdmin(world, "POST", "/api/pnc/charges", chargeBody()) },
  "pnc.charge.changed": { setup: async (world) => asAdmin(world, "PATCH", `/api/pnc/charges/${(await aCharge(world)).id}`, { fineMax: 5000, active: false }) }
}
