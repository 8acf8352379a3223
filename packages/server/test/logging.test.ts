import { CurrentRequestId } from "@bluelight/core/kernel"
import { Cause, Duration, Effect, Exit, Formatter, Logger, Redacted, Scope } from "effect"
import { describe, expect, it } from "vitest"
import { bufferedLines, jsonLine, makeLineBuffer } from "../src/logging.js"

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

describe("a line logged in a request", () => {
  it("names the request first among its annotations, read from the fiber (CurrentRequestId), with no annotation of its own", () => {
    const lines = bothLines(
      Effect.logInfo("request").pipe(Effect.annotateLogs({ route: "/api/me", status: 200 }), Effect.provideService(CurrentRequestId, "r-7"))
    )
    expect(JSON.parse(lines[0]![1]).annotations).toEqual({ requestId: "r-7", route: "/api/me", status: 200 })
    expect(Object.keys(JSON.parse(lines[0]![1]).annotations)[0]).toBe("requestId")
  })

  it("keeps an annotation that names the request already, once, and a line outside any request names none", () => {
    const [inside, outside] = bothLines(Effect.gen(function*() {
      yield* Effect.logInfo("batch").pipe(Effect.annotateLogs("requestId", "from-batch"), Effect.provideService(CurrentRequestId, "r-8"))
      yield* Effect.logInfo("idle")
    }))
    expect(inside![1]).toContain(`"annotations":{"requestId":"from-batch"}`)
    expect(JSON.parse(outside![1]).annotations).toEqual({})
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

describe("bufferedLines", () => {
  /** Each event's message as its line. */
  const messages = Logger.make<unknown, string>((options) => String(options.message))
  const logTo = (logger: Logger.Logger<unknown, void>, message: string) => Effect.logInfo(message).pipe(Effect.provide(Logger.layer([logger])))
  /** The logger over `chunks`, in a scope the test closes; its window never comes within a test. */
  const opened = (chunks: Array<string>) =>
    Effect.gen(function*() {
      const scope = yield* Scope.make()
      const logger = yield* bufferedLines(messages, { window: Duration.hours(1), write: (chunk) => chunks.push(chunk) }).pipe(Scope.provide(scope))
      return { logger, close: Scope.close(scope, Exit.void) }
    })

  it("writes what it holds when its scope closes (shutdown), and a line logged after that at once", () => {
    const chunks: Array<string> = []
    Effect.runSync(Effect.gen(function*() {
      const { logger, close } = yield* opened(chunks)
      yield* logTo(logger, "one")
      yield* logTo(logger, "two")
      expect(chunks).toEqual([])
      yield* close
      expect(chunks).toEqual(["one\ntwo\n"])
      yield* logTo(logger, "the failure of the start")
      expect(chunks).toEqual(["one\ntwo\n", "the failure of the start\n"])
    }))
  })

  it("writes what it holds when the process exits, and listens for the exit only while its scope is open", () => {
    const chunks: Array<string> = []
    const before = new Set(process.listeners("exit"))
    const added = () => process.listeners("exit").filter((listener) => !before.has(listener))
    Effect.runSync(Effect.gen(function*() {
      const { logger, close } = yield* opened(chunks)
      yield* logTo(logger, "waiting")
      const [onExit, ...others] = added()
      expect(others).toEqual([])
      // As the process exiting: the listener runs, and the line is written before the process ends.
      onExit?.(0)
      expect(chunks).toEqual(["waiting\n"])
      yield* close
      expect(added()).toEqual([])
    }))
  })
})
