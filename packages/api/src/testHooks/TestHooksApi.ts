import { AuditEntryView } from "@bluelight/core/audit"
import { CalendarDate, Id, OneLineText, PageMeta, Timestamp } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { allow } from "../access.js"
import { BluelightApi } from "../Api.js"
import { BodyRules } from "../bodyRules.js"
import { describeApi } from "../openapi/describe.js"
import { Body } from "../schema/body.js"
import { Single, List } from "../schema/envelope.js"
import { IntegerFromString, LenientQuery, paging, StrictQuery } from "../schema/query.js"

/**
 * Endpoints that exist only with `BLUELIGHT_TEST_HOOKS=true` (refused in
 * production): they let black-box tests reach the request path's rules, a
 * defect, a slow request and the audit log before real features use them,
 * and move the server's clock forward (rate-limit windows without waiting).
 */
export const EchoBody = Body({
  id: Id,
  name: OneLineText({ min: 2, max: 60 }),
  at: Timestamp,
  day: CalendarDate,
  tags: Schema.Array(OneLineText({ min: 1, max: 20 })).check(Schema.isMaxLength(3))
})

const AuditedChange = Body({ action: OneLineText({ min: 3, max: 80 }), targetId: Schema.optional(Id) })

const testOnly = allow({ access: "public", permissions: [] })

export class TestHooksApi extends HttpApiGroup.make("testHooks")
  .add(HttpApiEndpoint.post("echo", "/__test/echo", { payload: EchoBody, success: Single(EchoBody) }).pipe(testOnly))
  .add(
    HttpApiEndpoint.get("page", "/__test/page", {
      query: StrictQuery({ ...paging, search: Schema.optional(OneLineText({ min: 1, max: 100 })) }),
      success: List(Schema.Int)
    }).pipe(testOnly)
  )
  .add(
    HttpApiEndpoint.get("lenient", "/__test/lenient", {
      query: LenientQuery({ ...paging, search: Schema.optional(OneLineText({ max: 100 })) }),
      success: Single(Schema.Struct({ search: Schema.NullOr(Schema.String), meta: PageMeta }))
    }).pipe(testOnly)
  )
  .add(
    HttpApiEndpoint.get("slow", "/__test/slow", {
      query: Schema.Struct({ ms: IntegerFromString("ms", { min: 0, max: 10_000 }) }),
      success: Single(Schema.Struct({ sleptMs: Schema.Int }))
    }).pipe(testOnly)
  )
  .add(
    HttpApiEndpoint.post("audit", "/__test/audit", {
      payload: AuditedChange,
      success: Single(Schema.Struct({ action: Schema.String })).pipe(HttpApiSchema.status(201))
    }).pipe(testOnly)
  )
  .add(HttpApiEndpoint.get("auditLog", "/__test/audit", { query: StrictQuery(paging), success: List(AuditEntryView) }).pipe(testOnly))
  // No success: it always fails (`204` in the description, like any endpoint without a body).
  .add(HttpApiEndpoint.get("defect", "/__test/defect").pipe(testOnly))
  .add(
    HttpApiEndpoint.post("clock", "/__test/clock", {
      payload: Body({ advanceMillis: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 7 * 24 * 3600 * 1000 })) }),
      success: Single(Schema.Struct({ now: Timestamp }))
    }).pipe(testOnly)
  )
  // As on every operation of the API (`BluelightApi`).
  .middleware(BodyRules)
  .prefix("/api")
{}

/**
 * The API plus the test-only endpoints, served only with `BLUELIGHT_TEST_HOOKS=true`. Not in the published
 * package (its `files` leave `dist/testHooks` out): a tool talks to the contract a production server serves.
 */
export const BluelightApiWithTestHooks = describeApi(BluelightApi.add(TestHooksApi))
