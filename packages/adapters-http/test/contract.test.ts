import { accessRuleOf, accessSentence, allow, BluelightApi, statusOfCode, withAccessSentence } from "@bluelight/api"
import { BluelightApiWithTestHooks } from "@bluelight/api/testHooks/TestHooksApi.js"
import type { AccessRule } from "@bluelight/core/identity"
import { ErrorCode } from "@bluelight/core/kernel"
import { Option, Schema } from "effect"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { describe, expect, it } from "vitest"

describe("error statuses (docs/decisions/http-contract.md)", () => {
  it("map every code to its status", () => {
    const expected: Record<number, ReadonlyArray<ErrorCode>> = {
      400: ["INVALID_INPUT"],
      401: ["UNAUTHENTICATED", "AUTHENTICATION_FAILED"],
      403: ["FORBIDDEN", "ACCOUNT_DISABLED", "INVALID_ORIGIN", "USER_REQUIRED", "STAFF_REQUIRED", "SELF_APPROVAL"],
      404: ["NOT_FOUND"],
      405: ["METHOD_NOT_ALLOWED"],
      409: [
        "CAD_CONFLICT",
        "LICENCE_EXISTS",
        "ENDORSEMENT_NOT_ACTIVE",
        "IDEMPOTENCY_CONFLICT",
        "NO_CHANGE",
        "SHIFT_NOT_ACTIVE",
        "SHIFT_ALREADY_ACTIVE",
        "ALREADY_CREWED",
        "PLATE_TAKEN",
        "PLATFORM_ACCOUNT_TAKEN",
        "MARKER_NOT_ACTIVE",
        "WARRANT_NOT_ACTIVE",
        "CHARGE_CODE_TAKEN",
        "ROLE_LINK_EXISTS",
        "INVALID_STATE"
      ],
      413: ["PAYLOAD_TOO_LARGE"],
      415: ["UNSUPPORTED_MEDIA_TYPE"],
      422: ["INVALID_EXPIRY", "RESERVED_ROLE", "INVALID_SCOPE", "STAFF_INACTIVE", "ROLE_NOT_LINKABLE"],
      429: ["RATE_LIMITED"],
      500: ["INTERNAL_ERROR"],
      503: ["LICENCE_NUMBER_UNAVAILABLE", "GAME_THROTTLED", "GAME_UNAVAILABLE"]
    }
    for (const [status, codes] of Object.entries(expected)) {
      for (const code of codes) expect([code, statusOfCode(code)]).toEqual([code, Number(status)])
    }
    // The union holds exactly the codes of docs/decisions/http-contract.md, "Statuses", no more.
    expect([...ErrorCode.literals].sort()).toEqual(Object.values(expected).flat().sort())
  })
})

describe("the error responses of the description", () => {
  it("are read from the API they are made for: an operation added after them is refused, not described wrongly", () => {
    const late = HttpApiGroup.make("late").add(
      HttpApiEndpoint.get("late", "/late", { success: Schema.String }).pipe(allow({ access: "public", permissions: [] }))
    )
    expect(() => OpenApi.fromApi(BluelightApi.add(late))).toThrow("get /late is described but not in the API")
  })

  it("cover the test hooks too", () => {
    const { paths } = OpenApi.fromApi(BluelightApiWithTestHooks)
    expect(Object.keys(paths["/api/__test/echo"]?.post?.responses ?? {})).toEqual(["200", "400", "413", "415", "500"])
    expect(Object.keys(paths["/api/__test/defect"]?.get?.responses ?? {})).toEqual(["204", "500"])
  })
})

describe("access declarations", () => {
  const endpoints = <Id extends string, Groups extends HttpApiGroup.Constraint>(api: HttpApi.HttpApi<Id, Groups>) => {
    const found: Array<{ path: string; method: string; rule: AccessRule | undefined }> = []
    HttpApi.reflect(api, {
      onGroup: () => {},
      onEndpoint: ({ endpoint }) =>
        found.push({
          path: endpoint.path.replace(/:(\w+)\??/g, "{$1}"),
          method: endpoint.method.toLowerCase(),
          rule: Option.getOrUndefined(accessRuleOf(endpoint))
        })
    })
    return found
  }

  it("every operation declares exactly one rule, and its description comes from it", () => {
    const { paths } = OpenApi.fromApi(BluelightApiWithTestHooks)
    const expectedSecurity = { "public": [], "session": [{ session: [] }], "session-or-credential": [{ session: [] }, { serviceCredential: [] }] }
    for (const { path, method, rule } of endpoints(BluelightApiWithTestHooks)) {
      const name = `${method} ${path}`
      if (rule === undefined) throw new Error(`${name} declares no access rule`)
      const operation = Object.entries(paths[path] ?? {}).find(([described]) => described === method)?.[1]
      expect(operation, name).toMatchObject({
        "x-bluelight-access": rule.access,
        "x-bluelight-permissions": rule.permissions,
        // The game's webhook: public to accounts, authenticated by the game's signature (docs/decisions/game.md, "The event webhook").
        security: name === "post /api/game/events" ? [{ gameSignature: [] }] : expectedSecurity[rule.access],
        description: expect.stringContaining(accessSentence(rule))
      })
    }
  })

  it("the served description carries them", () => {
    const spec = OpenApi.fromApi(BluelightApi)
    expect(spec.paths["/api/health"]?.get).toMatchObject({ "x-bluelight-access": "public", "x-bluelight-permissions": [], security: [] })
  })
})

describe("the access sentence", () => {
  it("says who may call, by which scheme, holding which keys", () => {
    expect(accessSentence({ access: "public", permissions: [] })).toBe("**Access:** public; no session or credential needed.")
    expect(accessSentence({ access: "session", permissions: [] })).toBe(
      "**Access:** any signed-in person, by the session cookie. Service credentials are refused (`USER_REQUIRED`)."
    )
    expect(accessSentence({ access: "session", permissions: ["admin.manage"] })).toBe(
      "**Access:** a signed-in person holding `admin.manage`, by the session cookie. Service credentials are refused (`USER_REQUIRED`)."
    )
    expect(accessSentence({ access: "session-or-credential", permissions: ["cad.view", "cad.dispatch"] })).toBe(
      "**Access:** a signed-in person (session cookie) or a service credential (bearer token) holding `cad.view` and `cad.dispatch`."
    )
    expect(accessSentence({ access: "session-or-credential", permissions: ["civilians.manage_own"], alternative: ["civilians.manage"] })).toBe(
      "**Access:** a signed-in person (session cookie) or a service credential (bearer token) holding `civilians.manage_own`, " +
        "or holding `civilians.manage` on its own."
    )
  })

  it("follows the operation's own description", () => {
    const rule = { access: "public", permissions: [] } as const
    expect(withAccessSentence("Lists things.", rule)).toBe(`Lists things.\n\n${accessSentence(rule)}`)
    expect(withAccessSentence(undefined, rule)).toBe(accessSentence(rule))
  })
})
