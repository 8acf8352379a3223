/**
 * The server for the Staff and Sessions rooms' component tests: one `fetch`, answering from the
 * table of the test ("METHOD /path"), set before the app's client is made (it is made once per page,
 * over the fetch there was then); every request is kept with its query and body.
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

export type Handler = (request: Seen) => Answer | Promise<Answer>

let handlers: Record<string, Handler> = {}
export const seen: Array<Seen> = []

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init)
  const url = new URL(request.url, window.location.origin)
  const text = await request.text()
  const record = { method: request.method, url, body: text === "" ? undefined : JSON.parse(text) as unknown }
  seen.push(record)
  const handler = handlers[`${request.method} ${url.pathname}`]
  const answer = handler === undefined ? refusal(404, "NOT_FOUND", "No route") : await handler(record)
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } })
}

/** The answers of this test. */
export const serve = (table: Record<string, Handler>) => {
  handlers = table
  seen.length = 0
}

export const ok = (data: unknown, status = 200): Answer => ({ status, body: { data } })

export const page = (data: ReadonlyArray<unknown>, hasMore = false): Answer => ({ status: 200, body: { data, meta: { limit: 50, offset: 0, hasMore } } })

export const refusal = (status: number, code: string, message: string, details?: unknown): Answer => ({
  status,
  body: { error: { code, message, ...(details === undefined ? {} : { details }) }, requestId: "01a2352a-d94e-7539-a6d0-e6e376d98999" }
})

/** The requests made to `METHOD /path`. */
export const requests = (method: string, path: string): ReadonlyArray<Seen> => seen.filter((each) => each.method === method && each.url.pathname === path)
