import { ByteSize, Effect, Option, Result } from "effect"
import { HttpIncomingMessage, type HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"

/** The one client the development providers know (both of them). */
export interface DevClient {
  readonly clientId: string
  readonly clientSecret: string
}

/** A person one can sign in as. `displayName` null stands for "none given". */
export interface DevIdentity {
  readonly id: string
  readonly username: string
  readonly displayName: string | null
  /** The identity's roles on the community's server (the member read's), when the provider answers that read. */
  readonly roles?: ReadonlyArray<string> | undefined
}

/** The member read a provider answers (the identity provider's, for role sync): the one server it knows and the bot token that may ask. */
export interface DevMemberRead {
  readonly guildId: string
  readonly botToken: string
}

/** What differs between the development identity provider and the development game platform. */
export interface DevProviderSpec {
  /** What the page is for, in the title: "sign-in" or "account linking", so the two pages cannot be mistaken. */
  readonly purpose: string
  /** Where the provider's routes live, outside `/api`. */
  readonly basePath: `/${string}`
  /** The server's own callback for this provider, under `APP_URL`: the only `redirect_uri` accepted. */
  readonly callbackPath: `/api/${string}`
  /** Who the sign-in page says it is. */
  readonly providerName: string
  /** Whether authorize and token demand PKCE S256. */
  readonly pkce: boolean
  /** The test identities offered as buttons. */
  readonly identities: ReadonlyArray<DevIdentity>
  /** What a typed identity id must look like, as a RegExp source (also the form field's `pattern`). */
  readonly idPattern: string
  readonly idHint: string
  /** The userinfo body, in the provider's own claim names. */
  readonly userinfo: (identity: DevIdentity) => Record<string, unknown>
  /** Whether the sign-in page gives an identity roles on the community's server, which the member read answers. */
  readonly memberRoles?: boolean
}

const CODE_TTL_MS = 60_000
const ACCESS_TOKEN_TTL_SECONDS = 3600
/** Keeps a forgotten browser tab or a test loop from growing the maps without bound. */
const MAX_ENTRIES = 1000
const MAX_RECENT = 8
const MAX_FIELD_LENGTH = 64
const MAX_FORM_BYTES = 16 * 1024
/** The most provider roles the sign-in page gives one identity. */
const MAX_ROLES = 50

/**
 * Secrets that lapse, in process memory: this is a single-process development
 * tool, so nothing is shared or persisted. The key is the secret itself (32
 * random bytes, base64url); it is never logged.
 */
class ExpiringSecrets<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly expiresAt: number }>()

  constructor(private readonly ttlMs: number) {}

  issue(value: V): string {
    const now = Date.now()
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key)
    // Maps iterate in insertion order, so the first key is the oldest.
    while (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!)
    const secret = randomBytes(32).toString("base64url")
    this.entries.set(secret, { value, expiresAt: now + this.ttlMs })
    return secret
  }

  find(secret: string): V | undefined {
    const entry = this.entries.get(secret)
    if (entry === undefined) return undefined
    if (entry.expiresAt > Date.now()) return entry.value
    this.entries.delete(secret)
    return undefined
  }

  /** Finds and removes: whatever happens next, the secret is spent. */
  take(secret: string): V | undefined {
    const value = this.find(secret)
    this.entries.delete(secret)
    return value
  }
}

/** What an authorization code stands for. */
interface Grant {
  readonly redirectUri: string
  readonly codeChallenge: string | undefined
  readonly identity: DevIdentity
}

/** The authorize parameters, checked; the sign-in page carries them on to approve. */
interface AuthorizationRequest {
  readonly redirectUri: string
  readonly state: string | undefined
  readonly codeChallenge: string | undefined
  /** Every parameter as received, to be repeated as hidden fields. */
  readonly carried: ReadonlyArray<readonly [string, string]>
}

const CARRIED = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"]

/** A parameter given exactly once: RFC 6749 §3.1 forbids repeating one. */
const single = (params: URLSearchParams, name: string): string | undefined => {
  const values = params.getAll(name)
  return values.length === 1 ? values[0] : undefined
}

const searchOf = (request: HttpServerRequest.HttpServerRequest): URLSearchParams => new URL(request.url, "http://dev.invalid").searchParams

const sha256 = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest()

/** Compares through fixed-length digests so neither length nor content leaks through timing. */
const equalSecrets = (a: string, b: string): boolean => timingSafeEqual(sha256(a), sha256(b))

const isHttpUrlWithoutFragment = (value: string): boolean => {
  try {
    const url = new URL(value)
    return (url.protocol === "http:" || url.protocol === "https:") && url.hash === ""
  } catch {
    return false
  }
}

/**
 * The checks of RFC 6749 §4.1.1 and RFC 7636 §4.3. Every failure is shown to
 * the person rather than sent to `redirect_uri`, since that may be the very
 * thing that is wrong. The one client's one registered `redirect_uri` is the
 * server's own callback (RFC 6749 §3.1.2.2): a provider that sent codes
 * anywhere would hand a sign-in to whoever wrote the link.
 */
const checkAuthorization = (
  params: URLSearchParams,
  spec: DevProviderSpec,
  client: DevClient,
  callbackUri: string
): Result.Result<AuthorizationRequest, string> => {
  if (single(params, "response_type") !== "code") return Result.fail("response_type must be given once and be \"code\".")
  if (single(params, "client_id") !== client.clientId) {
    return Result.fail("client_id is missing or is not the client this development provider knows.")
  }
  const redirectUri = single(params, "redirect_uri")
  if (redirectUri === undefined || !isHttpUrlWithoutFragment(redirectUri)) {
    return Result.fail("redirect_uri must be given once and be an http(s) URL without a fragment.")
  }
  if (redirectUri !== callbackUri) return Result.fail(`redirect_uri must be this server's callback, ${callbackUri}.`)
  if (params.getAll("state").length > 1) return Result.fail("state may be given at most once.")
  const state = single(params, "state")
  let codeChallenge: string | undefined
  if (spec.pkce) {
    codeChallenge = single(params, "code_challenge")
    // An S256 challenge is a base64url SHA-256: exactly 43 characters.
    if (codeChallenge === undefined || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) {
      return Result.fail("code_challenge must be given once and be a base64url SHA-256 (43 characters).")
    }
    if (single(params, "code_challenge_method") !== "S256") return Result.fail("code_challenge_method must be \"S256\".")
  }
  const carried = CARRIED.flatMap((name) => {
    const value = single(params, name)
    return value === undefined ? [] : [[name, value] as const]
  })
  return Result.succeed({ redirectUri, state, codeChallenge, carried })
}

/** The identity chosen on the sign-in page, checked. */
const checkIdentity = (params: URLSearchParams, spec: DevProviderSpec): Result.Result<DevIdentity, string> => {
  const id = single(params, "id")?.trim() ?? ""
  const username = single(params, "username")?.trim() ?? ""
  const displayName = single(params, "display_name")?.trim() ?? ""
  if (!new RegExp(`^(?:${spec.idPattern})$`).test(id)) return Result.fail(`The identity id must be ${spec.idHint}.`)
  if (username === "" || username.length > MAX_FIELD_LENGTH) {
    return Result.fail(`The username must be 1 to ${MAX_FIELD_LENGTH} characters.`)
  }
  if (displayName.length > MAX_FIELD_LENGTH) return Result.fail(`The display name must be at most ${MAX_FIELD_LENGTH} characters.`)
  // No `roles` at all (a client of its own, not the page): the identity keeps the roles it has.
  const given = single(params, "roles")
  if (spec.memberRoles !== true || given === undefined) return Result.succeed({ id, username, displayName: displayName === "" ? null : displayName })
  const roles = [...new Set(given.split(/[\s,]+/).filter((role) => role !== ""))]
  if (roles.length > MAX_ROLES || roles.some((role) => !/^[0-9]{1,32}$/.test(role))) {
    return Result.fail(`The provider roles must be at most ${MAX_ROLES} role ids of 1 to 32 digits, separated by commas or spaces.`)
  }
  return Result.succeed({ id, username, displayName: displayName === "" ? null : displayName, roles })
}

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" }

const badRequest = (problem: string): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(`Bad request: ${problem}\n`, { status: 400, headers: NO_STORE })

/** An OAuth error response (RFC 6749 §5.2). */
const oauthError = (status: 400 | 401, error: string): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.jsonUnsafe({ error }, {
    status,
    headers: status === 401 ? { ...NO_STORE, "www-authenticate": "Basic realm=\"bluelight-dev\"" } : NO_STORE
  })

/**
 * The client of an HTTP Basic `Authorization` header, its id and secret
 * form-decoded as RFC 6749 §2.3.1 has them encoded.
 */
const isClient = (header: string | undefined, client: DevClient): boolean => {
  const match = header === undefined ? null : /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)
  if (match === null) return false
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8")
  const colon = decoded.indexOf(":")
  if (colon < 0) return false
  try {
    const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, " "))
    const idMatches = equalSecrets(decode(decoded.slice(0, colon)), client.clientId)
    const secretMatches = equalSecrets(decode(decoded.slice(colon + 1)), client.clientSecret)
    return idMatches && secretMatches
  } catch {
    return false
  }
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" })[c]!)

const hiddenFields = (fields: ReadonlyArray<readonly [string, string]>): string =>
  fields.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join("")

/** The field giving an identity provider roles (the member read answers them), filled with what it holds now. */
const rolesField = (roles: ReadonlyArray<string> | undefined, label: string): string =>
  `<label>${escapeHtml(label)} <input type="text" name="roles" value="${escapeHtml((roles ?? []).join(", "))}" ` +
  `pattern="[0-9, ]*" title="Role ids (digits), separated by commas" maxlength="${MAX_ROLES * 34}"></label>`

const identityButton = (authorization: AuthorizationRequest, identity: DevIdentity, roles: ReadonlyArray<string> | undefined | null): string => {
  const fields: Array<readonly [string, string]> = [
    ...authorization.carried,
    ["id", identity.id],
    ["username", identity.username],
    ["display_name", identity.displayName ?? ""]
  ]
  return `<form method="get" action="approve">${hiddenFields(fields)}<button type="submit"><strong>${
    escapeHtml(identity.displayName ?? identity.username)
  }</strong><span>${escapeHtml(identity.id)} · ${escapeHtml(identity.username)}</span></button>${
    roles === null ? "" : rolesField(roles, `Provider roles of ${identity.displayName ?? identity.username}`)
  }</form>`
}

/**
 * The sign-in page: self-contained (no external assets, the policy forbids
 * any), every interpolated value escaped. The forms submit to `approve`
 * relative to this page, so the provider works under any prefix.
 */
const signInPage = (
  spec: DevProviderSpec,
  authorization: AuthorizationRequest,
  recent: ReadonlyArray<DevIdentity>,
  rolesOf: (identity: DevIdentity) => ReadonlyArray<string> | undefined
): HttpServerResponse.HttpServerResponse => {
  const list = (identities: ReadonlyArray<DevIdentity>) =>
    identities.map((identity) => `<li>${identityButton(authorization, identity, spec.memberRoles === true ? rolesOf(identity) : null)}</li>`).join("")
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(spec.providerName)}: Bluelight development ${escapeHtml(spec.purpose)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.4rem}p.note{color:#555}ul{list-style:none;padding:0}li{margin:.4rem 0}
button{width:100%;text-align:left;padding:.6rem .8rem;border:1px solid #9aa4b0;border-radius:.4rem;background:#f4f6f8;cursor:pointer}
button span{display:block;color:#555;font-size:.85rem}label{display:block;margin:.5rem 0}input[type=text]{width:100%;padding:.4rem}
</style>
</head>
<body>
<h1>${escapeHtml(spec.providerName)}: development ${escapeHtml(spec.purpose)}</h1>
<p class="note">${escapeHtml(spec.providerName)} for development. Nothing is checked: choose who to be.
You will return to <code>${escapeHtml(authorization.redirectUri)}</code>.</p>
${
    spec.memberRoles === true
      ? `<p class="note">Provider roles: the role ids this identity holds on the community's server, as the member read answers them ` +
        `to role sync (link one to a Bluelight role at <code>POST /api/admin/role-links</code>, then sync). Signing in sets them.</p>`
      : ""
  }
<h2>Test identities</h2>
<ul>${list(spec.identities)}</ul>
${recent.length === 0 ? "" : `<h2>Recently typed</h2>\n<ul>${list(recent)}</ul>`}
<h2>Someone else</h2>
<form method="get" action="approve">${hiddenFields(authorization.carried)}
<label>Identity id <input type="text" name="id" required pattern="${escapeHtml(spec.idPattern)}" title="${escapeHtml(spec.idHint)}"></label>
<label>Username <input type="text" name="username" required maxlength="${MAX_FIELD_LENGTH}"></label>
<label>Display name (optional) <input type="text" name="display_name" maxlength="${MAX_FIELD_LENGTH}"></label>
${spec.memberRoles === true ? rolesField([], "Provider roles (optional)") : ""}
<button type="submit"><strong>Sign in</strong></button>
</form>
</body>
</html>
`
  return HttpServerResponse.html(body).pipe(
    HttpServerResponse.setHeaders({
      ...NO_STORE,
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      "referrer-policy": "no-referrer"
    })
  )
}

const isFormEncoded = (contentType: string | undefined): boolean =>
  contentType !== undefined && contentType.split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded"

/**
 * Adds one development OAuth 2.0 provider under `spec.basePath`: `authorize`
 * (the sign-in page), `approve` (the page's answer: a code, back to
 * `redirect_uri`, which must be `{appUrl}{spec.callbackPath}`), `token` and
 * `userinfo`. Codes and access tokens live in memory created here, one set
 * per provider.
 */
export const addDevProvider = (
  router: HttpRouter.HttpRouter,
  spec: DevProviderSpec,
  client: DevClient,
  appUrl: string,
  memberRead: DevMemberRead | null = null
): Effect.Effect<void> => {
  const callbackUri = `${appUrl}${spec.callbackPath}`
  // Who is a member of the community's server, with which roles: the test identities with theirs, and whoever signs in.
  const members = new Map<string, ReadonlyArray<string>>(
    spec.identities.flatMap((identity) => (identity.roles === undefined ? [] : [[identity.id, identity.roles] as const]))
  )
  const rolesOf = (identity: DevIdentity) => members.get(identity.id) ?? identity.roles
  const codes = new ExpiringSecrets<Grant>(CODE_TTL_MS)
  const accessTokens = new ExpiringSecrets<DevIdentity>(ACCESS_TOKEN_TTL_SECONDS * 1000)
  // Typed identities, newest first, so that coming back as them is one click.
  let recent: ReadonlyArray<DevIdentity> = []

  const authorize = HttpServerRequest.HttpServerRequest.useSync((request) =>
    Result.match(checkAuthorization(searchOf(request), spec, client, callbackUri), {
      onFailure: badRequest,
      onSuccess: (authorization) => signInPage(spec, authorization, recent, rolesOf)
    })
  )

  const approve = HttpServerRequest.HttpServerRequest.useSync((request) => {
    const params = searchOf(request)
    const checked = Result.all({ authorization: checkAuthorization(params, spec, client, callbackUri), identity: checkIdentity(params, spec) })
    if (Result.isFailure(checked)) return badRequest(checked.failure)
    const { authorization, identity } = checked.success
    if (!spec.identities.some((known) => known.id === identity.id)) {
      recent = [identity, ...recent.filter((other) => other.id !== identity.id)].slice(0, MAX_RECENT)
    }
    if (identity.roles !== undefined) {
      // Bounded as the other maps are: the oldest member forgotten first.
      members.delete(identity.id)
      while (members.size >= MAX_ENTRIES) members.delete(members.keys().next().value!)
      members.set(identity.id, identity.roles)
    }
    const code = codes.issue({ redirectUri: authorization.redirectUri, codeChallenge: authorization.codeChallenge, identity })
    const location = new URL(authorization.redirectUri)
    location.searchParams.set("code", code)
    if (authorization.state !== undefined) location.searchParams.set("state", authorization.state)
    return HttpServerResponse.redirect(location, { status: 302, headers: NO_STORE })
  })

  const token = Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (!isClient(request.headers["authorization"], client)) return oauthError(401, "invalid_client")
    if (!isFormEncoded(request.headers["content-type"])) return oauthError(400, "invalid_request")
    const text = yield* request.text.pipe(
      Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(MAX_FORM_BYTES)),
      Effect.option
    )
    if (Option.isNone(text)) return oauthError(400, "invalid_request")
    const form = new URLSearchParams(text.value)
    const grantType = single(form, "grant_type")
    if (grantType === undefined) return oauthError(400, "invalid_request")
    if (grantType !== "authorization_code") return oauthError(400, "unsupported_grant_type")
    const code = single(form, "code")
    if (code === undefined) return oauthError(400, "invalid_request")
    // Taken before anything else is checked: a code presented once is spent (RFC 6749 §4.1.2).
    const grant = codes.take(code)
    if (grant === undefined || single(form, "redirect_uri") !== grant.redirectUri) return oauthError(400, "invalid_grant")
    if (grant.codeChallenge !== undefined) {
      const verifier = single(form, "code_verifier")
      if (verifier === undefined || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return oauthError(400, "invalid_grant")
      const challenge = sha256(verifier).toString("base64url")
      if (!equalSecrets(challenge, grant.codeChallenge)) return oauthError(400, "invalid_grant")
    }
    return HttpServerResponse.jsonUnsafe(
      { access_token: accessTokens.issue(grant.identity), token_type: "Bearer", expires_in: ACCESS_TOKEN_TTL_SECONDS },
      { headers: NO_STORE }
    )
  })

  const userinfo = HttpServerRequest.HttpServerRequest.useSync((request) => {
    const match = /^bearer\s+([A-Za-z0-9_-]+)\s*$/i.exec(request.headers["authorization"] ?? "")
    const identity = match === null ? undefined : accessTokens.find(match[1]!)
    if (identity === undefined) {
      return HttpServerResponse.jsonUnsafe({ error: "invalid_token" }, {
        status: 401,
        headers: { ...NO_STORE, "www-authenticate": "Bearer error=\"invalid_token\"" }
      })
    }
    return HttpServerResponse.jsonUnsafe(spec.userinfo(identity), { headers: NO_STORE })
  })

  // The member read (docs/decisions/integrations.md): `Authorization: Bot <token>`; 404 for another server or a non-member.
  const member = HttpServerRequest.HttpServerRequest.useSync((request) => {
    const match = /^bot\s+(\S+)\s*$/i.exec(request.headers["authorization"] ?? "")
    if (memberRead === null || match === null || !equalSecrets(match[1]!, memberRead.botToken)) {
      return HttpServerResponse.jsonUnsafe({ message: "401: Unauthorized" }, { status: 401, headers: NO_STORE })
    }
    const path = /\/guilds\/([^/]+)\/members\/([^/?]+)(?:\?|$)/.exec(request.url)
    const guildId = path === null ? undefined : decodeURIComponent(path[1]!)
    const userId = path === null ? undefined : decodeURIComponent(path[2]!)
    if (guildId !== memberRead.guildId) return HttpServerResponse.jsonUnsafe({ message: "Unknown Guild" }, { status: 404, headers: NO_STORE })
    const roles = userId === undefined ? undefined : members.get(userId)
    if (roles === undefined) return HttpServerResponse.jsonUnsafe({ message: "Unknown Member" }, { status: 404, headers: NO_STORE })
    return HttpServerResponse.jsonUnsafe({ user: { id: userId }, roles }, { headers: NO_STORE })
  })

  return Effect.all([
    router.add("GET", `${spec.basePath}/authorize`, authorize),
    router.add("GET", `${spec.basePath}/approve`, approve),
    router.add("POST", `${spec.basePath}/token`, token),
    router.add("GET", `${spec.basePath}/userinfo`, userinfo),
    ...(spec.memberRoles === true && memberRead !== null ? [router.add("GET", `${spec.basePath}/guilds/:guildId/members/:userId`, member)] : [])
  ], { discard: true })
}
