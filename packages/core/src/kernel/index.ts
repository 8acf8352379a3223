/**
 * The shared kernel: what every bounded context builds on. Ids and their
 * schema, time, text, paging, the domain error base, the unit of change
 * (`Transactor`), the audit log every change writes to and the
 * helper a context's history is recorded through.
 */
export * from "./auditActions.js"
export * from "./AuditLog.js"
export * from "./errorCode.js"
export * from "./errors.js"
export * from "./history.js"
export * from "./Id.js"
export * from "./Ids.js"
export * from "./integer.js"
export * from "./oneOf.js"
export * from "./Outbox.js"
export * from "./paging.js"
export * from "./RequestContext.js"
export * from "./text.js"
export * from "./time.js"
export * from "./timeWindow.js"
export * from "./Transactor.js"
export * from "./uuidv7.js"
export * from "./validated.js"
