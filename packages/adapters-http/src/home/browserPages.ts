import { BrowserPages } from "@bluelight/api/auth/BrowserPages.js"
import { Effect, Layer } from "effect"
import { HttpBody, HttpServerRequest, HttpServerResponse } from "effect/http"
import { answerFailure } from "../requestPath/answerFailure.js"
import { escapeHtml, page, pageHeaders, wantsHtml } from "./html.js"

/** A browser flow: the step a person is on, and where starting again begins. */
interface Flow {
  readonly doing: string
  readonly startAgain: { readonly href: string; readonly label: string } | null
  readonly signsOut?: true
}

const SIGN_IN = { href: "/api/auth/idp", label: "Sign in" }
const SIGN_AGAIN = { href: "/api/auth/idp", label: "Start again" }
const LINK = { href: "/api/auth/platform", label: "Link an account again" }

/** The operations a browser reaches by navigating (or posting the home page's form), never through a script, by name (`browserFlow`). */
const FLOWS: Readonly<Record<string, Flow>> = {
  signIn: { doing: "Signing in", startAgain: SIGN_AGAIN },
  signInCallback: { doing: "Signing in", startAgain: SIGN_AGAIN },
  linkPlatform: { doing: "Linking a game-platform account", startAgain: LINK },
  linkPlatformCallback: { doing: "Linking a game-platform account", startAgain: LINK },
  signOut: { doing: "Signing out", startAgain: null, signsOut: true }
}

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

/** The answer a browser gets: a refusal as a page, a sign-out that worked as the way home; any other answer as it is. */
const forBrowser = (flow: Flow, appUrl: string) => (response: HttpServerResponse.HttpServerResponse) => {
  if (flow.signsOut && response.status === 200) return toHomePage(response, appUrl)
  const envelope = response.status >= 400 ? envelopeOf(response) : undefined
  if (envelope === undefined) return response
  const rendered = page(`Bluelight: ${flow.doing.toLowerCase()} did not work`, failurePage(flow, envelope, response.status))
  return HttpServerResponse.setHeaders(HttpServerResponse.setBody(response, rendered.body), pageHeaders)
}

/**
 * `BrowserPages`, the middleware of the browser flows (`browserFlow`): for a
 * request that asks for HTML (`Accept` names `text/html`), a refusal of the
 * flow (the access check's, the handler's, a defect's `500`) is a short page
 * giving the reason and a way to start again, under the refusal's status and
 * headers (cookies cleared, `Retry-After`), and a sign-out that worked goes
 * back to the home page (`303`). The refusal is made by the one that makes
 * every envelope (`answerFailure`), then shown; API clients keep the JSON.
 */
export const layerBrowserPages = (appUrl: string) =>
  Layer.succeed(
    BrowserPages,
    BrowserPages.of((endpoint, { endpoint: declared }) => {
      const flow = FLOWS[declared.identifier]
      if (flow === undefined) return Effect.die(new Error(`${declared.identifier} is marked browserFlow but has no page of its own`))
      const shown = forBrowser(flow, appUrl)
      return HttpServerRequest.HttpServerRequest.use((request) => wantsHtml(request) ? Effect.map(Effect.catchCause(endpoint, answerFailure), shown) : endpoint)
    })
  )
