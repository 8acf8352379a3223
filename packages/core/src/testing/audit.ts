import { DateTime, Effect, Layer } from "effect"
import type { AuditEntry } from "../audit/AuditEntry.js"
import { AuditLog, type AuditRecord } from "../kernel/AuditLog.js"
import { type AuditFilter, AuditQueries } from "../audit/AuditQueries.js"
import { type Page, toPage } from "../kernel/paging.js"
import { AuditEntryId } from "../audit/ids.js"
import { Ids } from "../kernel/Ids.js"
import { CurrentRequestId } from "../kernel/RequestContext.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

export const AUDIT_TABLE = "audit_log"

/** The audit log kept in the in-memory tables, so it rolls back with the change. */
export const InMemoryAuditLog = Layer.effect(
  AuditLog,
  Effect.gen(function*() {
    const db = yield* InMemoryDatabase
    const ids = yield* Ids
    return {
      record: (record: AuditRecord) =>
        Effect.gen(function*() {
          const entry: AuditEntry = {
            id: AuditEntryId.make(yield* ids.next),
            at: yield* DateTime.now,
            action: record.action,
            actor: record.actor,
            targetType: record.targetType,
            targetId: record.targetId,
            requestId: yield* CurrentRequestId,
            data: record.data
          }
          yield* db.insert(AUDIT_TABLE, entry)
        })
    }
  })
)

/** Reads back what the in-memory audit log holds, oldest first. */
export const auditEntries: Effect.Effect<ReadonlyArray<AuditEntry>, never, InMemoryDatabase> = Effect.flatMap(
  InMemoryDatabase,
  (db) => db.rows<AuditEntry>(AUDIT_TABLE)
)

/** An audit log whose every write fails, to prove that a change rolls back with it. */
export const FailingAuditLog = Layer.succeed(AuditLog, {
  record: (record: AuditRecord) => Effect.dieMessage(`audit log unavailable (writing ${record.action})`)
})


const matches = (filter: AuditFilter) => (entry: AuditEntry): boolean =>
  (filter.action === undefined || entry.action === filter.action) &&
  (filter.actorId === undefined || (entry.actor.type === "user" && entry.actor.id === filter.actorId)) &&
  (filter.serviceId === undefined || (entry.actor.type === "service" && entry.actor.id === filter.serviceId)) &&
  (filter.targetId === undefined || entry.targetId === filter.targetId) &&
  (filter.from === undefined || DateTime.greaterThanOrEqualTo(entry.at, filter.from)) &&
  (filter.to === undefined || DateTime.lessThan(entry.at, filter.to))

/** Reads the in-memory audit log, newest first (ties broken by id, which sorts by time). */
export const InMemoryAuditQueries = Layer.effect(
  AuditQueries,
  Effect.map(InMemoryDatabase, (db) => ({
    list: (filter: AuditFilter, page: Page) =>
      Effect.map(db.rows<AuditEntry>(AUDIT_TABLE), (rows) => {
        const newestFirst = rows.filter(matches(filter)).sort((a, b) =>
          b.at.epochMillis - a.at.epochMillis || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
        )
        return toPage(newestFirst.slice(page.offset, page.offset + page.limit + 1), page)
      })
  }))
)
