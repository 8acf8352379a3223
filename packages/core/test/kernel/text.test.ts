import { foldedKey, MultiLineText, OneLineText } from "@bluelight/core/kernel"
import { Result, Schema, SchemaIssue } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"

/**
 * The text rules of issue 18, as pure functions: one-line text refuses
 * controls and invisibles, multi-line text keeps line breaks and refuses
 * direction controls, and `foldedKey` makes look-alikes one name. Generated
 * cases run from a fixed seed (`FC_SEED` overrides it); fast-check prints the
 * seed and path of a failure.
 */
const SEED = Number(process.env["FC_SEED"] ?? 18)
const runs = (numRuns: number) => ({ seed: SEED, numRuns })

const problems = <S extends Schema.Decoder<unknown>>(schema: S, input: unknown) => {
  const result = Schema.decodeUnknownResult(schema, { errors: "all" })(input)
  return Result.isFailure(result) ? SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues.map((issue) => issue.message) : []
}
const decoded = <S extends Schema.Decoder<unknown>>(schema: S, input: unknown) => Schema.decodeUnknownSync(schema)(input)

const INVISIBLE = "must not contain invisible or direction-control characters"
const ONE_LINE = "must be one line, without control characters"

/** Direction controls: the marks, embeddings, overrides and isolates. */
const DIRECTION_CONTROLS = ["\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]
/** Other characters that show as nothing or as a blank. */
const OTHER_INVISIBLES = [
  "\u200b",
  "\u2060",
  "\u2063",
  "\ufeff",
  "\u00ad",
  "\u180e",
  "\u{e0041}", // format: zero-width space, word joiner, invisible separator, BOM, soft hyphen, Mongolian vowel separator, a tag
  "\u200c",
  "\u200d",
  "\ufe0f",
  "\u{e0100}", // joiners and variation selectors
  "\u2800",
  "\u115f",
  "\u1160",
  "\u3164",
  "\uffa0",
  "\u034f",
  "\u17b4",
  "\u180b" // braille blank, Hangul fillers, combining grapheme joiner, Khmer, Mongolian
]
const INVISIBLES = [...DIRECTION_CONTROLS, ...OTHER_INVISIBLES]
/** Control characters and line separators: refused inside one-line text. */
const CONTROLS = ["\n", "\r", "\r\n", "\t", "\u000b", "\u000c", "\u0001", "\u001b", "\u007f", "\u0085", "\u009b", "\u2028", "\u2029"]

/** A valid one-line value: words of letters and digits with single spaces between, 2 to 40 characters. */
const validValue = fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), { minLength: 1, maxLength: 4 }).map((words) => words.join(" ")).filter((text) =>
  text.length >= 2
)

/** `value` with `inserted` placed strictly inside it (so trimming cannot take it away). */
const inside = (inserted: fc.Arbitrary<string>) =>
  fc.tuple(validValue, inserted, fc.nat()).map(([value, bad, at]) => {
    const position = 1 + (at % (value.length - 1))
    return value.slice(0, position) + bad + value.slice(position)
  })

describe("OneLineText", () => {
  const Name = OneLineText({ min: 2, max: 60 })

  it("takes names of any script, accents and emoji, trimmed and in NFC", () => {
    for (const name of ["Jane Doe", "Zoë O'Brien-Smith", "محمد علي", "דוד לוי", "Иван Петров", "Γιώργος", "王小明", "Unit 🚓 7", "LK5OC"]) {
      expect(decoded(Name, ` ${name}  `)).toBe(name)
    }
    expect(decoded(Name, "Zoe\u0308")).toBe("Zo\u00eb")
  })

  it("refuses every invisible and direction-control character, wherever it is", () => {
    for (const bad of INVISIBLES) {
      const atTheEnds = bad === "\ufeff" ? [] : [`Administrator${bad}`, `${bad}Administrator`]
      for (const value of [...atTheEnds, `Admin${bad}istrator`]) {
        expect(problems(Name, value), JSON.stringify(value)).toEqual([INVISIBLE])
      }
    }
    // JavaScript counts the byte-order mark as white space: at the ends it is trimmed, not stored.
    expect(decoded(Name, "\ufeffAdministrator\ufeff")).toBe("Administrator")
  })

  it("refuses line breaks, tabs and other control characters inside; at the ends they are trimmed as white space", () => {
    for (const bad of CONTROLS) expect(problems(Name, `LK5${bad}OC`), JSON.stringify(bad)).toEqual([ONE_LINE])
    expect(decoded(Name, "\r\n\tLK5OC\n")).toBe("LK5OC")
    expect(problems(Name, "LK5OC\u0001")).toEqual([ONE_LINE])
  })

  it("refuses a value that is blank once trimmed, and one made only of invisibles", () => {
    expect(problems(Name, "   ")).toEqual(["must not be blank"])
    expect(problems(OneLineText({ min: 1, max: 5 }), " \u3000 ")).toEqual(["must not be blank"])
    for (const only of ["\u200b\u200b\u200b", "\u2800\u2800", "\u3164", "\u200e\u200f", "\u115f\u1160"]) {
      expect(problems(Name, only), JSON.stringify(only)).toEqual([INVISIBLE])
    }
    expect(decoded(OneLineText({ max: 5 }), "  ")).toBe("")
  })

  it("generated: any invisible or control character inserted into a valid value is refused with one problem", () => {
    fc.assert(
      fc.property(inside(fc.constantFrom(...INVISIBLES, ...CONTROLS)), (value) => {
        expect(problems(Name, value)).toHaveLength(1)
        expect([INVISIBLE, ONE_LINE]).toContain(problems(Name, value)[0])
      }),
      runs(500)
    )
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...INVISIBLES, " ", "\u3000"), { minLength: 1, maxLength: 10 }), (parts) => {
        expect(Result.isFailure(Schema.decodeUnknownResult(Name)(parts.join("")))).toBe(true)
      }),
      runs(300)
    )
    fc.assert(
      fc.property(validValue, (value) => {
        expect(decoded(Name, ` ${value} `)).toBe(value)
      }),
      runs(200)
    )
  })

  it("applies a field's own check after the text rule", () => {
    const Code = OneLineText({ min: 2, max: 10 }, { test: (code) => /^[A-Z0-9]+$/.test(code), message: "must be upper-case letters and digits" })
    expect(decoded(Code, " SP30 ")).toBe("SP30")
    expect(problems(Code, "sp30")).toEqual(["must be upper-case letters and digits"])
    expect(problems(Code, "SP\u200b30")).toEqual([INVISIBLE])
  })
})

describe("MultiLineText", () => {
  const Notes = MultiLineText({ max: 200 })

  it("keeps line breaks and tabs, reading CR LF, CR and the line separators as LF", () => {
    expect(decoded(Notes, "First line\r\nsecond\rthird\u2028fourth\u2029\tfifth\n")).toBe("First line\nsecond\nthird\nfourth\n\tfifth")
  })

  it("keeps the joiners and variation selectors of emoji and scripts", () => {
    for (const text of ["Family \u{1f468}\u200d\u{1f469}\u200d\u{1f467}", "Love \u2764\ufe0f", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"]) {
      expect(decoded(Notes, text)).toBe(text)
    }
  })

  it("refuses direction controls and other invisibles, and control characters but the line feed and tab", () => {
    for (const bad of [...DIRECTION_CONTROLS, "\u200b", "\u2060", "\ufeff", "\u2800", "\u3164"]) {
      expect(problems(Notes, `Seen at\n${bad}the docks`), JSON.stringify(bad)).toEqual([INVISIBLE])
    }
    for (const bad of ["\u0001", "\u001b", "\u007f", "\u009b", "\u000b"]) {
      expect(problems(Notes, `a${bad}b`), JSON.stringify(bad)).toEqual(["must not contain control characters other than line breaks and tabs"])
    }
  })

  it("generated: a direction control anywhere inside is refused; line breaks anywhere are kept", () => {
    fc.assert(
      fc.property(inside(fc.constantFrom(...DIRECTION_CONTROLS)), (value) => {
        expect(problems(Notes, value)).toEqual([INVISIBLE])
      }),
      runs(300)
    )
    fc.assert(
      fc.property(inside(fc.constantFrom("\n", "\n\n", "\t")), (value) => {
        expect(decoded(Notes, value)).toBe(value)
      }),
      runs(200)
    )
  })
})

// ------------------------------------------------------------ foldedKey

/** Look-alikes chosen for the test from UTS #39's confusables, apart from the table the code uses. */
const LOOK_ALIKES: Readonly<Record<string, ReadonlyArray<string>>> = {
  A: ["\u0410", "\u0391", "\uff21"],
  a: ["\u0430", "\u03b1"],
  B: ["\u0412", "\u0392"],
  C: ["\u0421", "\u03f9"],
  c: ["\u0441"],
  E: ["\u0415", "\u0395"],
  e: ["\u0435"],
  H: ["\u041d", "\u0397"],
  I: ["\u0406", "\u0399"],
  i: ["\u0456", "\u03b9"],
  K: ["\u041a", "\u039a", "\u212a"],
  M: ["\u041c", "\u039c"],
  N: ["\u039d"],
  O: ["\u041e", "\u039f", "\uff2f"],
  o: ["\u043e", "\u03bf"],
  P: ["\u0420", "\u03a1"],
  p: ["\u0440", "\u03c1"],
  T: ["\u0422", "\u03a4"],
  X: ["\u0425", "\u03a7"],
  x: ["\u0445"],
  Y: ["\u0423", "\u03a5"],
  y: ["\u0443"],
  s: ["\u0455"],
  j: ["\u0458"],
  Z: ["\u0396"],
  "-": ["\u2010", "\u2013", "\u2212"]
}

describe("foldedKey", () => {
  it("makes the findings of the issue one name with the original", () => {
    for (
      const alike of [
        "Administrator",
        " administrator ",
        "ADMINISTRATOR",
        "\u0410dministrator",
        "Administr\u0430t\u043er",
        "Admin\u200bistrator",
        "Administrator\u200b",
        "\uff21\uff44\uff4d\uff49\uff4e\uff49\uff53\uff54\uff52\uff41\uff54\uff4f\uff52",
        "\u{1d400}\u{1d41d}\u{1d426}\u{1d422}\u{1d427}\u{1d422}\u{1d42c}\u{1d42d}\u{1d42b}\u{1d41a}\u{1d42d}\u{1d428}\u{1d42b}",
        "Administrator\u202e",
        "\u0391dministrator"
      ]
    ) {
      expect(foldedKey(alike), JSON.stringify(alike)).toBe("administrator")
    }
    for (
      const alike of [
        "LK5OC",
        "lk5oc",
        "LK5OC\u200b",
        "LK5O\u03f9",
        "lk5o\u03f2",
        "LK5\u041eC",
        "L\u041a5OC",
        "L\u039a5OC",
        "\uff2c\uff2b\uff15\uff2f\uff23",
        " LK5OC\u00a0"
      ]
    ) {
      expect(foldedKey(alike), JSON.stringify(alike)).toBe("lk5oc")
    }
  })

  it("folds case fully, spaces to one, and dashes to the hyphen", () => {
    expect(foldedKey("Stra\u00dfe")).toBe(foldedKey("STRASSE"))
    expect(foldedKey("Road\u00a0 \u2003Unit")).toBe("road unit")
    expect(foldedKey("ARV\u20131")).toBe(foldedKey("arv-1"))
  })

  it("keeps different names apart: digits are not letters, other letters are not look-alikes", () => {
    const distinct = ["LK5OC", "LK50C", "LK5OD", "LK5 OC", "Admin", "Administrators", "Иван", "Ivan", "Ж", "ß", "s"]
    expect(new Set(distinct.map(foldedKey)).size).toBe(distinct.length)
  })

  it("generated: look-alike letters, case, invisibles and compatibility forms give the original's key", () => {
    const latin = fc.stringMatching(/^[A-Za-z0-9-]{1,16}$/)
    const disguised = latin.chain((original) =>
      fc.tuple(
        fc.constant(original),
        fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.constantFrom("", "\u200b", "\u200d", "\u2060", "\ufe0f", "\u00ad")), {
          minLength: original.length,
          maxLength: original.length
        })
      ).map(([text, choices]) =>
        [
          text,
          [...text].map((letter, index) => {
            const [pick, upper, invisible] = choices[index]!
            const alikes = LOOK_ALIKES[letter]
            const shown = alikes !== undefined && pick % 3 !== 0 ? alikes[Math.floor(pick / 3) % alikes.length]!
              : upper ? letter.toUpperCase() : letter.toLowerCase()
            return shown + invisible
          }).join("")
        ] as const
      )
    )
    fc.assert(
      fc.property(disguised, ([original, alike]) => {
        expect(foldedKey(alike)).toBe(foldedKey(original))
      }),
      runs(500)
    )
  })

  it("generated: a key is its own key", () => {
    const unit = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 4 }),
      fc.constantFrom(...INVISIBLES, ...CONTROLS, ...Object.values(LOOK_ALIKES).flat(), "\u0130", "\u0131", "\u00df", "\u03c2", "\ufb01")
    )
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 8 }), (parts) => {
        const key = foldedKey(parts.join(""))
        expect(foldedKey(key)).toBe(key)
      }),
      runs(500)
    )
  })
})
