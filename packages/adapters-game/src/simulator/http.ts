import type { IncomingMessage, ServerResponse } from "node:http"

/** Answers JSON with the given status and extra headers. */
export const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  response.writeHead(status, { ...headers, "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

/** The whole request body as text. */
export const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = ""
    request.setEncoding("utf8")
    request.on("data", (chunk: string) => (body += chunk))
    request.on("end", () => resolve(body))
    request.on("error", reject)
  })

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
