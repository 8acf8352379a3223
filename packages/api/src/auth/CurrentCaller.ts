import type { Caller } from "@bluelight/core/identity"
import { Context } from "effect"

/** Who is calling this request: a person, a service credential, or nobody (public operations). */
export class CurrentCaller extends Context.Service<CurrentCaller, Caller | null>()("@bluelight/api/auth/CurrentCaller") {}
