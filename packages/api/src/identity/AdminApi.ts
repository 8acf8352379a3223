import {
  Account,
  AccountId,
  AccountStatus,
  CREDENTIAL_LIFETIME_DAYS,
  CredentialLifetimeDays,
  CredentialName,
  CredentialScopes,
  InvalidScope,
  MEMBER_ROLE_ID,
  ProviderRoleId,
  ReservedRole,
  Role,
  RoleId,
  RoleLinkExists,
  RoleLinkId,
  RoleLinkView,
  RoleName,
  RoleNotLinkable,
  RolePermissions,
  RoleSyncResult,
  RoleSyncStatus,
  ServiceCredentialId
} from "@bluelight/core/identity"
import { InvalidState, NotFound, OneLineText } from "@bluelight/core/kernel"
import { Effect, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { change, created, one, page } from "../endpointParts.js"
import { failsWith } from "../errors/declared.js"
import { Single } from "../schema/envelope.js"
import { Body } from "../schema/body.js"
import { CredentialView, IssuedCredential } from "./schemas.js"

const admin = operation({ access: "session", permissions: ["admin.manage"] })
const AccountPath = Schema.Struct({ id: AccountId })
const RolePath = Schema.Struct({ id: RoleId })
const ServicePath = Schema.Struct({ id: ServiceCredentialId })
const RoleLinkPath = Schema.Struct({ id: RoleLinkId })

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
  .add(
    HttpApiEndpoint.get("listRoleLinks", "/admin/role-links", page({}, RoleLinkView)).pipe(
      admin(
        "List role links",
        "Each link says: members of the community's chat server holding the provider role `providerRoleId` hold this role " +
          "(granted by the role sync, source `PROVIDER`). Oldest first."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "createRoleLink",
      "/admin/role-links",
      created(
        Body({ providerRoleId: ProviderRoleId, roleId: RoleId }, {
          name: "RoleLinkInput",
          example: { providerRoleId: "1187654321098765432", roleId: MEMBER_ROLE_ID }
        }),
        RoleLinkView,
        NotFound,
        RoleLinkExists,
        RoleNotLinkable
      )
    ).pipe(
      admin(
        "Link a provider role to a role",
        "`providerRoleId` is the identity provider's role id (1 to 32 digits); `roleId` an existing role (`NOT_FOUND` " +
          "otherwise). The same pair twice is `ROLE_LINK_EXISTS`. The Administrator, or a role holding `admin.manage`, is " +
          "`ROLE_NOT_LINKABLE`: a compromised chat server must not make administrators (a linked role that later comes to hold " +
          "`admin.manage` is no longer given by the link). Audited as `role.link.created`."
      )
    )
  )
  .add(
    HttpApiEndpoint.delete("removeRoleLink", "/admin/role-links/:id", one(RoleLinkPath, RoleLinkView)).pipe(
      admin(
        "Remove a role link",
        "Answers the removed link. The grants the sync made through it are taken back by the next sync; grants by hand stay. " +
          "Audited as `role.link.removed`."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getRoleSync", "/admin/role-sync", { success: Single(RoleSyncStatus) }).pipe(
      admin(
        "Role sync status",
        "Whether role sync is configured (`IDP_MEMBER_URL`, `IDP_GUILD_ID`, `IDP_BOT_TOKEN`; unset, links can be managed but " +
          "no sync runs), and the last run (`trigger` `SCHEDULE` or `ON_DEMAND`) or `null`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post("runRoleSync", "/admin/role-sync", { success: Single(RoleSyncResult), error: failsWith(InvalidState) }).pipe(
      admin(
        "Sync roles now",
        "Reads every active staff member's roles on the identity provider, one request at a time (waiting out `429`), and " +
          "makes their linked grants match; grants by hand are never touched, and a person the provider cannot be read for " +
          "is left as they were (`failed`). Each profile changed is audited as `staff.roles.synced`, this administrator the " +
          "actor. `INVALID_STATE` when sync is not configured, or while a sync runs (here or on another instance)."
      )
    )
  )
  .annotate(OpenApi.Title, "Administration")
  .annotate(OpenApi.Description, "Accounts, roles, role links and the role sync, and service credentials.")
{}
