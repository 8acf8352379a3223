/**
 * Faults under a request (issue 19): the database connection a request holds
 * is cut inside its transaction, after its change was written and before its
 * audit entry is. The request fails cleanly (500 INTERNAL_ERROR with its
 * request id), nothing of it is kept, and the next request works on a fresh
 * connection. On Postgres and on the test PGlite alike: the cut is made by a
 * proxy between the server and its database (`connectionCutter`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, listOf } from "../harness/body.js"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { expectError } from "../harness/expectations.js"
import { cookieRead, createRole, type RoleData, type Session, signIn, write } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"
import { until } from "../harness/until.js"
import { connectionCutter } from "./connectionCutter.js"
import { reportCoverage } from "./coverage.js"

let database: TestDatabase
let cutter: Awaited<ReturnType<typeof connectionCutter>>
let server: RunningServer
let admin: Session
beforeAll(async () => {
  database = await freshDatabase()
  cutter = await connectionCutter(database.url)
  server = await startServer({ database: { ...database, url: cutter.url }, env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "fault-admin" } })
  admin = await signIn(server, { id: "fault-admin" })
})
afterAll(async () => {
  reportCoverage("connection cut", `mid-transaction at the audit insert, on ${database?.kind ?? "no database"}`)
  await server?.stop()
  await cutter?.close()
  await database?.dispose()
})

/** Resolves once `GET /api/health` answers 200; fails after `ms` (the bound is what the test states). */
const healthyWithin = (running: RunningServer, ms: number) =>
  until(`GET /api/health 200 again within ${ms} ms of the cut`, async () => (await running.request("GET", "/api/health")).status === 200, {
    within: ms,
    every: 50
  })

const auditOf = async (targetId: string) =>
  listOf(await server.request("GET", `/api/audit?targetId=${targetId}&limit=100`, { headers: cookieRead(admin) })).data

describe("the database connection cut mid-request", () => {
  it("fails that request with 500 INTERNAL_ERROR and its request id, keeps nothing of it, and the server recovers within seconds", async () => {
    const role = await createRole(server, admin, "Cut mid-edit", ["cad.view"])
    const auditBefore = await auditOf(role.id)
    // The role's row is updated in the transaction; the connection goes as its audit entry is sent.
    const cut = cutter.cutWhen("INSERT INTO audit_log")
    const reply = await write(server, admin, "PATCH", `/api/admin/roles/${role.id}`, { permissions: ["cad.view", "cad.dispatch"] })
    await cut
    const error = expectError(reply, 500, "INTERNAL_ERROR")
    expect(error.message).not.toMatch(/connection|postgres|sql|terminat/i)
    // The cut ended the pool's idle connections too. The pool drops each as the server reads its
    // socket's close; a request arriving in that same instant may still take one and fail 500 like
    // the edit (keeping nothing). So: the server says it is healthy again, within seconds, and from
    // then on requests work.
    await healthyWithin(server, 10_000)
    // Nothing of the edit was kept: the role and its audit trail are as they were.
    const roles = listOf<RoleData>(await server.request("GET", "/api/admin/roles?limit=100", { headers: cookieRead(admin) })).data
    expect(roles.find((found) => found.id === role.id)?.permissions).toEqual(["cad.view"])
    expect(await auditOf(role.id)).toEqual(auditBefore)
    // The same edit again takes a fresh connection and is made, audited once.
    const again = await write(server, admin, "PATCH", `/api/admin/roles/${role.id}`, { permissions: ["cad.view", "cad.dispatch"] })
    expect(again.status, again.text).toBe(200)
    expect(dataOf<RoleData>(again).permissions).toEqual(["cad.dispatch", "cad.view"])
    expect(await auditOf(role.id)).toHaveLength(auditBefore.length + 1)
  })
})
