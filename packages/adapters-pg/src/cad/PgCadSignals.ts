import { PgClient } from "@effect/sql-pg"
import { CadSignals } from "@bluelight/core/cad"
import { Duration, Effect, Layer, Schedule, Stream } from "effect"
import { CAD_EVENTS_CHANNEL } from "./PgCadHistory.js"

/**
 * Every instance's word that CAD history grew, by Postgres `LISTEN` on a
 * connection of its own (outside the pool). A lost connection is listened
 * again after a second; the feed's periodic sweep covers the gap.
 */
export const PgCadSignals = Layer.effect(
  CadSignals,
  Effect.map(PgClient.PgClient, (client) => ({
    signals: client.listen(CAD_EVENTS_CHANNEL).pipe(
      Stream.map(() => undefined),
      Stream.tapErrorCause((cause) => Effect.logWarning("cad feed: listening failed; listening again", cause)),
      Stream.retry(Schedule.spaced(Duration.seconds(1))),
      Stream.catchAll(() => Stream.empty)
    )
  }))
)
