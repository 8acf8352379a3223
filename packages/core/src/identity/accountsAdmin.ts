import { DateTime, Effect, Schema } from "effect"
import { actorOf, type Caller } from "./Caller.js"
import { AuditLog, inTransaction, InvalidState, orNotFound, validated } from "../kernel/index.js"
import { Accounts, Sessions } from "./ports.js"
import { AccountStatus } from "./Account.js"
import { requires } from "./permitted.js"
import type { AccountId } from "./ids.js"

/** A status as the account rules have it (a known one): a caller that skipped the contract is held to them too. */
const validStatus = validated(Schema.Struct({ status: AccountStatus }), "The account's status is not valid")

/**
 * Suspends, disables or reinstates an account. Suspending or disabling revokes
 * every session for good. Nobody can lock themselves out this way.
 */
export const setAccountStatus = Effect.fn("identity.setAccountStatus")(function*(caller: Caller, id: AccountId, rawStatus: AccountStatus) {
  const { status } = yield* validStatus({ status: rawStatus })
  const accounts = yield* Accounts
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    const account = yield* accounts.findByIdForUpdate(id).pipe(orNotFound("No such account"))
    if (account.status === status) return account
    if (caller._tag === "User" && caller.account.id === id && status !== "ACTIVE") {
      return yield* new InvalidState({ message: "You cannot suspend or disable your own account" })
    }
    const now = yield* DateTime.now
    const updated = { ...account, status, updatedAt: now }
    yield* accounts.update(updated)
    if (status !== "ACTIVE") yield* Sessions.use((sessions) => sessions.revokeAllOf(id, now))
    yield* audit.record({
      action: "account.status.changed",
      actor: actorOf(caller),
      targetType: "account",
      targetId: id,
      data: { before: account.status, after: status }
    })
    return updated
  }))
}, requires("admin.manage"))
