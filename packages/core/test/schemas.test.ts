import { CalendarDate, formatUuidV7, Id, isCalendarDate, PAGE_LIMIT, TrimmedText, Timestamp, toPage, UUID_V7_PATTERN } from "@bluelight/core"
import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { Either, Schema } from "effect"

const decode = <A, I>(schema: Schema.Schema<A, I>) => (input: unknown) => Schema.decodeUnknownEither(schema)(input)

describe("Id", () => {
  it("accepts 1 to 64 characters of letters, digits, _ and -", () => {
    expect(Either.isRight(decode(Id)("a"))).toBe(true)
    expect(Either.isRight(decode(Id)("A-z_0".padEnd(64, "x")))).toBe(true)
    expect(Either.isLeft(decode(Id)(""))).toBe(true)
    expect(Either.isLeft(decode(Id)("x".repeat(65)))).toBe(true)
    for (const bad of ["a b", "a.b", "é", "a/b", 5]) expect(Either.isLeft(decode(Id)(bad))).toBe(true)
  })

  it("matches every generated UUIDv7", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 47 }), fc.uint8Array({ minLength: 10, maxLength: 10 }), (ms, random) => {
      const id = formatUuidV7(ms, random)
      expect(id).toMatch(UUID_V7_PATTERN)
      expect(Either.isRight(decode(Id)(id))).toBe(true)
    }))
  })

  it("UUIDv7 ids sort by their time", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 46 }), fc.integer({ min: 1, max: 2 ** 20 }), (ms, later) => {
      const a = formatUuidV7(ms, new Uint8Array(10).fill(255))
      const b = formatUuidV7(ms + later, new Uint8Array(10))
      expect(a < b).toBe(true)
    }))
  })
})

describe("TrimmedText", () => {
  const Name = TrimmedText({ min: 2, max: 60 })
  it("trims before the bounds apply", () => {
    expect(decode(Name)("  ab  ")).toEqual(Either.right("ab"))
    expect(Either.isLeft(decode(Name)("  a  "))).toBe(true)
    expect(decode(Name)(` ${"x".repeat(60)} `)).toEqual(Either.right("x".repeat(60)))
    expect(Either.isLeft(decode(Name)("x".repeat(61)))).toBe(true)
  })
})

describe("Timestamp", () => {
  it("reads any ISO 8601 offset and writes UTC with milliseconds", () => {
    const at = Schema.decodeUnknownSync(Timestamp)("2026-06-01T12:00:00+02:00")
    expect(Schema.encodeSync(Timestamp)(at)).toBe("2026-06-01T10:00:00.000Z")
  })
  it("refuses what is not a date-time", () => {
    expect(Either.isLeft(decode(Timestamp)("tomorrow"))).toBe(true)
  })
})

describe("CalendarDate", () => {
  it("accepts real days only", () => {
    for (const ok of ["2024-02-29", "2026-12-31", "2000-01-01"]) expect(isCalendarDate(ok)).toBe(true)
    for (const bad of ["2023-02-29", "2026-13-01", "2026-1-1", "2026-01-01T00:00:00Z", "20260101"]) {
      expect(Either.isLeft(decode(CalendarDate)(bad))).toBe(true)
    }
  })
})

describe("paging", () => {
  it("toPage keeps `limit` items and tells whether more exist", () => {
    const page = { limit: 2, offset: 4 }
    expect(toPage([1, 2, 3], page)).toEqual({ items: [1, 2], meta: { limit: 2, offset: 4, hasMore: true } })
    expect(toPage([1, 2], page)).toEqual({ items: [1, 2], meta: { limit: 2, offset: 4, hasMore: false } })
    expect(PAGE_LIMIT).toEqual({ min: 1, max: 100, default: 25 })
  })
})
