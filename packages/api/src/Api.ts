import { HttpApi, OpenApi } from "effect/http-api"
import { AuditApi } from "./audit/AuditApi.js"
import { CiviliansApi } from "./civilians/CiviliansApi.js"
import { PncApi } from "./civilians/PncApi.js"
import { CallsApi } from "./cad/CallsApi.js"
import { EventsApi } from "./cad/EventsApi.js"
import { IncidentsApi } from "./cad/IncidentsApi.js"
import { MdtApi } from "./cad/MdtApi.js"
import { UnitsApi } from "./cad/UnitsApi.js"
import { PncChargesApi } from "./civilians/PncChargesApi.js"
import { PncRecordsApi } from "./civilians/PncRecordsApi.js"
import { SettingsApi } from "./civilians/SettingsApi.js"
import { AdminApi } from "./identity/AdminApi.js"
import { AuthApi } from "./identity/AuthApi.js"
import { StaffApi } from "./identity/StaffApi.js"
import { GameLiveApi } from "./game/LiveApi.js"
import { GameEventsApi } from "./game/GameEventsApi.js"
import { GameServerApi } from "./moderation/GameServerApi.js"
import { ModerationApi } from "./moderation/ModerationApi.js"
import { BodyRules } from "./bodyRules.js"
import { describeApi } from "./openapi/describe.js"
import { RoleplaySessionsApi } from "./shifts/RoleplaySessionsApi.js"
import { ShiftsApi } from "./shifts/ShiftsApi.js"
import { SystemApi } from "./system/SystemApi.js"
import { WebhooksApi } from "./webhooks/WebhooksApi.js"

/**
 * The whole HTTP contract, mounted under `/api`. Every error answers with the
 * envelope; the description lists, per operation, the codes it can answer
 * with under their statuses, and each request body's example (`describeApi`).
 * The server serves it with its `servers` and security schemes
 * (`servedApi`).
 */
export class BluelightApi extends describeApi(
  HttpApi.make("bluelight")
    .add(SystemApi)
    .add(AuthApi)
    .add(StaffApi)
    .add(AdminApi)
    .add(AuditApi)
    .add(ShiftsApi)
    .add(RoleplaySessionsApi)
    .add(ModerationApi)
    .add(GameServerApi)
    .add(GameLiveApi)
    .add(GameEventsApi)
    .add(CiviliansApi)
    .add(PncApi)
    .add(IncidentsApi)
    .add(UnitsApi)
    .add(CallsApi)
    .add(EventsApi)
    .add(MdtApi)
    .add(PncRecordsApi)
    .add(PncChargesApi)
    .add(SettingsApi)
    .add(WebhooksApi)
    // Last, so that it is every operation's outermost middleware: the body is checked before anything else runs.
    .middleware(BodyRules)
    .prefix("/api")
    // Effect 4 reads parse options from the API, not from the schemas: every problem is reported, and a
    // body or a query with a property it does not declare is refused (`LenientQuery` takes them in a rest).
    .annotate(HttpApi.ParamsParseOptions, { errors: "all" })
    .annotate(HttpApi.QueryParseOptions, { errors: "all", onExcessProperty: "error" })
    .annotate(HttpApi.HeadersParseOptions, { errors: "all" })
    .annotate(HttpApi.PayloadParseOptions, { errors: "all", onExcessProperty: "error" })
    .annotateMerge(OpenApi.annotations({
      title: "Bluelight API",
      version: "0.1.0",
      description: "The HTTP API behind the Bluelight operations platform: CAD, MDT, civilians, PNC, staff, moderation and audit.\n\n" +
        "**Signing in.** Open `/api/auth/idp` in this browser: the session cookie it sets is sent with every request from this page. " +
        "A service credential (`POST /api/admin/services`) goes in the authentication panel as a bearer token.\n\n" +
        "**Answers.** A success is `{data}` (a list adds `meta: {limit, offset, hasMore}`), except the health report and the sign-in redirects; " +
        "every error is the `ErrorEnvelope` " +
        "with a code listed under its status on each operation, and a `requestId` equal to the `X-Request-Id` header. " +
        "Reads and writes are rate limited per caller (`RateLimit` and `RateLimit-Policy` headers; `429` with `Retry-After`)."
    }))
) {}
