/**
 * An open CAD stream ends with its caller: as soon as the caller would be
 * refused on a new request, the stream ends and delivers nothing more, on the
 * instance it is open on, whichever instance the refusal was committed on.
 * And one caller holds at most five streams open.
 *
 * The streams are open on instance B; the refusals are committed through
 * instance A, and the CAD change that follows through B, whose feed hears of
 * its own commit at once (the refusal reaches B only through the database).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf } from "../harness/body.js"
import { asCredential, type CadClient, CONTROL_PERMISSIONS, createIncident, CONNECTED_COMMENT, type EventStream, openStream } from "../harness/cad.js"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { expectError } from "../harness/expectations.js"
import {
  advanceClock,
  bearer,
  cookieWrite,
  issueCredential,
  meData,
  type Session,
  SESSION_COOKIE,
  sessionOf,
  setAccountStatus,
  setCookie,
  signIn,
  staffMember,
  write
} from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"
import { until } from "../harness/until.js"

const PASSWORD = "stream developer password"
const ENV = {
  BLUELIGHT_ADMIN_IDENTITY_IDS: "stream-admin",
  BLUELIGHT_DEVELOPER_PASSWORD: PASSWORD,
  RATE_LIMIT_WRITES_PER_MINUTE: "100000",
  RATE_LIMIT_READS_PER_MINUTE: "100000"
}
/** The issue's bound: a refused caller's stream has ended this long after the refusal is answered. */
const DEADLINE_MILLIS = 1000

let database: TestDatabase
let a: RunningServer
let b: RunningServer
let admin: Session
let controlOnB: CadClient
beforeAll(async () => {
  database = await freshDatabase()
  a = await startServer({ database, env: ENV })
  b = await startServer({ database, env: ENV })
  admin = await signIn(a, { id: "stream-admin" })
  controlOnB = asCredential(b, (await issueCredential(a, admin, { name: "control", scopes: [...CONTROL_PERMISSIONS] })).token)
})
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await database?.dispose()
})

/** Opens a stream and waits for its first comment: from then on nothing committed is missed. */
const follow = async (server: RunningServer, headers: Record<string, string>): Promise<EventStream> => {
  const stream = await openStream(server, "/api/cad/events/stream", headers)
  expect(stream.status).toBe(200)
  expect(await stream.opening()).toBe(CONNECTED_COMMENT)
  return stream
}

/**
 * The entries a stream delivers until it ends; fails if it has not ended by `deadline` (epoch ms). The
 * one real timer here is the bound under test (DEADLINE_MILLIS: a refused caller's stream has ended a
 * second after the refusal), raced against the end: a stream that ends sooner goes on at once.
 */
const restUntilEnd = async (stream: EventStream, deadline: number): Promise<Array<unknown>> => {
  const delivered: Array<unknown> = []
  const rest = (async () => {
    for (;;) {
      const entry = await stream.nextEvent()
      if (entry === undefined) return "ended" as const
      delivered.push(entry)
    }
  })()
  const outcome = await Promise.race([rest, sleep(Math.max(0, deadline - Date.now())).then(() => "still open" as const)])
  stream.close()
  expect(outcome, `delivered meanwhile: ${JSON.stringify(delivered)}`).toBe("ended")
  return delivered
}

/**
 * The stream sees a change before the refusal; once `refuse` is answered, a
 * change committed through B is not delivered and the stream has ended
 * within the deadline.
 */
const expectEndsOn = async (stream: EventStream, refuse: () => Promise<void>) => {
  const before = await createIncident(controlOnB)
  expect(await stream.nextEvent()).toMatchObject({ type: "INCIDENT_CREATED", incidentId: before.id })
  await refuse()
  const deadline = Date.now() + DEADLINE_MILLIS
  const ending = restUntilEnd(stream, deadline)
  await createIncident(controlOnB)
  expect(await ending).toEqual([])
}

const ok = async (reply: Promise<{ status: number; text: string }>) => {
  const answered = await reply
  expect(answered.status, answered.text).toBeLessThan(300)
}

/** A person with a staff profile holding a new role with `cad.view`, following on B. */
const viewerFollowing = async (id: string) => {
  const viewer = await staffMember(a, admin, { id }, ["cad.view"])
  await meData(b, viewer.session)
  return { ...viewer, stream: await follow(b, { cookie: viewer.session.cookie }) }
}

describe("a stream on one instance ends within a second of a refusal committed on the other", () => {
  it("signing out", async () => {
    const viewer = await viewerFollowing("stream-signed-out")
    await expectEndsOn(viewer.stream, () => ok(write(a, viewer.session, "POST", "/api/auth/logout")))
  })

  it("the account suspended", async () => {
    const viewer = await viewerFollowing("stream-suspended")
    await expectEndsOn(viewer.stream, async () => {
      await setAccountStatus(a, admin, viewer.accountId, "SUSPENDED")
    })
  })

  it("the staff profile deactivated", async () => {
    const viewer = await viewerFollowing("stream-deactivated")
    await expectEndsOn(viewer.stream, () => ok(write(a, admin, "PATCH", `/api/staff/${viewer.staff.id}`, { active: false })))
  })

  it("the role granting cad.view removed from the profile", async () => {
    const viewer = await viewerFollowing("stream-role-removed")
    await expectEndsOn(viewer.stream, () => ok(write(a, admin, "PATCH", `/api/staff/${viewer.staff.id}`, { roleIds: [] })))
  })

  it("cad.view taken from the role", async () => {
    const viewer = await viewerFollowing("stream-role-changed")
    await expectEndsOn(viewer.stream, () => ok(write(a, admin, "PATCH", `/api/admin/roles/${viewer.role.id}`, { permissions: ["staff.view"] })))
  })

  it("Developer Access turned off", async () => {
    const member = await signIn(a, { id: "stream-developer" })
    const on = await a.request("POST", "/api/auth/developer", { headers: cookieWrite(a, member), body: { password: PASSWORD } })
    expect(on.status, on.text).toBe(200)
    const developer = sessionOf(setCookie(on, SESSION_COOKIE)!.value)
    expect(dataOf<{ permissions: Array<string> }>(on).permissions).toContain("cad.view")
    const stream = await follow(b, { cookie: developer.cookie })
    await expectEndsOn(stream, () => ok(a.request("DELETE", "/api/auth/developer", { headers: cookieWrite(a, developer) })))
  })

  it("the credential revoked", async () => {
    const reader = await issueCredential(a, admin, { name: "revoked reader", scopes: ["cad.view"] })
    const stream = await follow(b, bearer(reader.token))
    await expectEndsOn(stream, () => ok(write(a, admin, "DELETE", `/api/admin/services/${reader.id}`)))
  })
})

describe("one caller's open streams", () => {
  it("are at most five: the sixth is 429 RATE_LIMITED with Retry-After, and a place frees when one ends", async () => {
    const reader = await issueCredential(a, admin, { name: "many streams", scopes: ["cad.view"] })
    const open = await Promise.all(Array.from({ length: 5 }, () => follow(b, bearer(reader.token))))
    const sixth = await b.request("GET", "/api/cad/events/stream", { headers: bearer(reader.token) })
    const error = expectError(sixth, 429, "RATE_LIMITED")
    expect(error.message).toMatch(/At most 5 CAD streams/)
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0)
    // Another caller is not counted with it.
    const other = await follow(b, bearer((await issueCredential(a, admin, { name: "other streams", scopes: ["cad.view"] })).token))
    other.close()
    open[0]!.close()
    let again = await openStream(b, "/api/cad/events/stream", bearer(reader.token))
    await until("the closed stream's place free", async () => {
      if (again.status !== 429) return true
      again.close()
      again = await openStream(b, "/api/cad/events/stream", bearer(reader.token))
      return again.status !== 429
    })
    expect(again.status).toBe(200)
    again.close()
    for (const stream of open.slice(1)) stream.close()
  })
})

// Last: these move B's clock by days, past every session on it.
describe("a stream ends when its caller's time runs out", () => {
  it("the credential expires", async () => {
    const reader = await issueCredential(a, admin, { name: "expiring reader", scopes: ["cad.view"], lifetimeDays: 1 })
    const stream = await follow(b, bearer(reader.token))
    await expectEndsOn(stream, async () => {
      await advanceClock(b, 24 * 60 * 60 * 1000)
    })
  })

  it("the session expires", async () => {
    const viewer = await viewerFollowing("stream-expired")
    await expectEndsOn(viewer.stream, async () => {
      await advanceClock(b, 7 * 24 * 60 * 60 * 1000)
    })
  })
})

describe("the embedded default, one instance", () => {
  it("ends a stream within a second of its credential's revocation, delivering nothing more", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "bluelight-stream-"))
    try {
      const server = await startServer({ database: null, env: { DATA_DIR: dataDir, BLUELIGHT_ADMIN_IDENTITY_IDS: "embedded-admin" } })
      try {
        const owner = await signIn(server, { id: "embedded-admin" })
        const control = asCredential(server, (await issueCredential(server, owner, { name: "control", scopes: [...CONTROL_PERMISSIONS] })).token)
        const reader = await issueCredential(server, owner, { name: "reader", scopes: ["cad.view"] })
        const stream = await follow(server, bearer(reader.token))
        await createIncident(control)
        expect(await stream.nextEvent()).toMatchObject({ type: "INCIDENT_CREATED" })
        await ok(write(server, owner, "DELETE", `/api/admin/services/${reader.id}`))
        const ending = restUntilEnd(stream, Date.now() + DEADLINE_MILLIS)
        await createIncident(control)
        expect(await ending).toEqual([])
      } finally {
        await server.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
