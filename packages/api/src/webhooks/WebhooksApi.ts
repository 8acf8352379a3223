import { InvalidInput, InvalidState, NotFound, WEBHOOK_EVENT_TYPES } from "@bluelight/core/kernel"
import {
  CreatedWebhook,
  WebhookDelivery,
  WebhookDescription,
  WebhookEvents,
  WebhookId,
  WebhookMessageId,
  WebhookUrl,
  WebhookView
} from "@bluelight/core/webhooks"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { change, created, one, page } from "../endpointParts.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single } from "../schema/envelope.js"

const admin = operation({ access: "session", permissions: ["admin.manage"] })
const WebhookPath = Schema.Struct({ id: WebhookId })

/** What `POST /admin/webhooks/{id}/test` answers: the id of the message queued. */
export const QueuedTest = Schema.Struct({ messageId: WebhookMessageId }).annotate({ identifier: "QueuedWebhookTest" })

export class WebhooksApi extends HttpApiGroup.make("webhooks")
  .add(
    HttpApiEndpoint.get("listWebhooks", "/admin/webhooks", page({}, WebhookView)).pipe(
      admin("List webhooks", "Every webhook subscription, revoked ones too, newest first; never a secret.")
    )
  )
  .add(
    HttpApiEndpoint.post(
      "createWebhook",
      "/admin/webhooks",
      created(
        Body({ url: WebhookUrl, events: WebhookEvents, description: Schema.optionalKey(Schema.NullOr(WebhookDescription)) }, {
          name: "WebhookInput",
          example: { url: "https://bot.example.com/bluelight", events: ["cad.panic", "cad.incident.created"], description: "Discord bot" }
        }),
        CreatedWebhook,
        InvalidInput
      )
    ).pipe(
      admin(
        "Create a webhook",
        `Signed messages (Standard Webhooks) are posted to \`url\` for each of \`events\` (1 to 20 of ${WEBHOOK_EVENT_TYPES.join(", ")}). ` +
          "The answer holds `secret` (`whsec_` + base64 of 32 bytes), shown this once. In production the URL must be `https:` and not " +
          "a loopback, private, link-local, unique-local or unspecified address (`INVALID_INPUT` at `url`). Audited as `webhook.created`."
      )
    )
  )
  .add(
    HttpApiEndpoint.patch(
      "changeWebhook",
      "/admin/webhooks/:id",
      change(
        WebhookPath,
        Body({
          url: Schema.optionalKey(WebhookUrl),
          events: Schema.optionalKey(WebhookEvents),
          description: Schema.optionalKey(Schema.NullOr(WebhookDescription)),
          active: Schema.optionalKey(Schema.Boolean)
        }, { name: "WebhookChange", example: { active: false } }),
        WebhookView,
        NotFound,
        InvalidInput,
        InvalidState
      )
    ).pipe(
      admin(
        "Change a webhook",
        "Changes the target, the events, the description or whether it is active (an inactive one is sent nothing new). " +
          "A revoked one cannot change (`INVALID_STATE`). Audited as `webhook.changed`."
      )
    )
  )
  .add(
    HttpApiEndpoint.delete("revokeWebhook", "/admin/webhooks/:id", one(WebhookPath, WebhookView)).pipe(
      admin("Revoke a webhook", "Revoked for good: nothing more is sent to it, what was waiting included. Audited as `webhook.revoked`.")
    )
  )
  .add(
    HttpApiEndpoint.post("testWebhook", "/admin/webhooks/:id/test", {
      params: WebhookPath,
      success: Single(QueuedTest).pipe(HttpApiSchema.status(202)),
      error: failsWith(NotFound, InvalidState)
    }).pipe(
      admin("Send a test message", "Queues a `webhook.test` message for this webhook alone; a revoked one is `INVALID_STATE`.")
    )
  )
  .add(
    HttpApiEndpoint.get("listWebhookDeliveries", "/admin/webhooks/:id/deliveries", {
      ...page({}, WebhookDelivery),
      params: WebhookPath,
      error: failsWith(NotFound)
    }).pipe(
      admin(
        "List a webhook's deliveries",
        "Every attempt of every message at this webhook, newest first, kept 30 days: `PENDING` (due at `nextAttemptAt`), " +
          "`SUCCEEDED`, `FAILED` (retried at `nextAttemptAt`) or `GAVE_UP`."
      )
    )
  )
  .annotate(OpenApi.Title, "Webhooks")
  .annotate(OpenApi.Description, "Signed outbound messages to the community's integrations.")
{}
