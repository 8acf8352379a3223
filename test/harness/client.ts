import { type ApiError, type BluelightApiClient, isApiError, makeBluelightClient } from "@bluelight/client"
import { Cause, Effect, Exit } from "effect"

/**
 * The harness's typed client: `@bluelight/client` for a running server and
 * one caller, so a helper's answer is decoded and typed by the contract (ids
 * branded, timestamps `DateTime.Utc`) and its refusals are the contract's
 * error values with their `code`. The raw `server.request` stays for the
 * tests that check the wire.
 */

/** Every group and operation of the contract, each answering an Effect. */
export type ApiClient = BluelightApiClient

/** Runs operations of the typed client as one caller: `run((api) => api.cadUnits.createUnit({ payload }))`. */
export interface TypedCaller {
  /** The operation's answer, decoded; the test fails with the error's code when it is refused. */
  readonly run: <A, E>(operation: (api: ApiClient) => Effect.Effect<A, E>) => Promise<A>
  /**
   * The refusal the operation's answer decodes to: one of its declared errors, with its `code`. The test fails
   * when the operation succeeds, or fails otherwise (no connection, an answer the contract does not declare).
   */
  readonly refusal: <A, E>(operation: (api: ApiClient) => Effect.Effect<A, E>) => Promise<Extract<E, ApiError>>
}

/** A failed operation: the test fails with the error's code and message, as the envelope said them. */
const failure = <E>(cause: Cause.Cause<E>): Error => {
  const error = Cause.squash(cause)
  const code = typeof error === "object" && error !== null && "code" in error ? `${String(error.code)}: ` : ""
  return new Error(`${code}${error instanceof Error ? error.message : JSON.stringify(error)}`, { cause: error })
}

/**
 * A typed caller of the server at `baseUrl`: with a service credential's token, or with `headers` (a session
 * cookie and the Origin a cookie write needs).
 */
export const typedCaller = (baseUrl: string, caller: { readonly credential: string } | { readonly headers: Readonly<Record<string, string>> }): TypedCaller => {
  let client: Promise<ApiClient> | undefined
  const api = () => (client ??= Effect.runPromise(makeBluelightClient({ baseUrl, ...caller })))
  return {
    run: async (operation) => {
      const exit = await Effect.runPromiseExit(operation(await api()))
      if (Exit.isSuccess(exit)) return exit.value
      throw failure(exit.cause)
    },
    refusal: async <A, E>(operation: (api: ApiClient) => Effect.Effect<A, E>) => {
      const exit = await Effect.runPromiseExit(operation(await api()))
      if (Exit.isSuccess(exit)) throw new Error(`expected a refusal, got an answer: ${JSON.stringify(exit.value)}`)
      const error = Cause.squash(exit.cause)
      if (isApiError(error)) return error as Extract<E, ApiError>
      throw failure(exit.cause)
    }
  }
}
