import { AuditEntryView } from "@bluelight/core/audit"
import { CalendarDate, Id, OneLineText, PageMeta, Timestamp } from "@bluelight/core/kernel"
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { allow } from "../access.js"
import { Body } from "../schema/body.js"
import { Data, List } from "../schema/envelope.js"
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
  tags: Schema.Array(OneLineText({ min: 1, max: 20 })).pipe(Schema.maxItems(3))
})

const AuditedChange = Body({ action: OneLineText({ min: 3, max: 80 }), targetId: Schema.optional(Id) })

const testOnly = allow({ access: "public", permissions: [] })

export class TestHooksApi extends HttpApiGroup.make("testHooks")
  .add(HttpApiEndpoint.post("echo", "/__test/echo").setPayload(EchoBody).addSuccess(Data(EchoBody)).pipe(testOnly))
  .add(
    HttpApiEndpoint.get("page", "/__test/page")
      .setUrlParams(StrictQuery({ ...paging, search: Schema.optional(OneLineText({ min: 1, max: 100 })) }))
      .addSuccess(List(Schema.Int))
      .pipe(testOnly)
  )
  .add(
    HttpApiEndpoint.get("lenient", "/__test/lenient")
      .setUrlParams(LenientQuery({ ...paging, search: Schema.optional(OneLineText({ max: 100 })) }))
      .addSuccess(Data(Schema.Struct({ search: Schema.NullOr(Schema.String), meta: PageMeta })))
      .pipe(testOnly)
  )
  .add(
    HttpApiEndpoint.get("slow", "/__test/slow")
      .setUrlParams(Schema.Struct({ ms: IntegerFromString("ms", { min: 0, max: 10_000 }) }))
      .addSuccess(Data(Schema.Struct({ sleptMs: Schema.Int })))
      .pipe(testOnly)
  )
  .add(
    HttpApiEndpoint.post("audit", "/__test/audit")
      .setPayload(AuditedChange)
      .addSuccess(Data(Schema.Struct({ action: Schema.String })), { status: 201 })
      .pipe(testOnly)
  )
  .add(
    HttpApiEndpoint.get("auditLog", "/__test/audit")
      .setUrlParams(StrictQuery(paging))
      .addSuccess(List(AuditEntryView))
      .pipe(testOnly)
  )
  .add(HttpApiEndpoint.get("defect", "/__test/defect").addSuccess(Schema.Void).pipe(testOnly))
  .add(
    HttpApiEndpoint.post("clock", "/__test/clock")
      .setPayload(Body({ advanceMillis: Schema.Int.pipe(Schema.between(0, 7 * 24 * 3600 * 1000)) }))
      .addSuccess(Data(Schema.Struct({ now: Timestamp })))
      .pipe(testOnly)
  )
  .prefix("/api")
{}
