import { AuditQueries } from "@bluelight/core/audit"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"

export const AuditHandlers = HttpApiBuilder.group(BluelightApi, "audit", (handlers) =>
  Effect.map(AuditQueries, (audit) =>
    handlers.handle("listAudit", ({ urlParams: { limit, offset, ...filter } }) =>
      Effect.map(audit.list(filter, { limit, offset }), (page) => ({
        data: page.items,
        meta: page.meta
      })))))
