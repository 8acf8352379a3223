import {
  AccountId,
  AccountStatus,
  CREDENTIAL_LIFETIME_DAYS,
  CredentialLifetimeDays,
  CredentialName,
  CredentialScopes,
  InvalidScope,
  ReservedRole,
  RoleId,
  RoleName,
  RolePermissions,
  ServiceCredentialId
} from "@bluelight/core/identity"
import { InvalidState, NotFound, OneLineText } from "@bluelight/core/kernel"
import { Effect, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControlMiddleware.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single, List } from "../schema/envelope.js"
import { paging, StrictQuery } from "../schema/query.js"
import { AccountView, CredentialView, IssuedCredential, RoleView } from "./schemas.js"

const admin = allow({ access: "session", permissions: ["admin.manage"] })
const AccountPath = Schema.Struct({ id: AccountId })
const RolePath = Schema.Struct({ id: RoleId })
const ServicePath = Schema.Struct({ id: ServiceCredentialId })

const { min, max } = CREDENTIAL_LIFETIME_DAYS

export class AdminApi extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.get("listAccounts", "/admin/accounts", {
      query: StrictQuery({ ...paging, status: Schema.optional(AccountStatus), search: Schema.optional(OneLineText({ min: 1, max: 100 })) }),
      success: List(AccountView)
    })
      .annotate(OpenApi.Summary, "List accounts")
      .annotate(
        OpenApi.Description,
        "Every account, signed in at least once: `status` keeps one status, `search` keeps display names containing it " +
          "(case-insensitive, taken literally)."
      )
      .pipe(admin)
  )
  .add(
    HttpApiEndpoint.get("getAccount", "/admin/accounts/:id", {
      params: AccountPath,
      success: Single(AccountView),
      error: failsWith(NotFound)
    })
      .annotate(OpenApi.Summary, "Get an account")
      .annotate(OpenApi.Description, "One account with its identity and game-platform links.")
      .pipe(admin)
  )
  .add(
    HttpApiEndpoint.patch("updateAccount", "/admin/accounts/:id", {
      params: AccountPath,
      payload: Body({ status: AccountStatus }, { name: "AccountStatusChange", example: { status: "ACTIVE" } }),
      success: Single(AccountView),
      error: failsWith(NotFound, InvalidState)
    })
      .annotate(OpenApi.Summary, "Change an account's status")
      .annotate(
        OpenApi.Description,
        "Suspends, disables or reinstates an account. Suspending or disabling revokes every session of the account for good; " +
          "while it is not active, its requests are refused (`ACCOUNT_DISABLED`). Nobody can suspend or disable their own " +
          "account (`INVALID_STATE`). Audited as `account.status.changed`."
      )
      .pipe(admin)
  )
  .add(
    HttpApiEndpoint.get("listRoles", "/admin/roles", {
      query: StrictQuery(paging),
      success: List(RoleView)
    })
      .annotate(OpenApi.Summary, "List roles")
      .annotate(OpenApi.Description, "The built-in roles first (Administrator, Member), then the others, newest first.")
      .pipe(admin)
  )
  .add(
    HttpApiEndpoint.post("createRole", "/admin/roles", {
      payload: Body({ name: RoleName, permissions: RolePermissions }, {
        name: "RoleInput",
        example: { name: "Dispatcher", permissions: ["cad.view", "cad.dispatch"] }
      }),
      success: Single(RoleView).pipe(HttpApiSchema.status(201)),
      error: failsWith(ReservedRole, InvalidState)
    })
      .annotate(OpenApi.Summary, "Create a role")
      .annotate(
        OpenApi.Description,
        "Role names are unique (`INVALID_STATE` when taken); the name Administrator is reserved (`RESERVED_ROLE`). " +
          "Audited as `role.permissions.changed`."
      )
      .pipe(admin)
  )
  .add(
    HttpApiEndpoint.patch("updateRole", "/admin/roles/:id", {
      params: RolePath,
      payload: Body({ name: Schema.optionalKey(RoleName), permissions: Schema.optionalKey(RolePermissions) }, {
        name: "RoleUpdate",
        example: { name: "Senior Dispatcher", permissions: ["cad.view", "cad.dispatch", "cad.incidents.manage"] }
      }),
      success: Single(RoleView),
      error: failsWith(NotFound, ReservedRole, InvalidState)
    })
      .annotate(OpenApi.Summary, "Update a role")
      .annotate(
        OpenApi.Description,
        "Renames a role or replaces its permissions (every key it should hold). The Administrator role cannot be edited " +
          "(`RESERVED_ROLE`); the Member role keeps its name (`INVALID_STATE`) but its permissions can change. " +
          "Audited as `role.permissions.changed`, or `role.renamed` when only the name changes."
      )
      .pipe(admin)
  )
  .add(
    HttpApiEndpoint.get("listServices", "/admin/services", {
      query: StrictQuery(paging),
      success: List(CredentialView)
    })
      .annotate(OpenApi.Summary, "List service credentials")
      .annotate(OpenApi.Description, "Every service credential, revoked and expired ones too; never their tokens.")
      .pipe(admin)
  )
  .add(
    HttpApiEndpoint.post("issueService", "/admin/services", {
      payload: Body({
        name: CredentialName,
        scopes: CredentialScopes,
        lifetimeDays: CredentialLifetimeDays.pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(CREDENTIAL_LIFETIME_DAYS.default)))
      }, {
        name: "ServiceCredentialInput",
        example: { name: "Discord bot", scopes: ["staff.view", "audit.view"], lifetimeDays: CREDENTIAL_LIFETIME_DAYS.default }
      }),
      success: Single(IssuedCredential).pipe(HttpApiSchema.status(201)),
      error: failsWith(InvalidScope)
    })
      .annotate(OpenApi.Summary, "Issue a service credential")
      .annotate(
        OpenApi.Description,
        `A bearer token for an integration, valid \`lifetimeDays\` (${min} to ${max}, default ${CREDENTIAL_LIFETIME_DAYS.default}). ` +
          "The token appears only in this response; only its hash is kept. The credential can do exactly what its scopes allow; " +
          "`admin.manage` and `staff.manage` cannot be granted (`INVALID_SCOPE`). Audited as `service.issued`."
      )
      .pipe(admin)
  )
  .add(
    HttpApiEndpoint.delete("revokeService", "/admin/services/:id", {
      params: ServicePath,
      success: Single(CredentialView),
      error: failsWith(NotFound)
    })
      .annotate(OpenApi.Summary, "Revoke a service credential")
      .annotate(OpenApi.Description, "Revocation applies from the next request. Audited as `service.revoked`.")
      .pipe(admin)
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "Administration")
  .annotate(OpenApi.Description, "Accounts, roles and service credentials.")
{}
