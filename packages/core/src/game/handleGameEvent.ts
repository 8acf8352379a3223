import { Cause, Effect } from "effect"
import { gameCommandOf, panicFromGame, statusFromGame } from "./commands.js"
import type { GameEvent } from "./events.js"
import { gameEventKey } from "./handledEvents.js"
import { gameCallEnded, gameCallStarted } from "./handleEmergencyCalls.js"

/**
 * What one of the game's events does (docs/decisions/game.md, "The game's
 * events"), once the webhook's receiver has verified and answered the
 * delivery: the receiver calls it for each event of the batch, in order.
 *
 * - `WebhookProbe`: nothing.
 * - `EmergencyCallStarted` / `EmergencyCallEnded`: a CAD call from the game
 *   (none when the call number's call is still waiting), and its closing
 *   when it ends while still waiting (`handleEmergencyCalls.ts`).
 * - `CustomCommand`: `;panic` and `;status` from a crew member (`commands.ts`);
 *   every other command is ignored without a record.
 *
 * An event already handled (the same server, name, origin, timestamp and
 * data) changes nothing, on any instance: each effect claims the event in its
 * own transaction. It never fails: nobody waits on it (the game had its `204`),
 * so what went wrong is logged with the event's name and origin, and the
 * transaction it was in rolled back, claim included, so a delivery again may
 * succeed; it answers why (null when the event was handled), for the inbox
 * to set the batch aside with it. Interrupted, it stops as it is told (its
 * transaction rolls back).
 */
export const handleGameEvent = (server: string, event: GameEvent) => {
  const key = gameEventKey(server, event)
  const effect = Effect.gen(function*() {
    switch (event.event) {
      case "WebhookProbe":
        return
      case "EmergencyCallStarted":
        yield* gameCallStarted(key, event.data)
        return
      case "EmergencyCallEnded":
        yield* gameCallEnded(key, event.data, event.timestamp)
        return
      case "CustomCommand": {
        const command = gameCommandOf(event.data)
        if (command === "panic") yield* panicFromGame(key, event.origin, event.data.argument)
        else if (command === "status") yield* statusFromGame(key, event.origin, event.data.argument)
        return
      }
    }
  })
  return effect.pipe(
    Effect.as<string | null>(null),
    // Stopped (the queue drained at shutdown): not a failure to report.
    Effect.catchCause((cause) =>
      Cause.hasInterruptsOnly(cause)
        ? Effect.interrupt
        : Effect.as(
          Effect.logError("game event: handling failed; nothing it did was kept", cause),
          `${event.event} from ${event.origin}: ${Cause.pretty(cause)}`
        )
    ),
    Effect.annotateLogs({ gameServer: server, gameEvent: event.event, gameEventOrigin: event.origin }),
    Effect.withSpan("game.handleEvent", { attributes: { "game.event": event.event } })
  )
}
