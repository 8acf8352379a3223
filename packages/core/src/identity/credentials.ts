import { DateTime, Effect, Schema } from "effect"
import { actorOf, type UserCaller } from "./Caller.js"
import { InvalidScope } from "./errors.js"
import type { Permission } from "./permissions.js"
import { requires } from "./permitted.js"
import { AuditLog, inTransaction, newId, orNotFound, validated } from "../kernel/index.js"
import { ServiceCredentials, Tokens } from "./ports.js"
import { ServiceCredentialId } from "./ids.js"
import { sortedPermissions } from "./Role.js"
import {
  CREDENTIAL_TOKEN_PREFIX,
  CredentialLifetimeDays,
  CredentialName,
  CredentialScopes,
  type ServiceCredential,
  UNGRANTABLE_SCOPES
} from "./ServiceCredential.js"
import { SECRET_BYTES } from "./signIn.js"

/** A credential as the credential rules have it (name, scopes, lifetime): a caller that skipped the contract is held to them too. */
const validCredential = validated(
  Schema.Struct({ name: CredentialName, scopes: CredentialScopes, lifetimeDays: CredentialLifetimeDays }),
  "The service credential is not valid"
)

/** Issues a credential; its token is answered here once and never again. Audited as `service.issued`. */
export const issueCredential = Effect.fn("identity.issueCredential")(function*(
  caller: UserCaller,
  fields: { readonly name: string; readonly scopes: ReadonlyArray<Permission>; readonly lifetimeDays: number }
) {
  const input = yield* validCredential(fields)
  const refusedScopes = input.scopes.filter((scope) => UNGRANTABLE_SCOPES.includes(scope))
  if (refusedScopes.length > 0) {
    return yield* new InvalidScope({ message: `These scopes cannot be granted to a credential: ${[...new Set(refusedScopes)].join(", ")}` })
  }
  const tokens = yield* Tokens
  const token = CREDENTIAL_TOKEN_PREFIX + (yield* tokens.random(SECRET_BYTES))
  const now = yield* DateTime.now
  const credential: ServiceCredential = {
    id: yield* newId(ServiceCredentialId),
    name: input.name,
    tokenHash: yield* tokens.sha256(token),
    scopes: sortedPermissions(input.scopes),
    createdAt: now,
    expiresAt: DateTime.add(now, { days: input.lifetimeDays }),
    revokedAt: null,
    issuedBy: caller.account.id
  }
  const credentials = yield* ServiceCredentials
  const audit = yield* AuditLog
  yield* inTransaction(Effect.andThen(
    credentials.insert(credential),
    audit.record({
      action: "service.issued",
      actor: actorOf(caller),
      targetType: "service",
      targetId: credential.id,
      data: { name: credential.name, scopes: credential.scopes, expiresAt: DateTime.formatIso(credential.expiresAt) }
    })
  ))
  return { credential, token }
}, requires("admin.manage"))

/** Revokes a credential from the next request on. Revoking twice changes nothing more. */
export const revokeCredential = Effect.fn("identity.revokeCredential")(function*(caller: UserCaller, id: ServiceCredentialId) {
  const credentials = yield* ServiceCredentials
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    const credential = yield* credentials.findByIdForUpdate(id).pipe(orNotFound("No such service credential"))
    if (credential.revokedAt !== null) return credential
    const revoked = { ...credential, revokedAt: yield* DateTime.now }
    yield* credentials.update(revoked)
    yield* audit.record({
      action: "service.revoked",
      actor: actorOf(caller),
      targetType: "service",
      targetId: id,
      data: { name: credential.name }
    })
    return revoked
  }))
}, requires("admin.manage"))
