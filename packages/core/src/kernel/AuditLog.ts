import { Context, type Effect, Schema } from "effect"
import type { AuditAction } from "./auditActions.js"
import { Id } from "./Id.js"

/** Who did something: a person's account or a service credential. */
export const Actor = Schema.Struct({
  type: Schema.Literals(["user", "service"]),
  id: Id
}).annotate({ identifier: "StoredAuditActor" })
export type Actor = typeof Actor.Type

/**
 * What a use case hands to the audit log. `action` is one of the listed
 * `AUDIT_ACTIONS` (`shift.started`, `service.revoked`); `data` holds what a
 * reader needs to understand the change and never a secret.
 */
export interface AuditRecord {
  readonly action: AuditAction
  readonly actor: Actor
  readonly targetType: string
  readonly targetId: string | null
  readonly data: Readonly<Record<string, unknown>>
}

/**
 * The append-only audit log. `record` must run inside the change's
 * `Transactor.transaction`: when it cannot write, the transaction fails and
 * the change rolls back. A failure to write is a defect, never a domain error.
 */
export class AuditLog extends Context.Service<AuditLog, {
  readonly record: (entry: AuditRecord) => Effect.Effect<void>
}>()("@bluelight/core/kernel/AuditLog") {}
