// The load run's tables: one per step of offered rate, then the knees of one
// instance and of two side by side.

const pad = (value, width) => String(value).padStart(width)
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "-")

/**
 * The rate past which read p99 stays over `limitMs` along the ladder of
 * `steps` (ascending offered rates): the offered rate of the first step after
 * the last one at or below the limit, and of that last one. At the lowest
 * rates a mostly idle machine pays for waking up on every hop (a bare
 * `node:http` answer at 10 req/s: p50 8 ms, p99 22 ms, against 1 and 6 ms at
 * 100 req/s on the same machine), so an early step over the limit followed by
 * lower ones is not the knee: saturation is. `crossedAt` is null when the
 * highest rate tried stayed below (the knee is above it); `lastBelow` null
 * when no step stayed below.
 */
export const kneeOf = (steps, limitMs) => {
  const index = steps.findLastIndex((step) => step.summary.reads.p99 <= limitMs)
  if (index === -1) return { crossedAt: steps[0]?.offered ?? null, lastBelow: null }
  return { crossedAt: steps[index + 1]?.offered ?? null, lastBelow: steps[index].offered }
}

/** The failures that end a run: every error is one, 429s and 409s are not (they are counted apart). */
export const failuresOf = (steps) =>
  steps.flatMap((step) =>
    step.summary.operations
      .filter((o) => o.error > 0)
      .map((o) =>
        `${step.label} at ${step.offered} req/s: ${o.name} had ${o.error} error(s)${o.errorSamples.length ? `, e.g. ${o.errorSamples.join("; ")}` : ""}`
      )
  )

const row = (o) =>
  `  ${o.name.padEnd(24)} ${o.kind.padEnd(5)} ${pad(fixed(o.perSecond), 8)} ${pad(fixed(o.p50), 8)} ${pad(fixed(o.p99), 8)} ` +
  `${pad(o.error, 6)} ${pad(o.rateLimited, 5)} ${pad(o.conflict, 5)}`

/** One step's table, as lines. */
export const formatStep = (step) => [
  `${step.label}: offered ${step.offered} req/s for ${step.seconds} s, achieved ${fixed(step.summary.reads.perSecond + step.summary.writes.perSecond)} req/s` +
  ` (generator at most ${fixed(step.maxLagMs)} ms late)`,
  `  ${"operation".padEnd(24)} ${"kind".padEnd(5)} ${pad("req/s", 8)} ${pad("p50 ms", 8)} ${pad("p99 ms", 8)} ${pad("errors", 6)} ${pad("429", 5)} ${
    pad("409", 5)
  }`,
  ...step.summary.operations.map(row),
  row(step.summary.reads),
  row(step.summary.writes),
  `  stream: ${step.delivery.samples} deliveries ${
    step.delivery.across ? "across instances (write answered on A, event read on B)" : "on the same instance"
  }: ` +
  `p50 ${fixed(step.delivery.p50)} ms, p99 ${fixed(step.delivery.p99)} ms; ${step.delivery.events} events read by ${step.delivery.clients} clients`,
  ...step.cpu.map((c) =>
    `  ${c.name}: ${fixed(c.usPerRequest, 0)} CPU µs per request (${fixed(c.netUsPerRequest, 0)} without its idle cost; ${c.requests} requests), ` +
    `core ${Math.round(c.busy * 100)} % busy`
  )
]

/** The knee of one instance beside the knee of two, as lines. */
export const formatKnees = (limitMs, ladders) => [
  `Offered rate at which read p99 crosses ${limitMs} ms:`,
  ...ladders.map(({ label, steps }) => {
    const knee = kneeOf(steps, limitMs)
    const below = knee.lastBelow === null ? "no step stayed below" : `below at ${knee.lastBelow} req/s`
    const verdict = knee.crossedAt === null ? `not crossed up to ${knee.lastBelow} req/s` : `crossed at ${knee.crossedAt} req/s (${below})`
    const p99s = steps.map((step) => `${step.offered}: ${fixed(step.summary.reads.p99)}`).join(", ")
    return `  ${label.padEnd(14)} ${verdict}; read p99 ms by offered req/s: ${p99s}`
  })
]

/**
 * The second ladder against the first (the baseline of the same run) at every
 * offered rate both tried: read p99 and CPU µs per request (summed over the
 * servers), second / first.
 */
export const formatRatios = ([first, second]) => {
  const cpuPerRequest = (step) => step.cpu.reduce((us, c) => us + c.usPerRequest * c.requests, 0) / step.cpu.reduce((n, c) => n + c.requests, 0)
  const pairs = second.steps.flatMap((step) => {
    const baseline = first.steps.find((b) => b.offered === step.offered)
    return baseline === undefined ? [] : [[step.offered, step.summary.reads.p99 / baseline.summary.reads.p99, cpuPerRequest(step) / cpuPerRequest(baseline)]]
  })
  return [
    `${second.label} / ${first.label} at the same offered rate (read p99; CPU µs per request):`,
    pairs.length === 0 ? "  no rate in common" : `  ${pairs.map(([rate, p99, cpu]) => `${rate} req/s: ${fixed(p99, 2)}; ${fixed(cpu, 2)}`).join("  ")}`
  ]
}
