import { pathnameOf, RouteIndex } from "@bluelight/adapters-http"
import { HttpApi, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { describe, expect, it } from "vitest"

// The parameterised route is declared before the literal one, so only the table's own preference can pick the literal.
const api = HttpApi.make("test").add(
  HttpApiGroup.make("things")
    .add(HttpApiEndpoint.get("one", "/things/:id"))
    .add(HttpApiEndpoint.get("fresh", "/things/new"))
    .add(HttpApiEndpoint.delete("remove", "/things/:id"))
    .add(HttpApiEndpoint.get("part", "/things/:id/parts/:part"))
    .add(HttpApiEndpoint.get("list", "/things"))
)
const routes = RouteIndex.fromApi(api, [{ method: "POST", path: "/things/new/form", ownBody: true }])

describe("the route table", () => {
  it("prefers a literal path to a parameter, whatever the declaration order", () => {
    expect(routes.find("GET", "/things/new")?.path).toBe("/things/new")
    expect(routes.find("GET", "/things/old")?.path).toBe("/things/:id")
    expect(routes.find("DELETE", "/things/new")?.path).toBe("/things/:id")
  })

  it("matches parameters segment by segment, encoded or not", () => {
    expect(routes.find("GET", "/things/a%20b/parts/7")?.path).toBe("/things/:id/parts/:part")
    expect(routes.find("GET", "/things/a/parts")).toBeUndefined()
  })

  it("finds a route for an id of any length", () => {
    const long = "x".repeat(10_000)
    expect(routes.find("GET", `/things/${long}`)?.path).toBe("/things/:id")
  })

  it("lists the methods of a path for 405, and none for an unknown path", () => {
    expect(routes.find("PUT", "/things/1")).toBeUndefined()
    expect(routes.methodsFor("/things/1")).toEqual(["DELETE", "GET"])
    expect(routes.methodsFor("/things/new")).toEqual(["DELETE", "GET"])
    expect(routes.methodsFor("/things")).toEqual(["GET"])
    expect(routes.methodsFor("/things/new/form")).toEqual(["POST"])
    expect(routes.methodsFor("/nothing")).toEqual([])
  })

  it("keeps the extra routes' own-body flag", () => {
    expect(routes.find("POST", "/things/new/form")?.ownBody).toBe(true)
    expect(routes.find("GET", "/things/new")?.ownBody).toBe(false)
  })

  it("matches what the router matches, with the router's settings: a trailing slash, repeated slashes and case ignored; no empty parameter", () => {
    expect(routes.find("GET", "/things/")?.path).toBe("/things")
    expect(routes.find("GET", "/things/new/")?.path).toBe("/things/new")
    expect(routes.find("GET", "/things/1/")?.path).toBe("/things/:id")
    expect(routes.find("GET", "//things/1")?.path).toBe("/things/:id")
    expect(routes.find("GET", "/THINGS/NEW")?.path).toBe("/things/new")
    expect(routes.find("GET", "/things//parts/7")).toBeUndefined()
    expect(routes.methodsFor("/things/1/")).toEqual(["DELETE", "GET"])
  })

  it("takes the GET route for a HEAD without its own, as the router does", () => {
    expect(routes.find("HEAD", "/things/1")?.path).toBe("/things/:id")
    expect(routes.find("HEAD", "/things/new/form")).toBeUndefined()
  })
})

describe("the path of a request target", () => {
  it("is split at the query, never parsed", () => {
    expect(pathnameOf("/things/1?limit=2&x=?")).toBe("/things/1")
    expect(pathnameOf("/things/1")).toBe("/things/1")
    expect(pathnameOf("/?")).toBe("/")
  })
})
