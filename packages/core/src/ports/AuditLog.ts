import { Context, type Effect } from "effect"
import type { AuditRecord } from "../audit/AuditEntry.js"

/**
 * The append-only audit log. `record` must run inside the change's
 * `Transactor.transaction`: when it cannot write, the transaction fails and
 * the change rolls back. A failure to write is a defect, never a domain error.
 */
export class AuditLog extends Context.Tag("@bluelight/core/AuditLog")<
  AuditLog,
  {
    readonly record: (entry: AuditRecord) => Effect.Effect<void>
  }
>() {}
