import { QueryClientProvider } from "@tanstack/react-query"
import { render } from "@testing-library/react"
import type { ReactNode } from "react"
import { makeQueryClient } from "../../../src/api/queryClient.js"
import type { Me } from "../../../src/app/session.js"
import "../../modalDialogs.js"
import { signedIn } from "../../signedIn.js"
import { AT, OFFICER } from "./fixtures.js"

/**
 * The server of the PNC actions' tests: one fetch answering from the test's table ("METHOD /path"),
 * keeping every request it was sent (with its JSON body) for the test to read. Modal dialogs as
 * `../../modalDialogs.ts` plays them.
 */
export interface Answer {
  readonly status: number
  readonly body: unknown
}
export interface Sent {
  readonly method: string
  readonly url: URL
  readonly body: unknown
}
type Handler = (request: Sent) => Answer

let handlers: Record<string, Handler> = {}
export const sent: Array<Sent> = []

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init)
  const url = new URL(request.url, window.location.origin)
  const text = await request.text()
  const record = { method: request.method, url, body: text === "" ? undefined : JSON.parse(text) as unknown }
  sent.push(record)
  const handler = handlers[`${request.method} ${url.pathname}`]
  const answer = handler === undefined ? { status: 404, body: { error: { code: "NOT_FOUND", message: "No route" }, requestId: "r0" } } : handler(record)
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } })
}

export const serve = (table: Record<string, Handler>) => {
  handlers = table
  sent.length = 0
}

/** The requests sent with this method and path, their bodies. */
export const bodiesOf = (method: string, path: string): ReadonlyArray<unknown> =>
  sent.filter((request) => request.method === method && request.url.pathname === path).map((request) => request.body)

export const ok = (data: unknown, status = 200): Answer => ({ status, body: { data } })
export const page = (data: ReadonlyArray<unknown>): Answer => ({ status: 200, body: { data, meta: { limit: 25, offset: 0, hasMore: false } } })
export const refusal = (status: number, code: string, message: string, details?: unknown): Answer => ({
  status,
  body: { error: { code, message, ...(details === undefined ? {} : { details }) }, requestId: "01a2352a-d94e-7539-a6d0-e6e376d98999" }
})

export const me = (permissions: ReadonlyArray<string>, id = OFFICER): Me => signedIn("Olly Officer", permissions, id, AT)

export const ALL_PNC = ["pnc.view", "pnc.records.manage", "pnc.warrants.manage", "pnc.markers.manage", "pnc.licences.manage", "pnc.vehicles.manage"]

export const renderWithQueries = (ui: ReactNode) => render(<QueryClientProvider client={makeQueryClient()}>{ui}</QueryClientProvider>)
