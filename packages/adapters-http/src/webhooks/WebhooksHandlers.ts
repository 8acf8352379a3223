import { changeWebhook, createWebhook, listDeliveries, listWebhooks, revokeWebhook, testWebhook } from "@bluelight/core/webhooks"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { data, page } from "../envelope.js"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentUser } from "@bluelight/api/auth/CurrentCaller.js"

export const WebhooksHandlers = HttpApiBuilder.group(BluelightApi, "webhooks", (handlers) =>
  handlers
    .handle("listWebhooks", ({ query }) => Effect.map(listWebhooks(query), page))
    .handle("createWebhook", ({ payload }) => Effect.map(CurrentUser.use((caller) => createWebhook(caller, payload)), data))
    .handle("changeWebhook", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => changeWebhook(caller, params.id, payload)), data))
    .handle("revokeWebhook", ({ params }) => Effect.map(CurrentUser.use((caller) => revokeWebhook(caller, params.id)), data))
    .handle("testWebhook", ({ params }) => Effect.map(CurrentUser.use((caller) => testWebhook(caller, params.id)), data))
    .handle("listWebhookDeliveries", ({ params, query }) => Effect.map(listDeliveries(params.id, query), page)))
