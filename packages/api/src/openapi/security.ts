import type { AccessRule } from "@bluelight/core/identity"

/** The security scheme of the session cookie, by its name in `components.securitySchemes`. */
export const SESSION_SCHEME = "session"
/** The security scheme of a service credential's bearer token. */
export const CREDENTIAL_SCHEME = "serviceCredential"

/** A security requirement: one scheme, no scopes (permissions are described in words and in `x-bluelight-permissions`). */
type Requirement = Readonly<Record<string, ReadonlyArray<string>>>

/**
 * The schemes an operation accepts, by its access rule: none for a public
 * one (`security: []`), the session cookie where only a person may act, and
 * either where a service credential may act too.
 */
export const securityOf = (rule: AccessRule): ReadonlyArray<Requirement> => {
  switch (rule.access) {
    case "public":
      return []
    case "session":
      return [{ [SESSION_SCHEME]: [] }]
    case "session-or-credential":
      return [{ [SESSION_SCHEME]: [] }, { [CREDENTIAL_SCHEME]: [] }]
  }
}

/** The schemes themselves; the cookie's name is the configuration's (`__Host-` in production). */
export const securitySchemes = (sessionCookie: string) => ({
  [SESSION_SCHEME]: {
    type: "apiKey",
    in: "cookie",
    name: sessionCookie,
    description: "The session cookie that signing in sets (open GET /api/auth/idp in this browser). " +
      "The browser sends it by itself; a request other than GET must also carry an Origin header equal to APP_URL's origin."
  },
  [CREDENTIAL_SCHEME]: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "bluelight_ followed by 43 URL-safe characters",
    description: "A service credential issued by POST /api/admin/services, sent as Authorization: Bearer <token>. " +
      "It can do what its scopes allow, never what needs a signed-in person (USER_REQUIRED)."
  }
})
