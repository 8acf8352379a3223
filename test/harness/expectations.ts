import { expect } from "vitest"
import type { Reply } from "./server.js"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The headers every response carries. */
export const expectCommonHeaders = (reply: Reply) => {
  expect(reply.headers.get("x-request-id")).toMatch(UUID)
  expect(reply.headers.get("cache-control")).toBe("no-store")
  expect(reply.headers.get("x-content-type-options")).toBe("nosniff")
}

/** An error envelope with this status and code, whose requestId is the header's. */
export const expectError = (reply: Reply, status: number, code: string) => {
  expect({ status: reply.status, code: reply.body?.error?.code }).toEqual({ status, code })
  expectCommonHeaders(reply)
  expect(typeof reply.body.error.message).toBe("string")
  expect(reply.body.requestId).toBe(reply.headers.get("x-request-id"))
  return reply.body.error as { code: string; message: string; details?: any }
}
