import { AuditQueries } from "@bluelight/core/audit"
import { type AuditAction, AuditLog, Transactor } from "@bluelight/core/kernel"
import { Context, DateTime, Duration, Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApiWithTestHooks } from "@bluelight/api/testHooks/TestHooksApi.js"

/**
 * Moves the server's clock forward, with test hooks only: black-box tests
 * reach a fresh rate-limit window (or any later moment) without waiting for
 * the real one. Everything that reads the Effect `Clock` sees the moved time.
 */
export class ClockControl extends Context.Service<ClockControl, {
  /** Moves the clock `millis` forward and answers the new time, in epoch milliseconds. */
  readonly advance: (millis: number) => Effect.Effect<number>
}>()("@bluelight/server/testHooks/ClockControl") {}

/**
 * The test server's endpoints (`/api/__test/*`, `BLUELIGHT_TEST_HOOKS=true`, never in production): the
 * composition mounts them through the HTTP adapter's `testHooks`, as it mounts the development providers,
 * so that the adapter serves only what a production server serves.
 */
export const TestHooksHandlers = HttpApiBuilder.group(BluelightApiWithTestHooks, "testHooks", (handlers) =>
  Effect.gen(function*() {
    const transactor = yield* Transactor
    const audit = yield* AuditLog
    const queries = yield* AuditQueries
    // An option: the server provides it with test hooks only, so the API does not require it.
    const clock = yield* Effect.serviceOption(ClockControl)
    return handlers
      .handle("echo", ({ payload }) => Effect.succeed({ data: payload }))
      .handle("page", ({ query }) => Effect.succeed({ data: [], meta: { limit: query.limit, offset: query.offset, hasMore: false } }))
      .handle("lenient", ({ query }) =>
        Effect.succeed({
          data: { search: query.search ?? null, meta: { limit: query.limit, offset: query.offset, hasMore: false } }
        }))
      // The line says the request is in the handler: a test that needs it in flight waits for it.
      .handle("slow", ({ query }) =>
        Effect.logInfo(`test hooks: sleeping ${query.ms} ms`).pipe(
          Effect.andThen(Effect.sleep(Duration.millis(query.ms))),
          Effect.as({ data: { sleptMs: query.ms } })
        ))
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
      .handle("auditLog", ({ query }) =>
        Effect.gen(function*() {
          const page = yield* queries.list({}, query)
          return { data: page.items, meta: page.meta }
        }))
      .handle("defect", () => Effect.die(new Error("deliberate defect for tests")))
      .handle("clock", ({ payload }) =>
        Option.match(clock, {
          onNone: (): Effect.Effect<number> => Effect.die(new Error("this server's clock cannot be moved")),
          onSome: (clock) => clock.advance(payload.advanceMillis)
        }).pipe(Effect.map((now) => ({ data: { now: DateTime.makeUnsafe(now) } }))))
  }))
