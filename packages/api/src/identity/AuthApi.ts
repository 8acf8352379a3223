import { AccountDisabled, AuthenticationFailed, PlatformAccountTaken, Unauthenticated } from "@bluelight/core/identity"
import { InvalidInput, InvalidState, SafeText } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { notRateLimited, operation, readsOwnBody } from "../access.js"
import { browserFlow } from "../auth/BrowserPages.js"
import { RateLimited } from "../auth/errors.js"
import { failsWith } from "../errors/declared.js"
import { Single } from "../schema/envelope.js"
import { LenientQuery } from "../schema/query.js"
import { SetsCookie } from "../openapi/headers.js"
import { Me } from "./schemas.js"

const anyone = operation({ access: "public", permissions: [] })
const signedIn = operation({ access: "session", permissions: [] })

/** What a provider sends back to a callback; providers may add parameters of their own. */
const CallbackQuery = LenientQuery({
  code: Schema.optional(SafeText),
  state: Schema.optional(SafeText),
  error: Schema.optional(SafeText)
})

/** A redirect: no body, the `location` header. */
const Redirect = HttpApiSchema.Empty(302)

/**
 * What Developer Access reads from its body. The handler reads the body
 * itself (every malformed one is `401`, not `400`), so this only describes it.
 */
const developerPasswordBody = {
  required: true,
  content: {
    "application/json": {
      // `onExcessProperty: "error"`: described as taking no other property, as the handler reads it.
      schema: Schema.toJsonSchemaDocument(
        Schema.Struct({
          password: Schema.String.annotate({ description: "The server's developer password (BLUELIGHT_DEVELOPER_PASSWORD)" })
        }),
        { onExcessProperty: "error" }
      ).schema,
      // Not a password that works: the real one is the operator's secret.
      example: { password: "the developer password" }
    }
  }
}

export class AuthApi extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.get("signIn", "/auth/idp", {
      success: Redirect,
      error: failsWith(RateLimited)
    }).pipe(
      anyone(
        "Start sign-in",
        "Open in the browser (not with Test Request): redirects (`302`) to the identity provider with a single-use state, " +
          "valid ten minutes and bound to this browser by the `bluelight-oauth-state` cookie. " +
          "Sign-in starts are limited per provider and per client address (`RATE_LIMITED`)."
      ),
      browserFlow
    )
  )
  .add(
    HttpApiEndpoint.get("signInCallback", "/auth/idp/callback", {
      query: CallbackQuery,
      success: Redirect,
      error: failsWith(Unauthenticated, AccountDisabled)
    }).annotate(SetsCookie, { always: [], sometimes: ["401", "403"] }).pipe(
      anyone(
        "Finish sign-in",
        "Where the identity provider sends the browser back. Checks `state` against the browser's state cookie, " +
          "creates or updates the account from the provider's profile, sets the session cookie (replacing any earlier session " +
          "of this browser) and redirects (`302`) to the application root. Signing in never grants a staff role; " +
          "a suspended or disabled account is refused (`ACCOUNT_DISABLED`)."
      ),
      browserFlow
    )
  )
  .add(
    HttpApiEndpoint.post("signOut", "/auth/logout", {
      success: Single(Schema.Struct({ signedOut: Schema.Boolean }))
    }).annotate(SetsCookie, { always: ["200"], sometimes: [] }).pipe(
      signedIn("Sign out", "Revokes this session and clears the session cookie. Never rate limited."),
      notRateLimited,
      browserFlow
    )
  )
  .add(
    HttpApiEndpoint.get("linkPlatform", "/auth/platform", {
      success: Redirect,
      error: failsWith(InvalidState, RateLimited)
    }).pipe(
      signedIn(
        "Start linking a game account",
        "Open in the browser: redirects (`302`) to the game platform (authorization code with PKCE). " +
          "`INVALID_STATE` when linking is not configured on this server; sign-in starts are limited (`RATE_LIMITED`)."
      ),
      browserFlow
    )
  )
  .add(
    HttpApiEndpoint.get("linkPlatformCallback", "/auth/platform/callback", {
      query: CallbackQuery,
      success: Redirect,
      error: failsWith(Unauthenticated, InvalidInput, PlatformAccountTaken, InvalidState)
    }).annotate(SetsCookie, { always: [], sometimes: ["400", "401", "409"] }).pipe(
      signedIn(
        "Finish linking a game account",
        "Where the game platform sends the browser back; it must arrive in the session that started the link (`UNAUTHENTICATED` otherwise). " +
          "A callback the platform did not complete (its `error`, or no `code` or `state`) is `INVALID_INPUT` naming what is missing. " +
          "One platform account links to one account only (`PLATFORM_ACCOUNT_TAKEN`); an account already linked to another " +
          "platform account is refused (`INVALID_STATE`). There is no unlinking. Redirects (`302`) to the application root."
      ),
      browserFlow
    )
  )
  .add(
    HttpApiEndpoint.post("enableDeveloperAccess", "/auth/developer", {
      success: Single(Me),
      error: failsWith(AuthenticationFailed, Unauthenticated)
    })
      .annotate(SetsCookie, { always: ["200"], sometimes: [] })
      .annotateMerge(OpenApi.annotations({ override: { requestBody: developerPasswordBody } }))
      .pipe(
        signedIn(
          "Turn Developer Access on",
          "Temporary internal tooling. With the server's developer password (`BLUELIGHT_DEVELOPER_PASSWORD`), gives this session " +
            "every permission in the catalogue until it is turned off; other sessions, roles and staff records are unchanged. " +
            "Rotates the session token (a new cookie; the old one stops working). Every refusal is `401 AUTHENTICATION_FAILED`: " +
            "a wrong password, a body other than `{\"password\": \"...\"}`, the feature off, or a sixth attempt of the account " +
            "within 15 minutes (with `Retry-After`)."
        ),
        readsOwnBody
      )
  )
  .add(
    HttpApiEndpoint.delete("disableDeveloperAccess", "/auth/developer", {
      success: Single(Me),
      error: failsWith(Unauthenticated)
    }).annotate(SetsCookie, { always: ["200"], sometimes: [] }).pipe(
      signedIn(
        "Turn Developer Access off",
        "Ends Developer Access for this session and rotates the session token (a new cookie)."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("me", "/me", {
      success: Single(Me)
    }).pipe(
      signedIn(
        "The signed-in person",
        "The account, its identity and game-platform links, its staff profile, roles and effective permissions " +
          "(every permission, and `developerAccess: true`, while Developer Access is on)."
      )
    )
  )
  .annotate(OpenApi.Title, "Authentication")
  .annotate(OpenApi.Description, "Browser sign-in, game-platform linking, Developer Access and the signed-in person.")
{}
