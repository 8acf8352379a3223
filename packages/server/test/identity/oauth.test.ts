import { layerIdentityProviderClient, layerPlatformProviderClient, type OAuthClientOptions } from "@bluelight/adapters-http"
import { IdentityProvider, PlatformProvider, type ProviderFailure } from "@bluelight/core/identity"
import { layerDevProviders } from "@bluelight/dev-providers"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Fiber, Layer, ManagedRuntime, Redacted, Result } from "effect"
import { FetchHttpClient, HttpClient, type HttpClientError, HttpClientResponse, HttpRouter, HttpServer } from "effect/http"
import { TestClock } from "effect/testing"
import { createHash, randomBytes } from "node:crypto"
import { createServer } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const CLIENT_ID = "bluelight-dev"
const CLIENT_SECRET = "dev-secret-not-for-production"
const IDP_REDIRECT = "http://localhost:3000/api/auth/idp/callback"
const PLATFORM_REDIRECT = "http://localhost:3000/api/auth/platform/callback"

// Only the development provider routes, on a router of their own: the same
// kind of router `layerDevProviders` adds them to in the real server.
const ServerLive = HttpRouter.serve(layerDevProviders({
  client: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
  appUrl: "http://localhost:3000",
  identity: true,
  platform: true
})).pipe(
  Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" }))
)

let runtime: ManagedRuntime.ManagedRuntime<HttpServer.HttpServer, unknown>
let base = ""

beforeAll(async () => {
  runtime = ManagedRuntime.make(ServerLive)
  const server = await runtime.runPromise(HttpServer.HttpServer)
  if (server.address._tag === "UnixPathAddress") throw new Error("expected a TCP address")
  base = `http://127.0.0.1:${server.address.port}`
})

afterAll(async () => {
  await runtime.dispose()
})

const clientOptions = (provider: "idp" | "platform", overrides: Partial<OAuthClientOptions> = {}): OAuthClientOptions => ({
  clientId: CLIENT_ID,
  clientSecret: Redacted.make(CLIENT_SECRET),
  authorizeUrl: `${base}/dev/${provider}/authorize`,
  tokenUrl: `${base}/dev/${provider}/token`,
  userinfoUrl: `${base}/dev/${provider}/userinfo`,
  redirectUri: provider === "idp" ? IDP_REDIRECT : PLATFORM_REDIRECT,
  ...overrides
})

type IdentityService = typeof IdentityProvider.Service
type PlatformService = typeof PlatformProvider.Service

const withIdentityProvider = <A, E>(
  use: (idp: IdentityService) => Effect.Effect<A, E>,
  overrides: Partial<OAuthClientOptions> = {},
  http: Layer.Layer<HttpClient.HttpClient> = FetchHttpClient.layer
): Promise<A> =>
  Effect.runPromise(
    IdentityProvider.use(use).pipe(
      Effect.provide(layerIdentityProviderClient(clientOptions("idp", overrides))),
      Effect.provide(http)
    )
  )

const withPlatformProvider = <A, E>(
  use: (platform: PlatformService) => Effect.Effect<A, E>,
  overrides: Partial<OAuthClientOptions> = {}
): Promise<A> =>
  Effect.runPromise(
    PlatformProvider.use(use).pipe(
      Effect.provide(layerPlatformProviderClient(clientOptions("platform", overrides))),
      Effect.provide(FetchHttpClient.layer)
    )
  )

const exchangeIdentity = (code: string, overrides: Partial<OAuthClientOptions> = {}) =>
  withIdentityProvider((idp) => Effect.result(idp.exchange(code)), overrides)

const exchangePlatform = (code: string, verifier: string, overrides: Partial<OAuthClientOptions> = {}) =>
  withPlatformProvider((platform) => Effect.result(platform.exchange(code, verifier)), overrides)

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => ({ amp: "&", lt: "<", gt: ">", quot: "\"", "#39": "'" })[entity]!)

/** The sign-in page's `approve` forms: their hidden fields and their visible text. */
const formsOf = (html: string) =>
  [...html.matchAll(/<form method="get" action="approve">([\s\S]*?)<\/form>/g)].map((match) => ({
    fields: Object.fromEntries(
      [...match[1]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((
        field
      ) => [unescapeHtml(field[1]!), unescapeHtml(field[2]!)])
    ),
    text: match[1]!.replace(/<[^>]*>/g, " ")
  }))

const getPage = async (url: string) => {
  const response = await fetch(url, { redirect: "manual" })
  return { status: response.status, headers: response.headers, body: await response.text() }
}

/** What a browser does on the sign-in page: submit one of its forms (extra fields as typed) and follow nothing. */
const approve = async (pageUrl: string, fields: Record<string, string>) => {
  const url = new URL("approve", pageUrl)
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value)
  const response = await fetch(url, { redirect: "manual" })
  const body = await response.text()
  const location = response.headers.get("location")
  return { status: response.status, body, location: location === null ? undefined : new URL(location) }
}

/** Signs in through the page as the identity typed into its last form, and answers the code. */
const codeFor = async (pageUrl: string, identity: Record<string, string>) => {
  const page = await getPage(pageUrl)
  expect(page.status).toBe(200)
  const typed = formsOf(page.body).at(-1)!
  const answer = await approve(pageUrl, { ...typed.fields, ...identity })
  expect(answer.status).toBe(302)
  return answer.location!.searchParams.get("code")!
}

const pkcePair = () => {
  const verifier = randomBytes(32).toString("base64url")
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") }
}

const reasonOf = <A>(result: Result.Result<A, ProviderFailure>): string => {
  expect(Result.isFailure(result)).toBe(true)
  return Result.isFailure(result) ? result.failure.reason : ""
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`

describe("identity provider: client and development provider", () => {
  it("round trip: sign-in page, approve with code and state, exchange for the profile", async () => {
    const state = randomBytes(32).toString("base64url")
    const authorizeUrl = await withIdentityProvider((idp) => Effect.succeed(idp.authorizationUrl(state)))
    const sent = new URL(authorizeUrl)
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: IDP_REDIRECT,
      scope: "identify",
      state
    })

    const page = await getPage(authorizeUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    expect(page.body).toContain("<title>Identity provider: Bluelight development sign-in</title>")
    expect(page.body).not.toMatch(/<(script|link|img)\b|src=|https?:\/\/(?!localhost:3000)/)
    const forms = formsOf(page.body)
    for (const name of ["Alex Admin", "Dana Dispatcher", "Olly Officer", "Mo Member"]) {
      expect(forms.some((form) => form.text.includes(name)), name).toBe(true)
    }

    const admin = forms.find((form) => form.fields["id"] === "dev-admin")!
    const answer = await approve(authorizeUrl, admin.fields)
    expect(answer.status).toBe(302)
    expect(`${answer.location!.origin}${answer.location!.pathname}`).toBe(IDP_REDIRECT)
    expect(answer.location!.searchParams.get("state")).toBe(state)
    const code = answer.location!.searchParams.get("code")!
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const profile = await exchangeIdentity(code)
    expect(profile).toEqual(Result.succeed({ id: "dev-admin", username: "alex.admin", displayName: "Alex Admin", avatar: null }))

    // The code is spent.
    expect(reasonOf(await exchangeIdentity(code))).toBe("token: the provider answered 400 (invalid_grant)")
  })

  it("displayName falls back to the username when no display name is given", async () => {
    const pageUrl = await withIdentityProvider((idp) => Effect.succeed(idp.authorizationUrl("s")))
    const code = await codeFor(pageUrl, { id: "someone-1", username: "someone", display_name: "" })
    expect(await exchangeIdentity(code)).toEqual(
      Result.succeed({ id: "someone-1", username: "someone", displayName: "someone", avatar: null })
    )
  })

  it("escapes typed and carried values on the page, and keeps them intact in the profile", async () => {
    const hostile = "<script>alert(\"x\")</script>&'"
    const pageUrl = await withIdentityProvider((idp) => Effect.succeed(idp.authorizationUrl(`"><script>alert(1)</script>`)))
    const code = await codeFor(pageUrl, { id: "typed-1", username: "typed", display_name: hostile })

    // The typed identity is offered again under "Recently typed"; nothing of it, or of the state, is markup.
    const page = await getPage(pageUrl)
    expect(page.body).toContain("Recently typed")
    expect(page.body).not.toContain("<script>")
    expect(page.body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;")
    expect(page.body).toContain("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\"")

    expect(await exchangeIdentity(code)).toEqual(
      Result.succeed({ id: "typed-1", username: "typed", displayName: hostile, avatar: null })
    )
  })

  it("keeps a query already in the authorize URL", async () => {
    const url = await withIdentityProvider(
      (idp) => Effect.succeed(idp.authorizationUrl("a b&c")),
      { authorizeUrl: "https://idp.example/oauth2/authorize?prompt=none" }
    )
    const parsed = new URL(url)
    expect(parsed.origin + parsed.pathname).toBe("https://idp.example/oauth2/authorize")
    expect(parsed.searchParams.get("prompt")).toBe("none")
    expect(parsed.searchParams.get("state")).toBe("a b&c")
    expect(parsed.searchParams.get("redirect_uri")).toBe(IDP_REDIRECT)
  })

  it("a wrong client secret fails, and the reason holds no secret", async () => {
    const pageUrl = await withIdentityProvider((idp) => Effect.succeed(idp.authorizationUrl("s")))
    const code = await codeFor(pageUrl, { id: "dev-member", username: "mo.member", display_name: "Mo Member" })
    const reason = reasonOf(await exchangeIdentity(code, { clientSecret: Redacted.make("wrong-secret") }))
    expect(reason).toBe("token: the provider answered 401 (invalid_client)")
    expect(reason).not.toContain("wrong-secret")
    expect(reason).not.toContain(code)

    const direct = await fetch(`${base}/dev/idp/token`, {
      method: "POST",
      headers: { authorization: basic(CLIENT_ID, "wrong-secret"), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: IDP_REDIRECT })
    })
    expect(direct.status).toBe(401)
    expect(await direct.json()).toEqual({ error: "invalid_client" })
  })

  it("a redirect_uri other than the one given at authorize fails", async () => {
    const pageUrl = await withIdentityProvider((idp) => Effect.succeed(idp.authorizationUrl("s")))
    const code = await codeFor(pageUrl, { id: "dev-member", username: "mo.member", display_name: "Mo Member" })
    const result = await exchangeIdentity(code, { redirectUri: "http://localhost:3000/elsewhere" })
    expect(reasonOf(result)).toBe("token: the provider answered 400 (invalid_grant)")
  })

  it("the token endpoint speaks OAuth: form body, grant type, code", async () => {
    const post = (body: string, contentType = "application/x-www-form-urlencoded") =>
      fetch(`${base}/dev/idp/token`, {
        method: "POST",
        headers: { authorization: basic(CLIENT_ID, CLIENT_SECRET), "content-type": contentType },
        body
      }).then(async (response) => [response.status, await response.json()])
    expect(await post("grant_type=password&username=a&password=b")).toEqual([400, { error: "unsupported_grant_type" }])
    expect(await post("grant_type=authorization_code")).toEqual([400, { error: "invalid_request" }])
    expect(await post(JSON.stringify({ grant_type: "authorization_code", code: "x" }), "application/json")).toEqual([
      400,
      { error: "invalid_request" }
    ])
    expect(await post(`grant_type=authorization_code&code=nope&redirect_uri=${encodeURIComponent(IDP_REDIRECT)}`))
      .toEqual([400, { error: "invalid_grant" }])
  })

  it("userinfo refuses a missing or unknown token", async () => {
    expect((await fetch(`${base}/dev/idp/userinfo`)).status).toBe(401)
    const unknown = await fetch(`${base}/dev/idp/userinfo`, { headers: { authorization: "Bearer not-a-token" } })
    expect(unknown.status).toBe(401)
    expect(unknown.headers.get("www-authenticate")).toContain("invalid_token")
  })

  it("authorize refuses bad requests with a plain 400", async () => {
    const query = (params: Record<string, string>) => getPage(`${base}/dev/idp/authorize?${new URLSearchParams(params)}`)
    const good = { response_type: "code", client_id: CLIENT_ID, redirect_uri: IDP_REDIRECT, scope: "identify", state: "s" }
    expect((await query(good)).status).toBe(200)
    for (
      const bad of [
        { ...good, response_type: "token" },
        { ...good, client_id: "someone-else" },
        { ...good, redirect_uri: "javascript:alert(1)" },
        { ...good, redirect_uri: "not a url" },
        { response_type: "code", client_id: CLIENT_ID, state: "s" },
        // Only the server's own callback for this provider, exactly.
        { ...good, redirect_uri: "https://evil.example/api/auth/idp/callback" },
        { ...good, redirect_uri: "http://localhost:3000/elsewhere" },
        { ...good, redirect_uri: `${IDP_REDIRECT}?next=/` },
        { ...good, redirect_uri: "http://localhost:3001/api/auth/idp/callback" },
        { ...good, redirect_uri: PLATFORM_REDIRECT }
      ]
    ) {
      const page = await query(bad as Record<string, string>)
      expect(page.status, JSON.stringify(bad)).toBe(400)
      expect(page.headers.get("content-type")).toMatch(/^text\/plain/)
      expect(page.body).toMatch(/^Bad request: /)
    }
    // approve checks the same, and the identity too.
    const approved = await approve(`${base}/dev/idp/authorize`, { ...good, id: "", username: "x" })
    expect(approved.status).toBe(400)
    expect((await approve(`${base}/dev/idp/authorize`, { ...good, client_id: "x", id: "a", username: "b" })).status).toBe(400)
    const foreign = await approve(`${base}/dev/idp/authorize`, { ...good, redirect_uri: "https://evil.example/cb", id: "a", username: "b" })
    expect(foreign.status).toBe(400)
    expect(foreign.location).toBeUndefined()
  })
})

describe("game platform: client and development provider (PKCE S256)", () => {
  it("round trip with PKCE", async () => {
    const { challenge, verifier } = pkcePair()
    const authorizeUrl = await withPlatformProvider((platform) => Effect.succeed(platform.authorizationUrl("st", challenge)))
    expect(Object.fromEntries(new URL(authorizeUrl).searchParams)).toEqual({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: PLATFORM_REDIRECT,
      scope: "openid profile",
      state: "st",
      code_challenge: challenge,
      code_challenge_method: "S256"
    })
    const page = await getPage(authorizeUrl)
    expect(page.status).toBe(200)
    expect(page.body).toContain("<title>Game platform: Bluelight development account linking</title>")
    const forms = formsOf(page.body)
    const dana = forms.find((form) => form.fields["id"] === "1002")!
    expect(dana.text).toContain("Dana Dispatcher")
    expect(dana.fields["code_challenge"]).toBe(challenge)

    const answer = await approve(authorizeUrl, dana.fields)
    expect(answer.status).toBe(302)
    expect(answer.location!.searchParams.get("state")).toBe("st")
    const code = answer.location!.searchParams.get("code")!
    expect(await exchangePlatform(code, verifier)).toEqual(Result.succeed({ id: "1002", username: "DanaDispatcher" }))
    expect(reasonOf(await exchangePlatform(code, verifier))).toBe("token: the provider answered 400 (invalid_grant)")
  })

  it("a wrong code_verifier fails", async () => {
    const { challenge } = pkcePair()
    const pageUrl = await withPlatformProvider((platform) => Effect.succeed(platform.authorizationUrl("st", challenge)))
    const code = await codeFor(pageUrl, { id: "1001", username: "AlexAdmin", display_name: "" })
    expect(reasonOf(await exchangePlatform(code, pkcePair().verifier))).toBe("token: the provider answered 400 (invalid_grant)")
  })

  it("authorize demands an S256 challenge, and typed ids are numeric", async () => {
    const good = {
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: PLATFORM_REDIRECT,
      scope: "openid profile",
      state: "s",
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256"
    }
    const status = async (params: Record<string, string>) => (await getPage(`${base}/dev/platform/authorize?${new URLSearchParams(params)}`)).status
    expect(await status(good)).toBe(200)
    const { code_challenge: _, ...withoutChallenge } = good
    expect(await status(withoutChallenge)).toBe(400)
    expect(await status({ ...good, code_challenge_method: "plain" })).toBe(400)
    expect(await status({ ...good, code_challenge: "short" })).toBe(400)
    expect((await approve(`${base}/dev/platform/authorize`, { ...good, id: "abc", username: "x" })).status).toBe(400)
  })
})

/** A client that answers every call from `answer`, for providers that misbehave. */
const stubHttp = (answer: (url: URL) => Effect.Effect<Response, HttpClientError.HttpClientError>) =>
  Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request, url) => Effect.map(answer(url), (response) => HttpClientResponse.fromWeb(request, response)))
  )

const stubOptions: Partial<OAuthClientOptions> = {
  tokenUrl: "https://idp.example/token",
  userinfoUrl: "https://idp.example/userinfo"
}

const tokenThen = (userinfo: () => Response) =>
  stubHttp((url) =>
    Effect.sync(() =>
      url.pathname === "/token"
        ? Response.json({ access_token: "secret-access-token", token_type: "Bearer", expires_in: 3600 })
        : userinfo()
    )
  )

const exchangeWith = (http: Layer.Layer<HttpClient.HttpClient>) => withIdentityProvider((idp) => Effect.result(idp.exchange("a-code")), stubOptions, http)

describe("identity provider client: failures", () => {
  it("accepts a userinfo without global_name and avatar", async () => {
    const result = await exchangeWith(tokenThen(() => Response.json({ id: "42", username: "plain" })))
    expect(result).toEqual(Result.succeed({ id: "42", username: "plain", displayName: "plain", avatar: null }))
  })

  it("maps a 500 from userinfo to ProviderFailure", async () => {
    const result = await exchangeWith(tokenThen(() => new Response("boom secret-access-token", { status: 500 })))
    expect(result).toEqual(Result.fail({ _tag: "ProviderFailure", reason: "userinfo: the provider answered 500" }))
  })

  it("maps a malformed userinfo to ProviderFailure, naming fields but no values", async () => {
    const result = await exchangeWith(tokenThen(() => Response.json({ id: 42, username: "secret-access-token" })))
    expect(result).toEqual(Result.fail({ _tag: "ProviderFailure", reason: "userinfo: the response is malformed (at id)" }))
    const notJson = await exchangeWith(tokenThen(() => new Response("<html>", { status: 200 })))
    expect(reasonOf(notJson)).toBe("userinfo: the response is not JSON")
  })

  it("refuses a token response that is not a Bearer token, without quoting it", async () => {
    const result = await exchangeWith(
      stubHttp(() => Effect.succeed(Response.json({ access_token: "secret-access-token", token_type: "mac", expires_in: 1 })))
    )
    expect(reasonOf(result)).toBe("token: the response is malformed (at token_type)")
  })

  it("maps a network error to ProviderFailure", async () => {
    const result = await withIdentityProvider((idp) => Effect.result(idp.exchange("a-code")), {
      tokenUrl: "http://127.0.0.1:1/token"
    })
    expect(reasonOf(result)).toBe("token: the provider could not be reached")
  })

  it("gives each call 10 seconds", async () => {
    const hanging = stubHttp((url) =>
      url.pathname === "/token"
        ? Effect.succeed(Response.json({ access_token: "t", token_type: "bearer", expires_in: 1 }))
        : Effect.never
    )
    const result = await Effect.runPromise(
      Effect.gen(function*() {
        const idp = yield* IdentityProvider
        const fiber = yield* Effect.forkChild(Effect.result(idp.exchange("a-code")))
        yield* TestClock.adjust("9 seconds")
        expect(fiber.pollUnsafe()).toBeUndefined()
        yield* TestClock.adjust("1 second")
        return yield* Fiber.join(fiber)
      }).pipe(
        Effect.provide(layerIdentityProviderClient(clientOptions("idp", stubOptions))),
        Effect.provide(hanging),
        Effect.provide(TestClock.layer())
      )
    )
    expect(reasonOf(result)).toBe("userinfo: the provider did not answer within 10 s")
  })
})
