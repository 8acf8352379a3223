import { type IncomingHttpHeaders, request } from "node:http"

export interface RawReply {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  /** The body as sent, not decompressed. */
  readonly body: Buffer
}

/**
 * One request through `node:http`, for what `fetch` will not do: send any
 * `Host` header, and hand back the body still compressed.
 */
export const rawRequest = (
  url: string,
  init: { readonly method?: string; readonly headers?: Record<string, string> } = {}
): Promise<RawReply> =>
  new Promise((resolve, reject) => {
    const outgoing = request(url, { method: init.method ?? "GET", headers: init.headers ?? {} }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on("error", reject)
    })
    outgoing.on("error", reject)
    outgoing.end()
  })
