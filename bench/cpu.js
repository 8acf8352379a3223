// Where each process runs, and how much CPU a process has used.
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"

/**
 * utime + stime of a `/proc/<pid>/stat` line, in clock ticks: the time the
 * whole process (every thread: JS, GC, libuv pool) spent on a CPU. The
 * command name may hold spaces and parentheses, so fields are counted from
 * its last `)`: the state (field 3) comes first, utime and stime are fields
 * 14 and 15.
 */
export const parseProcStat = (line) => {
  const fields = line.slice(line.lastIndexOf(")") + 2).split(" ")
  const utime = Number(fields[11])
  const stime = Number(fields[12])
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`not a /proc/<pid>/stat line: ${line.slice(0, 80)}`)
  return utime + stime
}

/** A CPU list as taskset prints it (`0-3,6`), as core numbers. */
export const parseCpuList = (list) =>
  list.trim().split(",").filter((part) => part !== "").flatMap((part) => {
    const [from, to = from] = part.split("-").map(Number)
    if (!Number.isInteger(from) || !Number.isInteger(to) || to < from) throw new Error(`not a CPU list: ${list}`)
    return Array.from({ length: to - from + 1 }, (_, i) => from + i)
  })

const clockTicksPerSecond = (() => {
  const answer = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" })
  const ticks = Number(answer.stdout?.trim())
  return answer.status === 0 && Number.isInteger(ticks) && ticks > 0 ? ticks : 100
})()

/** CPU time a process has used so far, in microseconds (resolution: one clock tick, usually 10 ms). */
export const cpuMicros = (pid) => (parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8")) * 1e6) / clockTicksPerSecond

/**
 * Where the servers and the load generator run: the server under test on a
 * core of its own, this process (autocannon) and PGlite on the others.
 * Postgres is a system service and is not moved; it runs wherever the
 * kernel puts it.
 */
export const pinningPlan = () => {
  const tasksetFound = spawnSync("taskset", ["-V"]).status === 0
  if (!tasksetFound) return { pinned: false, note: "not pinned: taskset not found (util-linux); server and load generator share the cores" }
  const answer = spawnSync("taskset", ["-pc", String(process.pid)], { encoding: "utf8" })
  const cores = answer.status === 0 ? parseCpuList(answer.stdout.slice(answer.stdout.lastIndexOf(":") + 1)) : []
  if (cores.length < 2) {
    return { pinned: false, note: `not pinned: ${cores.length || "an unknown number of"} core(s) available; server and load generator share them` }
  }
  const [serverCore, ...loadCores] = cores
  return {
    pinned: true,
    serverCores: String(serverCore),
    loadCores: loadCores.join(","),
    note: `pinned: each server on core ${serverCore}, load generator (and PGlite) on ${loadCores.join(",")}; Postgres is not pinned`
  }
}

/** Moves every thread of this process (the load generator) to the load cores. */
export const pinSelf = (plan) => {
  if (!plan.pinned) return
  const answer = spawnSync("taskset", ["-a", "-cp", plan.loadCores, String(process.pid)], { encoding: "utf8" })
  if (answer.status !== 0) throw new Error(`taskset could not pin the load generator: ${answer.stderr.trim()}`)
}

/**
 * The command that runs `node args…` on the given cores. taskset replaces
 * itself with node, so the child's pid is node's.
 */
export const nodeOn = (plan, cores, args) =>
  plan.pinned ? { command: "taskset", args: ["-c", cores, process.execPath, ...args] } : { command: process.execPath, args }
