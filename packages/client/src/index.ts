// Bluelight's typed client: the contract's operations as methods, every
// declared error as a value carrying its API code, the opt-in retry on
// Retry-After, and the CAD live feed as a Stream that resumes after a cut.
export * from "./cadFeed.js"
export * from "./client.js"
export * from "./errors.js"
export * from "./requests.js"
export * from "./retry.js"
