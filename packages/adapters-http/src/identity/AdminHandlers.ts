import { Accounts, createRole, issueCredential, listRoles, presentRole, revokeCredential, ServiceCredentials, setAccountStatus, updateRole } from "@bluelight/core/identity"
import { orNotFound } from "@bluelight/core/kernel"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import { currentCaller, currentUser } from "../auth/currentUser.js"
import { presentCredential } from "./present.js"

export const AdminHandlers = HttpApiBuilder.group(BluelightApi, "admin", (handlers) => Effect.gen(function*() {
  const accounts = yield* Accounts
  const credentials = yield* ServiceCredentials
  return handlers
    .handle("listAccounts", ({ urlParams: { limit, offset, ...filter } }) =>
      Effect.map(accounts.list(filter, { limit, offset }), (page) => ({ data: page.items, meta: page.meta })))
    .handle("getAccount", ({ path }) =>
      Effect.map(Effect.flatMap(accounts.findById(path.id), orNotFound("No such account")), (data) => ({ data })))
    .handle("updateAccount", ({ path, payload }) =>
      Effect.map(Effect.flatMap(currentCaller, (caller) => setAccountStatus(caller, path.id, payload.status)), (data) => ({ data })))
    .handle("listRoles", ({ urlParams }) => Effect.map(listRoles(urlParams), (page) => ({ data: page.items, meta: page.meta })))
    .handle("createRole", ({ payload }) =>
      Effect.map(Effect.flatMap(currentCaller, (caller) => createRole(caller, payload)), (role) => ({ data: presentRole(role) })))
    .handle("updateRole", ({ path, payload }) =>
      Effect.map(Effect.flatMap(currentCaller, (caller) => updateRole(caller, path.id, payload)), (role) => ({ data: presentRole(role) })))
    .handle("listServices", ({ urlParams }) =>
      Effect.map(credentials.list(urlParams), (page) => ({
        data: page.items.map(presentCredential),
        meta: page.meta
      })))
    .handle("issueService", ({ payload }) =>
      Effect.map(Effect.flatMap(currentUser, (caller) => issueCredential(caller, payload)), ({ credential, token }) => ({
        data: { id: credential.id, name: credential.name, expiresAt: credential.expiresAt, token, scopes: credential.scopes }
      })))
    .handle("revokeService", ({ path }) =>
      Effect.map(Effect.flatMap(currentUser, (caller) => revokeCredential(caller, path.id)), (credential) => ({
        data: presentCredential(credential)
      })))
}))
