import { AccountDisabled, authenticateSession, meOf, PlatformProvider, RateLimiter, type UserCaller } from "@bluelight/core/identity"
import { Effect, Result } from "effect"
import { HttpEffect, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { readCookie, withoutSessionCookie } from "../auth/cookies.js"
import { HttpSettings } from "../auth/HttpSettings.js"
import { rateLimitHeader } from "../auth/rateLimitHeaders.js"
import { escapeHtml, page } from "./html.js"

/** The route of the home page, for the route index. */
export const HOME_ROUTE = { method: "GET", path: "/" } as const

const ABOUT = `<p class="lead">Bluelight is the HTTP API behind the operations platform of a police and emergency-services
role-play community: dispatch and the MDT, characters and the police national computer, shifts and sessions,
moderation of the game server, and an audit log of every change.</p>`

const signedOut = (note: string | null): HttpServerResponse.HttpServerResponse =>
  page(
    "Bluelight",
    `<header><h1>Bluelight</h1>${ABOUT}</header>
<main>
${note === null ? "" : `<p class="problem">${escapeHtml(note)}</p>`}
<p>You are not signed in. Sign in with the community's identity provider to see who you are here and what you may do.</p>
<div class="actions">
<a class="button" href="/api/auth/idp">Sign in</a>
<a class="button secondary" href="/api/docs">API reference</a>
</div>
</main>`
  )

type Me = ReturnType<typeof meOf>

const staffText = (me: Me): string =>
  me.staff === null ? "None (an administrator can give this account one, by its id)"
    : me.staff.active ? "Active" : "Inactive (its roles do not count while it is inactive)"

const list = (items: ReadonlyArray<string>, empty: string, className = ""): string =>
  items.length === 0
    ? `<p class="muted">${escapeHtml(empty)}</p>`
    : `<ul${className === "" ? "" : ` class="${className}"`}>${items.map((item) => `<li><code>${escapeHtml(item)}</code></li>`).join("")}</ul>`

/**
 * Who is signed in, from the same record `GET /api/me` shows. Sign-out is a
 * plain form post: the browser sends this origin as `Origin`, which the
 * origin check requires, and the session cookie goes with it (same site).
 */
const signedIn = (me: Me, linking: boolean): HttpServerResponse.HttpServerResponse => {
  const platform = me.platform === null ? "Not linked" : `${me.platform.username} (${me.platform.id})`
  const linkButton = linking && me.platform === null
    ? `<a class="button secondary" href="/api/auth/platform">Link a game-platform account</a>`
    : ""
  return page(
    "Bluelight",
    `<header><h1>Bluelight</h1><p class="lead">Signed in as <strong>${escapeHtml(me.displayName)}</strong></p></header>
<main>
<dl>
<dt>Username</dt><dd>${escapeHtml(me.identity.username)}</dd>
<dt>Account id</dt><dd><code>${escapeHtml(me.id)}</code></dd>
<dt>Staff profile</dt><dd>${escapeHtml(staffText(me))}</dd>
<dt>Game platform</dt><dd>${escapeHtml(platform)}</dd>
${me.developerAccess ? "<dt>Developer Access</dt><dd>On for this session</dd>" : ""}
</dl>
<div class="actions">
<a class="button" href="/api/docs">API reference</a>
${linkButton}
<form method="post" action="/api/auth/logout"><button class="secondary" type="submit">Sign out</button></form>
</div>
<p class="muted">The API reference sends your requests with this browser's session, so <code>GET /api/me</code> there shows you.</p>
<h2>Staff roles</h2>
${list(me.roles.map((role) => role.name), "No staff roles.")}
<h2>Permissions</h2>
${list(me.permissions, "No permissions.", "permissions")}
</main>`
  )
}

const tooManyRequests = (retryAfterSeconds: number): HttpServerResponse.HttpServerResponse =>
  page(
    "Bluelight: too many requests",
    `<h1>Too many requests</h1><p class="problem">Your read budget for this minute is spent. Try again in ${retryAfterSeconds} seconds.</p>`,
    { status: 429, headers: { "retry-after": String(retryAfterSeconds) } }
  )

/**
 * A signed-in page load costs what a read of the API costs, so it spends the
 * same per-person read budget (and shows the same `RateLimit` header).
 */
const spendRead = (caller: UserCaller) =>
  Effect.gen(function*() {
    const { budgets } = yield* HttpSettings
    const decision = yield* RateLimiter.use((limiter) => limiter.consume(`read:user:${caller.account.id}`, budgets.readsPerMinute, 60))
    const header = rateLimitHeader("read", decision)
    yield* HttpEffect.appendPreResponseHandler((_, response) => Effect.succeed(HttpServerResponse.setHeader(response, "ratelimit", header)))
    return decision
  })

/**
 * `GET /`: signed out, what Bluelight is and where to sign in; signed in,
 * the person as `GET /api/me` has them. The cookie is checked exactly as the
 * API checks it, and one that no longer checks out is cleared.
 */
const homePage = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const settings = yield* HttpSettings
  const token = readCookie(request, settings.cookies.session)
  if (token === undefined) return signedOut(null)
  const authenticated = yield* Effect.result(authenticateSession(token))
  if (Result.isFailure(authenticated)) {
    const note = authenticated.failure instanceof AccountDisabled
      ? "This account is suspended or disabled: it cannot sign in. Ask an administrator."
      : "Your session has ended. Sign in again."
    return withoutSessionCookie(settings.cookies)(signedOut(note))
  }
  const caller = authenticated.success
  const decision = yield* spendRead(caller)
  if (!decision.allowed) return tooManyRequests(decision.resetSeconds)
  const linking = (yield* PlatformProvider).available
  return signedIn(meOf(caller), linking)
})

/** Serves the home page at `/`, outside the API description, with the session services it reads. */
export const layerHomePage = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const services = yield* Effect.context<
      Effect.Services<ReturnType<typeof authenticateSession>> | RateLimiter | PlatformProvider | HttpSettings
    >()
    yield* router.add(HOME_ROUTE.method, HOME_ROUTE.path, Effect.provide(homePage, services))
  })
)
