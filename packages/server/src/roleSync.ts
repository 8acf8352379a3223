import { scheduledRoleSync } from "@bluelight/core/identity"
import { Duration, Effect, Layer, Option } from "effect"
import type { Settings } from "./config.js"

/**
 * The role sync on a schedule, a background fiber of the server's
 * composition (docs/decisions/integrations.md, "Roles from the identity
 * provider"): every `IDP_ROLE_SYNC_MINUTES` (the first one interval after
 * start), on every instance, where the use case's lease lets one instance at
 * a time run it and the others skip. Its clock is Effect's, so a test moves
 * it. A run that fails is logged and the next interval tries again; nothing
 * runs when sync is not configured. Stops with the server, before the database closes.
 */
export const layerRoleSyncWorker = (settings: Pick<Settings, "roleSyncMinutes">) => {
  const every = Duration.minutes(settings.roleSyncMinutes)
  const once = scheduledRoleSync.pipe(
    Effect.tap((run) =>
      Option.isNone(run)
        ? Effect.logDebug("role sync: skipped (not configured, or another instance holds the lease)")
        : Effect.logInfo(`role sync: checked ${run.value.checked}, changed ${run.value.changed}, failed ${run.value.failed}`)
    ),
    Effect.catchCause((cause) => Effect.logWarning("role sync: the run failed", cause))
  )
  return Layer.effectDiscard(Effect.forever(Effect.andThen(Effect.sleep(every), once)).pipe(Effect.forkScoped))
}
