import { Effect } from "effect"
import { CurrentCaller } from "@bluelight/api/auth/CurrentCaller.js"

/** The caller of a protected operation: AccessControl has already refused everyone else. */
export const currentCaller = CurrentCaller.use((caller) =>
  caller !== null ? Effect.succeed(caller) : Effect.die(new Error("a protected operation ran without a caller"))
)

/** The caller of a `session` operation: a signed-in person. */
export const currentUser = CurrentCaller.use((caller) =>
  caller !== null && caller._tag === "User"
    ? Effect.succeed(caller)
    : Effect.die(new Error("a session operation ran without a signed-in person"))
)
