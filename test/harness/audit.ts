import type { AuditEntryView } from "@bluelight/core/audit"

/**
 * An audit entry as `GET /api/audit` sends it (the contract answers with
 * core's view of an entry): JSON, ids and timestamps as strings.
 */
export type AuditEntryData = typeof AuditEntryView.Encoded

/** An audit entry whose `data` the test reads as the shape its action records. */
export type AuditEntryWith<Data> = Omit<AuditEntryData, "data"> & { readonly data: Data }
