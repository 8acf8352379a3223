import { describe, expect, it } from "vitest"
import { migrationDatabase } from "../migrationDatabase.js"

const database = migrationDatabase()

const insertCall = (id: string, extra: { readonly source?: string; readonly gameCallNumber?: number | null } = {}) =>
  database.query(
    `INSERT INTO cad_calls (id, status, caller_name, location, description, created_at, updated_at${
      extra.source === undefined ? "" : ", source, game_call_number"
    })
     VALUES ($1, 'WAITING', 'Jo', 'A1', 'Help', now(), now()${extra.source === undefined ? "" : ", $2, $3"})`,
    extra.source === undefined ? [id] : [id, extra.source, extra.gameCallNumber ?? null]
  )

describe("migration 0013: where a call came from, and the game's events handled", () => {
  it("makes the calls from before the API's, with no game call number, and holds each new call to its source", async () => {
    await database.migrateBefore(13)
    await insertCall("old")
    await database.migrateAll()
    const rows = await database.query("SELECT id, source, game_call_number FROM cad_calls")
    expect(rows.rows).toEqual([{ id: "old", source: "API", game_call_number: null }])
    // A new call says where it came from; a game call has its number and only a game call has one.
    await expect(insertCall("no-source")).rejects.toThrow()
    await insertCall("game", { source: "GAME", gameCallNumber: 136 })
    await insertCall("api", { source: "API", gameCallNumber: null })
    await expect(insertCall("game-without-number", { source: "GAME", gameCallNumber: null })).rejects.toThrow()
    await expect(insertCall("api-with-number", { source: "API", gameCallNumber: 7 })).rejects.toThrow()
    await expect(insertCall("elsewhere", { source: "RADIO", gameCallNumber: null })).rejects.toThrow()
  })

  it("keeps each handled event's digest once", async () => {
    await database.query("INSERT INTO game_events_handled (digest, handled_at) VALUES ('d1', now())")
    await expect(database.query("INSERT INTO game_events_handled (digest, handled_at) VALUES ('d1', now())")).rejects.toThrow()
  })
})
