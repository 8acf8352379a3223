/** The one way a context's history and the audit log are written together (`recordInHistory`). */
import { type Actor, AuditLog, type AuditRecord, type ChangeStamp, recordInHistory } from "@bluelight/core/kernel"
import { DateTime, Effect, Exit } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "@effect/vitest"

const actor: Actor = { type: "user", id: "account-1" }
const audit = { action: "cad.unit.created", targetType: "unit", targetId: "unit-1", data: { callsign: "MP-1" } } as const

/** Runs `recordInHistory` with an audit log that keeps what it is given, in order with the history's writes. */
const recorded = (writeEntry: (stamp: ChangeStamp) => Effect.Effect<void, string>, written: Array<string>) =>
  Effect.gen(function*() {
    const entries: Array<AuditRecord> = []
    const exit = yield* recordInHistory(actor, writeEntry, audit).pipe(
      Effect.provideService(AuditLog, {
        record: (entry) =>
          Effect.sync(() => {
            written.push("audit")
            entries.push(entry)
          })
      }),
      Effect.exit
    )
    return { exit, entries }
  })

describe("recordInHistory", () => {
  it.effect("writes the history entry, stamped with now and the actor, then the audit entry under the same actor", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(DateTime.toEpochMillis(DateTime.makeUnsafe("2026-06-15T12:00:00.000Z")))
      const written: Array<string> = []
      const stamps: Array<ChangeStamp> = []
      const { entries, exit } = yield* recorded((stamp) =>
        Effect.sync(() => {
          written.push("history")
          stamps.push(stamp)
        }), written)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(written).toEqual(["history", "audit"])
      expect(stamps.map((stamp) => [DateTime.formatIso(stamp.at), stamp.actor])).toEqual([["2026-06-15T12:00:00.000Z", actor]])
      expect(entries).toEqual([{ ...audit, actor }])
    }))

  it.effect("writes no audit entry when the history entry cannot be written, and fails as it did", () =>
    Effect.gen(function*() {
      const written: Array<string> = []
      const { entries, exit } = yield* recorded(() => Effect.fail("history unavailable"), written)
      expect(exit).toEqual(Exit.fail("history unavailable"))
      expect(written).toEqual([])
      expect(entries).toEqual([])
    }))
})
