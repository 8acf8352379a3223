import { expect } from "vitest"
import { type ApiError, bodyOf, errorCodeOf, errorOf } from "./body.js"
import type { Reply } from "./server.js"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The headers every response carries. */
export const expectCommonHeaders = (reply: Reply) => {
  expect(reply.headers.get("x-request-id")).toMatch(UUID)
  expect(reply.headers.get("cache-control")).toBe("no-store")
  expect(reply.headers.get("x-content-type-options")).toBe("nosniff")
}

/** An error envelope with this status and code, whose requestId is the header's. */
export const expectError = (reply: Reply, status: number, code: string): ApiError => {
  expect({ status: reply.status, code: errorCodeOf(reply) }, reply.text).toEqual({ status, code })
  const error = errorOf(reply)
  expectCommonHeaders(reply)
  expect(bodyOf(reply)["requestId"]).toBe(reply.headers.get("x-request-id"))
  return error
}
