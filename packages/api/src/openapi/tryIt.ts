import { isObject, type JsonObject, operationsOf } from "./json.js"
import { SESSION_SCHEME } from "./security.js"

/** Methods whose Test Request changes something on the server. */
const WRITES = new Set(["post", "put", "patch", "delete"])

/** Put first on every write, where a reader looks before pressing Test Request. */
export const WRITE_WARNING = "> **Test Request sends this for real.** From this page it runs on this server as you, with your session " +
  "cookie: what it creates, changes or sets off (a game-server command, a sign-out) really happens and is audited, and records " +
  "are never deleted, only closed or cleared."

/** After the access sentence of every operation a session may call. */
export const COOKIE_NOTE = "**From this page:** once you have signed in in this browser (`/api/auth/idp`), Test Request carries your " +
  "session cookie by itself. The authentication panel's value is only for the copied samples; leave it empty here."

const acceptsSession = (operation: JsonObject): boolean =>
  Array.isArray(operation["security"]) && operation["security"].some((requirement) => isObject(requirement) && SESSION_SCHEME in requirement)

const methodOf = (key: string): string => key.slice(0, key.indexOf(" "))

/**
 * What the reference page cannot say by itself: that Test Request on a write
 * really changes this server's data, and that the browser's own cookie is
 * what signs its requests. Added to each operation's description, which
 * already ends with its access sentence.
 */
export const withTryItNotes = (spec: JsonObject): JsonObject => {
  for (const { key, operation } of operationsOf(spec)) {
    const description = typeof operation["description"] === "string" ? operation["description"] : ""
    const parts = [
      ...(WRITES.has(methodOf(key)) ? [WRITE_WARNING] : []),
      ...(description === "" ? [] : [description]),
      ...(acceptsSession(operation) ? [COOKIE_NOTE] : [])
    ]
    if (parts.length > 0) operation["description"] = parts.join("\n\n")
  }
  return spec
}

/**
 * A response that is not JSON (the CAD history's event stream) shows its
 * schema's example as the media type's `example`, which the reference shows
 * as the answer's sample; JSON answers keep what they have.
 */
export const withStreamExamples = (spec: JsonObject): JsonObject => {
  for (const { operation } of operationsOf(spec)) {
    const responses = operation["responses"]
    if (!isObject(responses)) continue
    for (const response of Object.values(responses)) {
      if (!isObject(response) || !isObject(response["content"])) continue
      for (const [type, media] of Object.entries(response["content"])) {
        if (type === "application/json" || !isObject(media) || "example" in media || !isObject(media["schema"])) continue
        const examples = media["schema"]["examples"]
        if (Array.isArray(examples) && examples.length > 0) media["example"] = examples[0]
      }
    }
  }
  return spec
}
