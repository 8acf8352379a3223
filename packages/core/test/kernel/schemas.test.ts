import { AccountStatus, Permission, PERMISSIONS } from "@bluelight/core/identity"
import {
  CalendarDate,
  formatUuidV7,
  Id,
  IntegerBetween,
  isCalendarDate,
  isId,
  isOneOf,
  OneOf,
  PageMeta,
  OneLineText,
  SafeText,
  Timestamp,
  toPage,
  UUID_V7_PATTERN
} from "@bluelight/core/kernel"
import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { Result, Schema, SchemaIssue } from "effect"

const decode = <S extends Schema.Decoder<unknown>>(schema: S) => (input: unknown) => Schema.decodeUnknownResult(schema)(input)

/** Every problem a decode reports, as the API lists them. */
const problems = <S extends Schema.Decoder<unknown>>(schema: S, input: unknown) => {
  const result = Schema.decodeUnknownResult(schema, { errors: "all" })(input)
  return Result.isFailure(result) ? SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues.map((issue) => issue.message) : []
}

/** An oracle independent of the schema: `encodeURIComponent` throws on a lone surrogate. */
const isWellFormed = (text: string) => {
  try {
    encodeURIComponent(text)
    return true
  } catch {
    return false
  }
}

describe("Id", () => {
  it("accepts 1 to 64 characters of letters, digits, _ and -", () => {
    expect(Result.isSuccess(decode(Id)("a"))).toBe(true)
    expect(Result.isSuccess(decode(Id)("A-z_0".padEnd(64, "x")))).toBe(true)
    expect(Result.isFailure(decode(Id)(""))).toBe(true)
    expect(Result.isFailure(decode(Id)("x".repeat(65)))).toBe(true)
    for (const bad of ["a b", "a.b", "é", "a/b", 5]) expect(Result.isFailure(decode(Id)(bad))).toBe(true)
  })

  it("matches every generated UUIDv7", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 47 }), fc.uint8Array({ minLength: 10, maxLength: 10 }), (ms, random) => {
      const id = formatUuidV7(ms, random)
      expect(id).toMatch(UUID_V7_PATTERN)
      expect(Result.isSuccess(decode(Id)(id))).toBe(true)
    }))
  })

  it("isId answers exactly what Schema.is(Id) answers", () => {
    const is = Schema.is(Id)
    const idLike = fc.stringMatching(/^[a-zA-Z0-9_-]{0,70}$/)
    fc.assert(fc.property(fc.oneof(idLike, fc.string({ maxLength: 70 }), fc.anything()), (value) => {
      expect(isId(value)).toBe(is(value))
    }))
    for (const edge of ["", "a", "x".repeat(64), "x".repeat(65), "a\u0000", "\ud800", "a b"]) expect(isId(edge)).toBe(is(edge))
  })

  it("UUIDv7 ids sort by their time", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 46 }), fc.integer({ min: 1, max: 2 ** 20 }), (ms, later) => {
      const a = formatUuidV7(ms, new Uint8Array(10).fill(255))
      const b = formatUuidV7(ms + later, new Uint8Array(10))
      expect(a < b).toBe(true)
    }))
  })
})

describe("OneLineText", () => {
  const Name = OneLineText({ min: 2, max: 60 })
  it("trims before the bounds apply", () => {
    expect(decode(Name)("  ab  ")).toEqual(Result.succeed("ab"))
    expect(Result.isFailure(decode(Name)("  a  "))).toBe(true)
    expect(decode(Name)(` ${"x".repeat(60)} `)).toEqual(Result.succeed("x".repeat(60)))
    expect(Result.isFailure(decode(Name)("x".repeat(61)))).toBe(true)
  })
})

/** A schema as the API description shows it, components collected apart. */
const described = (schema: Schema.Top) => {
  const { schema: jsonSchema, definitions } = Schema.toJsonSchemaDocument(schema, { onExcessProperty: "error" })
  return { jsonSchema, definitions }
}

describe("the shared schemas as the API description shows them", () => {
  it("OneLineText: a string with its bounds and its rule, not a bare reference to a transformation", () => {
    const oneLine = "one line: no line break, control, invisible (zero-width, blank-looking) or direction-control character"
    expect(described(OneLineText({ min: 2, max: 60 }))).toEqual({
      jsonSchema: {
        type: "string",
        minLength: 2,
        maxLength: 60,
        description: `Leading and trailing white space is trimmed and the text put in Unicode NFC, then 2 to 60 characters; ${oneLine}; not blank`
      },
      definitions: {}
    })
    expect(described(OneLineText({ max: 100 })).jsonSchema).toEqual({
      type: "string",
      maxLength: 100,
      description: `Leading and trailing white space is trimmed and the text put in Unicode NFC, then at most 100 characters; ${oneLine}`
    })
  })

  it("IntegerBetween: an integer with its range (and default), without the filters' labels or an Int component", () => {
    expect(described(IntegerBetween({ min: 1, max: 90, default: 30 }))).toEqual({
      jsonSchema: { type: "integer", minimum: 1, maximum: 90, default: 30 },
      definitions: {}
    })
    expect(described(PageMeta).definitions).toEqual({
      PageMeta: {
        type: "object",
        required: ["limit", "offset", "hasMore"],
        properties: {
          limit: { type: "integer", minimum: 1, maximum: 100 },
          offset: { type: "integer", minimum: 0, maximum: 10_000 },
          hasMore: { type: "boolean" }
        },
        additionalProperties: false
      }
    })
  })

  it("IntegerBetween decodes as the filters it stands for, with the message given", () => {
    const Days = IntegerBetween({ min: 1, max: 90 }, "lifetimeDays must be an integer from 1 to 90")
    expect(decode(Days)(90)).toEqual(Result.succeed(90))
    expect(problems(Days, 91)).toEqual(["lifetimeDays must be an integer from 1 to 90"])
    expect(problems(Days, 0)).toEqual(["lifetimeDays must be an integer from 1 to 90"])
    expect(Result.isFailure(decode(Days)(1.5))).toBe(true)
  })

  it("Id: titled Id, not after its last filter", () => {
    expect(described(Id).definitions["Id"]).toMatchObject({ title: "Id", pattern: "^[a-zA-Z0-9_-]+$", minLength: 1, maxLength: 64 })
  })
})

describe("SafeText", () => {
  const unsafe = "must not contain NUL characters or unpaired surrogates"

  it("refuses a NUL and every lone surrogate, with one problem", () => {
    for (const bad of ["\u0000", "a\u0000b", "\ud800", "x\udbff", "\udc00x", "a\udfffb", "\udc00\ud800"]) {
      expect(problems(SafeText, bad), JSON.stringify(bad)).toEqual([unsafe])
    }
  })

  it("accepts surrogate pairs, other control characters, bidirectional marks and the empty string", () => {
    for (const ok of ["", "🚓", "a\ud83d\ude93b", "\u202eevil", "tab\there", "line\nbreak", "\u0001"]) {
      expect(decode(SafeText)(ok)).toEqual(Result.succeed(ok))
    }
  })

  it("accepts a string exactly when it has no NUL and is well-formed UTF-16", () => {
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit))
    const tricky = fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff", "a", "\ud83d\ude93", "\u202e")
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(codeUnit, tricky), maxLength: 12 }), (candidate) => {
        const acceptable = !candidate.includes("\u0000") && isWellFormed(candidate)
        expect(Result.isSuccess(decode(SafeText)(candidate))).toBe(acceptable)
      }),
      { numRuns: 300 }
    )
  })

  it("is the base of every other client string: ids, dates and times", () => {
    expect(problems(Id, "a\u0000b")).toEqual([unsafe])
    expect(problems(CalendarDate, "2026-01-01\u0000")).toEqual([unsafe])
    expect(problems(Timestamp, "2026-01-31T09:30:00Z\u0000")).toEqual([unsafe])
  })

  it("guards OneLineText: a NUL inside a name is refused, whatever its length", () => {
    const Name = OneLineText({ min: 2, max: 60 })
    expect(problems(Name, "  ab\u0000c  ")).toEqual([unsafe])
    expect(problems(Name, "ab\ud800")).toEqual([unsafe])
    expect(Result.isFailure(decode(Name)(`x${"\u0000".repeat(100)}`))).toBe(true)
  })
})

describe("OneOf", () => {
  it("reports a wrong value once, naming every allowed value", () => {
    expect(problems(OneOf("a", "b", "c"), "d")).toEqual(["must be one of: a, b, c"])
    expect(problems(OneOf("a", "b", "c"), 7)).toEqual(["must be one of: a, b, c"])
    expect(decode(OneOf("a", "b"))("b")).toEqual(Result.succeed("b"))
  })

  it("is what permission keys and account statuses use", () => {
    expect(problems(Permission, "nope")).toEqual([`must be one of: ${PERMISSIONS.join(", ")}`])
    expect(problems(AccountStatus, "active")).toEqual(["must be one of: ACTIVE, SUSPENDED, DISABLED"])
    expect(problems(Schema.Array(Permission), ["nope", "cad.view", 3])).toHaveLength(2)
  })
})

describe("isOneOf", () => {
  it("answers exactly what Schema.is of the same literals answers", () => {
    const agrees = <const L extends readonly [string, ...Array<string>]>(schema: Schema.Literals<L>) => {
      const is = Schema.is(schema)
      const fast = isOneOf(schema)
      fc.assert(fc.property(fc.oneof(fc.constantFrom(...schema.literals), fc.string(), fc.anything()), (value) => {
        expect(fast(value)).toBe(is(value))
      }))
    }
    agrees(Permission)
    agrees(AccountStatus)
    agrees(OneOf("a", "b"))
    expect(isOneOf(AccountStatus)("active")).toBe(false)
    expect(isOneOf(AccountStatus)("ACTIVE")).toBe(true)
  })
})

describe("Timestamp", () => {
  it("reads any ISO 8601 offset and writes UTC with milliseconds", () => {
    const at = Schema.decodeUnknownSync(Timestamp)("2026-06-01T12:00:00+02:00")
    expect(Schema.encodeSync(Timestamp)(at)).toBe("2026-06-01T10:00:00.000Z")
    expect(Schema.encodeSync(Timestamp)(Schema.decodeUnknownSync(Timestamp)("2026-06-01T12:00:00.5Z"))).toBe("2026-06-01T12:00:00.500Z")
    expect(Schema.encodeSync(Timestamp)(Schema.decodeUnknownSync(Timestamp)("2026-06-01T12:00:00.123456Z"))).toBe("2026-06-01T12:00:00.123Z")
  })

  it("refuses what is not an ISO 8601 date-time, however the platform would read it", () => {
    for (
      const bad of [
        "tomorrow",
        "1",
        "2001",
        "hello 5",
        "5",
        "2026-01-31",
        "2026-01-31T09:30Z",
        "2026-01-31 09:30:00Z",
        "2026-01-31T09:30:00",
        "2026-02-30T00:00:00Z",
        "2026-01-31T24:00:00Z",
        "2026-01-31T09:60:00Z",
        "2026-01-31T09:30:00+24:00",
        "2026-01-31T09:30:00.Z",
        " 2026-01-31T09:30:00Z",
        "2026-01-31t09:30:00z",
        "Sat, 31 Jan 2026 09:30:00 GMT"
      ]
    ) {
      expect(problems(Timestamp, bad), bad).toEqual(["must be an ISO 8601 date-time such as 2026-01-31T09:30:00.000Z"])
    }
  })

  it("reads back every time it writes", () => {
    fc.assert(fc.property(fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }), (date) => {
      const written = date.toISOString()
      expect(Schema.encodeSync(Timestamp)(Schema.decodeUnknownSync(Timestamp)(written))).toBe(written)
    }))
  })
})

describe("CalendarDate", () => {
  it("accepts real days only", () => {
    for (const ok of ["2024-02-29", "2026-12-31", "2000-01-01"]) expect(isCalendarDate(ok)).toBe(true)
    for (const bad of ["2023-02-29", "2026-13-01", "2026-1-1", "2026-01-01T00:00:00Z", "20260101", "1", "hello 5", "2026-01-01\u0000"]) {
      expect(Result.isFailure(decode(CalendarDate)(bad))).toBe(true)
    }
  })
})

describe("paging", () => {
  it("toPage keeps `limit` items and tells whether more exist", () => {
    const page = { limit: 2, offset: 4 }
    expect(toPage([1, 2, 3], page)).toEqual({ items: [1, 2], meta: { limit: 2, offset: 4, hasMore: true } })
    expect(toPage([1, 2], page)).toEqual({ items: [1, 2], meta: { limit: 2, offset: 4, hasMore: false } })
  })

  it("toPage over the `limit + 1` rows a repository fetches: the first `limit` of them, more exactly when a row is left over", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 20 }),
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 21 }),
      (limit, offset, fetched) => {
        const rows = Array.from({ length: Math.min(fetched, limit + 1) }, (_, i) => offset + i)
        const { items, meta } = toPage(rows, { limit, offset })
        expect(items).toEqual(rows.filter((_, i) => i < limit))
        expect(meta).toEqual({ limit, offset, hasMore: fetched > limit })
      }
    ))
  })
})
