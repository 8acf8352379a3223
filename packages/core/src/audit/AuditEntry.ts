import { Schema } from "effect"
import { Id } from "../schema/Id.js"
import { Timestamp } from "../schema/time.js"

/** Who did something: a person's account or a service credential. */
export const Actor = Schema.Struct({
  type: Schema.Literal("user", "service"),
  id: Id
}).annotations({ identifier: "AuditActor" })
export type Actor = typeof Actor.Type

/**
 * What a use case hands to the audit log. `action` is dotted lower case
 * (`shift.started`, `service.revoked`); `data` holds what a reader needs to
 * understand the change and never a secret.
 */
export interface AuditRecord {
  readonly action: string
  readonly actor: Actor
  readonly targetType: string
  readonly targetId: string | null
  readonly data: Readonly<Record<string, unknown>>
}

/** An entry as it is stored and read back. */
export const AuditEntry = Schema.Struct({
  id: Id,
  at: Timestamp,
  action: Schema.String,
  actor: Actor,
  targetType: Schema.String,
  targetId: Schema.NullOr(Schema.String),
  requestId: Schema.NullOr(Schema.String),
  data: Schema.Record({ key: Schema.String, value: Schema.Unknown })
}).annotations({ identifier: "AuditEntry" })
export type AuditEntry = typeof AuditEntry.Type
