import type { Me } from "../../app/session.js"
import { admin as words } from "../../strings/index.js"

/** SCAFFOLD: replaced by the section's own page. */
const WebhooksPage = (_: { readonly me: Me }) => <h2>{words.webhooks}</h2>

export default WebhooksPage
