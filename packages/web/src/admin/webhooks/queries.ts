import type { BluelightApiClient } from "@bluelight/client"
import { useQuery } from "@tanstack/react-query"
import { call } from "../../api/client.js"

type Webhooks = BluelightApiClient["webhooks"]
export type WebhookBody = Parameters<Webhooks["createWebhook"]>[0]["payload"]
export type WebhookChangeBody = Parameters<Webhooks["changeWebhook"]>[0]["payload"]
export type WebhookId = Parameters<Webhooks["changeWebhook"]>[0]["params"]["id"]

/** The API's largest page. */
export const WEBHOOKS_PAGE = 100

const listPage = (offset: number) => call((api) => api.webhooks.listWebhooks({ query: { limit: WEBHOOKS_PAGE, offset } }))
export type Webhook = Awaited<ReturnType<typeof listPage>>["data"][number]
export type WebhookEvent = Webhook["events"][number]

const listDeliveries = (id: WebhookId) => call((api) => api.webhooks.listWebhookDeliveries({ params: { id }, query: { limit: WEBHOOKS_PAGE, offset: 0 } }))
export type DeliveriesAnswer = Awaited<ReturnType<typeof listDeliveries>>
export type Delivery = DeliveriesAnswer["data"][number]

export const webhookKeys = {
  all: ["admin", "webhooks"] as const,
  list: ["admin", "webhooks", "list"] as const,
  one: (id: string) => ["admin", "webhooks", "one", id] as const,
  deliveries: (id: string) => ["admin", "webhooks", "deliveries", id] as const
}

/** `GET /admin/webhooks`: newest first, revoked ones too; never a secret. */
export const useWebhooks = () => useQuery({ queryKey: webhookKeys.list, queryFn: () => listPage(0) })

/**
 * One subscription: the API has no read of one, so it is found in the list, a page at a time;
 * `null` when no subscription has this id.
 */
const findWebhook = async (id: string): Promise<Webhook | null> => {
  for (let offset = 0;; offset += WEBHOOKS_PAGE) {
    const answer = await listPage(offset)
    const found = answer.data.find((webhook) => webhook.id === id)
    if (found !== undefined) return found
    if (!answer.meta.hasMore) return null
  }
}
export const useWebhook = (id: string) => useQuery({ queryKey: webhookKeys.one(id), queryFn: () => findWebhook(id) })

/** `GET /admin/webhooks/{id}/deliveries`: every attempt, newest first; read again every `poll` ms while it is set. */
export const useDeliveries = (id: WebhookId, poll: (answer: DeliveriesAnswer | undefined) => number | false) =>
  useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: () => listDeliveries(id), refetchInterval: (query) => poll(query.state.data) })

/** `POST /admin/webhooks`: the subscription with its secret. Never put in the cache: its caller shows the secret once. */
export const createWebhook = (payload: WebhookBody) => call((api) => api.webhooks.createWebhook({ payload })).then((answer) => answer.data)
export const changeWebhook = (id: WebhookId, payload: WebhookChangeBody) =>
  call((api) => api.webhooks.changeWebhook({ params: { id }, payload })).then((answer) => answer.data)
export const revokeWebhook = (id: WebhookId) => call((api) => api.webhooks.revokeWebhook({ params: { id } })).then((answer) => answer.data)
export const sendTest = (id: WebhookId) => call((api) => api.webhooks.testWebhook({ params: { id } })).then((answer) => answer.data)
