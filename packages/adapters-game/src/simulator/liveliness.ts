import type { Random } from "./random.js"
import type { EmergencyCallRequest, SimulatedEmergencyCall, SimulatedPlayer } from "./world.js"

/** How lively the development default is. */
export interface LivelinessOptions {
  /** Players move this often (default every 5 s). */
  readonly moveEveryMs?: number
  /** An emergency call starts at a random moment in this range after the last (default 45 to 90 s). */
  readonly callEveryMs?: readonly [number, number]
  /** The first call comes this soon after the start (default 15 s), so a newcomer need not wait long. */
  readonly firstCallAfterMs?: number
  /** At most this many calls stay open: the oldest ends when a new one would go past it (default 2). */
  readonly maxOpenCalls?: number
}

/** What liveliness drives: the simulator's own knobs. */
export interface LivelyServer {
  readonly players: ReadonlyArray<SimulatedPlayer>
  readonly openEmergencyCalls: ReadonlyArray<SimulatedEmergencyCall>
  readonly tick: () => void
  readonly startEmergencyCall: (request: EmergencyCallRequest) => Promise<unknown>
  readonly endEmergencyCall: (callNumber: number) => Promise<unknown>
  readonly kill: (killer: string, killed: string) => void
  readonly modCall: (caller: string) => number
}

/** What players ring the emergency services about, and which team answers. */
const EMERGENCIES: ReadonlyArray<{ readonly team: string; readonly description: string }> = [
  { team: "Police", description: "Shots fired, I can see someone with a gun" },
  { team: "Police", description: "Someone is breaking into cars" },
  { team: "Police", description: "A driver is going way too fast, nearly hit me" },
  { team: "Fire", description: "There is smoke coming out of a house" },
  { team: "Fire", description: "Car crash, someone is hurt and not moving" },
  { team: "DOT", description: "A broken-down truck is blocking the road" }
]

/**
 * Keeps the development default alive: players wander every few seconds,
 * and every so often a player rings the emergency services (an emergency
 * call delivered to the webhook, the oldest open one ending when too many
 * are open), with now and then a kill or a moderator call for the logs.
 * Its timers never keep the process alive; deliveries go one at a time in
 * order, and a failed one is only recorded.
 */
export class Liveliness {
  private readonly timers = new Set<NodeJS.Timeout>()
  private chain: Promise<unknown> = Promise.resolve()
  private running = false

  constructor(private readonly server: LivelyServer, private readonly random: Random, private readonly options: LivelinessOptions = {}) {}

  start(): void {
    if (this.running) return
    this.running = true
    const mover = setInterval(() => this.server.tick(), this.options.moveEveryMs ?? 5000)
    mover.unref()
    this.timers.add(mover)
    this.schedule(this.options.firstCallAfterMs ?? 15_000)
  }

  /** Stops the timers; answers once the deliveries under way are done. */
  async stop(): Promise<void> {
    this.running = false
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    await this.chain
  }

  private schedule(delayMs: number): void {
    if (!this.running) return
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.chain = this.chain.then(() => this.happen()).catch(() => undefined)
      const [min, max] = this.options.callEveryMs ?? [45_000, 90_000]
      this.schedule(this.random.between(min, Math.max(min, max)))
    }, delayMs)
    timer.unref()
    this.timers.add(timer)
  }

  /** One moment of life: maybe a kill or a moderator call, the oldest call ended if too many are open, a new call. */
  private async happen(): Promise<void> {
    const ids = this.server.players.map((p) => p.platformId).filter((id) => /^\d+$/.test(id))
    if (ids.length >= 2 && this.random.next() < 0.25) {
      const killer = this.random.pick(ids)
      this.server.kill(killer, this.random.pick(ids.filter((id) => id !== killer)))
    }
    if (ids.length >= 1 && this.random.next() < 0.25) this.server.modCall(this.random.pick(ids))
    const open = this.server.openEmergencyCalls
    const oldest = open[0]
    if (oldest !== undefined && open.length >= (this.options.maxOpenCalls ?? 2)) await this.server.endEmergencyCall(oldest.CallNumber)
    if (ids.length === 0) return
    const emergency = this.random.pick(EMERGENCIES)
    await this.server.startEmergencyCall({ caller: this.random.pick(ids), team: emergency.team, description: emergency.description })
  }
}
