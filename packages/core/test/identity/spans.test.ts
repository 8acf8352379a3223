import { AccountId, createRole, updateRole } from "@bluelight/core/identity"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, Tracer } from "effect"
import { accessNotChecked, testPorts } from "@bluelight/core/testing"
import { anAccount, aUserCaller, signIn } from "./helpers.js"

const admin = aUserCaller(["admin.manage"], anAccount({ id: AccountId.make("admin-account") }))

/** Runs `effect` under a tracer that notes every span it opens as `parent > name`. */
const spansOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const native = yield* Effect.tracer
    const opened: Array<string> = []
    const tracer = Tracer.make({
      span(options) {
        const parentName = Option.match(options.parent, { onNone: () => "", onSome: (span) => (span._tag === "Span" ? span.name : "") })
        opened.push(parentName === "" ? options.name : `${parentName} > ${options.name}`)
        return native.span(options)
      },
      context: native.context
    })
    yield* Effect.withTracer(effect, tracer)
    return opened
  })

describe("use cases are traced", () => {
  it.effect("each opens a span named for its context and itself", () =>
    Effect.gen(function*() {
      const opened = yield* spansOf(
        Effect.flatMap(createRole(admin, { name: "Dispatch", permissions: [] }), (role) => updateRole(admin, role.id, { permissions: ["cad.view"] }))
      )
      expect(opened).toEqual(["identity.createRole", "identity.updateRole"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a use case inside another opens its span under the outer one", () =>
    Effect.gen(function*() {
      const opened = yield* spansOf(signIn("alice"))
      expect(opened).toContain("identity.startSignIn > identity.createSignInState")
      expect(opened).toContain("identity.completeSignIn > identity.redeemSignInState")
      expect(opened).toContain("identity.completeSignIn > identity.openSession")
    }).pipe(Effect.provide(testPorts())))
})
