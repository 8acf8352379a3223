export * from "./PgWebhooks.js"
