import { Schema } from "effect"
import { Actor } from "../kernel/AuditLog.js"
import { AuditEntryId } from "./ids.js"
import { Timestamp } from "../kernel/time.js"

/** An entry as it is stored and read back. */
export const AuditEntry = Schema.Struct({
  id: AuditEntryId,
  at: Timestamp,
  action: Schema.String,
  actor: Actor,
  targetType: Schema.String,
  targetId: Schema.NullOr(Schema.String),
  requestId: Schema.NullOr(Schema.String),
  // Described as any object: the generated schema of `unknown` values names itself with an `$id`, once per use.
  data: Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({
    jsonSchema: { type: "object", description: "What the action changed; its shape depends on the action" }
  })
}).annotations({ identifier: "AuditEntry" })
export type AuditEntry = typeof AuditEntry.Type
