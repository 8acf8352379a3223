import type { AccessRule } from "@bluelight/core/identity"
import { withAccessSentence } from "./accessSentence.js"

/** Methods whose Test Request changes something on the server. */
const WRITES = new Set(["post", "put", "patch", "delete"])

/** Put first on every write, where a reader looks before pressing Test Request. */
export const WRITE_WARNING = "> **Test Request sends this for real.** From this page it runs on this server as you, with your session " +
  "cookie: what it creates, changes or sets off (a game-server command, a sign-out) really happens and is audited, and records " +
  "are never deleted, only closed or cleared."

/**
 * The same warning on a public write (the game's webhook): it runs as nobody,
 * and is refused unless it carries what the operation's description asks for.
 */
export const PUBLIC_WRITE_WARNING = "> **Test Request sends this for real.** From this page it runs on this server, as nobody: what a " +
  "request it accepts creates, changes or sets off really happens and is audited, and records are never deleted, only closed or cleared."

/** After the access sentence of every operation a session may call. */
export const COOKIE_NOTE = "**From this page:** once you have signed in in this browser (`/api/auth/idp`), Test Request carries your " +
  "session cookie by itself. The authentication panel's value is only for the copied samples; leave it empty here."

/**
 * An operation's description as the reference page shows it: its own
 * description and access sentence (`withAccessSentence`), with what the page
 * cannot say by itself: that Test Request on a write really changes this
 * server's data (first, where a reader looks before pressing it), and that the
 * browser's own cookie is what signs its requests (last, wherever a session
 * may call it). Made by `allow` from the endpoint's method and its one access
 * rule, so that it cannot say otherwise than `security`.
 */
export const tryItDescription = (method: string, description: unknown, rule: AccessRule): string =>
  [
    ...(WRITES.has(method.toLowerCase()) ? [rule.access === "public" ? PUBLIC_WRITE_WARNING : WRITE_WARNING] : []),
    withAccessSentence(description, rule),
    ...(rule.access === "public" ? [] : [COOKIE_NOTE])
  ].join("\n\n")
