/**
 * The server of the Administration and Audit log component tests: one `fetch` answering from the table
 * of the test ("METHOD /path"), keeping each request for the test to look at. The app's client is made
 * once per page over the fetch there was then, so it is installed once, at import.
 */
export interface Answer {
  readonly status: number
  readonly body: unknown
}
export interface Seen {
  readonly method: string
  readonly url: URL
  readonly body: unknown
}
type Handler = (request: Seen) => Answer

let handlers: Record<string, Handler> = {}
export const seen: Array<Seen> = []

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init)
  const url = new URL(request.url, window.location.origin)
  const text = await request.text()
  const record = { method: request.method, url, body: text === "" ? undefined : JSON.parse(text) as unknown }
  seen.push(record)
  const handler = handlers[`${request.method} ${url.pathname}`]
  const answer = handler === undefined ? { status: 404, body: { error: { code: "NOT_FOUND", message: "No route" }, requestId: "r0" } } : handler(record)
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } })
}

/** Answers from `table` from now on, forgetting the requests seen so far. */
export const serve = (table: Record<string, Handler>) => {
  handlers = table
  seen.length = 0
}

export const ok = (data: unknown, status = 200): Answer => ({ status, body: { data } })
export const page = (data: ReadonlyArray<unknown>, meta: { offset?: number; limit?: number; hasMore?: boolean } = {}): Answer => ({
  status: 200,
  body: { data, meta: { limit: meta.limit ?? 25, offset: meta.offset ?? 0, hasMore: meta.hasMore ?? false } }
})
export const refusal = (status: number, code: string, message: string, details?: unknown): Answer => ({
  status,
  body: { error: { code, message, ...(details === undefined ? {} : { details }) }, requestId: "01a2352a-d94e-7539-a6d0-e6e376d98999" }
})

/** The requests seen to `METHOD /path`. */
export const requestsTo = (key: string) => seen.filter((each) => `${each.method} ${each.url.pathname}` === key)
