/**
 * The server the PNC room's component tests talk to: one `fetch` answering from the test's table
 * ("METHOD /path" → answer), recording every request (with whether it was aborted). The app's
 * client is made once per page over the fetch there was then, so this is installed once, and each
 * test serves its own table.
 */
export interface Answer {
  readonly status: number
  readonly body: unknown
}
export type Handler = (request: { readonly url: URL; readonly method: string; readonly body: unknown }) => Answer | Promise<Answer>

let handlers: Record<string, Handler> = {}
export const seen: Array<{ readonly method: string; readonly url: URL; aborted: boolean }> = []

export const installFakeServer = () => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init)
    const url = new URL(request.url, window.location.origin)
    const signal = init?.signal ?? request.signal
    const record = { method: request.method, url, aborted: false }
    seen.push(record)
    signal?.addEventListener("abort", () => {
      record.aborted = true
    })
    const text = await request.text()
    const handler = handlers[`${request.method} ${url.pathname}`]
    const answer = handler === undefined
      ? { status: 404, body: { error: { code: "NOT_FOUND", message: "No route" }, requestId: "r0" } }
      : await handler({ url, method: request.method, body: text === "" ? undefined : JSON.parse(text) })
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } })
  }
}

export const serve = (table: Record<string, Handler>) => {
  handlers = table
  seen.length = 0
}

export const ok = (data: unknown): Answer => ({ status: 200, body: { data } })
export const page = (data: ReadonlyArray<unknown>, hasMore = false, limit = 20, offset = 0): Answer => ({
  status: 200,
  body: { data, meta: { limit, offset, hasMore } }
})
export const refusal = (status: number, code: string, message: string, details?: unknown): Answer => ({
  status,
  body: { error: { code, message, ...(details === undefined ? {} : { details }) }, requestId: "01a2352a-d94e-7539-a6d0-e6e376d98999" }
})
