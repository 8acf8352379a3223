import { formatUuidV7, Ids } from "@bluelight/core/kernel"
import { Clock, Effect, Layer } from "effect"
import { getRandomValues } from "node:crypto"

/** UUIDv7 ids: the Effect clock for the time part, the system's CSPRNG for the rest. */
export const RandomIds = Layer.succeed(Ids, {
  next: Effect.map(Clock.currentTimeMillis, (millis) => formatUuidV7(millis, getRandomValues(new Uint8Array(10))))
})
