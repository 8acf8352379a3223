/** Which rate budget a request spends: `GET` and `HEAD` are reads; everything else spends the write budget. */
export type Budget = "read" | "write"

export const budgetOf = (method: string): Budget => (method === "GET" || method === "HEAD" ? "read" : "write")

/** `GET` and `HEAD` requests carry no body the server reads; any other method may. */
export const mayHaveBody = (method: string): boolean => method !== "GET" && method !== "HEAD"
