import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Option, References } from "effect"
import { HttpMiddleware, HttpServerRequest } from "effect/http"
import { withTracing } from "../src/tracing.js"

/** What the platform's tracer middleware would ask of a request fiber forked from the built server. */
class TracerSkipped extends Context.Service<TracerSkipped, boolean>()("test/TracerSkipped") {}

const probe = Layer.effect(
  TracerSkipped,
  Effect.map(HttpMiddleware.TracerDisabledWhen, (disabledWhen) => disabledWhen(HttpServerRequest.fromWeb(new Request("http://localhost/api/me"))))
)

/** Whether spans made on a fiber forked from the built server are real or the no-op span. */
class SpansEnabled extends Context.Service<SpansEnabled, boolean>()("test/SpansEnabled") {}

const spansProbe = Layer.effect(SpansEnabled, References.TracerEnabled)

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
