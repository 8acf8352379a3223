import { AccountId, Forbidden, RoleId, StaffProfileId, StaffRoleIds } from "@bluelight/core/identity"
import { InvalidInput, InvalidState, NotFound, OneOf } from "@bluelight/core/kernel"
import { Schema, SchemaTransformation } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControlMiddleware.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single, List } from "../schema/envelope.js"
import { paging, StrictQuery } from "../schema/query.js"
import { StaffView } from "./schemas.js"

/** The roles of a profile: the core's rule (`StaffRoleIds`). */
const RoleIds = StaffRoleIds

/** Ids in the examples: the form of a real one; the reference's user puts real ones in. */
const EXAMPLE_ACCOUNT_ID = AccountId.make("0190a7f2-3c4d-7e5f-8a6b-1c2d3e4f5a6b")
const EXAMPLE_ROLE_ID = RoleId.make("0190a7f2-5e6f-7a8b-9c0d-1e2f3a4b5c6d")
const StaffPath = Schema.Struct({ id: StaffProfileId })
const Active = OneOf("true", "false").pipe(
  Schema.decodeTo(Schema.Boolean, SchemaTransformation.transform({ decode: (s) => s === "true", encode: (b) => (b ? "true" : "false") }))
)

export class StaffApi extends HttpApiGroup.make("staff")
  .add(
    HttpApiEndpoint.get("listStaff", "/staff", {
      query: StrictQuery({ ...paging, active: Schema.optional(Active) }),
      success: List(StaffView)
    })
      .annotate(OpenApi.Summary, "List staff profiles")
      .annotate(OpenApi.Description, "Staff profiles ordered by display name; `active` keeps only active or only inactive ones.")
      .pipe(allow({ access: "session-or-credential", permissions: ["staff.view"] }))
  )
  .add(
    HttpApiEndpoint.get("getStaff", "/staff/:id", {
      params: StaffPath,
      success: Single(StaffView),
      error: failsWith(NotFound)
    })
      .annotate(OpenApi.Summary, "Get a staff profile")
      .annotate(OpenApi.Description, "One staff profile with its account and roles.")
      .pipe(allow({ access: "session-or-credential", permissions: ["staff.view"] }))
  )
  .add(
    HttpApiEndpoint.post("createStaff", "/staff", {
      payload: Body({ accountId: AccountId, roleIds: RoleIds }, {
        name: "StaffProfileInput",
        example: { accountId: EXAMPLE_ACCOUNT_ID, roleIds: [EXAMPLE_ROLE_ID] }
      }),
      success: Single(StaffView).pipe(HttpApiSchema.status(201)),
      error: failsWith(NotFound, InvalidInput, InvalidState, Forbidden)
    })
      .annotate(OpenApi.Summary, "Create a staff profile")
      .annotate(
        OpenApi.Description,
        "Makes an account staff, with the roles granted on the profile. The person must have signed in once (that creates " +
          "the account; its id is in GET /api/admin/accounts). An account has one profile (`INVALID_STATE`); " +
          "an unknown role id is `INVALID_INPUT` with its path; granting a role that holds `admin.manage` needs " +
          "`admin.manage` (`FORBIDDEN`). The example's ids are placeholders: put in real ones."
      )
      .pipe(allow({ access: "session", permissions: ["staff.manage"] }))
  )
  .add(
    HttpApiEndpoint.patch("updateStaff", "/staff/:id", {
      params: StaffPath,
      payload: Body({ active: Schema.optionalKey(Schema.Boolean), roleIds: Schema.optionalKey(RoleIds) }, {
        name: "StaffProfileUpdate",
        example: { active: true }
      }),
      success: Single(StaffView),
      error: failsWith(NotFound, InvalidInput, Forbidden)
    })
      .annotate(OpenApi.Summary, "Update a staff profile")
      .annotate(
        OpenApi.Description,
        "Activates or deactivates the profile, or replaces its roles (`roleIds`, every role it should hold). " +
          "A deactivated profile's permissions stop from the next request on. Changing the profile of someone holding " +
          "`admin.manage`, or granting a role that holds it, needs `admin.manage` (`FORBIDDEN`)."
      )
      .pipe(allow({ access: "session", permissions: ["staff.manage"] }))
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "Staff")
  .annotate(OpenApi.Description, "Staff profiles: who is staff, and the roles that give them their permissions.")
{}
