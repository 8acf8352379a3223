import { AuditQueries } from "@bluelight/core/audit"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"

export const AuditHandlers = HttpApiBuilder.group(
  BluelightApi,
  "audit",
  (handlers) =>
    Effect.map(
      AuditQueries,
      (audit) =>
        handlers.handle("listAudit", ({ query: { limit, offset, ...filter } }) =>
          Effect.map(audit.list(filter, { limit, offset }), (page) => ({
            data: page.items,
            meta: page.meta
          })))
    )
)
