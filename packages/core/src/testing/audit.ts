import { DateTime, Effect, Layer } from "effect"
import { type AuditActorView, type AuditEntry, AuditEntryId, type AuditFilter, AuditQueries } from "../audit/index.js"
import type { Account, ServiceCredential } from "../identity/index.js"
import { type Actor, AuditLog, type AuditRecord, CurrentRequestId, Ids, type Page, toPage } from "../kernel/index.js"
import { ACCOUNTS_TABLE, SERVICE_CREDENTIALS_TABLE } from "./identity.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

export const AUDIT_TABLE = "audit_log"

/**
 * The audit log kept in the in-memory tables, so it rolls back with the change;
 * a write of an action `refuses` names fails instead, to prove that its change
 * rolls back with it.
 */
const auditLogRefusing = (refuses: (action: string) => boolean) =>
  Layer.effect(
    AuditLog,
    Effect.gen(function*() {
      const db = yield* InMemoryDatabase
      const ids = yield* Ids
      return {
        record: (record: AuditRecord) =>
          refuses(record.action)
            ? Effect.die(new Error(`audit log unavailable (writing ${record.action})`))
            : Effect.gen(function*() {
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

/** The audit log kept in the in-memory tables, so it rolls back with the change. */
export const InMemoryAuditLog = auditLogRefusing(() => false)

/** An in-memory audit log whose writes of the named actions fail (the others are kept). */
export const AuditLogFailingOn = (actions: ReadonlyArray<string>) => auditLogRefusing((action) => actions.includes(action))

/** Reads back what the in-memory audit log holds, oldest first. */
export const auditEntries: Effect.Effect<ReadonlyArray<AuditEntry>, never, InMemoryDatabase> = Effect.flatMap(
  InMemoryDatabase,
  (db) => db.rows<AuditEntry>(AUDIT_TABLE)
)

/** An audit log whose every write fails, to prove that a change rolls back with it. */
export const FailingAuditLog = Layer.succeed(AuditLog, {
  record: (record: AuditRecord) => Effect.die(new Error(`audit log unavailable (writing ${record.action})`))
})

const matches = (filter: AuditFilter) => (entry: AuditEntry): boolean =>
  (filter.action === undefined || entry.action === filter.action) &&
  (filter.actorId === undefined || (entry.actor.type === "user" && entry.actor.id === filter.actorId)) &&
  (filter.serviceId === undefined || (entry.actor.type === "service" && entry.actor.id === filter.serviceId)) &&
  (filter.targetId === undefined || entry.targetId === filter.targetId) &&
  (filter.from === undefined || DateTime.isGreaterThanOrEqualTo(entry.at, filter.from)) &&
  (filter.to === undefined || DateTime.isLessThan(entry.at, filter.to))

/** The actor with its name now: the account's display name, the credential's name, or `null`. */
const named = (accounts: ReadonlyArray<Account>, credentials: ReadonlyArray<ServiceCredential>) => (actor: Actor): AuditActorView => ({
  ...actor,
  name: (actor.type === "user"
    ? accounts.find((account) => account.id === actor.id)?.displayName
    : credentials.find((credential) => credential.id === actor.id)?.name) ?? null
})

/** Reads the in-memory audit log, newest first (ties broken by id, which sorts by time), each actor named. */
export const InMemoryAuditQueries = Layer.effect(
  AuditQueries,
  InMemoryDatabase.useSync((db) => ({
    list: (filter: AuditFilter, page: Page) =>
      Effect.map(
        Effect.all({
          entries: db.rows<AuditEntry>(AUDIT_TABLE),
          accounts: db.rows<Account>(ACCOUNTS_TABLE),
          credentials: db.rows<ServiceCredential>(SERVICE_CREDENTIALS_TABLE)
        }),
        ({ accounts, credentials, entries }) => {
          const newestFirst = entries.filter(matches(filter)).sort((a, b) =>
            b.at.epochMilliseconds - a.at.epochMilliseconds || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
          )
          const nameOf = named(accounts, credentials)
          const window = newestFirst.slice(page.offset, page.offset + page.limit + 1)
          return toPage(window.map((entry) => ({ ...entry, actor: nameOf(entry.actor) })), page)
        }
      )
  }))
)
