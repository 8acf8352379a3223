import { HttpApiBuilder, HttpApiScalar } from "@effect/platform"
import { Layer } from "effect"
import { BluelightApi, BluelightApiWithTestHooks } from "./Api.js"
import { envelopeErrors, requestPath } from "./requestPath/middleware.js"
import { RouteIndex } from "./requestPath/routes.js"
import { SystemHandlers } from "./system/SystemHandlers.js"
import { TestHooksHandlers } from "./testHooks/TestHooksHandlers.js"

export interface HttpOptions {
  /** Mounts the `/api/__test/*` endpoints for black-box tests. Never on in production. */
  readonly testHooks: boolean
}

const DOCS_ROUTES = [
  { method: "GET", path: "/api/openapi.json" },
  { method: "GET", path: "/api/docs" }
] as const

const apiLive = (testHooks: boolean) =>
  testHooks
    ? HttpApiBuilder.api(BluelightApiWithTestHooks).pipe(Layer.provide([SystemHandlers, TestHooksHandlers]))
    : HttpApiBuilder.api(BluelightApi).pipe(Layer.provide(SystemHandlers))

/**
 * The API served over whatever `HttpServer` the caller provides: the request
 * path around it, the OpenAPI description and the Scalar reference beside it.
 * Needs the ports its handlers use.
 */
export const layerHttpApi = (options: HttpOptions) => {
  const routes = RouteIndex.fromApi(options.testHooks ? BluelightApiWithTestHooks : BluelightApi, DOCS_ROUTES)
  return HttpApiBuilder.serve(requestPath(routes)).pipe(
    Layer.provide(HttpApiBuilder.middleware(BluelightApi, envelopeErrors(routes))),
    Layer.provide(HttpApiBuilder.middlewareOpenApi({ path: "/api/openapi.json" })),
    Layer.provide(HttpApiScalar.layer({ path: "/api/docs", scalar: { withDefaultFonts: false } })),
    Layer.provide(apiLive(options.testHooks))
  )
}
