import { Forbidden } from "@bluelight/core/identity"
import { DomainError, InvalidInput, isDomainError, NotFound } from "@bluelight/core/kernel"
import { Data, Effect, Exit, Schema } from "effect"
import { describe, expect, it } from "vitest"

class TestRefusal extends DomainError<TestRefusal>()("TestRefusal", "NO_CHANGE", { reason: Schema.String }) {}

describe("DomainError", () => {
  it("fills in its code, names it on the class and keeps its own fields", () => {
    const error = new TestRefusal({ message: "nothing to do", reason: "same value" })
    expect(error).toMatchObject({ _tag: "TestRefusal", code: "NO_CHANGE", message: "nothing to do", reason: "same value" })
    expect(TestRefusal.code).toBe("NO_CHANGE")
    expect(new Forbidden({ message: "no", permission: "staff.manage" }).code).toBe(Forbidden.code)
  })

  it("is a Schema.TaggedError: it fails an effect and encodes with its code", () => {
    const error = new NotFound({ message: "No such thing" })
    expect(Effect.runSyncExit(Effect.gen(function*() { return yield* error }))).toEqual(Exit.fail(error))
    expect(Schema.encodeSync(NotFound)(error)).toEqual({ _tag: "NotFound", code: "NOT_FOUND", message: "No such thing" })
  })

  it("is recognised by how it was made, not by looking like one", () => {
    expect(isDomainError(new NotFound({ message: "x" }))).toBe(true)
    expect(isDomainError(new InvalidInput({ message: "x", details: [] }))).toBe(true)
    expect(isDomainError(new TestRefusal({ message: "x", reason: "y" }))).toBe(true)
    const lookalike = { _tag: "NotFound", code: "NOT_FOUND", message: "x" }
    expect(isDomainError(lookalike)).toBe(false)
    class Other extends Data.TaggedError("Other")<{ readonly code: string; readonly message: string }> {}
    expect(isDomainError(new Other({ code: "NOT_FOUND", message: "x" }))).toBe(false)
    expect(isDomainError(null)).toBe(false)
  })
})
