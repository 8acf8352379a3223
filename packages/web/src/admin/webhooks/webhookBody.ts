import { WebhookChangeFields, WebhookFields } from "@bluelight/core/webhooks"
import { checkBody } from "../../api/checkBody.js"
import type { ApiFailure } from "../../api/failure.js"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import type { Webhook, WebhookBody, WebhookChangeBody } from "./queries.js"
import type { WebhookFormValues } from "./WebhookForm.js"

/** The API's rules of a subscription (the core's), checked before sending: the typed client would not send it otherwise. */
const checkNew = checkBody(WebhookFields, adminIntegrations.fixFields)
const checkChange = checkBody(WebhookChangeFields, adminIntegrations.fixFields)

type Read<B> = { readonly body: B } | { readonly failure: ApiFailure }

const descriptionOf = (values: WebhookFormValues): string | null => (values.description.trim() === "" ? null : values.description)

/** A new subscription's body (an empty description as none), or its problems at the fields they name. */
export const webhookBody = (values: WebhookFormValues): Read<WebhookBody> => {
  const body: WebhookBody = { url: values.url.trim(), events: values.events, description: descriptionOf(values) }
  const refused = checkNew(body)
  return refused === null ? { body } : { failure: refused }
}

/** What a change sends: only what differs from the subscription as it was read (events compared as a set). */
export const webhookChange = (webhook: Webhook, values: WebhookFormValues): Read<WebhookChangeBody> => {
  const url = values.url.trim()
  const description = descriptionOf(values)
  const sameEvents = values.events.length === webhook.events.length && values.events.every((event) => webhook.events.includes(event))
  const body: WebhookChangeBody = {
    ...(url === webhook.url ? {} : { url }),
    ...(description === webhook.description ? {} : { description }),
    ...(sameEvents ? {} : { events: values.events })
  }
  const refused = checkChange(body)
  return refused === null ? { body } : { failure: refused }
}
