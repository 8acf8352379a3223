import { createHmac, timingSafeEqual } from "node:crypto"
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"

/** One message as a receiver got it. */
export interface Arrival {
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
  readonly at: number
}

/** What the receiver answers for a path (after `delayMs`, if given), or `"hang"`: no answer until the receiver closes. */
export type Answer = { readonly status: number; readonly headers?: Record<string, string>; readonly delayMs?: number } | "hang"

/**
 * A webhook receiver on 127.0.0.1 for black-box tests: it keeps every
 * arrival and answers as the test says (204 unless told).
 */
export interface Receiver {
  readonly url: string
  readonly arrivals: Array<Arrival>
  answer: (path: string) => Answer
  /** The most requests to `path` that were open at once (arrived, not yet answered). */
  readonly mostAtOnce: (path: string) => number
  readonly close: () => Promise<void>
}

export const startReceiver = async (): Promise<Receiver> => {
  const arrivals: Array<Arrival> = []
  const hanging = new Set<import("node:http").ServerResponse>()
  const open = new Map<string, number>()
  const most = new Map<string, number>()
  const receiver = { answer: (_path: string): Answer => ({ status: 204 }) }
  const server: Server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const path = request.url ?? "/"
      arrivals.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() })
      const answer = receiver.answer(path)
      open.set(path, (open.get(path) ?? 0) + 1)
      most.set(path, Math.max(most.get(path) ?? 0, open.get(path)!))
      if (answer === "hang") {
        hanging.add(response)
        return
      }
      const send = () => {
        open.set(path, open.get(path)! - 1)
        response.writeHead(answer.status, answer.headers)
        response.end()
      }
      if (answer.delayMs === undefined) send()
      else setTimeout(send, answer.delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return Object.assign(receiver, {
    url,
    arrivals,
    mostAtOnce: (path: string) => most.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      })
  })
}

/** Whether the arrival's `webhook-signature` is the Standard Webhooks signature of its id, timestamp and body with `secret` (`whsec_…`). */
export const verifies = (arrival: Arrival, secret: string): boolean => {
  const expected = createHmac("sha256", Buffer.from(secret.replace(/^whsec_/, ""), "base64"))
    .update(`${String(arrival.headers["webhook-id"])}.${String(arrival.headers["webhook-timestamp"])}.${arrival.body}`)
    .digest()
  return String(arrival.headers["webhook-signature"] ?? "").split(" ").some((entry) => {
    const [version, signature] = entry.split(",")
    const given = Buffer.from(signature ?? "", "base64")
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected)
  })
}
