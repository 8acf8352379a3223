import { PgClient, PgConnection } from "@effect/sql-pg"
import { CadSignals } from "@bluelight/core/cad"
import { Duration, Effect, Layer, Schedule, Stream } from "effect"
import { CAD_EVENTS_CHANNEL } from "./PgCadHistory.js"

/**
 * Every instance's word that CAD history grew, by Postgres `LISTEN` on a
 * connection of its own (outside the pool: the client's own `listen` would
 * hold a pooled one for good). A lost connection is listened again after a
 * second; the feed's periodic sweep covers the gap.
 */
export const PgCadSignals = Layer.effect(
  CadSignals,
  PgClient.PgClient.useSync((client) => ({
    signals: Stream.unwrap(
      Effect.flatMap(PgConnection.make(client.config), (connection) => connection.listen(CAD_EVENTS_CHANNEL)).pipe(
        Effect.map(Stream.fromQueue)
      )
    ).pipe(
      Stream.map(() => undefined),
      Stream.tapCause((cause) => Effect.logWarning("cad feed: listening failed; listening again", cause)),
      Stream.retry(Schedule.spaced(Duration.seconds(1))),
      Stream.catch(() => Stream.empty)
    )
  }))
)
