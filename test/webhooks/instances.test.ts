/**
 * Webhooks across instances and crashes, on one shared database: two
 * instances deliver each message once per subscription; an instance killed
 * while sending leaves the message to be delivered after restart; and a
 * production server refuses private targets when they are saved.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, listOf } from "../harness/body.js"
import { asSession, createIncident } from "../harness/cad.js"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { expectError } from "../harness/expectations.js"
import { advanceClock, cookieHeader, parseSetCookie, type Session, signIn, write } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"
import { type Receiver, startReceiver, verifies } from "./receiver.js"

const ADMIN = "webhook-instances-admin"
const env = { ...UNLIMITED_RATES, BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN }

let receiver: Receiver
beforeAll(async () => {
  receiver = await startReceiver()
})
afterAll(() => receiver?.close())

const createHook = async (server: RunningServer, admin: Session, path: string, events: ReadonlyArray<string>) => {
  const reply = await write(server, admin, "POST", "/api/admin/webhooks", { url: `${receiver.url}${path}`, events })
  expect(reply.status, reply.text).toBe(201)
  return dataOf<{ id: string; secret: string }>(reply)
}
const deliveries = async (server: RunningServer, admin: Session, id: string) => {
  const reply = await server.request("GET", `/api/admin/webhooks/${id}/deliveries?limit=100`, { headers: { cookie: admin.cookie } })
  expect(reply.status, reply.text).toBe(200)
  return listOf<{ messageId: string; attempt: number; status: string }>(reply).data
}
const arrivalsAt = (path: string) => receiver.arrivals.filter((arrival) => arrival.path === path)

describe("two instances on one database", () => {
  let database: TestDatabase
  let a: RunningServer
  let b: RunningServer
  beforeAll(async () => {
    database = await freshDatabase()
    a = await startServer({ database, env })
    b = await startServer({ database, env })
  })
  afterAll(async () => {
    await a?.stop()
    await b?.stop()
    await database?.dispose()
  })

  it("deliver each message once per subscription, whichever instance committed it", async () => {
    const admin = await signIn(a, { id: ADMIN })
    const one = await createHook(a, admin, "/twice-one", ["cad.incident.created"])
    const two = await createHook(b, admin, "/twice-two", ["cad.incident.created"])
    const made = 30
    await Promise.all(Array.from({ length: made }, (_, i) => createIncident(asSession(i % 2 === 0 ? a : b, admin), { location: `Street ${i}` })))
    for (const path of ["/twice-one", "/twice-two"]) {
      await expect.poll(() => arrivalsAt(path).length, { timeout: 20_000, interval: 50 }).toBe(made)
    }
    // A little longer: nothing arrives twice.
    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const [path, hook] of [["/twice-one", one], ["/twice-two", two]] as const) {
      const ids = arrivalsAt(path).map((arrival) => arrival.headers["webhook-id"])
      expect(ids).toHaveLength(made)
      expect(new Set(ids).size).toBe(made)
      expect(arrivalsAt(path).every((arrival) => verifies(arrival, hook.secret))).toBe(true)
      const log = await deliveries(a, admin, hook.id)
      expect(log).toHaveLength(made)
      expect(log.every((d) => d.status === "SUCCEEDED" && d.attempt === 1)).toBe(true)
    }
    // The same messages went to both subscriptions: one message id each, two deliveries.
    expect(new Set(arrivalsAt("/twice-one").map((x) => x.headers["webhook-id"]))).toEqual(new Set(arrivalsAt("/twice-two").map((x) => x.headers["webhook-id"])))
  })
  it("deliver a burst to one subscription one at a time, in order of creation, whichever instance committed each", async () => {
    const admin = await signIn(a, { id: ADMIN })
    const hook = await createHook(a, admin, "/ordered", ["cad.incident.created"])
    // A receiver slow to answer: the burst queues up behind the attempt in flight, and both instances' workers look for it.
    receiver.answer = (path) => (path === "/ordered" ? { status: 204, delayMs: 60 } : { status: 204 })
    try {
      const made: Array<string> = []
      for (let i = 0; i < 20; i++) {
        made.push((await createIncident(asSession(i % 2 === 0 ? a : b, admin), { location: `Ordered ${i}` })).id)
      }
      await expect.poll(() => arrivalsAt("/ordered").length, { timeout: 20_000, interval: 50 }).toBe(made.length)
      expect(arrivalsAt("/ordered").map((arrival) => (JSON.parse(arrival.body) as { data: { id: string } }).data.id)).toEqual(made)
      expect(arrivalsAt("/ordered").every((arrival) => verifies(arrival, hook.secret))).toBe(true)
      // One at a time across both instances: the next is sent only once the one before has been answered.
      expect(receiver.mostAtOnce("/ordered")).toBe(1)
      await expect.poll(async () => (await deliveries(a, admin, hook.id)).every((d) => d.status === "SUCCEEDED")).toBe(true)
    } finally {
      receiver.answer = () => ({ status: 204 })
    }
  })
})

describe("an instance killed between commit and delivery", () => {
  it("leaves the message to the next instance, which delivers it once the lease ends, with the same webhook-id", async () => {
    const database = await freshDatabase()
    let first: RunningServer | undefined
    let second: RunningServer | undefined
    try {
      first = await startServer({ process: true, database, env })
      const admin = await signIn(first, { id: ADMIN })
      const hook = await createHook(first, admin, "/crash", ["cad.incident.created"])
      receiver.answer = (path) => (path === "/crash" ? "hang" : { status: 204 })
      await createIncident(asSession(first, admin), { location: "Crash Lane" })
      // The message is committed and its attempt in flight when the instance dies.
      await expect.poll(() => arrivalsAt("/crash").length, { timeout: 10_000 }).toBe(1)
      await first.stop("SIGKILL")
      receiver.answer = () => ({ status: 204 })

      second = await startServer({ database, env })
      // Within the crashed attempt's lease nothing is sent; after it, the message is.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(arrivalsAt("/crash")).toHaveLength(1)
      await advanceClock(second, 31_000)
      await expect.poll(() => arrivalsAt("/crash").length, { timeout: 10_000 }).toBe(2)
      const [crashed, delivered] = arrivalsAt("/crash")
      expect(delivered!.headers["webhook-id"]).toBe(crashed!.headers["webhook-id"])
      expect(delivered!.body).toBe(crashed!.body)
      expect(verifies(delivered!, hook.secret)).toBe(true)
      await expect.poll(async () => (await deliveries(second!, admin, hook.id)).map((d) => [d.attempt, d.status])).toEqual([[1, "SUCCEEDED"]])
    } finally {
      receiver.answer = () => ({ status: 204 })
      await first?.stop("SIGKILL")
      await second?.stop()
      await database.dispose()
    }
  })
})

describe("in production", () => {
  let idp: Server
  let server: RunningServer
  let cookie: string
  beforeAll(async () => {
    // A stand-in identity provider (as test/identity/production.test.ts's): the code is the profile.
    idp = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://idp.invalid")
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" })
        response.end(JSON.stringify(body))
      }
      if (request.method === "POST" && url.pathname === "/token") {
        let text = ""
        request.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => {
          json(200, { access_token: new URLSearchParams(text).get("code"), token_type: "Bearer", expires_in: 3600 })
        })
        return
      }
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? ""
      json(200, JSON.parse(Buffer.from(token, "base64url").toString("utf8")))
    })
    await new Promise<void>((resolve) => idp.listen(0, "127.0.0.1", resolve))
    const idpUrl = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`
    server = await startServer({
      testHooks: false,
      env: {
        ...env,
        NODE_ENV: "production",
        IDP_CLIENT_ID: "idp-client",
        IDP_CLIENT_SECRET: "idp-secret",
        IDP_AUTHORIZE_URL: `${idpUrl}/authorize`,
        IDP_TOKEN_URL: `${idpUrl}/token`,
        IDP_USERINFO_URL: `${idpUrl}/userinfo`
      }
    })
    const start = await server.request("GET", "/api/auth/idp")
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!
    const code = Buffer.from(JSON.stringify({ id: ADMIN, username: "admin", global_name: "Admin" })).toString("base64url")
    const done = await server.request("GET", `/api/auth/idp/callback?code=${code}&state=${state}`, {
      headers: { cookie: cookieHeader({ "bluelight-oauth-state": state }) }
    })
    const session = done.headers.getSetCookie().map(parseSetCookie).find((c) => c.name === "__Host-bluelight-session")!
    cookie = `__Host-bluelight-session=${session.value}`
  })
  afterAll(async () => {
    await server?.stop()
    await new Promise<void>((resolve) => (idp === undefined ? resolve() : idp.close(() => resolve())))
  })

  const save = (url: string) => server.request("POST", "/api/admin/webhooks", { headers: { cookie, origin: server.url }, body: { url, events: ["cad.panic"] } })

  it("refuses http: and loopback, private, link-local, unique-local and unspecified targets at [\"url\"], and saves a public https: one", async () => {
    for (
      const url of [
        "http://hooks.example.com/in",
        "https://127.0.0.1/in",
        "https://localhost:8443/in",
        "https://[::1]/in",
        "https://10.1.2.3/in",
        "https://192.168.0.10/in",
        "https://169.254.169.254/latest/meta-data",
        "https://[fd00::1]/in",
        "https://[::ffff:127.0.0.1]/in",
        "https://0.0.0.0/in"
      ]
    ) {
      const error = expectError(await save(url), 400, "INVALID_INPUT")
      expect(error.details, url).toEqual([expect.objectContaining({ path: ["url"] })])
    }
    expect((await save("https://hooks.example.com/in")).status).toBe(201)
  })
})
