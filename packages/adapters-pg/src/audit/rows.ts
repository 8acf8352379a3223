import { AuditEntry, AuditEntryId } from "@bluelight/core/audit"
import { Actor } from "@bluelight/core/kernel"
import { Schema } from "effect"

/** An audit entry as `audit_log` stores it: the actor in two columns, the time `timestamptz`. */
export const AuditRow = Schema.transform(
  Schema.Struct({
    ...AuditEntry.pick("action", "targetType", "targetId", "requestId", "data").fields,
    id: AuditEntryId,
    at: Schema.DateTimeUtcFromDate,
    actorType: Actor.fields.type,
    actorId: Actor.fields.id
  }),
  Schema.typeSchema(AuditEntry),
  {
    strict: true,
    decode: ({ actorId, actorType, ...entry }) => ({ ...entry, actor: { type: actorType, id: actorId } }),
    encode: ({ actor, ...entry }) => ({ ...entry, actorType: actor.type, actorId: actor.id })
  }
)
