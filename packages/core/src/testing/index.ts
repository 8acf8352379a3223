/**
 * In-memory implementations of every port of `@bluelight/core`, the same ones
 * core's own use-case tests run on, so a harness can run the real rules with
 * no database.
 */
import { Layer } from "effect"
import { SessionRecordsFromRepositories } from "../identity/sessionRecords.js"
import { InMemoryAuditLog, InMemoryAuditQueries } from "./audit.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"
import { InMemoryIdentityRepositories } from "./identity.js"
import { InMemoryTransactor } from "./InMemoryTransactor.js"
import { SequentialIds } from "./SequentialIds.js"

export { InMemoryDatabase } from "./InMemoryDatabase.js"
export * from "./identity.js"
export { InMemoryTransactor } from "./InMemoryTransactor.js"
export { AUDIT_TABLE, auditEntries, FailingAuditLog, InMemoryAuditLog, InMemoryAuditQueries } from "./audit.js"
export { SequentialIds } from "./SequentialIds.js"

/** Every in-memory port over one fresh in-memory database. */
export const InMemoryPorts = Layer.mergeAll(
  InMemoryTransactor,
  InMemoryAuditLog,
  InMemoryAuditQueries,
  SessionRecordsFromRepositories.pipe(Layer.provideMerge(InMemoryIdentityRepositories))
).pipe(
  Layer.provideMerge(SequentialIds),
  Layer.provideMerge(InMemoryDatabase.layer)
)
