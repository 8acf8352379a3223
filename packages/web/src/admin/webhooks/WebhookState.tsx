import { adminIntegrations } from "../../strings/adminIntegrations.js"
import type { Webhook } from "./queries.js"

const words = adminIntegrations.webhooks.states

/** A subscription's state, by colour and by word: revoked for good, paused, or active. */
export const WebhookState = ({ webhook }: { readonly webhook: Pick<Webhook, "active" | "revokedAt"> }) =>
  webhook.revokedAt !== null
    ? <span className="badge danger">{words.revoked}</span>
    : webhook.active
    ? <span className="badge ok">{words.active}</span>
    : <span className="badge warn">{words.paused}</span>
