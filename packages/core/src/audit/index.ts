/** The audit log read back: entries as stored, and the query port behind `GET /audit`. */
export * from "./AuditEntry.js"
export * from "./AuditQueries.js"
export * from "./ids.js"
