import { EntityId } from "../kernel/index.js"

/** The id of an audit entry, branded like every entity id. */
export const AuditEntryId = EntityId("AuditEntryId")
export type AuditEntryId = typeof AuditEntryId.Type
