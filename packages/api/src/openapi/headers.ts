import { Context } from "effect"
import { isObject, type JsonObject, objectAt, operationsOf } from "./json.js"

/**
 * Where an operation's answers carry `Set-Cookie` beyond what the document
 * says of every operation (a redirect's, a stale session cookie cleared on a
 * `401`/`403`): the statuses that always do (signing out, Developer Access)
 * and those that may (a failed callback forgets the sign-in state). Declared
 * on the endpoint whose handler sets the cookie.
 */
export class SetsCookie extends Context.Service<SetsCookie, {
  readonly always: ReadonlyArray<string>
  readonly sometimes: ReadonlyArray<string>
}>()("@bluelight/api/openapi/SetsCookie") {}

/** The codes whose refusals always carry `Retry-After`: each is built with its seconds (`retryAfterSeconds` set on every path). */
export const ALWAYS_RETRY_AFTER: ReadonlySet<string> = new Set(["RATE_LIMITED", "GAME_THROTTLED", "GAME_UNAVAILABLE"])

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` })

/** The headers the server sends, as reusable components (`components.headers`). */
export const headerComponents = {
  "X-Request-Id": {
    description: "This request's id, on every answer; an error envelope's `requestId` equals it. Quote it when reporting a problem.",
    required: true,
    schema: { type: "string", format: "uuid" }
  },
  "RateLimit-Policy": {
    description: "The caller budgets, the same on every answer: `\"read\";q=<reads a minute>;w=60, \"write\";q=<other requests a minute>;w=60`.",
    required: true,
    schema: { type: "string" }
  },
  "RateLimit": {
    description: "What is left of the budget this request spent: `\"<read|write|sign-in>\";r=<requests left>;t=<seconds until the window resets>`.",
    required: true,
    schema: { type: "string" }
  },
  "RateLimit-If-Counted": {
    description: "`RateLimit` (`\"<read|write|sign-in>\";r=<requests left>;t=<seconds>`) when the request was counted against a budget: " +
      "not on a refusal made before the count (no valid caller, another origin, a body refused by the body rules).",
    required: false,
    schema: { type: "string" }
  },
  "Retry-After": {
    description: "Whole seconds to wait before sending the same request again.",
    required: true,
    schema: { type: "string", pattern: "^\\d+$" }
  },
  "Location": {
    description: "Where the browser goes next.",
    required: true,
    schema: { type: "string" }
  },
  "Set-Cookie": {
    description: "The session or sign-in state cookie, set or cleared (`HttpOnly`, `SameSite=Lax`, `Path=/`).",
    required: true,
    schema: { type: "string" }
  },
  "Set-Cookie-If-Cleared": {
    description: "`Set-Cookie` clearing a cookie: the session cookie when the one sent no longer checks out, or the sign-in state " +
      "after a callback that failed.",
    required: false,
    schema: { type: "string" }
  }
} as const

/** The codes a declared error response lists (`allOf [ErrorEnvelope, {error: {code: enum}}]`), none for another. */
const codesOf = (response: JsonObject): ReadonlyArray<string> => {
  const content = isObject(response["content"]) ? response["content"]["application/json"] : undefined
  const schema = isObject(content) ? content["schema"] : undefined
  const parts = isObject(schema) && Array.isArray(schema["allOf"]) ? schema["allOf"] : []
  for (const part of parts) {
    const error = isObject(part) && isObject(part["properties"]) ? part["properties"]["error"] : undefined
    const code = isObject(error) && isObject(error["properties"]) ? error["properties"]["code"] : undefined
    if (isObject(code) && Array.isArray(code["enum"])) return code["enum"].filter((entry): entry is string => typeof entry === "string")
  }
  return []
}

/** Whether an operation accepts the session cookie (so a stale one may be cleared on its refusals). */
const acceptsSession = (operation: JsonObject): boolean =>
  Array.isArray(operation["security"]) && operation["security"].some((requirement) => isObject(requirement) && "session" in requirement)

/**
 * Declares on every response the headers the server sends with it, which
 * Effect's generator has no declaration for: it writes a response's headers
 * from the success or error schema's own headers only
 * (`effect/src/http-api/OpenApi.ts`, `processResponseMap`), and the request
 * path, the access check and the sign-in handlers set these around any
 * endpoint. What each answer carries, and why:
 *
 * - `X-Request-Id` and `RateLimit-Policy`: every answer (the request path sets them first).
 * - `RateLimit`: every answer of an operation counted against a budget, which is one that can
 *   answer `429` (the caller budgets, or the sign-in starts'); always on its successes and its
 *   `429`, which pass the count, and maybe on its other refusals.
 * - `Retry-After`: required on a `429` or `503` whose every code is built with its seconds
 *   (`ALWAYS_RETRY_AFTER`); the generator's optional `retry-after` stays optional elsewhere (Developer
 *   Access's `401`, whose refusals say how long only for a sixth attempt).
 * - `Location` and `Set-Cookie`: every redirect (the sign-in and linking steps set or clear the
 *   state cookie, or set the session); `Set-Cookie` as the endpoint declares it (`SetsCookie`), and
 *   maybe on a `401` or `403` of any operation taking the session cookie (a stale one is cleared).
 */
export const withResponseHeaders = (setsCookie: ReadonlyMap<string, typeof SetsCookie.Service>) => (spec: JsonObject): JsonObject => {
  objectAt(spec, "components")["headers"] = headerComponents
  for (const { key, operation } of operationsOf(spec)) {
    const responses = objectAt(operation, "responses")
    const counted = "429" in responses
    const cookies = setsCookie.get(key)
    for (const [status, response] of Object.entries(responses)) {
      if (!isObject(response)) continue
      const generated = isObject(response["headers"]) ? response["headers"] : {}
      const headers: JsonObject = { "X-Request-Id": ref("X-Request-Id"), "RateLimit-Policy": ref("RateLimit-Policy") }
      const success = status.startsWith("2") || status.startsWith("3")
      if (counted) headers["RateLimit"] = success || status === "429" ? ref("RateLimit") : ref("RateLimit-If-Counted")
      const retryAfter = generated["retry-after"]
      if (retryAfter !== undefined) {
        const codes = codesOf(response)
        const always = (status === "429" || status === "503") && codes.length > 0 && codes.every((code) => ALWAYS_RETRY_AFTER.has(code))
        headers["Retry-After"] = always ? ref("Retry-After") : retryAfter
      }
      if (status.startsWith("3")) {
        if (response["description"] === "<No Content>") response["description"] = "A redirect to `Location`"
        headers["Location"] = ref("Location")
        headers["Set-Cookie"] = ref("Set-Cookie")
      } else if (cookies?.always.includes(status) === true) {
        headers["Set-Cookie"] = ref("Set-Cookie")
      } else if (cookies?.sometimes.includes(status) === true || ((status === "401" || status === "403") && acceptsSession(operation))) {
        headers["Set-Cookie"] = ref("Set-Cookie-If-Cleared")
      }
      for (const [name, header] of Object.entries(generated)) {
        if (name !== "retry-after") headers[name] = header
      }
      response["headers"] = headers
    }
  }
  return spec
}
