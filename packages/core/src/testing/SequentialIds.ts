import { Clock, Effect, Layer, Ref } from "effect"
import { formatUuidV7, Ids } from "../kernel/index.js"

/**
 * UUIDv7 ids from the Effect `Clock` (so `TestClock` drives them) and a
 * counter in place of randomness: deterministic and still time-ordered.
 */
export const SequentialIds = Layer.effect(
  Ids,
  Effect.map(Ref.make(0), (counter) => ({
    next: Effect.gen(function*() {
      const n = yield* Ref.updateAndGet(counter, (c) => c + 1)
      const millis = yield* Clock.currentTimeMillis
      const random = [0, 0, 0, 0, 0, 0, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
      return formatUuidV7(millis, random)
    })
  }))
)
