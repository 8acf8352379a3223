import { AuditQueries } from "@bluelight/core/audit"
import { type AuditAction, AuditLog, Transactor } from "@bluelight/core/kernel"
import { HttpApiBuilder } from "@effect/platform"
import { DateTime, Duration, Effect, Option } from "effect"
import { BluelightApiWithTestHooks } from "../Api.js"
import { ClockControl } from "./ClockControl.js"

export const TestHooksHandlers = HttpApiBuilder.group(BluelightApiWithTestHooks, "testHooks", (handlers) => Effect.gen(function*() {
  const transactor = yield* Transactor
  const audit = yield* AuditLog
  const queries = yield* AuditQueries
  // An option: the server provides it with test hooks only, so the API does not require it.
  const clock = yield* Effect.serviceOption(ClockControl)
  return handlers
      .handle("echo", ({ payload }) => Effect.succeed({ data: payload }))
      .handle("page", ({ urlParams }) =>
        Effect.succeed({ data: [], meta: { limit: urlParams.limit, offset: urlParams.offset, hasMore: false } }))
      .handle("lenient", ({ urlParams }) =>
        Effect.succeed({
          data: { search: urlParams.search ?? null, meta: { limit: urlParams.limit, offset: urlParams.offset, hasMore: false } }
        }))
      .handle("slow", ({ urlParams }) =>
        Effect.sleep(Duration.millis(urlParams.ms)).pipe(Effect.as({ data: { sleptMs: urlParams.ms } })))
      .handle("audit", ({ payload }) =>
        Effect.gen(function*() {
          yield* transactor.transaction(
            audit.record({
              // The test hooks write whatever action a test names (they exist only with
              // BLUELIGHT_TEST_HOOKS): not a change of the platform, so not in AUDIT_ACTIONS.
              action: payload.action as AuditAction,
              actor: { type: "service", id: "test-hooks" },
              targetType: "test",
              targetId: payload.targetId ?? null,
              data: { via: "test hooks" }
            })
          )
          return { data: { action: payload.action } }
        }))
      .handle("auditLog", ({ urlParams }) =>
        Effect.gen(function*() {
          const page = yield* queries.list({}, urlParams)
          return { data: page.items, meta: page.meta }
        }))
      .handle("defect", () => Effect.die(new Error("deliberate defect for tests")))
      .handle("clock", ({ payload }) =>
        Option.match(clock, {
          onNone: (): Effect.Effect<number> => Effect.dieMessage("this server's clock cannot be moved"),
          onSome: (clock) => clock.advance(payload.advanceMillis)
        }).pipe(Effect.map((now) => ({ data: { now: DateTime.unsafeMake(now) } }))))
}))
