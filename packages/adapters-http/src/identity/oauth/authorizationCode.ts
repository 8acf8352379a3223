import type { ProviderFailure } from "@bluelight/core/identity"
import { type Context, Effect, Layer, Redacted, Schema, SchemaIssue } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"

/**
 * The one OAuth 2.0 authorization-code client both providers use (the
 * platform adds PKCE): the authorize URL, the token exchange and the profile
 * read, on the platform's HttpClient. A provider is a flavour of it.
 */

/** Where an OAuth 2.0 client talks to its provider, and who it is there. */
export interface OAuthClientOptions {
  readonly clientId: string
  readonly clientSecret: Redacted.Redacted
  readonly authorizeUrl: string
  readonly tokenUrl: string
  readonly userinfoUrl: string
  readonly redirectUri: string
}

/** Each call to a provider (token, then profile) gets this long on its own. */
const CALL_TIMEOUT_SECONDS = 10

const providerFailure = (reason: string): ProviderFailure => ({ _tag: "ProviderFailure", reason })

/**
 * RFC 6749 §2.3.1: the client id and secret are form-encoded before being
 * joined for HTTP Basic. Built here rather than with `HttpClientRequest.basicAuth`,
 * whose `btoa` throws on anything outside Latin-1.
 */
const basicCredentials = (clientId: string, clientSecret: Redacted.Redacted): string => {
  const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, "+")
  const joined = `${encode(clientId)}:${encode(Redacted.value(clientSecret))}`
  return `Basic ${Buffer.from(joined, "utf8").toString("base64")}`
}

/** The token response. RFC 6749 §7.1 makes the token type case-insensitive. */
const TokenResponse = Schema.Struct({
  access_token: Schema.RedactedFromValue(Schema.NonEmptyString),
  token_type: Schema.String.check(Schema.makeFilter((type: string) => type.toLowerCase() === "bearer")),
  expires_in: Schema.Number
})

const standardIssues = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * Where a response failed to decode, by field path only: the issue messages
 * quote the actual values, and in a token response those are secrets.
 */
const malformedAt = (error: Schema.SchemaError): string => {
  const paths = standardIssues(error.issue).issues
    .map((issue) => (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join("."))
    .filter((path) => path !== "")
  return paths.length === 0 ? "" : ` (at ${[...new Set(paths)].join(", ")})`
}

/**
 * The OAuth `error` code of a refusal, when the body carries one that looks
 * like a code. Anything else in the body is left out of the reason.
 */
const oauthErrorCode = (text: string): string => {
  try {
    const body: unknown = JSON.parse(text)
    if (typeof body === "object" && body !== null && "error" in body) {
      const code = body.error
      if (typeof code === "string" && /^[a-z_]{1,64}$/.test(code)) return ` (${code})`
    }
  } catch {
    // Not JSON: nothing safe to quote.
  }
  return ""
}

/**
 * One call to the provider: a 2xx answer whose JSON body decodes with
 * `schema`, within the time limit, or a `ProviderFailure` whose reason names
 * the step and what went wrong, never a credential, token or body.
 */
const callProvider = <A, I>(
  client: HttpClient.HttpClient,
  step: string,
  request: HttpClientRequest.HttpClientRequest,
  schema: Schema.Codec<A, I>
): Effect.Effect<A, ProviderFailure> =>
  Effect.gen(function*() {
    const response = yield* client.execute(request).pipe(
      Effect.mapError(() => providerFailure(`${step}: the provider could not be reached`))
    )
    if (response.status < 200 || response.status >= 300) {
      const code = yield* response.text.pipe(Effect.map(oauthErrorCode), Effect.orElseSucceed(() => ""))
      return yield* Effect.fail(providerFailure(`${step}: the provider answered ${response.status}${code}`))
    }
    const body = yield* response.json.pipe(
      Effect.mapError(() => providerFailure(`${step}: the response is not JSON`))
    )
    return yield* Schema.decodeUnknownEffect(schema)(body).pipe(
      Effect.mapError((error) => providerFailure(`${step}: the response is malformed${malformedAt(error)}`))
    )
  }).pipe(
    Effect.timeoutOrElse({
      duration: `${CALL_TIMEOUT_SECONDS} seconds`,
      orElse: () => Effect.fail(providerFailure(`${step}: the provider did not answer within ${CALL_TIMEOUT_SECONDS} s`))
    })
  )

/**
 * What one provider's use of the flow differs in: the scope it is asked for,
 * what its userinfo endpoint answers, and the profile core is given from that.
 */
export interface AuthorizationCodeFlavour<Profile, Userinfo, UserinfoEncoded> {
  readonly scope: string
  readonly userinfo: Schema.Codec<Userinfo, UserinfoEncoded>
  readonly profile: (userinfo: Userinfo) => Profile
}

/**
 * One provider's client: the authorize URL (any query already in the
 * configured URL kept), and the code exchanged for a token, the token for the
 * profile. PKCE S256 (RFC 7636) when the port passes it: the challenge to
 * `authorizationUrl`, the verifier to `exchange`.
 */
export interface AuthorizationCodeClient<Profile> {
  readonly authorizationUrl: (state: string, codeChallenge?: string) => string
  readonly exchange: (code: string, codeVerifier?: string) => Effect.Effect<Profile, ProviderFailure>
}

export const makeAuthorizationCodeClient = <Profile, Userinfo, UserinfoEncoded>(
  flavour: AuthorizationCodeFlavour<Profile, Userinfo, UserinfoEncoded>,
  options: OAuthClientOptions,
  client: HttpClient.HttpClient
): AuthorizationCodeClient<Profile> => {
  // Parsed once, so a malformed setting fails at startup rather than at the first sign-in.
  const authorizeUrl = new URL(options.authorizeUrl)
  const tokenUrl = new URL(options.tokenUrl)
  const userinfoUrl = new URL(options.userinfoUrl)
  const authorization = basicCredentials(options.clientId, options.clientSecret)

  const authorizationUrl = (state: string, codeChallenge?: string): string => {
    const url = new URL(authorizeUrl)
    url.searchParams.set("response_type", "code")
    url.searchParams.set("client_id", options.clientId)
    url.searchParams.set("redirect_uri", options.redirectUri)
    url.searchParams.set("scope", flavour.scope)
    url.searchParams.set("state", state)
    if (codeChallenge !== undefined) {
      url.searchParams.set("code_challenge", codeChallenge)
      url.searchParams.set("code_challenge_method", "S256")
    }
    return url.toString()
  }

  const exchange = (code: string, codeVerifier?: string) =>
    Effect.gen(function*() {
      const token = yield* callProvider(
        client,
        "token",
        HttpClientRequest.post(tokenUrl).pipe(
          HttpClientRequest.setHeader("authorization", authorization),
          HttpClientRequest.acceptJson,
          HttpClientRequest.bodyUrlParams({
            grant_type: "authorization_code",
            code,
            redirect_uri: options.redirectUri,
            ...(codeVerifier === undefined ? {} : { code_verifier: codeVerifier })
          })
        ),
        TokenResponse
      )
      const userinfo = yield* callProvider(
        client,
        "userinfo",
        HttpClientRequest.get(userinfoUrl).pipe(
          HttpClientRequest.bearerToken(token.access_token),
          HttpClientRequest.acceptJson
        ),
        flavour.userinfo
      )
      return flavour.profile(userinfo)
    })

  return { authorizationUrl, exchange }
}

/** The client as the layer of a provider port: `asPort` adds what the port holds besides. */
export const layerAuthorizationCodeClient = <Port, Service, Profile, Userinfo, UserinfoEncoded>(
  port: Context.Key<Port, Service>,
  flavour: AuthorizationCodeFlavour<Profile, Userinfo, UserinfoEncoded>,
  options: OAuthClientOptions,
  asPort: (client: AuthorizationCodeClient<Profile>) => Service
): Layer.Layer<Port, never, HttpClient.HttpClient> =>
  Layer.effect(port, HttpClient.HttpClient.useSync((client) => asPort(makeAuthorizationCodeClient(flavour, options, client))))
