/**
 * `@bluelight/adapters-pg`: Bluelight's real rules on its real database, for a
 * tool outside the server. One layer, given the server's `DATABASE_URL`,
 * provides every port the core's use cases need, on Postgres. It does not
 * migrate (the server owns the schema) and refuses a database whose migrations
 * are not the ones it was built with.
 */
export { type BluelightPorts, type BluelightPostgresOptions, layerBluelightPostgres } from "./layerBluelightPostgres.js"
export { DatabaseSchemaMismatch } from "./schemaCheck.js"
