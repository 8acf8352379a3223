import { AccountDisabled, AuthenticationFailed, PlatformAccountTaken, Unauthenticated } from "@bluelight/core/identity"
import { InvalidState, SafeText } from "@bluelight/core/kernel"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { allow, notRateLimited, readsOwnBody } from "../access.js"
import { AccessControl } from "../auth/AccessControl.js"
import { RateLimited } from "../auth/errors.js"
import { failsWith } from "../errors/declared.js"
import { Data } from "../schema/envelope.js"
import { LenientQuery } from "../schema/query.js"
import { Me } from "./schemas.js"

/** What a provider sends back to a callback; providers may add parameters of their own. */
const CallbackQuery = LenientQuery({
  code: Schema.optional(SafeText),
  state: Schema.optional(SafeText),
  error: Schema.optional(SafeText)
})

const redirect = { status: 302 } as const

export class AuthApi extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.get("signIn", "/auth/idp")
      .addSuccess(Schema.Void, redirect)
      .annotate(OpenApi.Summary, "Start browser sign-in: redirects to the identity provider")
      .pipe(failsWith(RateLimited), allow({ access: "public", permissions: [] }))
  )
  .add(
    HttpApiEndpoint.get("signInCallback", "/auth/idp/callback")
      .setUrlParams(CallbackQuery)
      .addSuccess(Schema.Void, redirect)
      .annotate(OpenApi.Summary, "Complete sign-in: sets the session cookie and redirects to the application root")
      .pipe(failsWith(Unauthenticated, AccountDisabled), allow({ access: "public", permissions: [] }))
  )
  .add(
    HttpApiEndpoint.post("signOut", "/auth/logout")
      .addSuccess(Data(Schema.Struct({ signedOut: Schema.Boolean })))
      .annotate(OpenApi.Summary, "Sign out: revokes this session and clears the cookie; never rate limited")
      .pipe(allow({ access: "session", permissions: [] }), notRateLimited)
  )
  .add(
    HttpApiEndpoint.get("linkPlatform", "/auth/platform")
      .addSuccess(Schema.Void, redirect)
      .annotate(OpenApi.Summary, "Start linking a game-platform account (PKCE): redirects to the platform")
      .pipe(failsWith(InvalidState, RateLimited), allow({ access: "session", permissions: [] }))
  )
  .add(
    HttpApiEndpoint.get("linkPlatformCallback", "/auth/platform/callback")
      .setUrlParams(CallbackQuery)
      .addSuccess(Schema.Void, redirect)
      .annotate(OpenApi.Summary, "Complete the link, in the session that started it")
      .pipe(failsWith(Unauthenticated, PlatformAccountTaken, InvalidState), allow({ access: "session", permissions: [] }))
  )
  .add(
    HttpApiEndpoint.post("enableDeveloperAccess", "/auth/developer")
      .addSuccess(Data(Me))
      .annotate(OpenApi.Summary, "Turn Developer Access on for this session; body {password}; every refusal is 401 AUTHENTICATION_FAILED")
      .pipe(failsWith(AuthenticationFailed, Unauthenticated), allow({ access: "session", permissions: [] }), readsOwnBody)
  )
  .add(
    HttpApiEndpoint.del("disableDeveloperAccess", "/auth/developer")
      .addSuccess(Data(Me))
      .annotate(OpenApi.Summary, "Turn Developer Access off for this session")
      .pipe(failsWith(Unauthenticated), allow({ access: "session", permissions: [] }))
  )
  .add(
    HttpApiEndpoint.get("me", "/me")
      .addSuccess(Data(Me))
      .annotate(OpenApi.Summary, "The signed-in person, their staff profile, roles and permissions")
      .pipe(allow({ access: "session", permissions: [] }))
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "Authentication")
{}
