/**
 * Two instances sharing one database and one Redis (`TEST_REDIS_URL`, or the
 * local one): a caller's open CAD streams are counted across both, so five is
 * five whichever instance each is open on, and a stream closed on one frees a
 * place on the other.
 */
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type EventStream, openStream } from "../harness/cad.js"
import type { TestDatabase } from "../harness/database.js"
import { bearer, issueCredential, type Session, sharedDatabase, signIn, testRedisUrl } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

const redisUrl = testRedisUrl ?? "redis://127.0.0.1:6379"
const PATH = "/api/cad/events/stream"

let database: TestDatabase
let a: RunningServer
let b: RunningServer
let admin: Session
beforeAll(async () => {
  // Two connections per server: its pool and the CAD feed's LISTEN.
  database = await sharedDatabase(4)
  const env = { REDIS_URL: redisUrl, BLUELIGHT_ADMIN_IDENTITY_IDS: "shared-streams-admin" }
  a = await startServer({ database, env })
  b = await startServer({ database, env })
  admin = await signIn(a, { id: "shared-streams-admin" })
})
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await database?.dispose()
})

/** Opens a stream and waits for its first comment (its place is taken by then). */
const follow = async (server: RunningServer, token: string): Promise<EventStream> => {
  const stream = await openStream(server, PATH, bearer(token))
  expect(stream.status).toBe(200)
  expect((await stream.next())?.comments).toEqual(["connected"])
  return stream
}

/** The caller is refused another stream: 429 (the body is checked in streamAccess.test.ts). */
const expectRefused = async (server: RunningServer, token: string) => {
  const reply = await openStream(server, PATH, bearer(token))
  reply.close()
  expect(reply.status).toBe(429)
  expect(Number(reply.headers.get("retry-after"))).toBeGreaterThan(0)
}

describe("one caller's open streams across two instances sharing Redis", () => {
  it("are five in all: three on A and two on B, the sixth on either is 429, and closing one on A frees a place on B", async () => {
    const { token } = await issueCredential(a, admin, { name: "streams everywhere", scopes: ["cad.view"] })
    const onA = await Promise.all(Array.from({ length: 3 }, () => follow(a, token)))
    const onB = await Promise.all(Array.from({ length: 2 }, () => follow(b, token)))
    await expectRefused(a, token)
    await expectRefused(b, token)
    onA[0]!.close()
    // The place is given back once A notices the client has gone.
    let again = await openStream(b, PATH, bearer(token))
    for (let tries = 0; again.status === 429 && tries < 40; tries++) {
      again.close()
      await sleep(50)
      again = await openStream(b, PATH, bearer(token))
    }
    expect(again.status).toBe(200)
    await expectRefused(a, token)
    for (const stream of [again, ...onA.slice(1), ...onB]) stream.close()
  })
})
