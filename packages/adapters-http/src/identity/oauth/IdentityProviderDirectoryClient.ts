import { DirectoryUnavailable, IdentityProviderDirectory, type MemberRoles } from "@bluelight/core/identity"
import { Duration, Effect, Layer, Redacted, Schema } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"

/** Where the identity provider answers who is a member of the community's server, and the bot token that may ask. */
export interface DirectoryClientOptions {
  /** `IDP_MEMBER_URL`, with `{guildId}` and `{userId}` where the ids go. */
  readonly memberUrl: string
  readonly guildId: string
  readonly botToken: Redacted.Redacted
  /** How long one read may take before it counts as failed; 10 s unless given. */
  readonly timeout?: Duration.Input | undefined
}

/** What the member read answers: the person and their role ids on the server. */
const MemberResponse = Schema.Struct({
  user: Schema.Struct({ id: Schema.String }),
  roles: Schema.Array(Schema.String)
})

/** A `429`'s body may say how long to wait, in seconds (`retry_after`). */
const RateLimitBody = Schema.Struct({ retry_after: Schema.Number })

/** How long to wait after a `429` that says nothing of it. */
const DEFAULT_RETRY_AFTER_SECONDS = 1

const unavailable = (reason: string, retryAfterSeconds: number | null = null) => new DirectoryUnavailable({ reason, retryAfterSeconds })

/** The seconds a `Retry-After` header gives (a number of seconds; an HTTP date counted from now), if it parses. */
const retryAfterHeader = (value: string | undefined): number | null => {
  if (value === undefined) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000)
}

/**
 * The identity provider's member read (docs/decisions/integrations.md,
 * "Roles from the identity provider"): `GET IDP_MEMBER_URL` with the server
 * and person filled in, `Authorization: Bot IDP_BOT_TOKEN`. `200` is a member
 * with their role ids, `404` not a member; anything else (`429` with how long
 * to wait, `5xx`, no answer in time, a body that does not parse or names
 * someone else) is `DirectoryUnavailable`, whose reason never holds the token
 * or the body.
 */
export const makeDirectoryClient = (options: DirectoryClientOptions, client: HttpClient.HttpClient) => {
  const timeout = Duration.fromInputUnsafe(options.timeout ?? Duration.seconds(10))
  const urlOf = (userId: string) =>
    options.memberUrl.replaceAll("{guildId}", encodeURIComponent(options.guildId)).replaceAll("{userId}", encodeURIComponent(userId))
  // Parsed once, so a malformed setting fails at start-up rather than at the first sync.
  new URL(urlOf("0"))
  const memberRoles = (userId: string): Effect.Effect<MemberRoles, DirectoryUnavailable> =>
    Effect.gen(function*() {
      const response = yield* client.execute(
        HttpClientRequest.get(urlOf(userId)).pipe(
          HttpClientRequest.setHeader("authorization", `Bot ${Redacted.value(options.botToken)}`),
          HttpClientRequest.acceptJson
        )
      ).pipe(Effect.mapError(() => unavailable("the provider could not be reached")))
      if (response.status === 404) return { _tag: "NotMember" } as const
      if (response.status === 429) {
        const fromBody = yield* response.json.pipe(
          Effect.flatMap(Schema.decodeUnknownEffect(RateLimitBody)),
          Effect.map((body) => body.retry_after),
          Effect.orElseSucceed(() => null)
        )
        const wait = retryAfterHeader(response.headers["retry-after"]) ?? fromBody ?? DEFAULT_RETRY_AFTER_SECONDS
        return yield* unavailable(`the provider answered 429 (retry after ${wait} s)`, wait)
      }
      if (response.status !== 200) return yield* unavailable(`the provider answered ${response.status}`)
      const body = yield* response.json.pipe(
        Effect.flatMap(Schema.decodeUnknownEffect(MemberResponse)),
        Effect.mapError(() => unavailable("the provider's answer is malformed"))
      )
      if (body.user.id !== userId) return yield* unavailable("the provider answered for someone else")
      return { _tag: "Member", roles: body.roles } as const
    }).pipe(
      Effect.timeoutOrElse({
        duration: timeout,
        orElse: () => Effect.fail(unavailable(`the provider did not answer within ${Duration.format(timeout)}`))
      })
    )
  return { configured: true, memberRoles }
}

/** The member read on the platform's HttpClient. */
export const layerIdentityProviderDirectory = (options: DirectoryClientOptions): Layer.Layer<IdentityProviderDirectory, never, HttpClient.HttpClient> =>
  Layer.effect(IdentityProviderDirectory, HttpClient.HttpClient.useSync((client) => makeDirectoryClient(options, client)))

/** No member read configured (production without `IDP_MEMBER_URL`, `IDP_GUILD_ID`, `IDP_BOT_TOKEN`): links can be managed, no sync runs. */
export const IdentityProviderDirectoryUnconfigured = Layer.succeed(IdentityProviderDirectory, {
  configured: false,
  memberRoles: () => Effect.fail(unavailable("role sync is not configured"))
})
