import { OneLineText } from "@bluelight/core/kernel"
import { Either, ParseResult, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { TextOrNull } from "../src/schema/nullable.js"

const problems = (schema: Schema.Schema<unknown, unknown>, input: unknown) => {
  const result = Schema.decodeUnknownEither(Schema.Struct({ phone: schema }), { errors: "all" })({ phone: input })
  return Either.isLeft(result) ? ParseResult.ArrayFormatter.formatErrorSync(result.left).map(({ path, message }) => ({ path, message })) : []
}

describe("TextOrNull", () => {
  const Phone = TextOrNull(OneLineText({ min: 1, max: 5 })) as unknown as Schema.Schema<unknown, unknown>

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
