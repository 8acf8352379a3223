import { HttpApi, OpenApi } from "@effect/platform"
import { AuditApi } from "./audit/AuditApi.js"
import { documentErrors } from "./errors/documented.js"
import { AdminApi } from "./identity/AdminApi.js"
import { AuthApi } from "./identity/AuthApi.js"
import { StaffApi } from "./identity/StaffApi.js"
import { SystemApi } from "./system/SystemApi.js"
import { TestHooksApi } from "./testHooks/TestHooksApi.js"

/**
 * The whole HTTP contract, mounted under `/api`. Every error answers with the
 * envelope; the description lists, per operation, the codes it can answer
 * with under their statuses (`documentErrors`).
 */
export class BluelightApi extends documentErrors(HttpApi.make("bluelight")
  .add(SystemApi)
  .add(AuthApi)
  .add(StaffApi)
  .add(AdminApi)
  .add(AuditApi)
  .prefix("/api")
  .annotateContext(OpenApi.annotations({
    title: "Bluelight API",
    version: "0.1.0",
    description: "The HTTP API behind the Bluelight operations platform: CAD, MDT, civilians, PNC, staff, moderation and audit."
  })))
{}

/** The API plus the test-only endpoints, served only with `BLUELIGHT_TEST_HOOKS=true`. */
export const BluelightApiWithTestHooks = documentErrors(BluelightApi.add(TestHooksApi))
