import { describe, expect, it } from "@effect/vitest"
import { HttpMiddleware, HttpServerRequest } from "@effect/platform"
import { Context, Effect, FiberRef, Layer, Option } from "effect"
import { withTracing } from "../src/tracing.js"

/** What the platform's tracer middleware would ask of a request fiber forked from the built server. */
class TracerSkipped extends Context.Tag("test/TracerSkipped")<TracerSkipped, boolean>() {}

const probe = Layer.effect(
  TracerSkipped,
  Effect.map(FiberRef.get(HttpMiddleware.currentTracerDisabledWhen), (disabledWhen) =>
    disabledWhen(HttpServerRequest.fromWeb(new Request("http://localhost/api/me"))))
)

/** Whether spans made on a fiber forked from the built server are real or the no-op span. */
class SpansEnabled extends Context.Tag("test/SpansEnabled")<SpansEnabled, boolean>() {}

const spansProbe = Layer.effect(SpansEnabled, FiberRef.get(FiberRef.currentTracerEnabled))

describe("the platform's HTTP tracer", () => {
  it.effect("is skipped for every request when no trace export is configured", () =>
    Effect.gen(function*() {
      expect(yield* TracerSkipped).toBe(true)
    }).pipe(Effect.provide(withTracing({ tracing: Option.none() }, probe))))

  it.effect("and every other span is the no-op span when no trace export is configured", () =>
    Effect.gen(function*() {
      expect(yield* SpansEnabled).toBe(false)
    }).pipe(Effect.provide(withTracing({ tracing: Option.none() }, spansProbe))))
})
