import { Effect } from "effect"
import { HttpBody, HttpServerRequest, HttpServerResponse } from "effect/http"
import { pathnameOf } from "../requestPath/routes.js"
import { escapeHtml, page, pageHeaders, wantsHtml } from "./html.js"

/** A browser flow: the step a person is on, and where starting again begins. */
interface Flow {
  readonly method: "GET" | "POST"
  readonly path: string
  readonly doing: string
  readonly startAgain: { readonly href: string; readonly label: string } | null
  readonly signsOut?: true
}

const SIGN_IN = { href: "/api/auth/idp", label: "Sign in" }
const SIGN_AGAIN = { href: "/api/auth/idp", label: "Start again" }
const LINK = { href: "/api/auth/platform", label: "Link an account again" }

/** The requests a browser makes by navigating (or posting the home page's form), never through a script. */
const FLOWS: ReadonlyArray<Flow> = [
  { method: "GET", path: "/api/auth/idp", doing: "Signing in", startAgain: SIGN_AGAIN },
  { method: "GET", path: "/api/auth/idp/callback", doing: "Signing in", startAgain: SIGN_AGAIN },
  { method: "GET", path: "/api/auth/platform", doing: "Linking a game-platform account", startAgain: LINK },
  { method: "GET", path: "/api/auth/platform/callback", doing: "Linking a game-platform account", startAgain: LINK },
  { method: "POST", path: "/api/auth/logout", doing: "Signing out", startAgain: null, signsOut: true }
]

/** Looked up once per request by method and path, so every other route passes straight through. */
const FLOWS_BY_ROUTE: ReadonlyMap<string, Flow> = new Map(FLOWS.map((flow) => [`${flow.method} ${flow.path}`, flow]))

interface Envelope {
  readonly code: string
  readonly message: string
  readonly requestId: string | null
}

const decoder = new TextDecoder()

/** The error envelope a refusal carries, read back from the answer already made. */
const envelopeOf = (response: HttpServerResponse.HttpServerResponse): Envelope | undefined => {
  if (response.body._tag !== "Uint8Array") return undefined
  try {
    const body: unknown = JSON.parse(decoder.decode(response.body.body))
    if (typeof body !== "object" || body === null || !("error" in body)) return undefined
    const { error } = body
    if (typeof error !== "object" || error === null || !("code" in error) || !("message" in error)) return undefined
    if (typeof error.code !== "string" || typeof error.message !== "string") return undefined
    const requestId = "requestId" in body && typeof body.requestId === "string" ? body.requestId : null
    return { code: error.code, message: error.message, requestId }
  } catch {
    return undefined
  }
}

/**
 * Where to go next: the flow's start, and sign-in as well when a link was
 * refused for want of a session (or for a state that another session bound).
 */
const nextSteps = (flow: Flow, status: number) => [
  ...(flow.startAgain === null ? [] : [flow.startAgain]),
  ...(status === 401 && flow.startAgain === LINK ? [SIGN_IN] : [])
]

const failurePage = (flow: Flow, envelope: Envelope, status: number): string =>
  `<h1>${escapeHtml(flow.doing)} did not work</h1>
<p class="problem">${escapeHtml(envelope.message)}</p>
<p class="muted">Code <code>${escapeHtml(envelope.code)}</code>${
    envelope.requestId === null ? "" : `, request id <code>${escapeHtml(envelope.requestId)}</code> (quote it if you report this)`
  }.</p>
<div class="actions">
${nextSteps(flow, status).map((step) => `<a class="button" href="${escapeHtml(step.href)}">${escapeHtml(step.label)}</a>`).join("\n")}
<a class="button secondary" href="/">Back to the home page</a>
</div>`

/** A browser's sign-out, done: back to the home page, with whatever the answer set (the cookie cleared). */
const toHomePage = (response: HttpServerResponse.HttpServerResponse, appUrl: string) =>
  HttpServerResponse.setBody(response, HttpBody.empty).pipe(
    HttpServerResponse.setStatus(303),
    HttpServerResponse.setHeader("location", `${appUrl}/`)
  )

/**
 * What a browser gets on the routes it reaches by navigating or by the home
 * page's form (`Accept` names `text/html`); API clients keep the JSON. A
 * refused sign-in, link or sign-out is a short page giving the reason and a
 * way to start again, under the refusal's status and headers (cookies
 * cleared, `Retry-After`). A sign-out that worked goes back to the home page
 * (`303`). Wraps the error mapping, so it sees every refusal on these
 * routes: the access check's, the handler's, and a defect's `500`; the
 * handlers answer as they do for any client.
 */
export const browserAnswers = (appUrl: string) =>
<E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  HttpServerRequest.HttpServerRequest.use((request) => {
    const flow = FLOWS_BY_ROUTE.get(`${request.method} ${pathnameOf(request.url)}`)
    if (flow === undefined || !wantsHtml(request)) return app
    return Effect.map(app, (response) => {
      if (flow.signsOut && response.status === 200) return toHomePage(response, appUrl)
      const envelope = response.status >= 400 ? envelopeOf(response) : undefined
      if (envelope === undefined) return response
      const rendered = page(`Bluelight: ${flow.doing.toLowerCase()} did not work`, failurePage(flow, envelope, response.status))
      return HttpServerResponse.setHeaders(HttpServerResponse.setBody(response, rendered.body), pageHeaders)
    })
  })
