/**
 * A receiver of Bluelight's webhooks (Standard Webhooks): checks each message's signature with the
 * secret the subscription was created with, and its timestamp, before trusting it. Node alone, no
 * package. `WEBHOOK_SECRET` is the `whsec_…` secret from `POST /api/admin/webhooks`; `PORT` where it
 * listens (default 4000). `EXIT_AFTER=n` stops after n verified messages (what CI runs it with).
 */
import { createHmac, timingSafeEqual } from "node:crypto"
import { createServer } from "node:http"

const secret = Buffer.from((process.env.WEBHOOK_SECRET ?? "").replace(/^whsec_/, ""), "base64")
const exitAfter = Number(process.env.EXIT_AFTER ?? Infinity)
let verified = 0

/** Whether `headers` sign `body` with the secret, signed within the last 5 minutes. */
const verify = (headers, body) => {
  const id = headers["webhook-id"]
  const timestamp = Number(headers["webhook-timestamp"])
  if (typeof id !== "string" || !Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false
  const expected = createHmac("sha256", secret).update(`${id}.${timestamp}.${body}`).digest()
  // The header may carry several signatures, space separated (a secret being rotated).
  return String(headers["webhook-signature"] ?? "").split(" ").some((entry) => {
    const [version, signature] = entry.split(",")
    const given = Buffer.from(signature ?? "", "base64")
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected)
  })
}

const server = createServer((request, response) => {
  const chunks = []
  request.on("data", (chunk) => chunks.push(chunk))
  request.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8")
    if (!verify(request.headers, body)) {
      response.writeHead(401).end()
      return
    }
    const message = JSON.parse(body)
    console.log(`received ${message.type} ${request.headers["webhook-id"]} at ${message.timestamp}: ${JSON.stringify(message.data)}`)
    response.writeHead(204).end()
    if (++verified >= exitAfter) server.close()
  })
})
server.listen(Number(process.env.PORT ?? 4000), "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${server.address().port}`))
