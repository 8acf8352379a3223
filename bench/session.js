// The person whose `GET /api/me` is measured: signed in through the
// development identity provider, as a browser would, and given a staff
// profile with one role, so the session look-up has a profile and a role to
// read beside the Member role.
import { ADMIN_IDENTITY_ID, USER_IDENTITY_ID } from "./servers.js"

/** Signs in at Bluelight's development identity provider; answers the session token. */
export async function signIn(base, identityId, displayName) {
  const start = await fetch(`${base}/api/auth/idp`, { redirect: "manual" })
  const stateCookie = /bluelight-oauth-state=([^;]+)/.exec(start.headers.get("set-cookie") ?? "")?.[1]
  const authorize = new URL(start.headers.get("location"))
  const approve = new URL(`${base}/dev/idp/approve`)
  for (const [key, value] of authorize.searchParams) approve.searchParams.set(key, value)
  approve.searchParams.set("id", identityId)
  approve.searchParams.set("username", identityId)
  approve.searchParams.set("display_name", displayName)
  const approved = await fetch(approve, { redirect: "manual" })
  const callback = await fetch(approved.headers.get("location"), {
    redirect: "manual",
    headers: { cookie: `bluelight-oauth-state=${stateCookie}` }
  })
  const session = /bluelight-session=([^;]+)/.exec(callback.headers.get("set-cookie") ?? "")?.[1]
  if (!session) throw new Error(`development sign-in of ${identityId} failed (${callback.status})`)
  return session
}

/** A request with a session cookie; writes come from the application's origin, as the origin check requires. */
export async function call(base, token, method, path, body) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { cookie: `bluelight-session=${token}`, origin: base, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined
  })
  const json = await answer.json()
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(json)}`)
  return json.data
}

/** The measured person's session token: a staff member holding a dispatcher role. */
export async function benchSession(base) {
  const admin = await signIn(base, ADMIN_IDENTITY_ID, "Bench Administrator")
  const user = await signIn(base, USER_IDENTITY_ID, "Bench User")
  const account = await call(base, user, "GET", "/api/me")
  const role = await call(base, admin, "POST", "/api/admin/roles", { name: "Dispatcher", permissions: ["cad.view", "cad.dispatch", "pnc.view"] })
  await call(base, admin, "POST", "/api/staff", { accountId: account.id, roleIds: [role.id] })
  return user
}
