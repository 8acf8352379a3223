import { type BluelightApiClient, makeBluelightClient } from "@bluelight/client"
import { Effect, Exit } from "effect"
import { failureOf } from "./failure.js"

/** The typed client of the server this page came from: same origin, so the session cookie goes with every request. */
let client: Promise<BluelightApiClient> | undefined
const theClient = () => (client ??= Effect.runPromise(makeBluelightClient({ baseUrl: window.location.origin })))

/**
 * Runs one operation of the typed client: its decoded answer, or a rejection with an `ApiFailure`
 * (the API's code, message and field problems) or a `ConnectionLost`. `signal` cancels the request
 * (a search superseded, a page left).
 */
export const call = async <A, E>(operation: (api: BluelightApiClient) => Effect.Effect<A, E>, signal?: AbortSignal): Promise<A> => {
  const api = await theClient()
  const exit = await Effect.runPromiseExit(operation(api), signal === undefined ? undefined : { signal })
  if (Exit.isSuccess(exit)) return exit.value
  throw failureOf(exit.cause)
}

/** The client itself, for what runs as a stream (the CAD feed). */
export const apiClient = theClient
