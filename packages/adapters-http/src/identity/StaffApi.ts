import { AccountId, Forbidden, RoleId, StaffProfileId } from "@bluelight/core/identity"
import { InvalidInput, InvalidState, NotFound, OneOf } from "@bluelight/core/kernel"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControl.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Data, List } from "../schema/envelope.js"
import { paging, StrictQuery } from "../schema/query.js"
import { StaffView } from "./schemas.js"

const RoleIds = Schema.Array(RoleId).pipe(Schema.maxItems(32, { message: () => "at most 32 roles" }))
const StaffPath = Schema.Struct({ id: StaffProfileId })
const Active = OneOf("true", "false").pipe(
  Schema.transform(Schema.Boolean, { strict: true, decode: (s) => s === "true", encode: (b) => (b ? "true" : "false") })
)

export class StaffApi extends HttpApiGroup.make("staff")
  .add(
    HttpApiEndpoint.get("listStaff", "/staff")
      .setUrlParams(StrictQuery({ ...paging, active: Schema.optional(Active) }))
      .addSuccess(List(StaffView))
      .annotate(OpenApi.Description, "Staff profiles ordered by display name")
      .pipe(allow({ access: "session-or-credential", permissions: ["staff.view"] }))
  )
  .add(
    HttpApiEndpoint.get("getStaff", "/staff/:id")
      .setPath(StaffPath)
      .addSuccess(Data(StaffView))
      .pipe(failsWith(NotFound), allow({ access: "session-or-credential", permissions: ["staff.view"] }))
  )
  .add(
    HttpApiEndpoint.post("createStaff", "/staff")
      .setPayload(Body({ accountId: AccountId, roleIds: RoleIds }))
      .addSuccess(Data(StaffView), { status: 201 })
      .annotate(OpenApi.Description, "Granting a role that holds admin.manage needs admin.manage")
      .pipe(failsWith(NotFound, InvalidInput, InvalidState, Forbidden), allow({ access: "session", permissions: ["staff.manage"] }))
  )
  .add(
    HttpApiEndpoint.patch("updateStaff", "/staff/:id")
      .setPath(StaffPath)
      .setPayload(Body({ active: Schema.optional(Schema.Boolean), roleIds: Schema.optional(RoleIds) }))
      .addSuccess(Data(StaffView))
      .pipe(failsWith(NotFound, InvalidInput, Forbidden), allow({ access: "session", permissions: ["staff.manage"] }))
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "Staff")
{}
