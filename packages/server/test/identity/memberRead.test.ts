/**
 * The identity provider's member read (role sync): the HTTP client against a
 * fake provider in this test (each answer the real one can give), and against
 * the development identity provider, whose sign-in page gives an identity
 * provider roles. They meet here, as the OAuth clients and the development
 * providers do in oauth.test.ts.
 */
import { type DirectoryClientOptions, layerIdentityProviderDirectory } from "@bluelight/adapters-http"
import { type DirectoryUnavailable, IdentityProviderDirectory, type MemberRoles } from "@bluelight/core/identity"
import { DEV_PROVIDER_ROLES, layerDevProviders } from "@bluelight/dev-providers"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, ManagedRuntime, Redacted, Result } from "effect"
import { FetchHttpClient, HttpRouter, HttpServer } from "effect/http"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const BOT_TOKEN = "test-bot-token"
const DEV_BOT_TOKEN = "dev-bot-token"
const DEV_GUILD = "1000000000000000000"
const APP_URL = "http://localhost:3000"

/** What the fake answers next, and what it was asked. */
let respond: (request: IncomingMessage, response: ServerResponse) => void | Promise<void> = (_, response) => void response.writeHead(404).end()
const seen: Array<{ readonly url: string; readonly authorization: string | undefined }> = []
let fake: Server
let fakeBase = ""

let runtime: ManagedRuntime.ManagedRuntime<HttpServer.HttpServer, unknown>
let devBase = ""

beforeAll(async () => {
  fake = createServer((request, response) => {
    seen.push({ url: request.url ?? "", authorization: request.headers.authorization })
    void respond(request, response)
  })
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve))
  fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
  runtime = ManagedRuntime.make(
    HttpRouter.serve(layerDevProviders({
      client: { clientId: "bluelight-dev", clientSecret: "dev-secret" },
      appUrl: APP_URL,
      identity: true,
      platform: false,
      memberRead: { guildId: DEV_GUILD, botToken: DEV_BOT_TOKEN }
    })).pipe(Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })))
  )
  const server = await runtime.runPromise(HttpServer.HttpServer)
  if (server.address._tag === "UnixPathAddress") throw new Error("expected a TCP address")
  devBase = `http://127.0.0.1:${server.address.port}`
})
afterAll(async () => {
  await runtime?.dispose()
  await new Promise((resolve) => fake?.close(resolve))
})

const read = (userId: string, options: Partial<DirectoryClientOptions> = {}): Promise<Result.Result<MemberRoles, DirectoryUnavailable>> =>
  Effect.runPromise(
    IdentityProviderDirectory.use((directory) => Effect.result(directory.memberRoles(userId))).pipe(
      Effect.provide(layerIdentityProviderDirectory({
        memberUrl: `${fakeBase}/api/guilds/{guildId}/members/{userId}`,
        guildId: "42",
        botToken: Redacted.make(BOT_TOKEN),
        ...options
      })),
      Effect.provide(FetchHttpClient.layer)
    )
  )

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => (_: IncomingMessage, response: ServerResponse) =>
  void response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body))

const failureOf = (result: Result.Result<MemberRoles, DirectoryUnavailable>) => {
  expect(Result.isFailure(result)).toBe(true)
  return Result.isFailure(result) ? result.failure : undefined!
}

describe("the member read's client", () => {
  it("asks the URL with the ids filled in and encoded, with the bot token; 200 is a member with their roles", async () => {
    respond = json(200, { user: { id: "a b/c" }, roles: ["11", "22"], nick: null })
    seen.length = 0
    expect(await read("a b/c")).toEqual(Result.succeed({ _tag: "Member", roles: ["11", "22"] }))
    expect(seen).toEqual([{ url: "/api/guilds/42/members/a%20b%2Fc", authorization: `Bot ${BOT_TOKEN}` }])
  })

  it("404 is not a member", async () => {
    respond = json(404, { message: "Unknown Member", code: 10007 })
    expect(await read("5")).toEqual(Result.succeed({ _tag: "NotMember" }))
  })

  it("429 says how long to wait: Retry-After first, else the body's retry_after, else a second", async () => {
    respond = json(429, { retry_after: 2.5 }, { "retry-after": "3" })
    expect(failureOf(await read("5")).retryAfterSeconds).toBe(3)
    respond = json(429, { retry_after: 2.5, global: false })
    expect(failureOf(await read("5")).retryAfterSeconds).toBe(2.5)
    respond = json(429, {})
    expect(failureOf(await read("5"))).toMatchObject({ retryAfterSeconds: 1, reason: "the provider answered 429 (retry after 1 s)" })
  })

  it("500, 401, a malformed body, an answer for someone else: cannot be read now, the reason never holding the token or the body", async () => {
    for (
      const [answer, reason] of [
        [json(500, { secret: "body" }), "the provider answered 500"],
        [json(401, { message: "401: Unauthorized" }), "the provider answered 401"],
        [json(200, { user: { id: "5" }, roles: "nope" }), "the provider's answer is malformed"],
        [json(200, { user: { id: "6" }, roles: [] }), "the provider answered for someone else"]
      ] as const
    ) {
      respond = answer
      const failure = failureOf(await read("5"))
      expect(failure).toMatchObject({ reason, retryAfterSeconds: null })
      expect(failure.reason).not.toContain(BOT_TOKEN)
      expect(failure.reason).not.toContain("body")
    }
  })

  it("no answer in time, or nobody listening: cannot be read now", async () => {
    respond = async (_, response) => {
      await sleep(1000)
      response.writeHead(200).end("{}")
    }
    expect(failureOf(await read("5", { timeout: "100 millis" })).reason).toBe("the provider did not answer within 100ms")
    expect(failureOf(await read("5", { memberUrl: "http://127.0.0.1:1/{guildId}/{userId}" })).reason).toBe("the provider could not be reached")
  })
})

describe("the development identity provider's member read", () => {
  const devRead = (userId: string, botToken = DEV_BOT_TOKEN, guildId = DEV_GUILD) =>
    Effect.runPromise(
      IdentityProviderDirectory.use((directory) => Effect.result(directory.memberRoles(userId))).pipe(
        Effect.provide(layerIdentityProviderDirectory({
          memberUrl: `${devBase}/dev/idp/guilds/{guildId}/members/{userId}`,
          guildId,
          botToken: Redacted.make(botToken)
        })),
        Effect.provide(FetchHttpClient.layer)
      )
    )

  it("answers the test identities' roles; someone never signed in is not a member; another server or token is refused", async () => {
    expect(await devRead("dev-dispatcher")).toEqual(Result.succeed({ _tag: "Member", roles: [DEV_PROVIDER_ROLES.dispatch] }))
    expect(await devRead("dev-officer")).toEqual(Result.succeed({ _tag: "Member", roles: [DEV_PROVIDER_ROLES.officer] }))
    expect(await devRead("dev-member")).toEqual(Result.succeed({ _tag: "Member", roles: [] }))
    expect(await devRead("never-signed-in")).toEqual(Result.succeed({ _tag: "NotMember" }))
    expect(await devRead("dev-dispatcher", DEV_BOT_TOKEN, "999")).toEqual(Result.succeed({ _tag: "NotMember" }))
    expect(failureOf(await devRead("dev-dispatcher", "wrong-token")).reason).toBe("the provider answered 401")
  })

  it("its sign-in page gives an identity provider roles: each test identity's field shows them, and signing in sets them", async () => {
    const authorize = new URL(`${devBase}/dev/idp/authorize`)
    for (
      const [name, value] of Object.entries({
        response_type: "code",
        client_id: "bluelight-dev",
        redirect_uri: `${APP_URL}/api/auth/idp/callback`,
        scope: "identify",
        state: "s"
      })
    ) authorize.searchParams.set(name, value)
    const page = await (await fetch(authorize)).text()
    expect(page).toContain(`Provider roles of Dana Dispatcher <input type="text" name="roles" value="${DEV_PROVIDER_ROLES.dispatch}"`)
    expect(page).toContain("Provider roles (optional)")

    const approve = async (roles: string | undefined, id = "typed-person") => {
      const url = new URL("approve", authorize)
      for (const [name, value] of authorize.searchParams) url.searchParams.set(name, value)
      url.searchParams.set("id", id)
      url.searchParams.set("username", "typed")
      if (roles !== undefined) url.searchParams.set("roles", roles)
      return fetch(url, { redirect: "manual" })
    }
    // A sign-in that sends no roles at all (a client of its own, not the page) leaves the identity's roles as they are.
    expect((await approve(undefined, "dev-officer")).status).toBe(302)
    expect(await devRead("dev-officer")).toEqual(Result.succeed({ _tag: "Member", roles: [DEV_PROVIDER_ROLES.officer] }))
    expect((await approve("123, 456 123")).status).toBe(302)
    expect(await devRead("typed-person")).toEqual(Result.succeed({ _tag: "Member", roles: ["123", "456"] }))
    expect((await approve("")).status).toBe(302)
    expect(await devRead("typed-person")).toEqual(Result.succeed({ _tag: "Member", roles: [] }))
    for (const bad of ["12a", "1".repeat(33), Array.from({ length: 51 }, (_, i) => String(i)).join(",")]) {
      const refused = await approve(bad)
      expect(refused.status).toBe(400)
      expect(await refused.text()).toContain("The provider roles must be at most 50 role ids of 1 to 32 digits")
    }
    // The page now shows the typed person's roles as they stand.
    const again = await (await fetch(authorize)).text()
    expect(again).toContain("Provider roles of typed <input type=\"text\" name=\"roles\" value=\"\"")
  })
})
