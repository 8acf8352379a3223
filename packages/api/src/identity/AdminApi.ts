import {
  Account,
  AccountId,
  AccountStatus,
  CREDENTIAL_LIFETIME_DAYS,
  CredentialLifetimeDays,
  CredentialName,
  CredentialScopes,
  InvalidScope,
  ReservedRole,
  Role,
  RoleId,
  RoleName,
  RolePermissions,
  ServiceCredentialId
} from "@bluelight/core/identity"
import { InvalidState, NotFound, OneLineText } from "@bluelight/core/kernel"
import { Effect, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { change, created, one, page } from "../endpointParts.js"
import { Body } from "../schema/body.js"
import { CredentialView, IssuedCredential } from "./schemas.js"

const admin = operation({ access: "session", permissions: ["admin.manage"] })
const AccountPath = Schema.Struct({ id: AccountId })
const RolePath = Schema.Struct({ id: RoleId })
const ServicePath = Schema.Struct({ id: ServiceCredentialId })

const { min, max } = CREDENTIAL_LIFETIME_DAYS

export class AdminApi extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.get(
      "listAccounts",
      "/admin/accounts",
      page({ status: Schema.optional(AccountStatus), search: Schema.optional(OneLineText({ min: 1, max: 100 })) }, Account)
    ).pipe(
      admin(
        "List accounts",
        "Every account, signed in at least once: `status` keeps one status, `search` keeps display names containing it " +
          "(case-insensitive, taken literally)."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getAccount", "/admin/accounts/:id", one(AccountPath, Account)).pipe(
      admin("Get an account", "One account with its identity and game-platform links.")
    )
  )
  .add(
    HttpApiEndpoint.patch(
      "updateAccount",
      "/admin/accounts/:id",
      change(AccountPath, Body({ status: AccountStatus }, { name: "AccountStatusChange", example: { status: "ACTIVE" } }), Account, NotFound, InvalidState)
    ).pipe(
      admin(
        "Change an account's status",
        "Suspends, disables or reinstates an account. Suspending or disabling revokes every session of the account for good; " +
          "while it is not active, its requests are refused (`ACCOUNT_DISABLED`). Nobody can suspend or disable their own " +
          "account (`INVALID_STATE`). Audited as `account.status.changed`."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("listRoles", "/admin/roles", page({}, Role)).pipe(
      admin("List roles", "The built-in roles first (Administrator, Member), then the others, newest first.")
    )
  )
  .add(
    HttpApiEndpoint.post(
      "createRole",
      "/admin/roles",
      created(
        Body({ name: RoleName, permissions: RolePermissions }, {
          name: "RoleInput",
          example: { name: "Dispatcher", permissions: ["cad.view", "cad.dispatch"] }
        }),
        Role,
        ReservedRole,
        InvalidState
      )
    ).pipe(
      admin(
        "Create a role",
        "Role names are unique (`INVALID_STATE` when taken); the name Administrator is reserved (`RESERVED_ROLE`). Audited as `role.permissions.changed`."
      )
    )
  )
  .add(
    HttpApiEndpoint.patch(
      "updateRole",
      "/admin/roles/:id",
      change(
        RolePath,
        Body({ name: Schema.optionalKey(RoleName), permissions: Schema.optionalKey(RolePermissions) }, {
          name: "RoleUpdate",
          example: { name: "Senior Dispatcher", permissions: ["cad.view", "cad.dispatch", "cad.incidents.manage"] }
        }),
        Role,
        NotFound,
        ReservedRole,
        InvalidState
      )
    ).pipe(
      admin(
        "Update a role",
        "Renames a role or replaces its permissions (every key it should hold). The Administrator role cannot be edited " +
          "(`RESERVED_ROLE`); the Member role keeps its name (`INVALID_STATE`) but its permissions can change. " +
          "Audited as `role.permissions.changed`, or `role.renamed` when only the name changes."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("listServices", "/admin/services", page({}, CredentialView)).pipe(
      admin("List service credentials", "Every service credential, revoked and expired ones too; never their tokens.")
    )
  )
  .add(
    HttpApiEndpoint.post(
      "issueService",
      "/admin/services",
      created(
        Body({
          name: CredentialName,
          scopes: CredentialScopes,
          lifetimeDays: CredentialLifetimeDays.pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(CREDENTIAL_LIFETIME_DAYS.default)))
        }, {
          name: "ServiceCredentialInput",
          example: { name: "Discord bot", scopes: ["staff.view", "audit.view"], lifetimeDays: CREDENTIAL_LIFETIME_DAYS.default }
        }),
        IssuedCredential,
        InvalidScope
      )
    ).pipe(
      admin(
        "Issue a service credential",
        `A bearer token for an integration, valid \`lifetimeDays\` (${min} to ${max}, default ${CREDENTIAL_LIFETIME_DAYS.default}). ` +
          "The token appears only in this response; only its hash is kept. The credential can do exactly what its scopes allow; " +
          "`admin.manage` and `staff.manage` cannot be granted (`INVALID_SCOPE`). Audited as `service.issued`."
      )
    )
  )
  .add(
    HttpApiEndpoint.delete("revokeService", "/admin/services/:id", one(ServicePath, CredentialView)).pipe(
      admin("Revoke a service credential", "Revocation applies from the next request. Audited as `service.revoked`.")
    )
  )
  .annotate(OpenApi.Title, "Administration")
  .annotate(OpenApi.Description, "Accounts, roles and service credentials.")
{}
