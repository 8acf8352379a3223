import { HttpApiMiddleware } from "effect/http-api"

/**
 * The body rules every operation that may be sent a body is held to, before
 * anything else of it runs (its access check included): a body must be
 * `application/json`, at most 16 KiB unless the operation declares more
 * (`maxBodyBytes`), well-formed and nested at most 32 levels; an operation
 * that declares no body may be sent nothing but `{}`; one that reads its own
 * body (`readsOwnBody`) is held to the size alone. Put on every operation of
 * the API at once (`BluelightApi`), so it runs outermost. Its refusals
 * (`413`, `415`, `400`) are declared on each operation by `allow`, from the
 * operation's method and marks; the server's `layerBodyRules` applies them.
 */
export class BodyRules extends HttpApiMiddleware.Service<BodyRules>()("@bluelight/api/BodyRules") {}
