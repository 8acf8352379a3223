import { Effect } from "effect"
import type { Caller } from "./Caller.js"
import { Forbidden, Unauthenticated, UserRequired } from "./errors.js"
import type { AccessRule, Permission } from "./permissions.js"

/**
 * The runtime half of an operation's access declaration: who may call it at
 * all (`public`, `session`, `session-or-credential`), then which permissions
 * they must hold. A key in `alternative` grants access on its own.
 */
export const checkAccess = (
  rule: AccessRule,
  caller: Caller | null
): Effect.Effect<void, Unauthenticated | UserRequired | Forbidden> => {
  if (rule.access === "public") return Effect.void
  if (caller === null) return Effect.fail(new Unauthenticated({ message: "Sign in, or send a service credential" }))
  if (rule.access === "session" && caller._tag === "Service") {
    return Effect.fail(new UserRequired({ message: "This operation needs a signed-in person; service credentials cannot use it" }))
  }
  if ((rule.alternative ?? []).some((key) => caller.permissions.has(key))) return Effect.void
  const missing = rule.permissions.find((key) => !caller.permissions.has(key))
  return missing === undefined ? Effect.void : Effect.fail(forbidden(missing))
}

export const forbidden = (permission: Permission) => new Forbidden({ message: `Missing permission ${permission}`, permission })
