import { QueryClientProvider, type QueryClient } from "@tanstack/react-query"
import { render } from "@testing-library/react"
import type { ReactNode } from "react"
import { Router } from "wouter"
import { makeQueryClient } from "../../../src/api/queryClient.js"
import type { Me } from "../../../src/app/session.js"
import { signedIn } from "../../signedIn.js"

/** The server of a component test: one `fetch` answering from the test's table ("METHOD /path"), every request kept. */
export interface Answer {
  readonly status: number
  readonly body: unknown
}
export interface Request {
  readonly method: string
  readonly url: URL
  readonly body: unknown
}
type Handler = (request: Request) => Answer | Promise<Answer>

let handlers: Record<string, Handler> = {}
export const requests: Array<Request> = []

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init)
  const url = new URL(request.url, window.location.origin)
  const text = await request.text()
  const seen = { method: request.method, url, body: text === "" ? undefined : JSON.parse(text) as unknown }
  requests.push(seen)
  const handler = handlers[`${request.method} ${url.pathname}`]
  const answer = handler === undefined
    ? { status: 404, body: { error: { code: "NOT_FOUND", message: `No route ${request.method} ${url.pathname}` }, requestId: "r0" } }
    : await handler(seen)
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } })
}

export const serve = (table: Record<string, Handler>) => {
  handlers = table
  requests.length = 0
}

export const ok = (data: unknown, status = 200): Answer => ({ status, body: { data } })
export const page = (data: ReadonlyArray<unknown>, hasMore = false): Answer => ({ status: 200, body: { data, meta: { limit: 100, offset: 0, hasMore } } })
export const refusal = (status: number, code: string, message: string, details?: unknown): Answer => ({
  status,
  body: { error: { code, message, ...(details === undefined ? {} : { details }) }, requestId: "01a2352a-d94e-7539-a6d0-e6e376d98999" }
})

export const AT = "2026-12-07T20:00:00.000Z"
export const ADMIN_ID = "01a2352a-d94e-7539-a6d0-e6e376d98952"
export const admin = (permissions: ReadonlyArray<string> = ["admin.manage", "pnc.view"]): Me => signedIn("Ada Admin", permissions, ADMIN_ID, AT)

/** A section of Administration at its address (`/admin/webhooks`), under the room's base as the app nests it. */
export const renderSection = (base: string, node: ReactNode, path = "/"): { readonly queries: QueryClient } => {
  window.history.replaceState(null, "", `${base}${path === "/" ? "" : path}`)
  const queries = makeQueryClient()
  render(
    <QueryClientProvider client={queries}>
      <Router base={base}>{node}</Router>
    </QueryClientProvider>
  )
  return { queries }
}
