import { OneLineText } from "@bluelight/core/kernel"
import { Schema, SchemaIssue } from "effect"
import { describe, expect, it } from "vitest"
import { TextOrNull } from "../src/schema/nullable.js"

const format = SchemaIssue.makeFormatterStandardSchemaV1()

const problems = (schema: Schema.Codec<unknown, unknown>, input: unknown) => {
  const result = Schema.decodeUnknownResult(Schema.Struct({ phone: schema }))({ phone: input }, { errors: "all" })
  return result._tag === "Failure"
    ? format(result.failure.issue).issues.map(({ path, message }) => ({ path: (path ?? []).map(String), message }))
    : []
}

describe("TextOrNull", () => {
  const Phone = TextOrNull(OneLineText({ min: 1, max: 5 })) as unknown as Schema.Codec<unknown, unknown>

  it("takes the value or null", () => {
    expect(Schema.decodeUnknownSync(Phone)(" 123 ")).toBe("123")
    expect(Schema.decodeUnknownSync(Phone)(null)).toBeNull()
  })

  it("refuses a bad value of the right type with its own rule, once", () => {
    expect(problems(Phone, "123456")).toEqual([{ path: ["phone"], message: "must be at most 5 characters" }])
    expect(problems(Phone, "   ")).toEqual([{ path: ["phone"], message: "must not be blank" }])
  })

  it("refuses a value of another type with what it must be, once", () => {
    for (const wrong of [5, true, [], {}]) {
      expect(problems(Phone, wrong)).toEqual([{ path: ["phone"], message: "must be text, or null" }])
    }
  })
})
