/**
 * What the server and the workspace's tests use: the repositories one by one,
 * the client, the migrations. Not a contract: any of it may change in any
 * release. A tool outside the workspace uses the package's main entry
 * (`layerBluelightPostgres`).
 */
export * from "./audit/PgAuditQueries.js"
export * from "./cad/index.js"
export * from "./civilians/index.js"
export * from "./game/PgGameCallLinks.js"
export * from "./game/PgGameEventInbox.js"
export * from "./identity/index.js"
export * from "./kernel/client.js"
export * from "./kernel/migrate.js"
export * from "./kernel/PgAuditLog.js"
export * from "./kernel/pgliteCycles.js"
export * from "./kernel/PgTransactor.js"
export * from "./kernel/RandomIds.js"
export * from "./layerPgPorts.js"
export * from "./moderation/index.js"
export * from "./schemaCheck.js"
export * from "./shifts/index.js"
export * from "./system/PgDatabaseHealth.js"
export * from "./webhooks/index.js"
