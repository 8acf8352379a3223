/**
 * The server of the web client's component tests: one `fetch` answering from the test's table
 * ("METHOD /path" → handler), keeping every request it was sent (its headers, its JSON body, and
 * whether it was aborted) for the test to read. The app's client is made once per page over the
 * fetch there was then, so this is installed once, at import; each test serves its own table.
 */
export interface Answer {
  readonly status: number
  readonly body: unknown
  readonly headers?: Record<string, string>
}
export interface Seen {
  readonly method: string
  readonly url: URL
  readonly headers: Headers
  readonly body: unknown
  readonly signal: AbortSignal | undefined
  aborted: boolean
}
/** What answers a request (a `Response` as it is: a stream); one that throws is a connection cut before any answer came. */
export type Handler = (request: Seen) => Answer | Response | Promise<Answer | Response>

let handlers: Record<string, Handler> = {}
export const seen: Array<Seen> = []

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init)
  const url = new URL(request.url, window.location.origin)
  const text = await request.text()
  const signal = init?.signal ?? request.signal ?? undefined
  const record: Seen = { method: request.method, url, headers: request.headers, body: text === "" ? undefined : JSON.parse(text), signal, aborted: false }
  seen.push(record)
  signal?.addEventListener("abort", () => {
    record.aborted = true
  })
  const handler = handlers[`${request.method} ${url.pathname}`]
  const answer = handler === undefined ? refusal(404, "NOT_FOUND", `No route ${request.method} ${url.pathname}`) : await handler(record)
  if (answer instanceof Response) return answer
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json", ...answer.headers } })
}

/** Answers from `table` from now on, forgetting the requests seen so far. */
export const serve = (table: Record<string, Handler>) => {
  handlers = table
  seen.length = 0
}

/** A success: `{ data }`, or `{ data, meta }` when the endpoint says more. */
export const ok = (data: unknown, status = 200, meta?: unknown): Answer => ({ status, body: meta === undefined ? { data } : { data, meta } })

/** A page of a list, by default the first and the last. */
export const page = (data: ReadonlyArray<unknown>, meta: { readonly offset?: number; readonly limit?: number; readonly hasMore?: boolean } = {}): Answer =>
  ok(data, 200, { limit: meta.limit ?? 25, offset: meta.offset ?? 0, hasMore: meta.hasMore ?? false })

export const refusal = (status: number, code: string, message: string, details?: unknown, headers?: Record<string, string>): Answer => ({
  status,
  body: { error: { code, message, ...(details === undefined ? {} : { details }) }, requestId: "01a2352a-d94e-7539-a6d0-e6e376d98999" },
  ...(headers === undefined ? {} : { headers })
})

/** The requests seen to `METHOD /path`. */
export const requestsTo = (key: string): ReadonlyArray<Seen> => seen.filter((each) => `${each.method} ${each.url.pathname}` === key)

/** The bodies of the requests seen with this method and path. */
export const bodiesOf = (method: string, path: string): ReadonlyArray<unknown> => requestsTo(`${method} ${path}`).map((each) => each.body)
