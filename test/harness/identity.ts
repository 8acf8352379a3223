import { IssuedCredential as IssuedCredentialView, Me, StaffView } from "@bluelight/api/identity/schemas.js"
import { Account, AccountId, CREDENTIAL_LIFETIME_DAYS, Permission, Role, RoleId } from "@bluelight/core/identity"
import { Schema } from "effect"
import { expect } from "vitest"
import { dataOf } from "./body.js"
import { type TypedCaller, typedCaller } from "./client.js"
import type { Reply, RunningServer } from "./server.js"

/**
 * Helpers for black-box identity tests: the whole browser sign-in through the
 * development identity provider, platform linking, cookie parsing, and the
 * administrator's calls that set up roles, staff and credentials.
 *
 * What sets something up (a role, a staff profile, a credential, an account's
 * status, the caller's own account) goes through the typed client, and
 * answers the contract's wire form so that tests compare it with raw replies.
 * The sign-in flow stays raw on purpose: its answers are redirects and
 * `Set-Cookie` headers, which are what its tests check and what the client
 * neither follows nor keeps. So do `me` and `write`, the tests' own tools for
 * the wire, and the clock hook, which is not part of the contract the client
 * is made from.
 */

export const SESSION_COOKIE = "bluelight-session"
export const STATE_COOKIE = "bluelight-oauth-state"

/** What the built-in Member role holds (what every signed-in account gets, and nothing more). */
export const MEMBER_PERMISSIONS = ["civilians.create", "civilians.manage_own"] as const

/** The complete catalogue of permission keys, sorted the way the API sorts them. */
export const ALL_PERMISSIONS = [
  "cad.unit.self",
  "cad.view",
  "cad.dispatch",
  "cad.incidents.create",
  "cad.incidents.manage",
  "cad.units.manage",
  "cad.calls.manage",
  "server.view",
  "players.view",
  "players.lookup",
  "sessions.view",
  "sessions.manage",
  "shifts.view",
  "shifts.manage",
  "staff.view",
  "staff.manage",
  "moderation.view",
  "moderation.warn",
  "moderation.kick",
  "moderation.ban",
  "moderation.history",
  "audit.view",
  "admin.manage",
  "civilians.create",
  "civilians.manage_own",
  "civilians.manage",
  "pnc.view",
  "pnc.records.manage",
  "pnc.licences.manage",
  "pnc.warrants.manage",
  "pnc.markers.manage",
  "pnc.vehicles.manage"
].sort()

export const CREDENTIAL_TOKEN = /^bluelight_[A-Za-z0-9_-]{43}$/

// ---------------------------------------------------------------- cookies

export interface SetCookie {
  readonly name: string
  readonly value: string
  /** Attribute names lower-cased; flags (`HttpOnly`) map to `true`. */
  readonly attributes: Readonly<Record<string, string | true>>
  readonly raw: string
}

/** Parses one `Set-Cookie` header value. */
export const parseSetCookie = (raw: string): SetCookie => {
  const [pair = "", ...parts] = raw.split(";")
  const eq = pair.indexOf("=")
  const name = (eq < 0 ? pair : pair.slice(0, eq)).trim()
  const value = eq < 0 ? "" : pair.slice(eq + 1).trim()
  const attributes: Record<string, string | true> = {}
  for (const part of parts) {
    const at = part.indexOf("=")
    const key = (at < 0 ? part : part.slice(0, at)).trim().toLowerCase()
    if (key === "") continue
    attributes[key] = at < 0 ? true : part.slice(at + 1).trim()
  }
  return { name, value, attributes, raw }
}

/** Every `Set-Cookie` of a reply, parsed. */
export const setCookies = (reply: Pick<Reply, "headers">): Array<SetCookie> => reply.headers.getSetCookie().map(parseSetCookie)

/** The `Set-Cookie` for `name`, if the reply has exactly one (it must not have two). */
export const setCookie = (reply: Pick<Reply, "headers">, name: string): SetCookie | undefined => {
  const found = setCookies(reply).filter((cookie) => cookie.name === name)
  expect(found.length, `at most one Set-Cookie for ${name}`).toBeLessThanOrEqual(1)
  return found[0]
}

/** Whether this Set-Cookie removes the cookie (empty value and Max-Age=0 or an expiry in the past). */
export const clearsCookie = (cookie: SetCookie | undefined): boolean =>
  cookie !== undefined && cookie.value === "" &&
  (cookie.attributes["max-age"] === "0" ||
    (typeof cookie.attributes["expires"] === "string" && Date.parse(cookie.attributes["expires"]) <= Date.now()))

/** A `Cookie` request header from name/value pairs (undefined values left out). */
export const cookieHeader = (cookies: Record<string, string | undefined>): string =>
  Object.entries(cookies).filter(([, value]) => value !== undefined).map(([name, value]) => `${name}=${value}`).join("; ")

// ---------------------------------------------------------------- sign-in
// Raw on purpose: every step answers a redirect and cookies, which the typed client neither follows nor keeps.

export interface Session {
  /** `bluelight-session=<token>`, ready for a `cookie` header. */
  readonly cookie: string
  readonly token: string
}

export const sessionOf = (token: string): Session => ({ token, cookie: `${SESSION_COOKIE}=${token}` })

export interface DevIdentity {
  readonly id: string
  readonly username?: string
  readonly displayName?: string
  /** The identity's roles on the community's server, given on the development identity provider's sign-in page (role sync reads them). */
  readonly roles?: ReadonlyArray<string>
}

export interface StartedSignIn {
  /** The provider's authorize URL the server redirected to. */
  readonly authorizeUrl: URL
  /** The `state` parameter sent to the provider. */
  readonly state: string
  /** The value of the state cookie bound to this browser. */
  readonly stateCookie: string
  readonly reply: Reply
}

const headersWith = (cookie: string | undefined, extra: Record<string, string> = {}) => cookie === undefined || cookie === "" ? extra : { ...extra, cookie }

/** `GET /api/auth/idp` (or `/api/auth/platform`): the redirect to the provider and the state cookie. */
export const startFlow = async (
  server: RunningServer,
  path: "/api/auth/idp" | "/api/auth/platform",
  cookie?: string
): Promise<StartedSignIn> => {
  const reply = await server.request("GET", path, { headers: headersWith(cookie) })
  expect(reply.status, `${path} redirects: ${reply.text}`).toBe(302)
  const authorizeUrl = new URL(reply.headers.get("location")!)
  const state = authorizeUrl.searchParams.get("state")
  const bound = setCookie(reply, STATE_COOKIE)
  expect(state).toBeTruthy()
  expect(bound?.value).toBeTruthy()
  return { authorizeUrl, state: state!, stateCookie: bound!.value, reply }
}

export const startSignIn = (server: RunningServer, cookie?: string) => startFlow(server, "/api/auth/idp", cookie)

/**
 * The development provider's `approve` for this authorize URL and identity:
 * answers the callback path (with `code` and `state`) it redirects to,
 * relative to the server.
 */
export const approve = async (
  server: RunningServer,
  authorizeUrl: URL,
  identity: DevIdentity
): Promise<{ callbackPath: string; code: string; state: string | null }> => {
  const params = new URLSearchParams(authorizeUrl.searchParams)
  params.set("id", identity.id)
  params.set("username", identity.username ?? `user.${identity.id}`)
  params.set("display_name", identity.displayName ?? "")
  if (identity.roles !== undefined) params.set("roles", identity.roles.join(","))
  const approvePath = authorizeUrl.pathname.replace(/\/authorize$/, "/approve")
  const reply = await server.request("GET", `${approvePath}?${params}`)
  expect(reply.status, `approve redirects: ${reply.text}`).toBe(302)
  const location = new URL(reply.headers.get("location")!)
  return {
    callbackPath: `${location.pathname}${location.search}`,
    code: location.searchParams.get("code")!,
    state: location.searchParams.get("state")
  }
}

/** Calls a callback path with these cookies. */
export const callback = (server: RunningServer, callbackPath: string, cookies: Record<string, string | undefined>) =>
  server.request("GET", callbackPath, { headers: headersWith(cookieHeader(cookies)) })

/** The session a successful sign-in callback set. */
export const sessionFromReply = (reply: Reply): Session => {
  expect(reply.status, `callback succeeds: ${reply.text}`).toBe(302)
  const cookie = setCookie(reply, SESSION_COOKIE)
  expect(cookie?.value, "the callback sets the session cookie").toBeTruthy()
  return sessionOf(cookie!.value)
}

/**
 * The whole browser sign-in: start, approve at the development provider as
 * `identity`, return to the callback with the state cookie (and `previous`,
 * the browser's earlier session, if any).
 */
export const signIn = async (server: RunningServer, identity: DevIdentity, previous?: Session): Promise<Session> => {
  const started = await startSignIn(server)
  const { callbackPath } = await approve(server, started.authorizeUrl, identity)
  const reply = await callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie, [SESSION_COOKIE]: previous?.token })
  return sessionFromReply(reply)
}

/** Links a game-platform account to the signed-in session; answers the callback's reply. */
export const linkPlatform = async (
  server: RunningServer,
  session: Session,
  identity: { readonly id: string; readonly username?: string; readonly displayName?: string },
  finishIn: Session = session
): Promise<Reply> => {
  const started = await startFlow(server, "/api/auth/platform", session.cookie)
  const { callbackPath } = await approve(server, started.authorizeUrl, identity)
  return callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie, [SESSION_COOKIE]: finishIn.token })
}

// ---------------------------------------------------------------- requests

/** Headers for a cookie-authenticated write: the cookie and the application's own `Origin`. */
export const cookieWrite = (server: RunningServer, session: Session, extra: Record<string, string> = {}) => ({
  ...extra,
  cookie: session.cookie,
  origin: server.url
})

/** Headers for a cookie-authenticated read. */
export const cookieRead = (session: Session) => ({ cookie: session.cookie })

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** `GET /api/me` with this session. */
export const me = (server: RunningServer, session: Session) => server.request("GET", "/api/me", { headers: cookieRead(session) })

/** The typed client as this person: their session cookie, and the Origin a cookie write needs. */
export const typedAs = (server: RunningServer, session: Session): TypedCaller => typedCaller(server.url, { headers: cookieWrite(server, session) })

/** `GET /api/me` through the typed client: the caller's own account, as sent on the wire. */
export const meData = async (server: RunningServer, session: Session): Promise<MeData> =>
  Schema.encodeSync(Me)((await typedAs(server, session).run((api) => api.auth.me())).data)

/** A write with the session cookie and the right Origin. */
export const write = (server: RunningServer, session: Session, method: string, path: string, body?: unknown) =>
  server.request(method, path, { headers: cookieWrite(server, session), ...(body === undefined ? {} : { body }) })

/** The contract's answers as sent on the wire (JSON: ids and timestamps as strings). */
export type MeData = typeof Me.Encoded
export type RoleData = typeof Role.Encoded
export type StaffData = typeof StaffView.Encoded
export type IssuedCredential = typeof IssuedCredentialView.Encoded
export type AccountData = typeof Account.Encoded

/** Permission keys as the contract types them; a key it does not know fails the test here, before anything is sent. */
const permissionKeys = Schema.decodeUnknownSync(Schema.Array(Permission))

export const createRole = async (server: RunningServer, admin: Session, name: string, permissions: ReadonlyArray<string>): Promise<RoleData> => {
  const payload = { name, permissions: permissionKeys(permissions) }
  return Schema.encodeSync(Role)((await typedAs(server, admin).run((api) => api.admin.createRole({ payload }))).data)
}

export const createStaff = async (server: RunningServer, manager: Session, accountId: string, roleIds: ReadonlyArray<string>): Promise<StaffData> => {
  const payload = { accountId: AccountId.make(accountId), roleIds: roleIds.map((id) => RoleId.make(id)) }
  return Schema.encodeSync(StaffView)((await typedAs(server, manager).run((api) => api.staff.createStaff({ payload }))).data)
}

export const issueCredential = async (
  server: RunningServer,
  admin: Session,
  input: { readonly name: string; readonly scopes: ReadonlyArray<string>; readonly lifetimeDays?: number }
): Promise<IssuedCredential> => {
  // The contract's type holds the lifetime the server defaults to (the default itself is checked on the wire).
  const payload = { name: input.name, scopes: permissionKeys(input.scopes), lifetimeDays: input.lifetimeDays ?? CREDENTIAL_LIFETIME_DAYS.default }
  return Schema.encodeSync(IssuedCredentialView)((await typedAs(server, admin).run((api) => api.admin.issueService({ payload }))).data)
}

export const setAccountStatus = async (
  server: RunningServer,
  admin: Session,
  accountId: string,
  status: "ACTIVE" | "SUSPENDED" | "DISABLED"
): Promise<AccountData> => {
  const answer = await typedAs(server, admin).run((api) => api.admin.updateAccount({ params: { id: AccountId.make(accountId) }, payload: { status } }))
  return Schema.encodeSync(Account)(answer.data)
}

/**
 * A signed-in person with a staff profile holding one new role with these
 * permissions; answers the session, the account id, the role and the profile.
 */
export const staffMember = async (
  server: RunningServer,
  admin: Session,
  identity: DevIdentity,
  permissions: ReadonlyArray<string>
) => {
  const session = await signIn(server, identity)
  const accountId = (await meData(server, session)).id
  const role = await createRole(server, admin, `Role ${identity.id}`.slice(0, 60), permissions)
  const staff = await createStaff(server, admin, accountId, [role.id])
  return { session, accountId, role, staff }
}

// ---------------------------------------------------------------- time and shared storage

/**
 * Moves a server's clock `millis` forward (a test hook: the rate limiters and
 * everything else that reads the server's clock follow); answers its new time.
 * Raw: the test hooks are not part of the contract the typed client is made from.
 */
export const advanceClock = async (server: RunningServer, millis: number): Promise<number> => {
  const reply = await server.request("POST", "/api/__test/clock", { body: { advanceMillis: millis } })
  expect(reply.status, reply.text).toBe(200)
  return Date.parse(dataOf<{ now: string }>(reply).now)
}

/** The most the test clock endpoint moves in one call (`advanceMillis` is 0 to seven days). */
const CLOCK_STEP_MILLIS = 7 * 24 * 60 * 60 * 1000

/**
 * Moves the server's clock forward to `target` (epoch millis), in steps of at most
 * seven days, however far ahead it is; a target in the past leaves the clock where it
 * is (it only moves forward). Answers the new time.
 */
export const moveClockTo = async (server: RunningServer, target: number): Promise<number> => {
  let now = await advanceClock(server, 0)
  while (now < target) now = await advanceClock(server, Math.min(CLOCK_STEP_MILLIS, target - now))
  return now
}

/**
 * Rate counters are fixed one-minute windows aligned to the clock. Before a
 * test spends a budget, move the servers' clocks to the start of the next
 * window, so that every request of the test counts in one fresh window and no
 * test waits for the real one. Servers that share Redis are moved together, by
 * the same amount, so that they stay in one window.
 */
export const freshWindow = async (...servers: ReadonlyArray<RunningServer>) => {
  const now = await advanceClock(servers[0]!, 0)
  const untilNext = 60_000 - (now % 60_000)
  for (const server of servers) await advanceClock(server, untilNext)
}

export { testRedisUrl } from "./settings.js"
