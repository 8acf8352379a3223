import { Effect } from "effect"
import type { Caller, UserCaller } from "./Caller.js"
import { Forbidden, Unauthenticated, UserRequired } from "./errors.js"
import type { AccessRule, Permission } from "./permissions.js"

type Refusal = Unauthenticated | UserRequired | Forbidden

const userRequired = () => new UserRequired({ message: "This operation needs a signed-in person; service credentials cannot use it" })

/**
 * The caller an operation's access declaration admits, for an operation that
 * needs one (any rule but `public`): someone must call (`Unauthenticated`),
 * a person where the rule says `session` (`UserRequired`), holding every
 * permission of the rule (`Forbidden`, naming the first missing) unless they
 * hold a key of its `alternative`, which grants access on its own.
 */
export const admitCaller = (rule: AccessRule, caller: Caller | null): Effect.Effect<Caller, Refusal> => {
  if (caller === null) return Effect.fail(new Unauthenticated({ message: "Sign in, or send a service credential" }))
  if (rule.access === "session" && caller._tag === "Service") return Effect.fail(userRequired())
  if ((rule.alternative ?? []).some((key) => caller.permissions.has(key))) return Effect.succeed(caller)
  const missing = rule.permissions.find((key) => !caller.permissions.has(key))
  return missing === undefined ? Effect.succeed(caller) : Effect.fail(forbidden(missing))
}

/** `admitCaller` for an operation only a signed-in person may call: the person admitted. */
export const admitUser = (rule: AccessRule, caller: Caller | null): Effect.Effect<UserCaller, Refusal> =>
  Effect.flatMap(admitCaller(rule, caller), (admitted) => admitted._tag === "User" ? Effect.succeed(admitted) : Effect.fail(userRequired()))

/**
 * The runtime half of an operation's access declaration: who may call it at
 * all (`public`, `session`, `session-or-credential`), then which permissions
 * they must hold (`admitCaller`).
 */
export const checkAccess = (rule: AccessRule, caller: Caller | null): Effect.Effect<void, Refusal> =>
  rule.access === "public" ? Effect.void : Effect.asVoid(admitCaller(rule, caller))

export const forbidden = (permission: Permission) => new Forbidden({ message: `Missing permission ${permission}`, permission })
