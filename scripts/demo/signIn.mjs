// Signing in through the development identity provider the way a browser does, without one:
// GET /api/auth/idp (the redirect to the provider and the state cookie), the provider's `approve`
// (what a button of its sign-in page submits) and the callback, which sets the session cookie.
// Every step answers a redirect and cookies, which fetch would follow and drop, hence `manual`.

const STATE_COOKIE = "bluelight-oauth-state"
const SESSION_COOKIE = "bluelight-session"

/** The value of cookie `name` among a reply's Set-Cookie headers. */
const cookieOf = (reply, name) => {
  for (const header of reply.headers.getSetCookie()) {
    const [pair = ""] = header.split(";")
    const eq = pair.indexOf("=")
    if (pair.slice(0, eq).trim() === name && pair.slice(eq + 1).trim() !== "") return pair.slice(eq + 1).trim()
  }
  return undefined
}

/** A redirect's target, or an error naming the step that did not redirect and what it answered instead. */
const redirected = async (reply, step) => {
  const location = reply.headers.get("location")
  if (reply.status !== 302 || location === null) {
    throw new Error(`${step}: expected a redirect, got ${reply.status} ${(await reply.text()).slice(0, 300)}`)
  }
  return new URL(location)
}

/**
 * Signs `person` ({id, username, displayName}) in at the server at `baseUrl`; answers the
 * `cookie` header value of their session. The first sign-in of an identity makes its account.
 */
export const signIn = async (baseUrl, person) => {
  const started = await fetch(`${baseUrl}/api/auth/idp`, { redirect: "manual" })
  const authorize = await redirected(started, "GET /api/auth/idp")
  const state = cookieOf(started, STATE_COOKIE)
  if (state === undefined) throw new Error("GET /api/auth/idp set no state cookie")
  const params = new URLSearchParams(authorize.searchParams)
  params.set("id", person.id)
  params.set("username", person.username)
  params.set("display_name", person.displayName)
  // The provider is served by this server; its address in the redirect is APP_URL's, the same server.
  const approvePath = authorize.pathname.replace(/\/authorize$/, "/approve")
  const approved = await redirected(await fetch(`${baseUrl}${approvePath}?${params}`, { redirect: "manual" }), "the provider's approve")
  const callback = await fetch(`${baseUrl}${approved.pathname}${approved.search}`, {
    redirect: "manual",
    headers: { cookie: `${STATE_COOKIE}=${state}` }
  })
  await redirected(callback, "the sign-in callback")
  const session = cookieOf(callback, SESSION_COOKIE)
  if (session === undefined) throw new Error(`the sign-in callback set no session cookie for ${person.id}`)
  return `${SESSION_COOKIE}=${session}`
}
