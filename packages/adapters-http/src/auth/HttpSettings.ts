import type { SignInStartBudgets } from "@bluelight/core/identity"
import { Context } from "effect"
import type { CookieNames } from "./cookies.js"
import type { RateBudgets } from "./rateLimitHeaders.js"

/** What the HTTP adapter needs to know about the deployment, read once at start-up. */
export class HttpSettings extends Context.Service<
  HttpSettings,
  {
    /** `APP_URL` without a trailing slash; the application root sign-in returns to. */
    readonly appUrl: string
    /** The origin of `APP_URL`: the only one allowed to write with the session cookie. */
    readonly appOrigin: string
    readonly cookies: CookieNames
    readonly budgets: RateBudgets
    readonly signInStarts: SignInStartBudgets
    /** How many reverse proxies of our own stand in front (`TRUSTED_PROXY_HOPS`); 0 trusts no `X-Forwarded-For`. */
    readonly trustedProxyHops: number
  }
>()("@bluelight/adapters-http/auth/HttpSettings") {}
