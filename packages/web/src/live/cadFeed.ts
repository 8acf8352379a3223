import type { CadEventView } from "@bluelight/core/cad"
import { followCadEvents, type FollowCadEventsOptions } from "@bluelight/client"
import { Effect, Fiber, Stream } from "effect"
import { useEffect, useRef, useState } from "react"
import { apiClient } from "../api/client.js"
import { failureOf } from "../api/failure.js"
import { noteFailure } from "../app/problems.js"

/** Where the live feed is: connecting the first time, live, connecting again after a cut, or refused for good (its failure). */
export type FeedState =
  | { readonly _tag: "Connecting" }
  | { readonly _tag: "Live" }
  | { readonly _tag: "Reconnecting" }
  | { readonly _tag: "Stopped"; readonly error: Error }

export interface CadFeedOptions {
  /** Start after this `seq` (what the screen's first read already showed); from now on when omitted. */
  readonly after?: number | undefined
  readonly incidentId?: FollowCadEventsOptions["incidentId"]
  readonly unitId?: FollowCadEventsOptions["unitId"]
}

/**
 * Follows `GET /api/cad/events/stream` (the client's `followCadEvents`: after a cut it resumes with
 * `Last-Event-ID`, and no entry comes twice), handing each entry to `onEntry` as it arrives, and
 * saying where the connection is through `onState`. Answers a function that stops it.
 */
export const startCadFeed = (
  options: CadFeedOptions,
  onEntry: (entry: CadEventView) => void,
  onState: (state: FeedState) => void
): () => void => {
  const program = Effect.gen(function*() {
    const api = yield* Effect.promise(apiClient)
    yield* followCadEvents(api, {
      after: options.after,
      incidentId: options.incidentId,
      unitId: options.unitId,
      onConnected: Effect.sync(() => onState({ _tag: "Live" })),
      onCut: Effect.sync(() => onState({ _tag: "Reconnecting" }))
    }).pipe(Stream.runForEach((entry) => Effect.sync(() => onEntry(entry))))
  }).pipe(
    Effect.catchCause((cause) =>
      Effect.sync(() => {
        const error = failureOf(cause)
        noteFailure(error)
        onState({ _tag: "Stopped", error })
      })
    )
  )
  onState({ _tag: "Connecting" })
  const fiber = Effect.runFork(program)
  return () => {
    Effect.runFork(Fiber.interrupt(fiber))
  }
}

/**
 * The live feed for as long as the component is on screen, once `ready` (the screen's first read
 * is done and says where to start: `options.after`). `onEntry` may change between renders; the
 * latest one gets each entry. Answers where the connection is, for the screen to show.
 */
export const useCadFeed = (ready: boolean, options: CadFeedOptions, onEntry: (entry: CadEventView) => void): FeedState => {
  const [state, setState] = useState<FeedState>({ _tag: "Connecting" })
  const latest = useRef(onEntry)
  latest.current = onEntry
  const { after, incidentId, unitId } = options
  useEffect(() => {
    if (!ready) return
    return startCadFeed({ after, incidentId, unitId }, (entry) => latest.current(entry), setState)
  }, [ready, after, incidentId, unitId])
  return state
}
