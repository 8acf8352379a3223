import {
  Accounts,
  createRole,
  createRoleLink,
  issueCredential,
  listRoleLinks,
  listRoles,
  presentRole,
  removeRoleLink,
  revokeCredential,
  roleSyncStatus,
  syncRolesNow,
  ServiceCredentials,
  setAccountStatus,
  updateRole
} from "@bluelight/core/identity"
import { orNotFound } from "@bluelight/core/kernel"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { page } from "../envelope.js"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentCaller, CurrentUser } from "@bluelight/api/auth/CurrentCaller.js"
import { presentCredential } from "./present.js"

export const AdminHandlers = HttpApiBuilder.group(BluelightApi, "admin", (handlers) =>
  Effect.gen(function*() {
    const accounts = yield* Accounts
    const credentials = yield* ServiceCredentials
    return handlers
      .handle("listAccounts", ({ query: { limit, offset, ...filter } }) => Effect.map(accounts.list(filter, { limit, offset }), page))
      .handle("getAccount", ({ params }) => Effect.map(accounts.findById(params.id).pipe(orNotFound("No such account")), (data) => ({ data })))
      .handle("updateAccount", ({ params, payload }) =>
        Effect.map(
          CurrentCaller.use((caller) => setAccountStatus(caller, params.id, payload.status)),
          (data) => ({ data })
        ))
      .handle("listRoles", ({ query }) => Effect.map(listRoles(query), page))
      .handle("createRole", ({ payload }) =>
        Effect.map(
          CurrentCaller.use((caller) => createRole(caller, payload)),
          (role) => ({ data: presentRole(role) })
        ))
      .handle("updateRole", ({ params, payload }) =>
        Effect.map(
          CurrentCaller.use((caller) => updateRole(caller, params.id, payload)),
          (role) => ({ data: presentRole(role) })
        ))
      .handle("listServices", ({ query }) =>
        Effect.map(credentials.list(query), (page) => ({
          data: page.items.map(presentCredential),
          meta: page.meta
        })))
      .handle("issueService", ({ payload }) =>
        Effect.map(
          CurrentUser.use((caller) => issueCredential(caller, payload)),
          ({ credential, token }) => ({
            data: { id: credential.id, name: credential.name, expiresAt: credential.expiresAt, token, scopes: credential.scopes }
          })
        ))
      .handle("revokeService", ({ params }) =>
        Effect.map(CurrentUser.use((caller) => revokeCredential(caller, params.id)), (credential) => ({
          data: presentCredential(credential)
        })))
      .handle("listRoleLinks", ({ query }) => Effect.map(listRoleLinks(query), page))
      .handle("createRoleLink", ({ payload }) => Effect.map(CurrentUser.use((caller) => createRoleLink(caller, payload)), (data) => ({ data })))
      .handle("removeRoleLink", ({ params }) => Effect.map(CurrentUser.use((caller) => removeRoleLink(caller, params.id)), (data) => ({ data })))
      .handle("getRoleSync", () => Effect.map(roleSyncStatus(), (data) => ({ data })))
      .handle("runRoleSync", () => Effect.map(CurrentUser.use((caller) => syncRolesNow(caller)), (data) => ({ data })))
  }))
