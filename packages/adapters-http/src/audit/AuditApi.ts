import { AuditEntry } from "@bluelight/core/audit"
import { EnteredTimestamp, Id, TrimmedText } from "@bluelight/core/kernel"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControl.js"
import { List } from "../schema/envelope.js"
import { paging, StrictQuery } from "../schema/query.js"

export class AuditApi extends HttpApiGroup.make("audit")
  .add(
    HttpApiEndpoint.get("listAudit", "/audit")
      .setUrlParams(StrictQuery({
        ...paging,
        action: Schema.optional(TrimmedText({ min: 1, max: 100 })),
        actorId: Schema.optional(Id),
        serviceId: Schema.optional(Id),
        targetId: Schema.optional(TrimmedText({ min: 1, max: 100 })),
        from: Schema.optional(EnteredTimestamp),
        to: Schema.optional(EnteredTimestamp)
      }))
      .addSuccess(List(AuditEntry))
      .annotate(OpenApi.Summary, "Read the audit log")
      .annotate(
        OpenApi.Description,
        "Every audited change, newest first. Filters: `action` (such as `service.issued`), `actorId` (a person), " +
          "`serviceId` (a credential), `targetId`, and the time range `from` (inclusive) to `to` (exclusive)."
      )
      .pipe(allow({ access: "session-or-credential", permissions: ["audit.view"] }))
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "Audit")
  .annotate(OpenApi.Description, "The append-only record of who changed what, written with each change.")
{}
