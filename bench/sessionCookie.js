// The floors' reading of Bluelight's session cookie, the way Bluelight reads it:
// the token from `bluelight-session`, looked up by its SHA-256 hex digest.
import { createHash } from "node:crypto"

/** The session token in a `Cookie` header, if any. */
export const sessionToken = (cookie) => /(?:^|;\s*)bluelight-session=([^;]*)/.exec(cookie ?? "")?.[1] || undefined

/** What the sessions table stores for a token. */
export const tokenHash = (token) => createHash("sha256").update(token, "utf8").digest("hex")
