import type { AccessRule } from "@bluelight/core/identity"
import { Context, Option } from "effect"
import { OpenApi } from "effect/http-api"
import { annotatedBy } from "../endpointMarks.js"

/** The security scheme of the session cookie, by its name in `components.securitySchemes`. */
export const SESSION_SCHEME = "session"
/** The security scheme of a service credential's bearer token. */
export const CREDENTIAL_SCHEME = "serviceCredential"

/** The security scheme of the game's event webhook: its Ed25519 signature, not a session. */
export const GAME_SIGNATURE_SCHEME = "gameSignature"

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

/**
 * Marks an operation the game calls as authenticated by the game's
 * signature: public as far as Bluelight's accounts go (`allow` with
 * `public`, whose description step it keeps), its `security` the signature
 * scheme. Put it after `allow`.
 */
export const signedByTheGame = annotatedBy(OpenApi.Transform, (endpoint) => {
  const described = Option.getOrElse(Context.getOption(endpoint.annotations, OpenApi.Transform), () => (operation: Record<string, unknown>) => operation)
  return (operation) => {
    const finished = described(operation)
    const declared = Array.isArray(finished["parameters"]) ? finished["parameters"] : []
    return { ...finished, parameters: [...declared, ...GAME_SIGNATURE_HEADERS], security: [{ [GAME_SIGNATURE_SCHEME]: [] }] }
  }
})

/**
 * The two headers the game signs a delivery with, as the header parameters
 * they are: the handler reads them itself (before the body, which it
 * verifies over their text), so no schema of the endpoint declares them.
 * A request without either, or with one malformed, is `401 UNAUTHENTICATED`.
 */
const GAME_SIGNATURE_HEADERS = [
  {
    name: "X-Signature-Ed25519",
    in: "header",
    required: true,
    description: "The game's Ed25519 signature, 128 hex characters, over the X-Signature-Timestamp text followed by the raw body",
    schema: { type: "string", pattern: "^[0-9a-fA-F]{128}$" }
  },
  {
    name: "X-Signature-Timestamp",
    in: "header",
    required: true,
    description: "When the game signed the delivery, in Unix seconds; refused more than the freshness window from the server's clock",
    schema: { type: "string", pattern: "^[0-9]{1,15}$" }
  }
]

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
  },
  [GAME_SIGNATURE_SCHEME]: {
    type: "apiKey",
    in: "header",
    name: "X-Signature-Ed25519",
    description: "The game's Ed25519 signature (128 hex characters) over the X-Signature-Timestamp header's text followed by the raw " +
      "request body, checked against GAME_WEBHOOK_PUBLIC_KEY. Only the game (or the development simulator) can make one; " +
      "it is not something to paste here."
  }
})
