import { HttpApiMiddleware } from "effect/http-api"
import { CurrentCaller } from "./CurrentCaller.js"

// The contract's side of the access check: what the endpoint groups declare
// (this tag and what it provides). Its implementation, with the sessions,
// credentials and rate limits it needs, is `layerAccessControl` in
// `AccessControl.ts`, which the contract does not import.

/**
 * Authentication, the origin check, the rate limit (unless the endpoint is
 * declared `notRateLimited`) and the endpoint's declared access rule, in that
 * order, before the request is decoded. Provides the caller to the handler.
 * The rule comes from the endpoint's one declaration.
 *
 * It answers a refusal itself, with the error envelope, and declares no
 * error: HttpApi answers a middleware's failure as one of the endpoint's
 * declared errors, and lets every handler of the group fail with it. So a
 * handler that can fail with one of the refusals itself (sign-in's callback,
 * a staff change needing `admin.manage`) must still declare it.
 */
export class AccessControl extends HttpApiMiddleware.Service<AccessControl, {
  provides: CurrentCaller
}>()("AccessControl") {}
