// Where a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) spent its time.

/**
 * Each sample's time and duration: the gap to the next sample, the last one's
 * up to the profile's end (as Chrome's profiler counts them). `timeDeltas[i]`
 * is the time from sample i-1 (or the start) to sample i.
 */
const sampleTimes = (profile) => {
  const { samples, timeDeltas, startTime, endTime } = profile
  const times = []
  let at = startTime
  for (const delta of timeDeltas) times.push(at += delta)
  return samples.map((_, i) => ({ at: times[i], us: (i + 1 < times.length ? times[i + 1] : endTime) - times[i] }))
}

/** Where a function is, relative to the repository and node_modules: `effect/dist/esm/Effect.js:12`. */
const location = ({ url, lineNumber }, root) => {
  if (url === "") return ""
  const path = url.replace(/^file:\/\//, "").replace(`${root}/`, "").replace(/^(.*\/)?node_modules\//, "")
  return `${path}:${lineNumber + 1}`
}

/** What a function belongs to: a package, a workspace package, Node itself, or V8's own entries. */
export const packageOf = ({ url }) => {
  if (url === "") return "(V8: program, GC, idle, native)"
  if (url.startsWith("node:")) return "node (internals)"
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)
  if (dependency) return dependency[1]
  const workspace = /\/packages\/([^/]+)\//.exec(url)
  return workspace ? `@bluelight/${workspace[1]}` : "other"
}

/**
 * Self time summed per function (name, file and line: one function however
 * many call paths reach it), longest first, with its share of the time the
 * process was not idle. Also the same per package. Only the samples taken
 * from `from` to `to` count (µs on the profile's clock, which on Linux is
 * CLOCK_MONOTONIC: `process.hrtime` of any process on the machine).
 */
export const summarizeProfile = (profile, { root = "", from = -Infinity, to = Infinity } = {}) => {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const times = sampleTimes(profile)
  const byFunction = new Map()
  const byPackage = new Map()
  let busyUs = 0
  let sampledUs = 0
  profile.samples.forEach((id, i) => {
    const { at, us } = times[i]
    if (at < from || at > to) return
    sampledUs += us
    const { callFrame } = nodes.get(id)
    const idle = callFrame.functionName === "(idle)"
    if (!idle) busyUs += us
    const where = location(callFrame, root)
    const key = `${callFrame.functionName}\u0000${where}`
    const entry = byFunction.get(key) ?? { name: callFrame.functionName || "(anonymous)", location: where, selfUs: 0, idle }
    entry.selfUs += us
    byFunction.set(key, entry)
    if (!idle) byPackage.set(packageOf(callFrame), (byPackage.get(packageOf(callFrame)) ?? 0) + us)
  })
  const share = (us) => (busyUs === 0 ? 0 : us / busyUs)
  return {
    sampledUs,
    busyUs,
    functions: [...byFunction.values()]
      .filter((entry) => !entry.idle)
      .sort((a, b) => b.selfUs - a.selfUs)
      .map(({ name, location: where, selfUs }) => ({ name, location: where, selfUs, share: share(selfUs) })),
    packages: [...byPackage].sort((a, b) => b[1] - a[1]).map(([name, selfUs]) => ({ name, selfUs, share: share(selfUs) }))
  }
}
