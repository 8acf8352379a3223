/** The service's own state: whether the database and the shared store answer. */
export * from "./health.js"
