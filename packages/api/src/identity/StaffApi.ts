import { AccountId, Forbidden, RoleId, StaffProfileId, StaffRoleIds } from "@bluelight/core/identity"
import { InvalidInput, InvalidState, NotFound, OneOf } from "@bluelight/core/kernel"
import { Schema, SchemaTransformation } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { change, created, one, page } from "../endpointParts.js"
import { Body } from "../schema/body.js"
import { StaffView } from "./schemas.js"

const manage = operation({ access: "session", permissions: ["staff.manage"] })
const view = operation({ access: "session-or-credential", permissions: ["staff.view"] })

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
    HttpApiEndpoint.get("listStaff", "/staff", page({ active: Schema.optional(Active) }, StaffView)).pipe(
      view(
        "List staff profiles",
        "Staff profiles ordered by display name; `active` keeps only active or only inactive ones."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getStaff", "/staff/:id", one(StaffPath, StaffView)).pipe(
      view("Get a staff profile", "One staff profile with its account and roles.")
    )
  )
  .add(
    HttpApiEndpoint.post(
      "createStaff",
      "/staff",
      created(
        Body({ accountId: AccountId, roleIds: RoleIds }, {
          name: "StaffProfileInput",
          example: { accountId: EXAMPLE_ACCOUNT_ID, roleIds: [EXAMPLE_ROLE_ID] }
        }),
        StaffView,
        NotFound,
        InvalidInput,
        InvalidState,
        Forbidden
      )
    ).pipe(
      manage(
        "Create a staff profile",
        "Makes an account staff, with the roles granted on the profile. The person must have signed in once (that creates " +
          "the account; its id is in GET /api/admin/accounts). An account has one profile (`INVALID_STATE`); " +
          "an unknown role id is `INVALID_INPUT` with its path; granting a role that holds `admin.manage` needs " +
          "`admin.manage` (`FORBIDDEN`). The example's ids are placeholders: put in real ones."
      )
    )
  )
  .add(
    HttpApiEndpoint.patch(
      "updateStaff",
      "/staff/:id",
      change(
        StaffPath,
        Body({ active: Schema.optionalKey(Schema.Boolean), roleIds: Schema.optionalKey(RoleIds) }, {
          name: "StaffProfileUpdate",
          example: { active: true }
        }),
        StaffView,
        NotFound,
        InvalidInput,
        Forbidden
      )
    ).pipe(
      manage(
        "Update a staff profile",
        "Activates or deactivates the profile, or replaces its roles (`roleIds`, every role it should hold). " +
          "A deactivated profile's permissions stop from the next request on. Changing the profile of someone holding " +
          "`admin.manage`, or granting a role that holds it, needs `admin.manage` (`FORBIDDEN`)."
      )
    )
  )
  .annotate(OpenApi.Title, "Staff")
  .annotate(OpenApi.Description, "Staff profiles: who is staff, and the roles that give them their permissions.")
{}
