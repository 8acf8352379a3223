import { Cause, Effect, Formatter, Logger, Redacted } from "effect"
import { describe, expect, it } from "vitest"
import { jsonLine, makeLineBuffer } from "../src/logging.js"

/**
 * Every event logged by `effect`, as Effect 3's `Logger.json` wrote it (the
 * shape the server's lines keep): built from Effect's own structured entry,
 * `logLevel` for its `level` and `cause` only when there is one. Beside it,
 * what `jsonLine` writes.
 */
const bothLines = (effect: Effect.Effect<void>) => {
  const lines: Array<readonly [string, string]> = []
  const capture = Logger.make<unknown, void>((options) => {
    const { message, level, timestamp, cause, annotations, spans, fiberId } = Logger.formatStructured.log(options)
    const v3 = { message, logLevel: level, timestamp, ...(cause === undefined ? {} : { cause }), annotations, spans, fiberId }
    lines.push([Formatter.formatJson(v3), jsonLine(options)])
  })
  Effect.runSync(effect.pipe(Effect.provide(Logger.layer([capture]))))
  return lines
}

describe("jsonLine", () => {
  it("writes exactly the line Logger.json wrote, for the events the server logs", () => {
    const lines = bothLines(Effect.gen(function*() {
      yield* Effect.logInfo("listening on 127.0.0.1:8080").pipe(Effect.annotateLogs({ port: 8080, host: "127.0.0.1" }))
      yield* Effect.logInfo("request").pipe(
        Effect.annotateLogs({ route: "/api/me", status: 200, ms: 1.25, cached: false, nothing: null, gone: undefined, quote: "a \"b\"\n" })
      )
      yield* Effect.logWarning("two", { parts: [1, 2] })
      yield* Effect.logError("failed", Cause.die(new Error("deliberate defect"))).pipe(Effect.annotateLogs("requestId", "r-1"))
      yield* Effect.logError(new Error("an error as the message"))
      yield* Effect.logInfo("secret").pipe(Effect.annotateLogs({ password: Redacted.make("hunter2"), nested: { key: Redacted.make("k") } }))
      yield* Effect.logInfo("timed").pipe(Effect.withLogSpan("work"))
    }))
    expect(lines).toHaveLength(7)
    for (const [effects, ours] of lines) expect(ours).toBe(effects)
    const ours = lines.map(([, line]) => line)
    // Effect 3's own lines for the first and fifth events, but for the time and the fiber.
    expect(ours[0]).toMatch(
      /^\{"message":"listening on 127\.0\.0\.1:8080","logLevel":"INFO","timestamp":"[^"]+","annotations":\{"port":8080,"host":"127\.0\.0\.1"\},"spans":\{\},"fiberId":"#\d+"\}$/
    )
    expect(ours[4]).toMatch(
      /^\{"message":\{"name":"Error","message":"an error as the message"\},"logLevel":"ERROR","timestamp":"[^"]+","annotations":\{\},"spans":\{\},"fiberId":"#\d+"\}$/
    )
    expect(ours.join("\n")).not.toMatch(/hunter2|"k":"k"/)
  })
})

describe("makeLineBuffer", () => {
  it("writes nothing until flushed, then every line in order, once", () => {
    const chunks: Array<string> = []
    const buffer = makeLineBuffer((chunk) => chunks.push(chunk))
    buffer.add("one")
    buffer.add("two")
    expect(chunks).toEqual([])
    buffer.flush()
    buffer.flush()
    expect(chunks).toEqual(["one\ntwo\n"])
  })

  it("once closed, writes what it held and then every line at once: nothing logged after the layer closed is lost", () => {
    const chunks: Array<string> = []
    const buffer = makeLineBuffer((chunk) => chunks.push(chunk))
    buffer.add("before")
    buffer.close()
    expect(chunks).toEqual(["before\n"])
    buffer.add("the failure of the start")
    expect(chunks).toEqual(["before\n", "the failure of the start\n"])
  })

  it("writes a long buffer at once, without waiting for the flush", () => {
    const chunks: Array<string> = []
    const buffer = makeLineBuffer((chunk) => chunks.push(chunk))
    const line = "x".repeat(1023)
    for (let i = 0; i < 64; i++) buffer.add(line)
    expect(chunks.join("")).toBe(`${line}\n`.repeat(64))
  })
})
