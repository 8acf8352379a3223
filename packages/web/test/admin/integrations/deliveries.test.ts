import { describe, expect, it } from "vitest"
import { byMessage, keepWatching, settledAttempt } from "../../../src/admin/webhooks/deliveries.js"
import type { Delivery } from "../../../src/admin/webhooks/queries.js"

const attempt = (messageId: string, n: number, status: Delivery["status"], type = "cad.panic"): Delivery =>
  ({
    id: `${messageId}-${n}`,
    messageId,
    type,
    attempt: n,
    status,
    responseStatus: status === "SUCCEEDED" ? 204 : null,
    error: null,
    createdAt: "2026-12-07T20:00:00.000Z",
    nextAttemptAt: null
  }) as unknown as Delivery

describe("the delivery log", () => {
  it("groups attempts by message, newest message first, attempts in order, the latest the message's state", () => {
    const log = [attempt("m2", 1, "PENDING", "webhook.test"), attempt("m1", 2, "SUCCEEDED"), attempt("m1", 1, "FAILED")]
    const messages = byMessage(log)
    expect(messages.map((message) => message.messageId)).toEqual(["m2", "m1"])
    expect(messages[1]!.attempts.map((each) => each.attempt)).toEqual([1, 2])
    expect(messages[1]!.latest.status).toBe("SUCCEEDED")
    expect(messages[0]!.type).toBe("webhook.test")
  })

  it("is read again after a test until its attempt has an outcome, and never past the watch", () => {
    const awaited = { messageId: "m3", until: 10_000 }
    expect(keepWatching([], awaited, 1_000)).toBe(true)
    expect(keepWatching([attempt("m3", 1, "PENDING")], awaited, 1_000)).toBe(true)
    expect(keepWatching([attempt("m3", 1, "SUCCEEDED")], awaited, 1_000)).toBe(false)
    expect(keepWatching([attempt("m3", 1, "FAILED")], awaited, 1_000)).toBe(false)
    expect(keepWatching([], awaited, 10_000)).toBe(false)
    expect(keepWatching([], null, 1_000)).toBe(false)
    expect(settledAttempt([attempt("m3", 1, "SUCCEEDED")], "m3")?.responseStatus).toBe(204)
  })
})
