// What the load generator counts: per operation, the latencies of the answers
// it expected and, apart, the refusals a realistic run may meet (429 from the
// rate limits, 409 from a CAD version race) and the errors it must not.

/** The nearest-rank `q` quantile (0 < q ≤ 1) of ascending `sorted`; NaN when empty. */
export const quantile = (sorted, q) => sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]

/** How an answer counts: `ok` (the expected status), `rateLimited` (429), `conflict` (409 CAD_CONFLICT) or `error`. */
export const outcomeOf = (status, expected, code) => {
  if (status === expected) return "ok"
  if (status === 429) return "rateLimited"
  if (status === 409 && code === "CAD_CONFLICT") return "conflict"
  return "error"
}

const emptyOperation = (name, kind) => ({ name, kind, latencies: [], ok: 0, rateLimited: 0, conflict: 0, error: 0, errorSamples: [] })

/** A recorder of one step: `record(name, kind, ms, outcome, detail?)`, then `summary(seconds)`. */
export const latencyRecorder = () => {
  const operations = new Map()
  const record = (name, kind, ms, outcome, detail) => {
    let operation = operations.get(name)
    if (operation === undefined) operations.set(name, operation = emptyOperation(name, kind))
    operation[outcome]++
    // Every answer's latency counts, refusals included: a fast 429 is still an answer the user waited for.
    operation.latencies.push(ms)
    if (outcome === "error" && operation.errorSamples.length < 3 && detail !== undefined) operation.errorSamples.push(detail)
  }
  const summarize = (name, kind, list, seconds) => {
    const latencies = list.flatMap((o) => o.latencies).sort((a, b) => a - b)
    const sum = (field) => list.reduce((total, o) => total + o[field], 0)
    return {
      name,
      kind,
      count: latencies.length,
      perSecond: latencies.length / seconds,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      ok: sum("ok"),
      rateLimited: sum("rateLimited"),
      conflict: sum("conflict"),
      error: sum("error"),
      errorSamples: list.flatMap((o) => o.errorSamples)
    }
  }
  /** Per operation (reads first, then writes, by name), and the reads and the writes together. */
  const summary = (seconds) => {
    const all = [...operations.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name))
    const ofKind = (kind) => all.filter((o) => o.kind === kind)
    return {
      operations: all.map((o) => summarize(o.name, o.kind, [o], seconds)),
      reads: summarize("all reads", "read", ofKind("read"), seconds),
      writes: summarize("all writes", "write", ofKind("write"), seconds)
    }
  }
  return { record, summary }
}

/** `count`, `p50`, `p95`, `p99` (nearest rank) and `max` of `values`, in any order; NaN for an empty list. */
export const percentiles = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    count: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted.length === 0 ? NaN : sorted[sorted.length - 1]
  }
}
