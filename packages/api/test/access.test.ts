import { NotFound } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { describe, expect, expectTypeOf, it } from "vitest"
import { allow, GAME_SIGNATURE_SCHEME, notRateLimited, operation, RateLimited, readsOwnBody, signedByTheGame, UnsupportedMediaType } from "@bluelight/api"
import { maxBodyBytes, maxBodyBytesOf } from "@bluelight/api/bodyLimit.js"
import { failsWith } from "@bluelight/api/errors/declared.js"

const rule = { access: "session", permissions: ["admin.manage"] } as const

/** An endpoint with a path and a handler's own error, before any access is declared. */
const bare = () => HttpApiEndpoint.delete("removeThing", "/things/:id", { params: Schema.Struct({ id: Schema.String }), error: failsWith(NotFound) })

/** The operation an endpoint is described as, alone in an API. */
const described = (endpoint: HttpApiEndpoint.Constraint) => OpenApi.fromApi(HttpApi.make("probe").add(HttpApiGroup.make("probe").add(endpoint))).paths

/** The statuses an endpoint is described as answering. */
const statusesOf = (endpoint: HttpApiEndpoint.Constraint) => Object.keys(described(endpoint)["/things/{id}"]?.delete?.responses ?? {})

describe("operation", () => {
  it("describes an endpoint as its summary, its description and `allow` would", () => {
    const stated = bare().pipe(operation(rule)("Remove a thing", "Gone for good."))
    const spelt = bare().annotate(OpenApi.Summary, "Remove a thing").annotate(OpenApi.Description, "Gone for good.").pipe(allow(rule))
    expect(described(stated)).toEqual(described(spelt))
    expect(described(stated)["/things/{id}"]?.delete?.summary).toBe("Remove a thing")
    expectTypeOf(stated).toEqualTypeOf(spelt)
  })
})

describe("marks", () => {
  it("take their refusals out of the declared errors, at run time and in the type", () => {
    const allowed = bare().pipe(allow(rule))
    const unlimited = allowed.pipe(notRateLimited)
    expect(statusesOf(allowed)).toEqual(expect.arrayContaining(["429", "415"]))
    expect(statusesOf(unlimited)).not.toContain("429")
    expectTypeOf<Extract<HttpApiEndpoint.Error<typeof allowed>, typeof RateLimited | typeof UnsupportedMediaType>>().toEqualTypeOf<
      typeof RateLimited | typeof UnsupportedMediaType
    >()
    expectTypeOf<Extract<HttpApiEndpoint.Error<typeof unlimited>, typeof RateLimited>>().toBeNever()
    const ownBody = allowed.pipe(readsOwnBody)
    expect(statusesOf(ownBody)).not.toContain("415")
    // Its path still decodes: a malformed one is still `400`.
    expect(statusesOf(ownBody)).toEqual(expect.arrayContaining(["429", "400"]))
    expectTypeOf<Extract<HttpApiEndpoint.Error<typeof ownBody>, typeof UnsupportedMediaType>>().toBeNever()
  })

  it("that only annotate keep the endpoint as it was, its types and its errors, but for what they set", () => {
    const allowed = bare().pipe(allow({ access: "public", permissions: [] }))
    const marked = allowed.pipe(maxBodyBytes(65_536), signedByTheGame)
    expectTypeOf(marked).toEqualTypeOf(allowed)
    expect(maxBodyBytesOf(allowed)).toBeUndefined()
    expect(maxBodyBytesOf(marked)).toBe(65_536)
    expect(statusesOf(marked)).toEqual(statusesOf(allowed))
    // The signature becomes its security and its two header parameters; the rest of `allow`'s description step is kept.
    const before = described(allowed)["/things/{id}"]?.delete
    expect(before?.security).toEqual([])
    const signed = {
      in: "header",
      required: true,
      schema: expect.objectContaining({ type: "string", pattern: expect.any(String) }),
      description: expect.any(String)
    }
    expect(described(marked)["/things/{id}"]?.delete).toEqual({
      ...before,
      parameters: [...(before?.parameters ?? []), { name: "X-Signature-Ed25519", ...signed }, { name: "X-Signature-Timestamp", ...signed }],
      security: [{ [GAME_SIGNATURE_SCHEME]: [] }]
    })
  })
})
