/** One fake server for the Moderation room's component tests: `fetch` answering from the test's table ("METHOD /path"), every request kept. */
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
}
export type Handler = (request: Seen) => Answer | Promise<Answer>

let handlers: Record<string, Handler> = {}
export const seen: Array<Seen> = []

/** A handler that throws as a cut connection does: the request was made, no answer came. */
export class Cut extends Error {}

// The app's client is made once per page, over the fetch there was then.
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init)
  const url = new URL(request.url, window.location.origin)
  const text = await request.text()
  const record: Seen = { method: request.method, url, headers: request.headers, body: text === "" ? undefined : JSON.parse(text) }
  seen.push(record)
  const handler = handlers[`${request.method} ${url.pathname}`]
  const answer = handler === undefined
    ? { status: 404, body: { error: { code: "NOT_FOUND", message: "No route" }, requestId: "r0" } }
    : await handler(record)
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json", ...answer.headers } })
}

export const serve = (table: Record<string, Handler>) => {
  handlers = table
  seen.length = 0
}

export const ok = (data: unknown, meta?: unknown, status = 200): Answer => ({ status, body: meta === undefined ? { data } : { data, meta } })

export const refusal = (status: number, code: string, message: string, details?: unknown, headers?: Record<string, string>): Answer => ({
  status,
  body: { error: { code, message, ...(details === undefined ? {} : { details }) }, requestId: "01a2352a-d94e-7539-a6d0-e6e376d98999" },
  ...(headers === undefined ? {} : { headers })
})

export const AT = "2026-12-02T05:00:00.000Z"
export const ACCOUNT = "01a2352a-d94e-7539-a6d0-e6e376d98952"
export const ACTION = "01a2352a-d94e-7539-a6d0-e6e376d98f01"

export const player = (over: Record<string, unknown> = {}) => ({
  platformId: "100000002",
  username: "JohnSmith",
  permission: "Normal",
  inGameStaff: false,
  callsign: null,
  team: "Civilian",
  account: null,
  ...over
})

export const action = (over: Record<string, unknown> = {}) => ({
  id: ACTION,
  targetPlatformId: "100000002",
  targetUsername: "JohnSmith",
  moderatorId: ACCOUNT,
  serviceId: null,
  type: "kick",
  reason: "Random deathmatch",
  evidence: null,
  createdAt: AT,
  updatedAt: AT,
  delivery: "SUCCEEDED",
  errorCode: null,
  ...over
})

export const livePage = (data: ReadonlyArray<unknown>) => ok(data, { limit: 100, offset: 0, hasMore: false, total: data.length, observedAt: AT })
