import { AuditEntryView } from "@bluelight/core/audit"
import { EnteredTimestamp, Id, OneLineText } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { page } from "../endpointParts.js"

export class AuditApi extends HttpApiGroup.make("audit")
  .add(
    HttpApiEndpoint.get(
      "listAudit",
      "/audit",
      page({
        action: Schema.optional(OneLineText({ min: 1, max: 100 })),
        actorId: Schema.optional(Id),
        serviceId: Schema.optional(Id),
        targetId: Schema.optional(OneLineText({ min: 1, max: 100 })),
        from: Schema.optional(EnteredTimestamp),
        to: Schema.optional(EnteredTimestamp)
      }, AuditEntryView)
    ).pipe(
      operation({ access: "session-or-credential", permissions: ["audit.view"] })(
        "Read the audit log",
        "Every audited change, newest first. Filters: `action` (such as `service.issued`), `actorId` (a person), " +
          "`serviceId` (a credential), `targetId`, and the time range `from` (inclusive) to `to` (exclusive). " +
          "`actor.name` is the person's current display name or the credential's name (`null` when no account or " +
          "credential has that id). A warning, kick or ban is audited when it is stored (`moderation.warning.created`, " +
          "`moderation.kick.created`, `moderation.ban.created`) and again when its delivery is known " +
          "(`moderation.delivery.succeeded`, `moderation.delivery.failed` with `errorCode`), both with the action as target; " +
          "an action with no delivery entry is `UNKNOWN`."
      )
    )
  )
  .annotate(OpenApi.Title, "Audit")
  .annotate(OpenApi.Description, "The append-only record of who changed what, written with each change.")
{}
