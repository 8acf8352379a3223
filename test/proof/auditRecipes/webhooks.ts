import { write } from "../../harness/identity.js"
import { asAdmin, expectOk, type Recipes, unique, type World } from "./recipe.js"

/**
 * Webhook subscriptions, by the administrator (`admin.manage`). Their target is never called: they want
 * `shift.ended`, and the recipes after these (in `AUDIT_ACTIONS` order: CAD, moderation, the game) end no
 * shift, so no attempt of theirs changes the tables while a later recipe's failed request is compared.
 */

const webhookBody = () => ({ url: `https://${unique("hooks")}.example.com/in`, events: ["shift.ended"], description: "Audit proof" })

const aWebhook = async (world: World) =>
  expectOk<{ id: string }>(await write(world.server, world.admin, "POST", "/api/admin/webhooks", webhookBody()), 201, "create webhook")

export const webhookRecipes: Recipes = {
  "webhook.created": { setup: async (world) => asAdmin(world, "POST", "/api/admin/webhooks", webhookBody()) },
  "webhook.changed": { setup: async (world) => asAdmin(world, "PATCH", `/api/admin/webhooks/${(await aWebhook(world)).id}`, { active: false }) },
  "webhook.revoked": { setup: async (world) => asAdmin(world, "DELETE", `/api/admin/webhooks/${(await aWebhook(world)).id}`) }
}
