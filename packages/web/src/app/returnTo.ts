/**
 * Where a person was when they had to sign in: kept for this tab while the identity provider has
 * them, and taken back once, when the app loads signed in again (the server sends every sign-in to
 * `/`). Signing in from `/` itself means "where I work": the first room the person's roles open.
 */
const KEY = "bluelight.returnTo"

export const rememberWhereIAm = (location: Location = window.location): void => {
  sessionStorage.setItem(KEY, `${location.pathname}${location.search}${location.hash}`)
}

/** What to open after signing in: a path of this origin (never a whole address), the first room, or nothing. */
export type ReturnTo = { readonly _tag: "Path"; readonly path: string } | { readonly _tag: "FirstRoom" } | null

/** Where to go after signing in, once. */
export const takeReturnTo = (): ReturnTo => {
  const path = sessionStorage.getItem(KEY)
  sessionStorage.removeItem(KEY)
  if (path === null || !path.startsWith("/") || path.startsWith("//")) return null
  return path === "/" ? { _tag: "FirstRoom" } : { _tag: "Path", path }
}

/** Leaves for the identity provider, to come back here. */
export const signIn = (): void => {
  rememberWhereIAm()
  window.location.assign("/api/auth/idp")
}
