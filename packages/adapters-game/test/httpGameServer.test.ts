import { type GameServerSimulator, makeHttpGameCommands, startGameServerSimulator } from "@bluelight/adapters-game"
import { Duration, Effect, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import { afterEach, beforeEach, describe, expect, it } from "vitest"

let simulator: GameServerSimulator
beforeEach(async () => {
  simulator = await startGameServerSimulator({
    players: [
      { username: "Jane_Doe", platformId: "101", callsign: "1A-01", team: "Police" },
      { username: "Mod", platformId: "102", permission: "Server Moderator" }
    ]
  })
})
afterEach(() => simulator.close())

const client = (overrides: { readonly key?: string; readonly commandTimeout?: Duration.Input } = {}) =>
  makeHttpGameCommands({
    apiUrl: simulator.url,
    serverKey: Redacted.make(overrides.key ?? simulator.serverKey),
    commandTimeout: overrides.commandTimeout ?? Duration.seconds(10)
  }).pipe(Effect.provide(FetchHttpClient.layer))

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

describe("moderation's commands over HTTP, against the simulator", () => {
  it("sends a command once and classifies every answer", async () => {
    // Answers that come are waited for as in production; only the hang is cut short (a busy machine
    // may take longer than a short timeout to answer at all).
    const game = await run(client())
    const hasty = await run(client({ commandTimeout: Duration.millis(300) }))
    expect(await run(game.send(":pm Jane_Doe hello"))).toEqual({ _tag: "Executed" })
    simulator.nextCommand({ _tag: "Refuse", status: 422, code: 4002, message: "This command is restricted" })
    expect(await run(game.send(":kick Jane_Doe x"))).toEqual({ _tag: "Refused", code: 4002, message: "This command is restricted" })
    simulator.nextCommand({ _tag: "Fail" })
    expect((await run(game.send(":kick Jane_Doe x")))._tag).toBe("Unknown")
    simulator.nextCommand({ _tag: "Hang" })
    expect(await run(hasty.send(":kick Jane_Doe x"))).toEqual({ _tag: "Unknown", reason: "no answer in time" })
    simulator.nextCommand({ _tag: "Drop" })
    expect((await run(game.send(":kick Jane_Doe x")))._tag).toBe("Unknown")
    expect(simulator.commands.map((c) => c.answer)).toEqual([200, 422, 500, "hang", "drop"])
  })

  it("answers 429 with retry_after within the server's own interval, and a wrong key with 2002", async () => {
    simulator.commandIntervalMs = 60_000
    const game = await run(client())
    expect(await run(game.send(":pm Jane_Doe one"))).toEqual({ _tag: "Executed" })
    const second = await run(game.send(":pm Jane_Doe two"))
    expect(second._tag).toBe("Throttled")
    const wrong = await run(client({ key: "wrong" }))
    expect(await run(wrong.send(":pm Jane_Doe three"))).toMatchObject({ _tag: "Refused", code: 2002 })
    expect(simulator.commands).toHaveLength(2)
  })

  it("carries out kicks and bans on its players, and refuses commands when nobody is on", async () => {
    const game = await run(client())
    await run(game.send(":ban 101 cheating"))
    expect(simulator.bans).toEqual(["101"])
    await run(game.send(":kick Mod testing"))
    expect(simulator.players).toEqual([])
    expect(await run(game.send(":pm Nobody hi"))).toMatchObject({ _tag: "Refused", code: 3002 })
  })
})
