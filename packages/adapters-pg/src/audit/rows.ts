import { AuditEntryId, AuditEntryView } from "@bluelight/core/audit"
import { Schema, SchemaTransformation, Struct } from "effect"

/**
 * An audit entry as `PgAuditQueries` reads it: the actor in the two columns of
 * `audit_log` and its name joined from `accounts` or `service_credentials`, the
 * time `timestamptz`.
 */
export const AuditRow = Schema.Struct({
  ...Struct.pick(AuditEntryView.fields, ["action", "targetType", "targetId", "requestId", "data"]),
  id: AuditEntryId,
  at: Schema.DateTimeUtcFromDate,
  actorType: AuditEntryView.fields.actor.fields.type,
  actorId: AuditEntryView.fields.actor.fields.id,
  actorName: AuditEntryView.fields.actor.fields.name
}).pipe(
  Schema.decodeTo(
    Schema.toType(AuditEntryView),
    SchemaTransformation.transform({
      decode: ({ actorId, actorName, actorType, ...entry }) => ({ ...entry, actor: { type: actorType, id: actorId, name: actorName } }),
      encode: ({ actor, ...entry }) => ({ ...entry, actorType: actor.type, actorId: actor.id, actorName: actor.name })
    })
  )
)
