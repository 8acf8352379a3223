import { request as httpRequest } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, detailsOf } from "./harness/body.js"
import { expectCommonHeaders, expectError } from "./harness/expectations.js"
import { rawRequest } from "./harness/rawRequest.js"
import { cookieWrite, SESSION_COOKIE, sessionOf, setCookie, signIn } from "./harness/identity.js"
import { type RunningServer, startServer } from "./harness/server.js"
import { until } from "./harness/until.js"

let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.stop())

const validEcho = { id: "abc_1-2", name: "  Jane Doe  ", at: "2026-03-01T10:15:30+01:00", day: "2024-02-29", tags: [" a "] }

/** A JSON body of exactly `bytes` bytes that the echo endpoint accepts. */
const echoBodyOfSize = (bytes: number) => {
  const base = JSON.stringify({ ...validEcho, name: "" })
  const padding = bytes - Buffer.byteLength(base)
  return JSON.stringify({ ...validEcho, name: `Jo${" ".repeat(padding - 2)}` })
}

describe("headers on every response", () => {
  it("a success carries a UUID request id, no-store and nosniff", async () => {
    const reply = await server.request("GET", "/api/health")
    expect(reply.status).toBe(200)
    expectCommonHeaders(reply)
  })

  it("keeps an idle connection 65 s, longer than a proxy in front keeps its own, and says so", async () => {
    const reply = await rawRequest(`${server.url}/api/health`)
    expect(reply.status).toBe(200)
    expect(reply.headers["keep-alive"]).toBe("timeout=65")
  })

  it("each request gets its own id", async () => {
    const [a, b] = await Promise.all([server.request("GET", "/api/health"), server.request("GET", "/api/health")])
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"))
  })

  it("the docs page and the OpenAPI description carry them too: the page revalidated, the JSON never stored", async () => {
    for (const [path, caching] of [["/api/docs", "no-cache"], ["/api/openapi.json", "no-store"]] as const) {
      const reply = await server.request("GET", path)
      expect(reply.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
      expect(reply.headers.get("x-content-type-options")).toBe("nosniff")
      expect(reply.headers.get("cache-control"), path).toBe(caching)
    }
  })
})

describe("routing", () => {
  it("an unknown route is 404 NOT_FOUND in the envelope", async () => {
    expectError(await server.request("GET", "/api/no-such-thing"), 404, "NOT_FOUND")
    expectError(await server.request("POST", "/nowhere", { body: {} }), 404, "NOT_FOUND")
  })

  it("a known path with the wrong method is 405 with Allow", async () => {
    const reply = await server.request("DELETE", "/api/health")
    expectError(reply, 405, "METHOD_NOT_ALLOWED")
    expect(reply.headers.get("allow")).toBe("GET")
  })
})

describe("defects", () => {
  it("answer 500 INTERNAL_ERROR with the request id, no stack, and are logged with that id", async () => {
    const reply = await server.request("GET", "/api/__test/defect")
    const error = expectError(reply, 500, "INTERNAL_ERROR")
    expect(error.details).toBeUndefined()
    expect(reply.text).not.toContain("deliberate defect")
    expect(reply.text).not.toMatch(/at .*\.js/)
    const requestId = reply.headers.get("x-request-id")
    await expect.poll(() =>
      server.logs.some((line) =>
        line.logLevel === "ERROR" && line.annotations?.["requestId"] === requestId &&
        String(line.cause).includes("deliberate defect")
      )
    ).toBe(true)
  })
})

describe("body rules", () => {
  it("refuses any property sent to an operation that takes no body, each by its path; {} and no body pass", async () => {
    const session = await signIn(server, { id: "bodyless-caller", username: "bodyless", displayName: "Bodyless Caller" })
    const write = (body: unknown) => server.request("DELETE", "/api/auth/developer", { headers: cookieWrite(server, session), body })
    const refused = expectError(await write({ password: "x", extra: 1 }), 400, "INVALID_INPUT")
    expect(refused.details).toEqual([{ path: ["password"], message: "is unexpected" }, { path: ["extra"], message: "is unexpected" }])
    for (const body of [[], JSON.stringify("text"), null, 3]) {
      expect(expectError(await write(body), 400, "INVALID_INPUT").details).toEqual([{ path: [], message: expect.stringMatching(/no body/) }])
    }
    const empty = await write({})
    expect(empty.status).toBe(200)
    // Turning Developer Access off rotates the session token: the next request carries the new one.
    const rotated = sessionOf(setCookie(empty, SESSION_COOKIE)?.value ?? "")
    expect((await server.request("DELETE", "/api/auth/developer", { headers: cookieWrite(server, rotated) })).status).toBe(200)
  })

  it("accepts a body of exactly 16 KiB", async () => {
    const body = echoBodyOfSize(16 * 1024)
    expect(Buffer.byteLength(body)).toBe(16384)
    const reply = await server.request("POST", "/api/__test/echo", { body })
    expect(reply.status).toBe(200)
    expect(dataOf(reply)["name"]).toBe("Jo")
  })

  it("refuses 16 KiB + 1 with 413 PAYLOAD_TOO_LARGE", async () => {
    const body = echoBodyOfSize(16 * 1024 + 1)
    expect(Buffer.byteLength(body)).toBe(16385)
    expectError(await server.request("POST", "/api/__test/echo", { body }), 413, "PAYLOAD_TOO_LARGE")
  })

  it("refuses a large declared body without reading it", async () => {
    // Declares 10 MB and sends only a little: the answer must come without the rest.
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/__test/echo`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(10 * 1024 * 1024) }
      }, (res) => {
        let body = ""
        res.setEncoding("utf8").on("data", (chunk) => (body += chunk)).on("end", () => resolve({ status: res.statusCode!, body }))
      })
      req.on("error", reject)
      req.write("{\"name\":\"")
    })
    expect(reply.status).toBe(413)
    expect(JSON.parse(reply.body).error.code).toBe("PAYLOAD_TOO_LARGE")
  })

  it("refuses an oversized chunked body (no Content-Length) with 413", async () => {
    const chunks = [echoBodyOfSize(16 * 1024 + 100)]
    const stream = new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
        controller.close()
      }
    })
    const response = await fetch(`${server.url}/api/__test/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half"
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE")
  })

  it("refuses a body that is not application/json with 415", async () => {
    const reply = await server.request("POST", "/api/__test/echo", {
      body: JSON.stringify(validEcho),
      headers: { "content-type": "text/plain" }
    })
    expectError(reply, 415, "UNSUPPORTED_MEDIA_TYPE")
    expectError(
      await server.request("POST", "/api/__test/echo", { body: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE"
    )
  })

  it("hold on every spelling of a path the router takes (a trailing slash, repeated slashes, another case), whose log names the route", async () => {
    for (const path of ["/api/__test/echo/", "//api/__test/echo", "/API/__TEST/ECHO"]) {
      const reply = await server.request("POST", path, { body: JSON.stringify(validEcho), headers: { "content-type": "text/plain" } })
      expectError(reply, 415, "UNSUPPORTED_MEDIA_TYPE")
      expectError(await server.request("POST", path, { body: echoBodyOfSize(16 * 1024 + 1) }), 413, "PAYLOAD_TOO_LARGE")
    }
    // The log names the route the router took, not "(unmatched)".
    await until(
      "the request's log line",
      () => server.logs.some((line) => line.annotations?.["route"] === "/api/__test/echo" && line.annotations?.["status"] === 415)
    )
  })

  it("accepts application/json with a charset", async () => {
    const reply = await server.request("POST", "/api/__test/echo", {
      body: JSON.stringify(validEcho),
      headers: { "content-type": "application/json; charset=utf-8" }
    })
    expect(reply.status).toBe(200)
  })

  it("answers malformed JSON with 400 INVALID_INPUT, never 500", async () => {
    for (const body of ["{", "{\"id\": }", "nul", "{\"a\":1}}"]) {
      expectError(await server.request("POST", "/api/__test/echo", { body }), 400, "INVALID_INPUT")
    }
  })

  it("answers an empty body where one is required with 400", async () => {
    expectError(await server.request("POST", "/api/__test/echo"), 400, "INVALID_INPUT")
  })
})

describe("decoding", () => {
  it("trims text and normalises timestamps to UTC with milliseconds", async () => {
    const reply = await server.request("POST", "/api/__test/echo", { body: validEcho })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      data: { id: "abc_1-2", name: "Jane Doe", at: "2026-03-01T09:15:30.000Z", day: "2024-02-29", tags: ["a"] }
    })
  })

  it("rejects an unknown property with its path", async () => {
    const error = expectError(await server.request("POST", "/api/__test/echo", { body: { ...validEcho, ownerId: "x" } }), 400, "INVALID_INPUT")
    expect(error.details).toEqual([{ path: ["ownerId"], message: expect.any(String) }])
  })

  it("lists every problem, with array indices as strings", async () => {
    const error = expectError(
      await server.request("POST", "/api/__test/echo", {
        body: { id: "", name: " J ", at: "yesterday", day: "2023-02-29", tags: ["ok", "   "] }
      }),
      400,
      "INVALID_INPUT"
    )
    const paths = detailsOf(error).map((problem) => problem.path)
    expect(paths).toEqual(expect.arrayContaining([["id"], ["name"], ["at"], ["day"], ["tags", "1"]]))
    for (const problem of detailsOf(error)) expect(typeof problem.message).toBe("string")
  })

  it("holds text bounds after trimming: 2 and 60 pass, 1 and 61 fail", async () => {
    for (const [name, status] of [["ab", 200], ["a".repeat(60), 200], [" a ", 400], ["a".repeat(61), 400]] as const) {
      expect((await server.request("POST", "/api/__test/echo", { body: { ...validEcho, name } })).status).toBe(status)
    }
  })

  it("holds the Id rule: 64 characters pass, 65 and other characters fail", async () => {
    for (const [id, status] of [["a".repeat(64), 200], ["a".repeat(65), 400], ["a.b", 400], ["a b", 400]] as const) {
      expect((await server.request("POST", "/api/__test/echo", { body: { ...validEcho, id } })).status).toBe(status)
    }
  })
})

describe("paging and query parameters", () => {
  it("defaults limit to 25 and offset to 0", async () => {
    const reply = await server.request("GET", "/api/__test/page")
    expect(reply.body).toEqual({ data: [], meta: { limit: 25, offset: 0, hasMore: false } })
  })

  it("accepts the bounds exactly: limit 1 and 100, offset 0 and 10000", async () => {
    for (const query of ["limit=1&offset=0", "limit=100&offset=10000"]) {
      expect((await server.request("GET", `/api/__test/page?${query}`)).status).toBe(200)
    }
  })

  it("refuses limit 0 and 101, offset -1 and 10001, and non-integers, under the query path", async () => {
    for (
      const [query, name] of [
        ["limit=0", "limit"],
        ["limit=101", "limit"],
        ["limit=2.5", "limit"],
        ["limit=abc", "limit"],
        ["offset=-1", "offset"],
        ["offset=10001", "offset"]
      ] as const
    ) {
      const error = expectError(await server.request("GET", `/api/__test/page?${query}`), 400, "INVALID_INPUT")
      expect(error.details).toEqual([{ path: ["query", name], message: expect.any(String) }])
    }
  })

  it("rejects unknown query parameters where the endpoint says so", async () => {
    const error = expectError(await server.request("GET", "/api/__test/page?colour=red"), 400, "INVALID_INPUT")
    expect(error.details).toEqual([{ path: ["query", "colour"], message: expect.any(String) }])
  })

  it("ignores unknown query parameters where the endpoint says so, and trims", async () => {
    const reply = await server.request("GET", "/api/__test/lenient?colour=red&search=%20ab%20&limit=5")
    expect(reply.status).toBe(200)
    expect(dataOf(reply)).toEqual({ search: "ab", meta: { limit: 5, offset: 0, hasMore: false } })
  })

  it("holds a 100-character search bound", async () => {
    expect((await server.request("GET", `/api/__test/lenient?search=${"a".repeat(100)}`)).status).toBe(200)
    expectError(await server.request("GET", `/api/__test/lenient?search=${"a".repeat(101)}`), 400, "INVALID_INPUT")
  })
})
