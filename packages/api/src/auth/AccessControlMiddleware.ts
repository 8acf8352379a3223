import { HttpApiMiddleware } from "effect/http-api"
import type { AccessSettings, Permission, Permitted, ServiceCredentials, SessionRecords, Tokens } from "@bluelight/core/identity"
import type { CurrentCaller, CurrentUser } from "./CurrentCaller.js"

// The contract's side of the access check: the middleware `allow` puts on each
// operation that needs a caller, and what each provides. Their implementation,
// with the sessions, credentials and rate limits they need, is
// `layerAccessControl` in the HTTP adapter, which the contract does not import.
// A public operation has no middleware and no caller.

/**
 * Authentication (the session cookie, or a bearer credential when an
 * `Authorization` header is present), the origin check of a cookie's writes,
 * the rate limit (unless the endpoint is declared `notRateLimited`) and the
 * endpoint's declared access rule, in that order, before the request is
 * decoded. Provides the caller the rule admitted, and the proofs of the
 * rule's keys that use cases require (`Permitted`): each endpoint states
 * only its own rule's (`allow` puts it on them), never all that the class
 * declares here.
 *
 * It fails with the refusal, which HttpApi answers with the envelope from
 * the endpoint's declared errors, and declares none itself: each endpoint
 * declares the refusals its own rule implies (`allow`), and a middleware's
 * declared errors would be added to every endpoint it is on, whatever its
 * rule. It reads the sessions and credentials from the endpoint's services.
 */
export class Authenticated extends HttpApiMiddleware.Service<Authenticated, {
  provides: CurrentCaller | Permitted<Permission>
  requires: Authentication
}>()("@bluelight/api/Authenticated") {}

/** `Authenticated` for an operation only a signed-in person may call (`session`): provides the person as well. */
export class SignedIn extends HttpApiMiddleware.Service<SignedIn, {
  provides: CurrentCaller | CurrentUser | Permitted<Permission>
  requires: Authentication
}>()("@bluelight/api/SignedIn") {}

/** The ports the access check reads a caller with. */
export type Authentication = Tokens | SessionRecords | ServiceCredentials | AccessSettings
