import { AuditQueries } from "@bluelight/core/audit"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"

export const AuditHandlers = HttpApiBuilder.group(BluelightApi, "audit", (handlers) =>
  handlers.handle("listAudit", ({ urlParams: { limit, offset, ...filter } }) =>
    Effect.map(Effect.flatMap(AuditQueries, (audit) => audit.list(filter, { limit, offset })), (page) => ({
      data: page.items,
      meta: page.meta
    }))))
