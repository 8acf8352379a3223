import { GameServerSimulator, startGameServerSimulator } from "@bluelight/adapters-game"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

// The timers are Vitest's: the simulator is not listening and has no webhook URL, so nothing leaves the process.
beforeEach(() => {
  vi.useFakeTimers({ now: 1_800_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

describe("the development default's liveliness", () => {
  it("moves players, then starts emergency calls every so often and ends the oldest", async () => {
    const simulator = new GameServerSimulator({ seed: 7 })
    simulator.startLiveliness({ moveEveryMs: 5000, firstCallAfterMs: 15_000, callEveryMs: [45_000, 90_000], maxOpenCalls: 2 })
    const before = simulator.locationOf("100000001")
    await vi.advanceTimersByTimeAsync(5000)
    expect(simulator.locationOf("100000001")).not.toEqual(before)
    expect(simulator.openEmergencyCalls).toEqual([])
    await vi.advanceTimersByTimeAsync(10_000)
    expect(simulator.openEmergencyCalls).toHaveLength(1)
    const first = simulator.openEmergencyCalls[0]
    expect(simulator.players.map((p) => Number(p.platformId))).toContain(first?.Caller)
    expect(first?.Description).toEqual(expect.any(String))
    // Within the next 90 s another call comes; none comes sooner than 45 s.
    await vi.advanceTimersByTimeAsync(44_999)
    expect(simulator.openEmergencyCalls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(45_001)
    expect(simulator.openEmergencyCalls).toHaveLength(2)
    // Over ten minutes calls keep coming, never more than two open at once, the oldest ending first.
    const seen = new Set<number>()
    for (let minute = 0; minute < 10; minute++) {
      await vi.advanceTimersByTimeAsync(60_000)
      expect(simulator.openEmergencyCalls.length).toBeLessThanOrEqual(2)
      for (const call of simulator.openEmergencyCalls) seen.add(call.CallNumber)
    }
    expect(seen.size).toBeGreaterThan(4)
    expect(simulator.openEmergencyCalls.map((c) => c.CallNumber)).toEqual([...simulator.openEmergencyCalls.map((c) => c.CallNumber)].sort((a, b) => a - b))
    await simulator.stopLiveliness()
    const frozen = simulator.openEmergencyCalls
    const place = simulator.locationOf("100000001")
    await vi.advanceTimersByTimeAsync(600_000)
    expect(simulator.openEmergencyCalls).toEqual(frozen)
    expect(simulator.locationOf("100000001")).toEqual(place)
  })

  it("starts with the server when asked in the options, and stops when it closes", async () => {
    const simulator = await startGameServerSimulator({ liveliness: { firstCallAfterMs: 1000 } })
    const quiet = await startGameServerSimulator({})
    try {
      await vi.advanceTimersByTimeAsync(1000)
      expect(simulator.openEmergencyCalls).toHaveLength(1)
      expect(quiet.openEmergencyCalls).toHaveLength(0)
    } finally {
      await simulator.close()
      await quiet.close()
    }
    await vi.advanceTimersByTimeAsync(600_000)
    expect(simulator.openEmergencyCalls).toHaveLength(1)
  })

  it("stays quiet on an empty server, moving nobody and calling nobody", async () => {
    const simulator = new GameServerSimulator({ players: [] })
    simulator.startLiveliness({ firstCallAfterMs: 1000, callEveryMs: [1000, 1000] })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(simulator.openEmergencyCalls).toEqual([])
    await simulator.stopLiveliness()
  })
})
