import { HttpApiBuilder, HttpApiScalar } from "@effect/platform"
import { Effect, Layer } from "effect"
import { BluelightApi } from "./Api.js"
import { envelopeErrors, requestPath } from "./requestPath/middleware.js"
import { RouteIndex } from "./requestPath/routes.js"
import { SystemHandlers } from "./system/SystemHandlers.js"

export interface HttpOptions {
  /** Mounts `GET /api/__test/defect`, which dies, so tests can see a 500. Never on in production. */
  readonly testHooks: boolean
}

const DOCS_ROUTES = [
  { method: "GET", path: "/api/openapi.json" },
  { method: "GET", path: "/api/docs" }
] as const

const TEST_ROUTES = [{ method: "GET", path: "/api/__test/defect" }] as const

const testHooks = HttpApiBuilder.Router.use((router) =>
  router.get("/api/__test/defect", Effect.die(new Error("deliberate defect for tests")))
)

/**
 * The API served over whatever `HttpServer` the caller provides: the request
 * path around it, the OpenAPI description and the Scalar reference beside it.
 * Needs the ports its handlers use.
 */
export const layerHttpApi = (options: HttpOptions) => {
  const routes = RouteIndex.fromApi(BluelightApi, options.testHooks ? [...DOCS_ROUTES, ...TEST_ROUTES] : DOCS_ROUTES)
  const apiLive = HttpApiBuilder.api(BluelightApi).pipe(Layer.provide(SystemHandlers))
  return HttpApiBuilder.serve(requestPath(routes)).pipe(
    Layer.provide(HttpApiBuilder.middleware(BluelightApi, envelopeErrors(routes))),
    Layer.provide(HttpApiBuilder.middlewareOpenApi({ path: "/api/openapi.json" })),
    Layer.provide(HttpApiScalar.layer({ path: "/api/docs", scalar: { withDefaultFonts: false } })),
    Layer.provide(options.testHooks ? testHooks : Layer.empty),
    Layer.provide(apiLive)
  )
}
