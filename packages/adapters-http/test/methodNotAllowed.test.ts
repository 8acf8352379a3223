import { layerMethodNotAllowed, methodNotAllowedRoutes, pathnameOf, ROUTER_CONFIG, routesOf } from "@bluelight/adapters-http"
import { BluelightApiWithTestHooks } from "@bluelight/api/testHooks/TestHooksApi.js"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { HttpApi, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { afterAll, describe, expect, it } from "vitest"

// The parameterised route is declared before the literal one, so only the router's own preference can pick the literal.
const api = HttpApi.make("test").add(
  HttpApiGroup.make("things")
    .add(HttpApiEndpoint.get("one", "/things/:id"))
    .add(HttpApiEndpoint.get("fresh", "/things/new"))
    .add(HttpApiEndpoint.delete("remove", "/things/:id"))
    .add(HttpApiEndpoint.get("part", "/things/:id/parts/:part"))
    .add(HttpApiEndpoint.get("list", "/things"))
)
const routes = routesOf(api, [{ method: "POST", path: "/things/new/form" }])

// The real routes answer with their own path, so a test sees which one the router took.
const real = Layer.mergeAll(
  layerMethodNotAllowed(routes),
  ...routes.map((route) =>
    HttpRouter.add(route.method as "GET", route.path as HttpRouter.PathInput, Effect.succeed(HttpServerResponse.text(`${route.method} ${route.path}`)))
  )
)
const { handler, dispose } = HttpRouter.toWebHandler(real, { routerConfig: ROUTER_CONFIG, disableLogger: true })
afterAll(() => dispose())

const send = async (method: string, path: string) => {
  const response = await handler(new Request(`http://localhost${path}`, { method }))
  return { status: response.status, allow: response.headers.get("allow"), text: await response.text() }
}

describe("the router's own 405", () => {
  it("answers a known path asked with another method, with Allow listing what it takes", async () => {
    expect(await send("PUT", "/things/1")).toMatchObject({ status: 405, allow: "DELETE, GET" })
    expect(await send("POST", "/things")).toMatchObject({ status: 405, allow: "GET" })
    expect(await send("GET", "/things/new/form")).toMatchObject({ status: 405, allow: "POST" })
    expect(JSON.parse((await send("PATCH", "/things/7/parts/2")).text).error).toEqual({
      code: "METHOD_NOT_ALLOWED",
      message: "PATCH is not allowed on /things/7/parts/2; use GET"
    })
  })

  it("never hides a route: a literal path keeps the methods a parameter takes on it", async () => {
    expect(await send("DELETE", "/things/new")).toMatchObject({ status: 200, text: "DELETE /things/:id" })
    expect(await send("GET", "/things/new")).toMatchObject({ status: 200, text: "GET /things/new" })
    expect(await send("GET", "/things/old")).toMatchObject({ status: 200, text: "GET /things/:id" })
    expect(await send("POST", "/things/new")).toMatchObject({ status: 405, allow: "DELETE, GET" })
    for (const { method, path } of routes) {
      expect(methodNotAllowedRoutes(routes).some((route) => route.method === method && route.path === path)).toBe(false)
    }
  })

  it("answers a HEAD by the GET's route, as the router does, and leaves an unknown path to 404", async () => {
    expect(await send("HEAD", "/things/new/form")).toMatchObject({ status: 405, allow: "POST" })
    expect((await send("HEAD", "/things/1")).status).toBe(200)
    expect((await send("PUT", "/nothing")).status).toBe(404)
  })

  it("holds on every spelling the router takes: a trailing slash, repeated slashes and case; an id of any length", async () => {
    expect(await send("PUT", "/things/1/")).toMatchObject({ status: 405, allow: "DELETE, GET" })
    expect(await send("PUT", "//THINGS/1")).toMatchObject({ status: 405, allow: "DELETE, GET" })
    expect((await send("GET", `/things/${"x".repeat(10_000)}`)).text).toBe("GET /things/:id")
    expect((await send("GET", "/things/a%20b/parts/7")).text).toBe("GET /things/:id/parts/:part")
    expect((await send("PUT", "/things/a%20b/parts/7")).status).toBe(405)
    // No empty parameter: a path the router does not take has no 405 either.
    expect((await send("GET", "/things//parts/7")).status).toBe(404)
  })
})

describe("the API's 405 routes", () => {
  const apiRoutes = methodNotAllowedRoutes(routesOf(BluelightApiWithTestHooks, [{ method: "GET", path: "/api/docs" }]))
  it("cover the methods a path lacks, with Allow listing what it takes, and no path the API does not have", () => {
    expect(apiRoutes.find((route) => route.method === "PUT" && route.path === "/api/__test/audit")?.allow).toBe("GET, POST")
    expect(apiRoutes.find((route) => route.method === "POST" && route.path === "/api/health")?.allow).toBe("GET")
    expect(apiRoutes.find((route) => route.method === "POST" && route.path === "/api/docs")?.allow).toBe("GET")
    expect(apiRoutes.some((route) => route.method === "GET" && route.path === "/api/health")).toBe(false)
    expect(apiRoutes.some((route) => route.path === "/api/nothing")).toBe(false)
  })
})

describe("the path of a request target", () => {
  it("is split at the query, never parsed", () => {
    expect(pathnameOf("/things/1?limit=2&x=?")).toBe("/things/1")
    expect(pathnameOf("/things/1")).toBe("/things/1")
    expect(pathnameOf("/?")).toBe("/")
  })
})
