import { type GameServerSimulator, RATE_LIMIT_HEADERS, RateLimitedBody, startGameServerSimulator } from "@bluelight/adapters-game"
import { Schema } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"

// The simulator's clock, moved by hand: a window starts at a whole 10 s.
const START = 1_800_000_000_000
let clock = START
let simulator: GameServerSimulator
beforeEach(async () => {
  clock = START
  simulator = await startGameServerSimulator({
    now: () => clock,
    players: [{ username: "Jane_Doe", platformId: "101" }],
    globalLimit: { limit: 3, windowSeconds: 10 },
    commandIntervalMs: 5000
  })
})
afterEach(() => simulator.close())

interface Answer {
  readonly status: number
  readonly body: unknown
  readonly limits: Record<keyof typeof RATE_LIMIT_HEADERS, string | null>
  readonly retryAfter: string | null
}

const request = async (path: string, init: { method?: string; body?: string; key?: string } = {}): Promise<Answer> => {
  const response = await fetch(`${simulator.url}${path}`, {
    method: init.method ?? "GET",
    headers: { "Server-Key": init.key ?? simulator.serverKey, "Content-Type": "application/json" },
    ...(init.body === undefined ? {} : { body: init.body })
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text === "" ? null : JSON.parse(text) as unknown,
    limits: {
      bucket: response.headers.get(RATE_LIMIT_HEADERS.bucket),
      limit: response.headers.get(RATE_LIMIT_HEADERS.limit),
      remaining: response.headers.get(RATE_LIMIT_HEADERS.remaining),
      reset: response.headers.get(RATE_LIMIT_HEADERS.reset)
    },
    retryAfter: response.headers.get("retry-after")
  }
}

const sendCommand = (command: string, path = "/v1/server/command") => request(path, { method: "POST", body: JSON.stringify({ command }) })

const RESET = String(START / 1000 + 10)

describe("the simulator's rate limits", () => {
  it("puts the bucket's headers on every answer", async () => {
    simulator.setGlobalLimit({ limit: 100, windowSeconds: 10 })
    simulator.nextCommand({ _tag: "Refuse", status: 403, code: 2002, message: "no" })
    const answers = [
      await request("/v2/server?Players=true"),
      await request("/v1/server"),
      await request("/v1/server/bans"),
      await request("/v2/server?Queue=true&Queue=true"),
      await request("/v2/server", { key: "wrong" }),
      await request("/nowhere"),
      await request("/v1/server/command", { method: "POST", body: "{}", key: "wrong" }),
      await sendCommand(":h refused"),
      await sendCommand(":h hi"),
      await sendCommand(":h too soon"),
      await sendCommand(":restricted")
    ]
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 400, 403, 404, 403, 403, 200, 429, 429])
    simulator.readsFail = true
    answers.push(await request("/v2/server"))
    expect(answers.at(-1)?.status).toBe(500)
    for (const answer of answers) {
      expect(answer.limits.bucket).toMatch(/^(global|command-.+)$/)
      expect(Number.isInteger(Number(answer.limits.limit))).toBe(true)
      expect(Number.isInteger(Number(answer.limits.remaining))).toBe(true)
      // Unix seconds, not milliseconds or a duration.
      expect(Number(answer.limits.reset)).toBeGreaterThanOrEqual(START / 1000)
      expect(Number(answer.limits.reset)).toBeLessThan(START / 1000 + 60)
    }
  })

  it("lets the global bucket's limit through per window, then answers 429 with retry_after and the bucket", async () => {
    const allowed = [await request("/v2/server"), await request("/v1/server/players"), await request("/v1/server/bans")]
    expect(allowed.map((a) => [a.status, a.limits])).toEqual([
      [200, { bucket: "global", limit: "3", remaining: "2", reset: RESET }],
      [200, { bucket: "global", limit: "3", remaining: "1", reset: RESET }],
      [200, { bucket: "global", limit: "3", remaining: "0", reset: RESET }]
    ])
    clock = START + 2500
    const refused = await request("/v2/server?Players=true")
    expect(refused.status).toBe(429)
    expect(Schema.decodeUnknownSync(RateLimitedBody, { onExcessProperty: "error" })(refused.body)).toEqual({
      message: expect.any(String),
      retry_after: 7.5,
      bucket: "global",
      code: 4001
    })
    expect(refused.retryAfter).toBe("8")
    expect(refused.limits).toEqual({ bucket: "global", limit: "3", remaining: "0", reset: RESET })
    expect(simulator.throttled).toBe(1)
    // A refused read still came: it counts as a read of its path.
    expect(simulator.readsOf("/v2/server")).toBe(2)
    clock = START + 10_000
    expect((await request("/v2/server")).limits).toEqual({ bucket: "global", limit: "3", remaining: "2", reset: String(START / 1000 + 20) })
  })

  it("lets exactly the limit through when requests come at once", async () => {
    simulator.setGlobalLimit({ limit: 5, windowSeconds: 10 })
    const answers = await Promise.all(Array.from({ length: 12 }, () => request("/v2/server?Players=true")))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7)
    expect(simulator.throttled).toBe(7)
    expect(simulator.readsOf("/v2/server")).toBe(12)
  })

  it("counts a wrong key's requests in the global bucket too", async () => {
    for (let i = 0; i < 3; i++) expect((await request("/v2/server", { key: "wrong" })).status).toBe(403)
    expect((await request("/v2/server")).status).toBe(429)
    expect(simulator.reads).toBe(1)
  })

  it("spaces commands through the command bucket, shared by v1 and v2, naming the key", async () => {
    const bucket = `command-${simulator.serverKey}`
    const first = await sendCommand(":h one")
    expect(first.status).toBe(200)
    expect(first.limits).toEqual({ bucket, limit: "1", remaining: "0", reset: String(START / 1000 + 5) })
    clock = START + 2000
    const soon = await sendCommand(":h two", "/v2/server/command")
    expect(soon.status).toBe(429)
    expect(soon.body).toEqual({ message: expect.any(String), retry_after: 3, bucket, code: 4001 })
    expect(soon.retryAfter).toBe("3")
    clock = START + 4999
    expect((await sendCommand(":h three", "/v2/server/command")).body).toMatchObject({ retry_after: 0.001 })
    clock = START + 5000
    expect(await sendCommand(":h four", "/v2/server/command")).toMatchObject({ status: 200, body: { message: "Success" } })
    expect(simulator.commands.map((c) => c.answer)).toEqual([200, 429, 429, 200])
    // Commands never use the global bucket.
    expect((await request("/v2/server")).limits.remaining).toBe("2")
  })

  it("changes its limits on the fly and refuses nonsense limits", () => {
    expect(() => simulator.setGlobalLimit({ limit: 0, windowSeconds: 1 })).toThrow()
    expect(() => simulator.setGlobalLimit({ limit: 1, windowSeconds: 0 })).toThrow()
    simulator.commandIntervalMs = 0
    expect(simulator.commandIntervalMs).toBe(0)
  })
})
