import { StaffRequired } from "@bluelight/core/identity"
import { EnteredTimestamp, InvalidInput, InvalidState, NotFound } from "@bluelight/core/kernel"
import {
  ROLEPLAY_DESCRIPTION,
  ROLEPLAY_TITLE,
  RoleplayDescription,
  RoleplaySession,
  RoleplaySessionId,
  RoleplaySessionStatus,
  RoleplayTitle
} from "@bluelight/core/shifts"
import { DateTime, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { created, page } from "../endpointParts.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single } from "../schema/envelope.js"

const manage = operation({ access: "session", permissions: ["sessions.manage"] })

const SessionPath = Schema.Struct({ id: RoleplaySessionId })

/** `POST /sessions/{id}/<move>`: the same shape for each move; only the wording differs. */
const move = <const Name extends string>(name: Name, path: `/${string}`, summary: string, description: string) =>
  HttpApiEndpoint.post(name, path, {
    params: SessionPath,
    success: Single(RoleplaySession),
    error: failsWith(NotFound, InvalidState)
  }).pipe(manage(summary, description))

export class RoleplaySessionsApi extends HttpApiGroup.make("roleplaySessions")
  .add(
    HttpApiEndpoint.get("listRoleplaySessions", "/sessions", page({ status: Schema.optional(RoleplaySessionStatus) }, RoleplaySession)).pipe(
      operation({ access: "session-or-credential", permissions: ["sessions.view"] })(
        "List role-play sessions",
        "Role-play sessions, latest `scheduledFor` first; `status` keeps one status."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "scheduleRoleplaySession",
      "/sessions",
      created(
        Body({
          title: RoleplayTitle,
          description: Schema.optionalKey(RoleplayDescription),
          scheduledFor: EnteredTimestamp
        }, {
          name: "RoleplaySessionInput",
          example: { title: "Friday patrol night", description: "Response and traffic units", scheduledFor: DateTime.makeUnsafe("2026-01-30T19:00:00.000Z") }
        }),
        RoleplaySession,
        StaffRequired,
        InvalidInput
      )
    ).pipe(
      manage(
        "Schedule a role-play session",
        `Schedules a session (\`SCHEDULED\`) hosted by the caller, who must be active staff (\`STAFF_REQUIRED\`; Developer ` +
          `Access makes nobody staff). \`title\` ${ROLEPLAY_TITLE.min} to ${ROLEPLAY_TITLE.max} characters, \`description\` at most ` +
          `${ROLEPLAY_DESCRIPTION.max} (empty means none), both trimmed; \`scheduledFor\` within a year of now, either way. ` +
          "Audited as `roleplay_session.created`."
      )
    )
  )
  .add(move(
    "startRoleplaySession",
    "/sessions/:id/start",
    "Start a role-play session",
    "A `SCHEDULED` session goes `LIVE`; any other is `INVALID_STATE`. Audited as `roleplay_session.started`."
  ))
  .add(move(
    "endRoleplaySession",
    "/sessions/:id/end",
    "End a role-play session",
    "A `LIVE` session is `ENDED`; any other is `INVALID_STATE`. Audited as `roleplay_session.ended`."
  ))
  .add(move(
    "cancelRoleplaySession",
    "/sessions/:id/cancel",
    "Cancel a role-play session",
    "A `SCHEDULED` session is `CANCELLED`; any other is `INVALID_STATE`. Audited as `roleplay_session.cancelled`."
  ))
  .annotate(OpenApi.Title, "Role-play sessions")
  .annotate(OpenApi.Description, "Role-play sessions staff schedule and host: SCHEDULED → LIVE → ENDED, or SCHEDULED → CANCELLED.")
{}
