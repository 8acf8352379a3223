import { type AccessRule, admitted, type Permission, type Permitted, requires, trusted } from "@bluelight/core/identity"
import { aPerson, aService } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"

/** A use case needing `cad.dispatch` that reports whether it ran. */
let ran = 0
const dispatch = Effect.fn("test.dispatch")(function*() {
  yield* Effect.sync(() => ran++)
  return "dispatched"
}, requires("cad.view", "cad.dispatch"))

const DISPATCH_RULE = { access: "session-or-credential", permissions: ["cad.view", "cad.dispatch"] } as const

// The proofs live in types: these lines fail to type-check when the rule stops taking them away.
const _needsBoth: Effect.Effect<string, never, Permitted<"cad.view"> | Permitted<"cad.dispatch">> = dispatch()
const _admitted: Effect.Effect<string, unknown, never> = dispatch().pipe(admitted(DISPATCH_RULE, null))
const _trusted: Effect.Effect<string, never, never> = trusted(dispatch())
/** Whether the effect still requires the proof of `Key`: `true` only when it does. */
type StillRequires<E, Key extends Permission> = E extends Effect.Effect<unknown, unknown, infer R> ? Permitted<Key> extends R ? true : false : false
// A rule naming only cad.view leaves the proof of cad.dispatch required.
const short = dispatch().pipe(admitted({ access: "session-or-credential", permissions: ["cad.view"] }, null))
const _short: StillRequires<typeof short, "cad.dispatch"> = true
// A rule typed only as AccessRule names no key, so it proves none.
const wide = dispatch().pipe(admitted(DISPATCH_RULE as AccessRule, null))
const _wide: StillRequires<typeof wide, "cad.dispatch"> = true
void [_needsBoth, _admitted, _trusted, _short, _wide]

describe("a use case's access proofs", () => {
  it.effect("admitted runs the use case for a caller the rule admits", () =>
    Effect.gen(function*() {
      ran = 0
      const caller = aPerson({ permissions: ["cad.view", "cad.dispatch"] })
      expect(yield* dispatch().pipe(admitted(DISPATCH_RULE, caller))).toBe("dispatched")
      expect(ran).toBe(1)
    }))

  it.effect("admitted refuses as the server would, before the use case runs", () =>
    Effect.gen(function*() {
      ran = 0
      const viewer = aPerson({ permissions: ["cad.view"] })
      const forbidden = yield* Effect.flip(dispatch().pipe(admitted(DISPATCH_RULE, viewer)))
      expect(forbidden).toMatchObject({ code: "FORBIDDEN", permission: "cad.dispatch" })
      expect((yield* Effect.flip(dispatch().pipe(admitted(DISPATCH_RULE, null)))).code).toBe("UNAUTHENTICATED")
      const service = aService({ scopes: ["cad.view", "cad.dispatch"] })
      const sessionOnly = { access: "session", permissions: ["cad.view", "cad.dispatch"] } as const
      expect((yield* Effect.flip(dispatch().pipe(admitted(sessionOnly, service)))).code).toBe("USER_REQUIRED")
      expect(ran).toBe(0)
    }))

  it.effect("a key of the rule's alternative admits on its own, as the server's check does", () =>
    Effect.gen(function*() {
      const manager = aPerson({ permissions: ["cad.units.manage"] })
      const rule = { access: "session-or-credential", permissions: ["cad.view", "cad.dispatch"], alternative: ["cad.units.manage"] } as const
      expect(yield* dispatch().pipe(admitted(rule, manager))).toBe("dispatched")
    }))
})
