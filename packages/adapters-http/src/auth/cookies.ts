import { Duration } from "effect"
import { type HttpServerRequest, HttpServerResponse } from "effect/http"

/** Where the browser keeps its session and its sign-in state. */
export interface CookieNames {
  readonly session: string
  readonly signInState: string
  readonly secure: boolean
}

/** `__Host-bluelight-session` with `Secure` in production, `bluelight-session` otherwise; the sign-in state cookie keeps its one name (docs/decisions/identity.md, "Cookies and tokens"). */
export const cookieNames = (production: boolean): CookieNames => ({
  session: production ? "__Host-bluelight-session" : "bluelight-session",
  signInState: "bluelight-oauth-state",
  secure: production
})

const base = (names: CookieNames) => ({ httpOnly: true, sameSite: "lax" as const, path: "/", secure: names.secure })

/** Sets the session cookie: seven days. */
export const withSessionCookie = (names: CookieNames, token: string) => (response: HttpServerResponse.HttpServerResponse) =>
  HttpServerResponse.setCookieUnsafe(response, names.session, token, { ...base(names), maxAge: Duration.days(7) })

/** Clears the session cookie (logout, or a cookie that no longer checks out). */
export const withoutSessionCookie = (names: CookieNames) => (response: HttpServerResponse.HttpServerResponse) =>
  HttpServerResponse.setCookieUnsafe(response, names.session, "", { ...base(names), maxAge: Duration.zero, expires: new Date(0) })

/** Binds a sign-in state to this browser for ten minutes. */
export const withSignInStateCookie = (names: CookieNames, state: string) => (response: HttpServerResponse.HttpServerResponse) =>
  HttpServerResponse.setCookieUnsafe(response, names.signInState, state, { ...base(names), maxAge: Duration.minutes(10) })

export const withoutSignInStateCookie = (names: CookieNames) => (response: HttpServerResponse.HttpServerResponse) =>
  HttpServerResponse.setCookieUnsafe(response, names.signInState, "", { ...base(names), maxAge: Duration.zero, expires: new Date(0) })

export const readCookie = (request: HttpServerRequest.HttpServerRequest, name: string): string | undefined => {
  const value = request.cookies[name]
  return value === undefined || value === "" ? undefined : value
}
