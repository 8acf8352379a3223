/**
 * Where a person was when they had to sign in: kept for this tab while the identity provider has
 * them, and taken back once, when the app loads signed in again (the server sends every sign-in to `/`).
 */
const KEY = "bluelight.returnTo"

export const rememberWhereIAm = (location: Location = window.location): void => {
  const here = `${location.pathname}${location.search}${location.hash}`
  if (here !== "/") sessionStorage.setItem(KEY, here)
}

/** The path to go back to, once (only a path of this origin: never a whole address). */
export const takeReturnTo = (): string | null => {
  const path = sessionStorage.getItem(KEY)
  sessionStorage.removeItem(KEY)
  return path !== null && path.startsWith("/") && !path.startsWith("//") ? path : null
}

/** Leaves for the identity provider, to come back here. */
export const signIn = (): void => {
  rememberWhereIAm()
  window.location.assign("/api/auth/idp")
}
