import { HttpApiMiddleware } from "effect/http-api"
import type { Step } from "../endpointMarks.js"

/**
 * A browser flow's answer as a page: signing in, linking a game-platform
 * account and signing out are reached by navigating (or by a form), so a
 * browser that asks for HTML gets a short page giving the reason of a refusal
 * and a way to start again, under the refusal's status and headers, and a
 * sign-out that worked goes back to the home page (`303`). API clients keep
 * the JSON. The server's implementation is `layerBrowserPages`.
 */
export class BrowserPages extends HttpApiMiddleware.Service<BrowserPages>()("@bluelight/api/BrowserPages") {}

/**
 * Marks an operation a browser reaches by navigating. Put it after `allow`,
 * so that it is outside the access check and its refusals become pages too.
 */
export const browserFlow: Step<"browserFlow"> = (endpoint) => endpoint.middleware(BrowserPages) as never
