// Medians of the rounds, the ratios Bluelight/floor, and the tables printed.

/** The middle value; with an even count, the mean of the middle two. */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const round2 = (n) => Math.round(n * 100) / 100
const FIELDS = ["reqPerSec", "p50Ms", "p99Ms", "cpuUsPerRequest", "serverBusy", "loadBusy"]

const medians = (rounds) => Object.fromEntries(FIELDS.map((field) => [field, round2(median(rounds.map((r) => r[field])))]))

/**
 * A scenario's medians for each server and the ratios of Bluelight to its
 * floor (and to the stack floor, and of the earlier build to the floor, when run).
 */
export const summarize = (scenario, runs) => {
  const floor = medians(runs.floor)
  const bluelight = medians(runs.bluelight)
  const stack = runs.stack === undefined ? null : medians(runs.stack)
  const before = runs.before === undefined ? null : medians(runs.before)
  return {
    ...(before === null ? {} : {
      before,
      beforeRatio: {
        reqPerSec: round2(before.reqPerSec / floor.reqPerSec),
        cpuUsPerRequest: round2(before.cpuUsPerRequest / floor.cpuUsPerRequest),
        p99: round2(before.p99Ms / floor.p99Ms),
        afterToBeforeCpu: round2(bluelight.cpuUsPerRequest / before.cpuUsPerRequest)
      }
    }),
    ...(stack === null ? {} : {
      stack,
      stackRatio: {
        stackToFloorCpu: round2(stack.cpuUsPerRequest / floor.cpuUsPerRequest),
        bluelightToStackCpu: round2(bluelight.cpuUsPerRequest / stack.cpuUsPerRequest),
        bluelightToStackReqPerSec: round2(bluelight.reqPerSec / stack.reqPerSec),
        stackToFloorReqPerSec: round2(stack.reqPerSec / floor.reqPerSec)
      }
    }),
    scenario: scenario.name,
    request: scenario.label,
    floor: { name: scenario.floor, ...floor },
    bluelight,
    ratio: {
      reqPerSec: round2(bluelight.reqPerSec / floor.reqPerSec),
      cpuUsPerRequest: round2(bluelight.cpuUsPerRequest / floor.cpuUsPerRequest),
      p99: round2(bluelight.p99Ms / floor.p99Ms)
    },
    goal: scenario.goal ?? null
  }
}

const pad = (value, width) => String(value).padStart(width)

export const formatRound = (r) =>
  `${pad(r.reqPerSec, 7)} req/s  p50 ${pad(r.p50Ms.toFixed(2), 6)} ms  p99 ${pad(r.p99Ms.toFixed(2), 6)} ms  ` +
  `${pad(r.cpuUsPerRequest.toFixed(0), 5)} CPU µs/req  server core ${pad(Math.round(r.serverBusy * 100), 3)} %  ` +
  `load generator ${pad(Math.round(r.loadBusy * 100), 3)} %`

const goalText = ({ ratio, goal }) => {
  if (goal === null) return ""
  const parts = []
  if (goal.reqPerSec !== undefined) parts.push(`req/s ≥ ${goal.reqPerSec.toFixed(2)}: ${ratio.reqPerSec >= goal.reqPerSec ? "met" : "NOT met"}`)
  if (goal.p99 !== undefined) parts.push(`p99 < ${goal.p99.toFixed(2)}: ${ratio.p99 < goal.p99 ? "met" : "NOT met"}`)
  return parts.join("; ")
}

/**
 * A server that did not keep its core busy was held back by something else
 * (the database, the load generator, other work on the machine): its req/s
 * then says little, its CPU per request still holds.
 */
const BUSY_ENOUGH = 0.8

const warnings = (summaries) =>
  summaries.flatMap((s) =>
    [[s.floor.name, s.floor], ["Bluelight", s.bluelight]].flatMap(([name, r]) => [
      ...(r.serverBusy < BUSY_ENOUGH ? [`${s.scenario}: ${name} kept its core ${Math.round(r.serverBusy * 100)} % busy, so its req/s was bounded elsewhere`]
        : []),
      ...(r.loadBusy >= BUSY_ENOUGH
        ? [`${s.scenario}: the load generator was ${Math.round(r.loadBusy * 100)} % busy against ${name}: it may have been the limit`] : [])
    ])
  )

/** The scenarios side by side: each server's medians, then Bluelight/floor. */
export function printSummaries(summaries, rounds) {
  console.log(`\nMedians of ${rounds} round(s)`)
  console.log(`  ${"scenario".padEnd(10)} ${"server".padEnd(22)} ${pad("req/s", 7)} ${pad("p50 ms", 7)} ${pad("p99 ms", 7)} ${pad("CPU µs/req", 10)}`)
  for (const s of summaries) {
    const rows = [[s.floor.name, s.floor], ...(s.stack ? [["stack floor", s.stack]] : []), ...(s.before ? [["Bluelight before", s.before]] : []), [
      "Bluelight",
      s.bluelight
    ]]
    for (const [name, r] of rows) {
      console.log(
        `  ${s.scenario.padEnd(10)} ${name.padEnd(22)} ${pad(r.reqPerSec, 7)} ${pad(r.p50Ms.toFixed(2), 7)} ` +
          `${pad(r.p99Ms.toFixed(2), 7)} ${pad(r.cpuUsPerRequest.toFixed(0), 10)}`
      )
    }
  }
  console.log("\nBluelight / floor (req/s: higher is better; CPU and p99: lower is better)")
  console.log(`  ${"scenario".padEnd(10)} ${pad("req/s", 6)} ${pad("CPU/req", 8)} ${pad("p99", 6)}  goal`)
  for (const s of summaries) {
    console.log(
      `  ${s.scenario.padEnd(10)} ${pad(s.ratio.reqPerSec.toFixed(2), 6)} ${pad(s.ratio.cpuUsPerRequest.toFixed(2), 8)} ` +
        `${pad(s.ratio.p99.toFixed(2), 6)}  ${goalText(s)}`
    )
  }
  const compared = summaries.filter((s) => s.before)
  if (compared.length > 0) {
    console.log("\nBefore and after, each against the same floor in the same run (CPU µs per request; after/before: lower is better)")
    console.log(
      `  ${"scenario".padEnd(10)} ${pad("floor µs", 9)} ${pad("before µs", 10)} ${pad("after µs", 9)} ${pad("after/before", 13)} ${
        pad("before/floor req/s", 19)
      } ${pad("after/floor req/s", 18)} ${pad("p99 before/floor", 17)} ${pad("p99 after/floor", 16)}`
    )
    for (const s of compared) {
      console.log(
        `  ${s.scenario.padEnd(10)} ${pad(s.floor.cpuUsPerRequest.toFixed(0), 9)} ${pad(s.before.cpuUsPerRequest.toFixed(0), 10)} ` +
          `${pad(s.bluelight.cpuUsPerRequest.toFixed(0), 9)} ${pad(s.beforeRatio.afterToBeforeCpu.toFixed(2), 13)} ` +
          `${pad(s.beforeRatio.reqPerSec.toFixed(2), 19)} ${pad(s.ratio.reqPerSec.toFixed(2), 18)} ` +
          `${pad(s.beforeRatio.p99.toFixed(2), 17)} ${pad(s.ratio.p99.toFixed(2), 16)}`
      )
    }
  }
  const split = summaries.filter((s) => s.stack)
  if (split.length > 0) {
    console.log("\nWhere the CPU goes: the stack floor against the bare floor, and Bluelight against the stack floor")
    console.log(
      `  ${"scenario".padEnd(10)} ${pad("floor µs", 9)} ${pad("stack µs", 9)} ${pad("Bluelight µs", 13)} ${pad("stack/floor req/s", 18)} ${
        pad("Bluelight/stack req/s", 22)
      }`
    )
    for (const s of split) {
      console.log(
        `  ${s.scenario.padEnd(10)} ${pad(s.floor.cpuUsPerRequest.toFixed(0), 9)} ${pad(s.stack.cpuUsPerRequest.toFixed(0), 9)} ` +
          `${pad(s.bluelight.cpuUsPerRequest.toFixed(0), 13)} ${pad(s.stackRatio.stackToFloorReqPerSec.toFixed(2), 18)} ` +
          `${pad(s.stackRatio.bluelightToStackReqPerSec.toFixed(2), 22)}`
      )
    }
  }
  const notes = warnings(summaries)
  if (notes.length > 0) {
    console.log("\nRead the req/s ratios with care; the CPU per request does not depend on these:")
    for (const note of notes) console.log(`  ${note}`)
  }
}
