// The load generator's HTTP client: node:http over keep-alive connections
// (lighter on the generator's core than fetch), one pool per instance.
import { Agent, request } from "node:http"

const agents = new Map()
const agentFor = (base) => {
  let agent = agents.get(base)
  if (agent === undefined) agents.set(base, agent = new Agent({ keepAlive: true, maxSockets: 128 }))
  return agent
}

/** Closes every kept-alive connection. */
export const closeAgents = () => {
  for (const agent of agents.values()) agent.destroy()
  agents.clear()
}

/**
 * Sends one request; resolves to `{status, body}` (body parsed as JSON when
 * it is; status 0 and `error` when no answer came within `timeoutMs`).
 */
export const send = (base, { method = "GET", path, headers = {}, body }, timeoutMs = 15_000) =>
  new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const sent = request(`${base}${path}`, {
      method,
      agent: agentFor(base),
      headers: { ...headers, ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }) },
      timeout: timeoutMs
    }, (answer) => {
      const chunks = []
      answer.on("data", (chunk) => chunks.push(chunk))
      answer.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8")
        let parsed = text
        try {
          parsed = JSON.parse(text)
        } catch {}
        resolve({ status: answer.statusCode, body: parsed })
      })
      answer.on("error", (error) => resolve({ status: 0, error: error.message }))
    })
    sent.on("timeout", () => sent.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    sent.on("error", (error) => resolve({ status: 0, error: error.message }))
    sent.end(payload)
  })

/** A session user's headers for `base`: the cookie, and the Origin that cookie writes need. */
export const sessionHeaders = (base, token) => ({ cookie: `bluelight-session=${token}`, origin: base })

/** A credential's headers. */
export const bearerHeaders = (token) => ({ authorization: `Bearer ${token}` })
