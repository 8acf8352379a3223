import { AuditLog, Transactor } from "@bluelight/core/kernel"
import { auditEntries, FailingAuditLog, InMemoryDatabase, InMemoryTransactor, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"

/** A stand-in change: one row in an in-memory table, audited. */
const renameUnit = (name: string) =>
  Effect.gen(function*() {
    const db = yield* InMemoryDatabase
    const audit = yield* AuditLog
    const transactor = yield* Transactor
    yield* transactor.transaction(
      Effect.gen(function*() {
        yield* db.insert("units", { name })
        yield* audit.record({ action: "cad.unit.updated", actor: { type: "user", id: "u1" }, targetType: "unit", targetId: "unit-1", data: { name } })
      })
    )
  })

const unitNames = InMemoryDatabase.use((db) => db.rows<{ name: string }>("units")).pipe(
  Effect.map((rows) => rows.map((row) => row.name))
)

describe("in-memory transactions", () => {
  it.effect("commit the change and its audit entry together", () =>
    Effect.gen(function*() {
      yield* renameUnit("Alpha 1")
      expect(yield* unitNames).toEqual(["Alpha 1"])
      const entries = yield* auditEntries
      expect(entries.map((entry) => entry.action)).toEqual(["cad.unit.updated"])
      expect(entries[0]!.requestId).toBeNull()
    }).pipe(Effect.provide(testPorts())))

  it.effect("roll the change back when the audit entry cannot be written", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(renameUnit("Alpha 1"))
      expect(exit._tag).toBe("Failure")
      expect(yield* unitNames).toEqual([])
    }).pipe(Effect.provide(Layer.mergeAll(InMemoryTransactor, FailingAuditLog).pipe(Layer.provideMerge(InMemoryDatabase.layer)))))

  it.effect("roll back on a domain failure too, and keep earlier commits", () =>
    Effect.gen(function*() {
      const db = yield* InMemoryDatabase
      const transactor = yield* Transactor
      yield* renameUnit("Kept")
      const exit = yield* Effect.exit(transactor.transaction(Effect.andThen(db.insert("units", { name: "Lost" }), Effect.fail("refused"))))
      expect(exit._tag).toBe("Failure")
      expect(yield* unitNames).toEqual(["Kept"])
    }).pipe(Effect.provide(testPorts())))

  it.effect("a nested transaction joins the outer one", () =>
    Effect.gen(function*() {
      const db = yield* InMemoryDatabase
      const transactor = yield* Transactor
      const exit = yield* Effect.exit(
        transactor.transaction(
          Effect.gen(function*() {
            yield* transactor.transaction(db.insert("units", { name: "Inner" }))
            return yield* Effect.fail("outer refused")
          })
        )
      )
      expect(exit._tag).toBe("Failure")
      expect(yield* unitNames).toEqual([])
    }).pipe(Effect.provide(testPorts())))

  it.effect("run one at a time: concurrent read-modify-writes lose nothing", () =>
    Effect.gen(function*() {
      const db = yield* InMemoryDatabase
      const transactor = yield* Transactor
      const increment = transactor.transaction(
        Effect.gen(function*() {
          const [counter] = yield* db.rows<{ n: number }>("counter")
          yield* Effect.yieldNow
          yield* db.update<{ n: number }>("counter", () => [{ n: (counter?.n ?? 0) + 1 }])
        })
      )
      yield* Effect.all(Array.from({ length: 20 }, () => increment), { concurrency: "unbounded" })
      expect(yield* db.rows<{ n: number }>("counter")).toEqual([{ n: 20 }])
    }).pipe(Effect.provide(testPorts())))
})
