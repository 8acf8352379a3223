import { Schema } from "effect"
import { Actor, Timestamp } from "../kernel/index.js"
import { AuditEntryId } from "./ids.js"

/** An entry's fields, in the order the API shows them, with `actor` as the reader needs it. */
const entryFields = <A extends Schema.Top>(actor: A) => ({
  id: AuditEntryId,
  at: Timestamp,
  action: Schema.String,
  actor,
  targetType: Schema.String,
  targetId: Schema.NullOr(Schema.String),
  requestId: Schema.NullOr(Schema.String),
  // Any object: its shape depends on the action.
  data: Schema.Record(Schema.String, Schema.Unknown).annotate({
    description: "What the action changed; its shape depends on the action"
  })
})

/** An entry as it is stored: who acted is their id alone, so the entry never changes. */
export const AuditEntry = Schema.Struct(entryFields(Actor)).annotate({ identifier: "StoredAuditEntry" })
export type AuditEntry = typeof AuditEntry.Type

/**
 * Who acted, as `GET /audit` shows it: the stored actor and the name it goes by
 * now. A person's name is the account's current `displayName`, a credential's
 * the name it was issued with; `null` when no account or credential has the id.
 */
export const AuditActorView = Schema.Struct({
  ...Actor.fields,
  name: Schema.NullOr(Schema.String).annotate({
    description: "The account's current display name, or the credential's name; null when neither exists"
  })
}).annotate({ identifier: "AuditActor" })
export type AuditActorView = typeof AuditActorView.Type

/** An entry as `GET /audit` reads it back: the stored entry, its actor named. */
export const AuditEntryView = Schema.Struct(entryFields(AuditActorView)).annotate({ identifier: "AuditEntry" })
export type AuditEntryView = typeof AuditEntryView.Type
