import type { Caller, UserCaller } from "@bluelight/core/identity"
import { Context } from "effect"

/**
 * Who is calling an operation that needs a caller: a person or a service
 * credential, already checked against the operation's rule. Public
 * operations have none to read.
 */
export class CurrentCaller extends Context.Service<CurrentCaller, Caller>()("@bluelight/api/auth/CurrentCaller") {}

/** The signed-in person calling a `session` operation, already checked against its rule. */
export class CurrentUser extends Context.Service<CurrentUser, UserCaller>()("@bluelight/api/auth/CurrentUser") {}
