import { Context, type DateTime, type Effect } from "effect"
import type { AuditEntryView } from "./AuditEntry.js"
import type { Page, PageMeta } from "../kernel/index.js"

/** What `GET /audit` may narrow the log to; every filter present must match. */
export interface AuditFilter {
  readonly action?: string | undefined
  /** A person's account id (entries made by that user). */
  readonly actorId?: string | undefined
  /** A service credential id (entries made by that credential). */
  readonly serviceId?: string | undefined
  readonly targetId?: string | undefined
  /** Inclusive lower bound of `at`. */
  readonly from?: DateTime.Utc | undefined
  /** Exclusive upper bound of `at`. */
  readonly to?: DateTime.Utc | undefined
}

/** Reads the audit log, newest first, each actor named as `AuditActorView` says (one read per page, not one per entry). */
export class AuditQueries extends Context.Service<AuditQueries, {
  readonly list: (
    filter: AuditFilter,
    page: Page
  ) => Effect.Effect<{ readonly items: ReadonlyArray<AuditEntryView>; readonly meta: PageMeta }>
}>()("@bluelight/core/audit/AuditQueries") {}
