import { AccountId, AccountStatus, CREDENTIAL_LIFETIME_DAYS, InvalidScope, Permission, ReservedRole, RoleId, ServiceCredentialId } from "@bluelight/core/identity"
import { InvalidState, NotFound, TrimmedText } from "@bluelight/core/kernel"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControl.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Data, List } from "../schema/envelope.js"
import { paging, StrictQuery } from "../schema/query.js"
import { AccountView, CredentialView, IssuedCredential, RoleView } from "./schemas.js"

const admin = allow({ access: "session", permissions: ["admin.manage"] })
const AccountPath = Schema.Struct({ id: AccountId })
const RolePath = Schema.Struct({ id: RoleId })
const ServicePath = Schema.Struct({ id: ServiceCredentialId })

const RoleName = TrimmedText({ min: 2, max: 60 })
const RolePermissions = Schema.Array(Permission).pipe(
  Schema.maxItems(32, { message: () => "at most 32 permissions" })
)

const { min, max } = CREDENTIAL_LIFETIME_DAYS
const LifetimeDays = Schema.Int.pipe(Schema.between(min, max, { message: () => `lifetimeDays must be an integer from ${min} to ${max}` }))

export class AdminApi extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.get("listAccounts", "/admin/accounts")
      .setUrlParams(StrictQuery({ ...paging, status: Schema.optional(AccountStatus), search: Schema.optional(TrimmedText({ min: 1, max: 100 })) }))
      .addSuccess(List(AccountView))
      .pipe(admin)
  )
  .add(HttpApiEndpoint.get("getAccount", "/admin/accounts/:id").setPath(AccountPath).addSuccess(Data(AccountView)).pipe(failsWith(NotFound), admin))
  .add(
    HttpApiEndpoint.patch("updateAccount", "/admin/accounts/:id")
      .setPath(AccountPath)
      .setPayload(Body({ status: AccountStatus }))
      .addSuccess(Data(AccountView))
      .annotate(OpenApi.Description, "Suspending or disabling revokes every session of the account")
      .pipe(failsWith(NotFound, InvalidState), admin)
  )
  .add(HttpApiEndpoint.get("listRoles", "/admin/roles").setUrlParams(StrictQuery(paging)).addSuccess(List(RoleView)).pipe(admin))
  .add(
    HttpApiEndpoint.post("createRole", "/admin/roles")
      .setPayload(Body({ name: RoleName, permissions: RolePermissions }))
      .addSuccess(Data(RoleView), { status: 201 })
      .annotate(OpenApi.Description, "The name Administrator is reserved (RESERVED_ROLE). Audited as role.permissions.changed")
      .pipe(failsWith(ReservedRole, InvalidState), admin)
  )
  .add(
    HttpApiEndpoint.patch("updateRole", "/admin/roles/:id")
      .setPath(RolePath)
      .setPayload(Body({ name: Schema.optional(RoleName), permissions: Schema.optional(RolePermissions) }))
      .addSuccess(Data(RoleView))
      .pipe(failsWith(NotFound, ReservedRole, InvalidState), admin)
  )
  .add(HttpApiEndpoint.get("listServices", "/admin/services").setUrlParams(StrictQuery(paging)).addSuccess(List(CredentialView)).pipe(admin))
  .add(
    HttpApiEndpoint.post("issueService", "/admin/services")
      .setPayload(Body({
        name: TrimmedText({ min: 2, max: 80 }),
        scopes: Schema.Array(Permission).pipe(Schema.minItems(1, { message: () => "at least one scope" }), Schema.maxItems(32, { message: () => "at most 32 scopes" })),
        lifetimeDays: Schema.optionalWith(LifetimeDays, { default: () => CREDENTIAL_LIFETIME_DAYS.default })
      }))
      .addSuccess(Data(IssuedCredential), { status: 201 })
      .annotate(OpenApi.Description, "The token appears only in this response. admin.manage and staff.manage cannot be granted (INVALID_SCOPE). Audited as service.issued")
      .pipe(failsWith(InvalidScope), admin)
  )
  .add(
    HttpApiEndpoint.del("revokeService", "/admin/services/:id")
      .setPath(ServicePath)
      .addSuccess(Data(CredentialView))
      .annotate(OpenApi.Description, "Revocation applies from the next request. Audited as service.revoked")
      .pipe(failsWith(NotFound), admin)
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "Administration")
{}
