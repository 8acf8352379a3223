/**
 * The server of the portal's component tests: one `fetch` answering from a table of `METHOD /path`
 * per test, keeping what was sent. The app's client is made once per page over the fetch there was
 * then, so this replaces `fetch` when the test file loads.
 */
export interface Answer {
  readonly status: number
  readonly body: unknown
}
export type Handler = (request: { readonly url: URL; readonly body: unknown }) => Answer

let handlers: Record<string, Handler> = {}
export const sent: Array<{ readonly key: string; readonly body: unknown }> = []

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init)
  const url = new URL(request.url, window.location.origin)
  const key = `${request.method} ${url.pathname}`
  const text = request.method === "GET" ? "" : await request.text()
  const body = text === "" ? undefined : JSON.parse(text)
  sent.push({ key, body })
  const handler = handlers[key]
  const answer = handler === undefined ? refusal(404, "NOT_FOUND", "No route") : handler({ url, body })
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } })
}

export const serve = (table: Record<string, Handler>) => {
  handlers = table
  sent.length = 0
}

export const ok = (data: unknown, status = 200): Answer => ({ status, body: { data } })
export const page = (data: ReadonlyArray<unknown>): Answer => ({ status: 200, body: { data, meta: { limit: 50, offset: 0, hasMore: false } } })
export const refusal = (status: number, code: string, message: string, details?: unknown): Answer => ({
  status,
  body: { error: { code, message, ...(details === undefined ? {} : { details }) }, requestId: "01a2352a-d94e-7539-a6d0-e6e376d98999" }
})
