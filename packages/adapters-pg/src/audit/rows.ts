import { AuditEntryId, AuditEntryView } from "@bluelight/core/audit"
import { Schema } from "effect"

/**
 * An audit entry as `PgAuditQueries` reads it: the actor in the two columns of
 * `audit_log` and its name joined from `accounts` or `service_credentials`, the
 * time `timestamptz`.
 */
export const AuditRow = Schema.transform(
  Schema.Struct({
    ...AuditEntryView.pick("action", "targetType", "targetId", "requestId", "data").fields,
    id: AuditEntryId,
    at: Schema.DateTimeUtcFromDate,
    actorType: AuditEntryView.fields.actor.fields.type,
    actorId: AuditEntryView.fields.actor.fields.id,
    actorName: AuditEntryView.fields.actor.fields.name
  }),
  Schema.typeSchema(AuditEntryView),
  {
    strict: true,
    decode: ({ actorId, actorName, actorType, ...entry }) => ({ ...entry, actor: { type: actorType, id: actorId, name: actorName } }),
    encode: ({ actor, ...entry }) => ({ ...entry, actorType: actor.type, actorId: actor.id, actorName: actor.name })
  }
)
