// The contract as one import: the API, who may call each operation, the
// envelope every answer is wrapped in and the status of every error code.
// The building blocks of each context (its schemas, its groups) are imported
// by path: `@bluelight/api/cad/schemas.js`.
export * from "./access.js"
export * from "./Api.js"
export * from "./auth/AccessControlMiddleware.js"
export * from "./auth/CurrentCaller.js"
export * from "./auth/errors.js"
export * from "./checkEndpointAccess.js"
export * from "./errors/refusals.js"
export * from "./errors/requestPath.js"
export * from "./errors/status.js"
export * from "./methods.js"
export * from "./openapi/accessSentence.js"
export * from "./openapi/describe.js"
export * from "./openapi/security.js"
export * from "./schema/body.js"
export * from "./schema/envelope.js"
export * from "./schema/query.js"
export * from "./system/SystemApi.js"
