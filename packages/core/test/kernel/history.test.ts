/** The one way a context's history and the audit log are written together (`recordInHistory`), and its entries typed by type (`historyEntries`). */
import { type Actor, AuditLog, type AuditRecord, type ChangeStamp, historyEntries, recordInHistory, type TypedChange } from "@bluelight/core/kernel"
import { DateTime, Effect, Exit, Schema } from "effect"
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

describe("historyEntries", () => {
  const Entry = historyEntries(
    { OPENED: Schema.Struct({ number: Schema.Number }), NOTED: Schema.Struct({ note: Schema.String }) },
    { seq: Schema.Number }
  )
  const decode = Schema.decodeUnknownSync(Entry)

  it("decodes each type with its own data, and a reader narrowing on type gets that data", () => {
    const entries = [decode({ seq: 1, type: "OPENED", data: { number: 7 } }), decode({ seq: 2, type: "NOTED", data: { note: "seen" } })]
    expect(entries.map((entry) => (entry.type === "OPENED" ? entry.data.number : entry.data.note))).toEqual([7, "seen"])
  })

  it("refuses another type's data, an unknown type, and a missing shared field", () => {
    expect(() => decode({ seq: 1, type: "OPENED", data: { note: "seen" } })).toThrow()
    expect(() => decode({ seq: 1, type: "CLOSED", data: {} })).toThrow()
    expect(() => decode({ type: "OPENED", data: { number: 7 } })).toThrow()
  })

  it("a change typed by the same payloads does not compile with another type's data", () => {
    type Change = TypedChange<{ readonly OPENED: typeof Schema.Number; readonly NOTED: typeof Schema.String }>
    const right: Change = { type: "OPENED", data: 7 }
    // OPENED carries a number: its data as text is not a change the type takes.
    const wrongTaken: [{ type: "OPENED"; data: "seven" }] extends [Change] ? true : false = false
    expect([right.data, wrongTaken]).toEqual([7, false])
  })
})
