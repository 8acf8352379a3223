/**
 * A caller's open CAD streams are counted across instances. With a Redis
 * (`TEST_REDIS_URL`, as in CI) two instances share one database and that
 * Redis, so five is five whichever instance each is open on, and a stream
 * closed on one frees a place on the other. Without one (a newcomer's npm
 * test) more than one instance cannot share a count, and the same requests run
 * on one instance, whose count is its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CONNECTED_COMMENT, type EventStream, openStream } from "../harness/cad.js"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { bearer, issueCredential, type Session, signIn, testRedisUrl } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"
import { until } from "../harness/until.js"

const PATH = "/api/cad/events/stream"

let database: TestDatabase
let a: RunningServer
let b: RunningServer
let admin: Session
beforeAll(async () => {
  database = await freshDatabase()
  const env = { REDIS_URL: testRedisUrl, BLUELIGHT_ADMIN_IDENTITY_IDS: "shared-streams-admin" }
  a = await startServer({ database, env })
  b = testRedisUrl === undefined ? a : await startServer({ database, env })
  admin = await signIn(a, { id: "shared-streams-admin" })
})
afterAll(async () => {
  await Promise.all([a?.stop(), b === a ? undefined : b?.stop()])
  await database?.dispose()
})

/** Opens a stream and waits for its first comment (its place is taken by then). */
const follow = async (server: RunningServer, token: string): Promise<EventStream> => {
  const stream = await openStream(server, PATH, bearer(token))
  expect(stream.status).toBe(200)
  expect(await stream.opening()).toBe(CONNECTED_COMMENT)
  return stream
}

/** The caller is refused another stream: 429 (the body is checked in streamAccess.test.ts). */
const expectRefused = async (server: RunningServer, token: string) => {
  const reply = await openStream(server, PATH, bearer(token))
  reply.close()
  expect(reply.status).toBe(429)
  expect(Number(reply.headers.get("retry-after"))).toBeGreaterThan(0)
}

describe(
  testRedisUrl === undefined ? "one caller's open streams on one instance without Redis" : "one caller's open streams across two instances sharing Redis",
  () => {
    it("are five in all: three on A and two on B, the sixth on either is 429, and closing one on A frees a place on B (A and B one instance without Redis)", async () => {
      const { token } = await issueCredential(a, admin, { name: "streams everywhere", scopes: ["cad.view"] })
      const onA = await Promise.all(Array.from({ length: 3 }, () => follow(a, token)))
      const onB = await Promise.all(Array.from({ length: 2 }, () => follow(b, token)))
      await expectRefused(a, token)
      await expectRefused(b, token)
      onA[0]!.close()
      // The place is given back once A notices the client has gone.
      let again = await openStream(b, PATH, bearer(token))
      await until("a place free on B", async () => {
        if (again.status !== 429) return true
        again.close()
        again = await openStream(b, PATH, bearer(token))
        return again.status !== 429
      })
      expect(again.status).toBe(200)
      await expectRefused(a, token)
      for (const stream of [again, ...onA.slice(1), ...onB]) stream.close()
    })
  }
)
