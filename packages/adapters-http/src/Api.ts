import { HttpApi, OpenApi } from "@effect/platform"
import { AuditApi } from "./audit/AuditApi.js"
import { AdminApi } from "./identity/AdminApi.js"
import { AuthApi } from "./identity/AuthApi.js"
import { StaffApi } from "./identity/StaffApi.js"
import { ErrorEnvelope } from "./schema/envelope.js"
import { SystemApi } from "./system/SystemApi.js"
import { TestHooksApi } from "./testHooks/TestHooksApi.js"

/**
 * The whole HTTP contract, mounted under `/api`. Every error answers with the
 * envelope; the statuses below are the ones any operation can give.
 */
export class BluelightApi extends HttpApi.make("bluelight")
  .add(SystemApi)
  .add(AuthApi)
  .add(StaffApi)
  .add(AdminApi)
  .add(AuditApi)
  .addError(ErrorEnvelope, { status: 400 })
  .addError(ErrorEnvelope, { status: 404 })
  .addError(ErrorEnvelope, { status: 413 })
  .addError(ErrorEnvelope, { status: 415 })
  .addError(ErrorEnvelope, { status: 500 })
  .prefix("/api")
  .annotateContext(OpenApi.annotations({
    title: "Bluelight API",
    version: "0.1.0",
    description: "The HTTP API behind the Bluelight operations platform: CAD, MDT, civilians, PNC, staff, moderation and audit."
  }))
{}

/** The API plus the test-only endpoints, served only with `BLUELIGHT_TEST_HOOKS=true`. */
export const BluelightApiWithTestHooks = BluelightApi.add(TestHooksApi)
