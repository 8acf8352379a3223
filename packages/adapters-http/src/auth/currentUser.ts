import { Effect } from "effect"
import { CurrentCaller } from "./CurrentCaller.js"

/** The caller of a protected operation: AccessControl has already refused everyone else. */
export const currentCaller = Effect.flatMap(CurrentCaller, (caller) =>
  caller !== null ? Effect.succeed(caller) : Effect.dieMessage("a protected operation ran without a caller"))

/** The caller of a `session` operation: a signed-in person. */
export const currentUser = Effect.flatMap(CurrentCaller, (caller) =>
  caller !== null && caller._tag === "User"
    ? Effect.succeed(caller)
    : Effect.dieMessage("a session operation ran without a signed-in person"))
