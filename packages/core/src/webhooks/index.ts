/**
 * Webhooks: the subscriptions integrations are sent signed messages at, the
 * outbox (the kernel's `Outbox`) on their delivery log, and the rules of
 * targets and retries (docs/decisions/integrations.md, "Outbound webhooks").
 */
export * from "./outbox.js"
export * from "./ports.js"
export * from "./subscriptions.js"
export * from "./targets.js"
export * from "./Webhook.js"
