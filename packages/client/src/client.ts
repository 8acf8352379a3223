import { BluelightApi } from "@bluelight/api"
import { Context, Effect, Layer, type Redacted } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import type { SendableClient } from "./requests.js"
import { retrying, type RetryOptions } from "./retry.js"

/**
 * Bluelight's API as typed methods, one group per endpoint group
 * (`client.cadIncidents.createIncident({ payload })`), derived from the
 * contract: the request's path, query, headers and body are encoded from
 * their schemas, the answer decoded, and every error the operation declares
 * decoded as its class (carrying its API `code`). A request may leave out a
 * field the contract gives a default (`listIncidents({ query: {} })` lists
 * the open ones, 25 at a time): the server applies it (`requests.ts`).
 */
// An interface, not an alias: declarations name it rather than spell the whole client out where it is
// used (the class `BluelightClient` below), which past a certain number of operations the compiler
// refuses to write (TS7056).
export interface BluelightApiClient extends SendableClient<typeof BluelightApi> {}

export interface BluelightClientOptions {
  /** The server's origin, `https://bluelight.example.org` (the operations' paths start with `/api`). */
  readonly baseUrl: string | URL
  /**
   * A service credential's token (`POST /api/admin/services`), sent as
   * `Authorization: Bearer <token>`. Without one, a browser sends the
   * session cookie of the server's origin with every request.
   */
  readonly credential?: string | Redacted.Redacted<string> | undefined
  /**
   * Headers sent with every request. Outside a browser, a person's session
   * goes here: `{ cookie: "bluelight-session=…", origin: "<the server's origin>" }`
   * (a write signed by a cookie must name the server's origin).
   */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** Send a request again after `429 RATE_LIMITED` or `503 GAME_THROTTLED`, as its `Retry-After` says; off when omitted. */
  readonly retry?: RetryOptions | undefined
}

/**
 * Without a credential, fetch sends the cookies of the server's origin even
 * when the page is on another origin (`credentials: "include"`); the
 * server's CORS and its Origin check decide what such a request may do.
 */
const WITH_COOKIES: globalThis.RequestInit = { credentials: "include" }

/**
 * The transport: fetch, with the extra headers, signed with the credential
 * when there is one, or else carrying the browser's cookie.
 */
const signed = (options: BluelightClientOptions) => (client: HttpClient.HttpClient): HttpClient.HttpClient => {
  const headed = options.headers === undefined ? client : HttpClient.mapRequest(client, HttpClientRequest.setHeaders(options.headers))
  return options.credential === undefined
    ? HttpClient.transform(headed, (effect) => Effect.provideService(effect, FetchHttpClient.RequestInit, WITH_COOKIES))
    : HttpClient.mapRequest(headed, HttpClientRequest.bearerToken(options.credential))
}

/** Any method of the client, as the retry wraps it: a request in, an effect that sends it out. */
type Method = (request: unknown) => Effect.Effect<unknown, unknown, unknown>

/**
 * The same client, each method sending its request again as `options` say
 * (`retry.ts`). It wraps the methods rather than HttpApiClient's
 * `transformResponse`, which only wraps the decoding of an answer already
 * received: running that again would not send the request again.
 */
const withRetry = (client: BluelightApiClient, options: RetryOptions): BluelightApiClient => {
  const retry = retrying(options)
  // The client is an object of groups of methods; each method keeps its type, wrapped in an effect of the same type.
  const groups = client as unknown as Readonly<Record<string, Readonly<Record<string, Method>>>>
  return Object.fromEntries(
    Object.entries(groups).map(([name, methods]) => [
      name,
      Object.fromEntries(Object.entries(methods).map(([endpoint, method]) => [endpoint, (request: unknown) => retry(method(request))]))
    ])
  ) as unknown as BluelightApiClient
}

/**
 * A typed client of the Bluelight server at `options.baseUrl`, over fetch
 * (Node 22 and later, and browsers): signed with a service credential, or
 * carrying the browser's session cookie; with the retry of `options.retry`
 * when given.
 */
export const makeBluelightClient = (options: BluelightClientOptions): Effect.Effect<BluelightApiClient> =>
  HttpApiClient.make(BluelightApi, { baseUrl: options.baseUrl, transformClient: signed(options) }).pipe(
    // The same methods, typed as taking a request without its defaulted fields: encoding leaves such a field absent.
    Effect.map((client) => client as unknown as BluelightApiClient),
    Effect.map((client) => (options.retry === undefined ? client : withRetry(client, options.retry))),
    Effect.provide(FetchHttpClient.layer)
  )

/** The client as a service, for programs that take it from their context (`yield* BluelightClient`). */
export class BluelightClient extends Context.Service<BluelightClient, BluelightApiClient>()("@bluelight/client/BluelightClient") {
  /** The service made by `makeBluelightClient` with these options. */
  static readonly layer = (options: BluelightClientOptions): Layer.Layer<BluelightClient> => Layer.effect(BluelightClient, makeBluelightClient(options))
}
