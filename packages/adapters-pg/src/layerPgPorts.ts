import { CadFeedLive, NoCadSignals } from "@bluelight/core/cad"
import { AccessWatchLive } from "@bluelight/core/identity"
import { EndShiftOnDeactivation } from "@bluelight/core/shifts"
import { OutboxLive } from "@bluelight/core/webhooks"
import { Layer } from "effect"
import { PgAuditQueries } from "./audit/PgAuditQueries.js"
import { PgCadRepositories, PgCadSignals } from "./cad/index.js"
import { PgCivilianRepositories } from "./civilians/index.js"
import { PgGameCallLinks } from "./game/PgGameCallLinks.js"
import { PgGameEventInbox } from "./game/PgGameEventInbox.js"
import { NodeTokens, PgAccessChanges, PgIdentityRepositories } from "./identity/index.js"
import { PgAuditLog } from "./kernel/PgAuditLog.js"
import { PgTransactor } from "./kernel/PgTransactor.js"
import { RandomIds } from "./kernel/RandomIds.js"
import { PgModerationActions } from "./moderation/index.js"
import { PgShiftsRepositories } from "./shifts/index.js"
import { PgDatabaseHealth } from "./system/PgDatabaseHealth.js"
import { PgWebhooks } from "./webhooks/index.js"

export interface PgPortsOptions {
  /**
   * Whether CAD's live feed hears other processes' commits through `LISTEN`
   * (a Postgres server). The embedded database serves one process and one
   * connection, which a `LISTEN` would hold: there the feed is woken by this
   * process's own commits alone.
   */
  readonly listen: boolean
}

/**
 * CAD's repositories and its live feed, and the access watch (which ends the
 * streams of callers who would now be refused) on the access change log.
 */
const layerCad = (options: PgPortsOptions) =>
  CadFeedLive.pipe(
    Layer.provideMerge(PgCadRepositories),
    Layer.provide(options.listen ? PgCadSignals : NoCadSignals),
    Layer.provideMerge(AccessWatchLive.pipe(Layer.provide(PgAccessChanges)))
  )

/**
 * Every core port on Postgres, over the client it is given, with the ids and
 * token hashes its tables are keyed by: what the server runs on, and what
 * `layerBluelightPostgres` gives a tool. The one place the ports are put together.
 */
export const layerPgPorts = (options: PgPortsOptions) => {
  // The outbox a change writes its webhook messages to, in its transaction (shifts ended by a deactivation too).
  const outbox = OutboxLive.pipe(Layer.provideMerge(PgWebhooks))
  return Layer.mergeAll(
    PgTransactor,
    PgAuditLog,
    PgAuditQueries,
    PgDatabaseHealth,
    PgIdentityRepositories,
    NodeTokens,
    EndShiftOnDeactivation.pipe(Layer.provideMerge(PgShiftsRepositories), Layer.provide(PgAuditLog), Layer.provide(outbox)),
    PgModerationActions,
    PgGameCallLinks,
    PgGameEventInbox,
    PgCivilianRepositories,
    outbox,
    layerCad(options)
  ).pipe(Layer.provideMerge(RandomIds))
}
