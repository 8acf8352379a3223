// A burst of parallel requests against one Bluelight instance counting its
// rate limits in Redis: how long the answers took and how many of the
// requests the Redis limiter gave up on (counted in process memory instead,
// which across instances is failing open).
//
//   REDIS_URL=redis://127.0.0.1:6379 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node bench/rateLimitBurst.js [burst size, default 1000] [rounds, default 3]
//
// The requests are `GET /api/me` of one person, all sent at once over their
// own connections. Before each round the person's read counters in Redis are
// raised by PRIMED, so an answer counted in Redis shows fewer than
// `limit - PRIMED` reads left in its `RateLimit` header, and one counted in
// process memory (the fallback) shows more. (Counting the Redis counter does
// not tell: a command the limiter gave up on still runs in Redis.) Answers
// that fail before the limiter (a `500` when the database pool is exhausted)
// carry no header and are reported apart.
import { Redis } from "ioredis"
import { Agent, request } from "node:http"
import { readFileSync } from "node:fs"
import { performance } from "node:perf_hooks"
import { runBench } from "./cleanup.js"
import { pinningPlan } from "./cpu.js"
import { benchDatabase } from "./database.js"
import { startBluelight } from "./servers.js"
import { signIn } from "./session.js"

const BURST = Number(process.argv[2] ?? 1000)
const PRIMED = 10_000_000
const READS_PER_MINUTE = 1_000_000_000
const ROUNDS = Number(process.argv[3] ?? 3)
const redisUrl = process.env.REDIS_URL
if (!redisUrl) throw new Error("set REDIS_URL: the burst measures the Redis rate limiter")

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

runBench(async () => {
  const plan = pinningPlan()
  const database = await benchDatabase(plan)
  const server = await startBluelight(plan, database, {
    name: "rate-limit-burst",
    env: { REDIS_URL: redisUrl, RATE_LIMIT_READS_PER_MINUTE: String(READS_PER_MINUTE) }
  })
  const redis = new Redis(redisUrl)
  try {
    const token = await signIn(server.base, "burst-user", "Burst User")
    // One connection per request, opened as they are sent: the whole burst arrives at once.
    const agent = new Agent({ keepAlive: true, maxSockets: BURST })
    const me = () =>
      new Promise((resolve, reject) => {
        const sent = request(`${server.base}/api/me`, { agent, headers: { cookie: `bluelight-session=${token}` } }, (answer) => {
          const chunks = []
          answer.on("data", (chunk) => chunks.push(chunk))
          answer.on("end", () => resolve({ status: answer.statusCode, ratelimit: headerOf(answer), body: Buffer.concat(chunks).toString("utf8") }))
        })
        sent.on("error", reject)
        sent.end()
      })
    const { data: { id } } = JSON.parse((await me()).body)
    console.log(`${plan.note}; ${database.note}`)
    console.log(`burst of ${BURST} parallel GET /api/me, ${ROUNDS} rounds, Redis ${new URL(redisUrl).host}`)
    let fallbacksInAll = 0
    for (let round = 1; round <= ROUNDS; round++) {
      await prime(redis, id)
      const times = []
      const statuses = new Map()
      let fallbacks = 0
      let unlimited = 0
      const started = performance.now()
      await Promise.all(Array.from({ length: BURST }, async () => {
        const sent = performance.now()
        const answer = await me()
        times.push(performance.now() - sent)
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        const remaining = Number(/;r=(\d+);/.exec(answer.ratelimit ?? "")?.[1])
        if (Number.isNaN(remaining)) unlimited++
        else if (READS_PER_MINUTE - remaining < PRIMED) fallbacks++
      }))
      fallbacksInAll += fallbacks
      const wallMs = performance.now() - started
      times.sort((a, b) => a - b)
      console.log(
        `round ${round}: ${wallMs.toFixed(0)} ms for the burst; answer p50 ${percentile(times, 50).toFixed(0)} ms, ` +
          `p99 ${percentile(times, 99).toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms; statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(", ")}; ` +
          `counted in memory (fallback) ${fallbacks}, in Redis ${BURST - fallbacks - unlimited}, not reaching the limiter ${unlimited}`
      )
    }
    console.log(`fallbacks in all rounds: ${fallbacksInAll}`)
    const warnings = readFileSync(server.logPath, "utf8").split("\n").filter((line) => line.includes("Redis unavailable for rate limits"))
    console.log(`fallback warnings logged: ${warnings.length}`)
    agent.destroy()
  } finally {
    redis.disconnect()
  }
})

const headerOf = (answer) => {
  const value = answer.headers["ratelimit"]
  return Array.isArray(value) ? value.join(", ") : value
}

/** Raises the person's read counters of this minute's window and the next by PRIMED (they expire with their windows). */
async function prime(redis, accountId) {
  const index = Math.floor(Date.now() / 60_000)
  for (const window of [index, index + 1]) {
    const key = `bluelight:rl:read:user:${accountId}:${window}`
    await redis.incrby(key, PRIMED)
    await redis.pexpire(key, (window + 1) * 60_000 - Date.now())
  }
}
