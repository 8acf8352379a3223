import { Forbidden } from "@bluelight/core/identity"
import { DomainError, InvalidInput, isDomainError, NotFound, orNotFound } from "@bluelight/core/kernel"
import { Data, Effect, Exit, Option, Schema, SchemaIssue } from "effect"
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
    expect(Effect.runSyncExit(Effect.gen(function*() {
      return yield* error
    }))).toEqual(Exit.fail(error))
    expect(Schema.encodeSync(NotFound)(error)).toEqual({ _tag: "NotFound", code: "NOT_FOUND", message: "No such thing" })
  })

  it("is an expected answer: no stack captured, fields' types parsed but not their checks, the stack limit left as it was", () => {
    const limit = (Error as unknown as { stackTraceLimit: number }).stackTraceLimit
    const error = new TestRefusal({ message: "nothing to do", reason: "same value" })
    expect(error.stack?.split("\n").filter((line) => line.trim().startsWith("at "))).toEqual([])
    expect((Error as unknown as { stackTraceLimit: number }).stackTraceLimit).toBe(limit)
    expect(new Error("a defect").stack).toContain("    at ")
    // Wrong at run time (the compiler would refuse it): Effect 4 always parses the fields' types when
    // a class is made (skipping only the checks), so it is refused, naming the field.
    const unchecked = { message: "x", reason: 7 } as unknown as { message: string; reason: string }
    const refusal = (() => {
      try {
        return new TestRefusal(unchecked)
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(Error)
    expect(SchemaIssue.makeFormatterStandardSchemaV1()((refusal as Error).cause as SchemaIssue.Issue).issues.map((issue) => issue.path)).toEqual([["reason"]])
    expect(error).toBeInstanceOf(TestRefusal)
    expect(Schema.is(TestRefusal)(error)).toBe(true)
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

describe("orNotFound", () => {
  it("answers what a lookup found, piped after it", () => {
    expect(Effect.runSync(Effect.succeed(Option.some(7)).pipe(orNotFound("No such thing")))).toBe(7)
  })

  it("fails with NotFound and its message when the lookup found nothing, and keeps the lookup's own failure", () => {
    expect(Effect.runSyncExit(Effect.succeed(Option.none<number>()).pipe(orNotFound("No such thing"))))
      .toEqual(Exit.fail(new NotFound({ message: "No such thing" })))
    const broken = new InvalidInput({ message: "bad", details: [] })
    expect(Effect.runSyncExit(Effect.fail(broken).pipe(orNotFound("No such thing")))).toEqual(Exit.fail(broken))
  })
})
