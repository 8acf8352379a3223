import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { bearer, createRole, issueCredential, meData, type Session, signIn, write } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

interface AuditEntry {
  id: string
  at: string
  action: string
  actor: { type: "user" | "service"; id: string; name: string | null }
  targetType: string
  targetId: string | null
  requestId: string | null
  data: Record<string, unknown>
}

let server: RunningServer
let admin: Session
let adminId: string
beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "audit-admin,second-admin" } })
  admin = await signIn(server, { id: "audit-admin", username: "audit.admin", displayName: "Audit Admin" })
  adminId = (await meData(server, admin)).id
})
afterAll(() => server?.stop())

const audit = async (query = "", session: Session = admin): Promise<Array<AuditEntry>> => {
  const reply = await server.request("GET", `/api/audit${query === "" ? "" : `?${query}`}`, { headers: { cookie: session.cookie } })
  expect(reply.status, reply.text).toBe(200)
  return listOf<AuditEntry>(reply).data
}

describe("roles", () => {
  it("GET /admin/roles lists Administrator and Member first, then the other roles newest first, paged", async () => {
    const created = [] as Array<string>
    for (const name of ["Listing B", "Listing A", "Listing C"]) created.push((await createRole(server, admin, name, ["cad.view"])).id)
    const list = async (query: string) => {
      const reply = await server.request("GET", `/api/admin/roles?${query}`, { headers: { cookie: admin.cookie } })
      expect(reply.status, reply.text).toBe(200)
      return listOf<{ id: string; name: string; permissions: Array<string> }>(reply)
    }
    const all = await list("limit=100")
    const ids = all.data.map((role) => role.id)
    expect(ids.slice(0, 2)).toEqual(["administrator", "member"])
    expect(all.data[0]!.permissions).toHaveLength(32)
    expect(ids.filter((id) => created.includes(id))).toEqual([...created].reverse())
    // Everything after the built-in roles is newest first, and this test's roles are the newest.
    expect(ids.slice(2, 5)).toEqual([...created].reverse())
    expect(all.meta).toEqual({ limit: 100, offset: 0, hasMore: false })
    const page = await list(`limit=2&offset=1`)
    expect(page.data.map((role) => role.id)).toEqual(ids.slice(1, 3))
    expect(page.meta).toEqual({ limit: 2, offset: 1, hasMore: true })
  })
})

describe("accounts", () => {
  it("lists, reads and suspends accounts; unknown ones are 404", async () => {
    const member = await signIn(server, { id: "listed-member", username: "listed", displayName: "Listed Member" })
    const memberId = (await meData(server, member)).id
    const list = await server.request("GET", "/api/admin/accounts?limit=100", { headers: { cookie: admin.cookie } })
    expect(list.status).toBe(200)
    const listed = listOf<{ id: string }>(list).data.find((account) => account.id === memberId)
    expect(listed).toMatchObject({ displayName: "Listed Member", status: "ACTIVE", identity: { id: "listed-member", username: "listed" }, platform: null })
    expect(listOf(list).meta).toMatchObject({ limit: 100, offset: 0, hasMore: false })

    const one = await server.request("GET", `/api/admin/accounts/${memberId}`, { headers: { cookie: admin.cookie } })
    expect(dataOf(one)).toEqual(listed)
    expectError(await server.request("GET", "/api/admin/accounts/nobody", { headers: { cookie: admin.cookie } }), 404, "NOT_FOUND")
    expectError(await write(server, admin, "PATCH", "/api/admin/accounts/nobody", { status: "SUSPENDED" }), 404, "NOT_FOUND")
    expectError(await write(server, admin, "PATCH", `/api/admin/accounts/${memberId}`, { status: "BANNED" }), 400, "INVALID_INPUT")

    const suspended = await write(server, admin, "PATCH", `/api/admin/accounts/${memberId}`, { status: "SUSPENDED" })
    expect(suspended.status).toBe(200)
    expect(dataOf(suspended)["status"]).toBe("SUSPENDED")
    const filtered = await server.request("GET", "/api/admin/accounts?status=SUSPENDED", { headers: { cookie: admin.cookie } })
    expect(listOf<{ id: string }>(filtered).data.map((account) => account.id)).toEqual([memberId])
  })
})

describe("the audit log", () => {
  it("records role creation, credential issue and revocation with the acting person, newest first", async () => {
    const role = await write(server, admin, "POST", "/api/admin/roles", { name: "Audited role", permissions: ["cad.view"] })
    expect(role.status).toBe(201)
    const credential = await issueCredential(server, admin, { name: "Audited bot", scopes: ["audit.view"] })
    const revoked = await write(server, admin, "DELETE", `/api/admin/services/${credential.id}`)
    expect(revoked.status).toBe(200)

    const entries = await audit("limit=100")
    const roleId = dataOf<{ id: string }>(role).id
    const relevant = entries.filter((entry) => [roleId, credential.id].includes(entry.targetId ?? ""))
    expect(relevant.map((entry) => entry.action)).toEqual(["service.revoked", "service.issued", "role.permissions.changed"])
    for (const entry of relevant) expect(entry.actor).toEqual({ type: "user", id: adminId, name: "Audit Admin" })
    const [revokedEntry, issuedEntry, roleEntry] = relevant
    expect(roleEntry).toMatchObject({ targetType: "role", targetId: roleId, requestId: role.headers.get("x-request-id") })
    expect(issuedEntry).toMatchObject({ targetType: "service", targetId: credential.id })
    expect(revokedEntry).toMatchObject({ targetType: "service", targetId: credential.id, requestId: revoked.headers.get("x-request-id") })
    expect(JSON.stringify(entries)).not.toContain(credential.token)

    // Newest first throughout.
    const times = entries.map((entry) => Date.parse(entry.at))
    expect(times).toEqual([...times].sort((x, y) => y - x))
  })

  it("filters by action, by acting person and by acting credential", async () => {
    const other = await signIn(server, { id: "second-admin" })
    const otherId = (await meData(server, other)).id
    await createRole(server, other, "Other's role", [])
    const credential = await issueCredential(server, admin, { name: "Filter bot", scopes: ["audit.view"] })

    const issued = await audit("action=service.issued&limit=100")
    expect(issued.length).toBeGreaterThan(0)
    expect(issued.every((entry) => entry.action === "service.issued")).toBe(true)
    expect(issued.map((entry) => entry.targetId)).toContain(credential.id)

    const byOther = await audit(`actorId=${otherId}&limit=100`)
    expect(byOther.length).toBeGreaterThan(0)
    expect(byOther.every((entry) => entry.actor.type === "user" && entry.actor.id === otherId)).toBe(true)
    expect(byOther.map((entry) => entry.action)).toContain("role.permissions.changed")

    const roleChangesByAdmin = await audit(`action=role.permissions.changed&actorId=${adminId}&limit=100`)
    expect(roleChangesByAdmin.every((entry) => entry.action === "role.permissions.changed" && entry.actor.id === adminId)).toBe(true)
    expect(roleChangesByAdmin.map((entry) => entry.data["name"])).not.toContain("Other's role")

    // serviceId names the acting credential, not the credential acted on: the admin issued this one.
    expect(await audit(`serviceId=${credential.id}`)).toEqual([])
    expect(await audit(`actorId=${credential.id}`)).toEqual([])

    // A credential holding audit.view reads the log.
    const asBot = await server.request("GET", `/api/audit?action=service.issued`, { headers: bearer(credential.token) })
    expect(asBot.status).toBe(200)
    expect(listOf(asBot).data.length).toBeGreaterThan(0)
  })

  it("a name with Latin's own look-alike letters (ɑ, ɡ) is the name it passes for: 409 on create and on rename, nothing stored", async () => {
    const dispatcher = await createRole(server, admin, "Dispatcher", ["cad.dispatch"])
    const other = await createRole(server, admin, "Gold Command", [])
    const exact = expectError(await write(server, admin, "POST", "/api/admin/roles", { name: "Dispatcher", permissions: [] }), 409, "INVALID_STATE")
    for (const alike of ["Disp\u0251tcher", "DISP\u2C6DTCHER", "Disp\u0251tch\u0435r"]) {
      const created = expectError(await write(server, admin, "POST", "/api/admin/roles", { name: alike, permissions: [] }), 409, "INVALID_STATE")
      expect(created.message, alike).toContain("already exists")
      expectError(await write(server, admin, "PATCH", `/api/admin/roles/${other.id}`, { name: alike }), 409, "INVALID_STATE")
    }
    expect(exact.message).toContain("already exists")
    const named = async (name: string) =>
      listOf<{ id: string; name: string }>(await server.request("GET", "/api/admin/roles?limit=100", { headers: { cookie: admin.cookie } })).data
        .filter((role) => role.name === name)
    expect(await named("Disp\u0251tcher")).toEqual([])
    expect((await named("Gold Command")).map((role) => role.id)).toEqual([other.id])
    expect((await named("Dispatcher")).map((role) => role.id)).toEqual([dispatcher.id])
    // The script ɡ takes the name of no other role: it is Gold Command's own name again, a change of nothing.
    expect((await write(server, admin, "PATCH", `/api/admin/roles/${other.id}`, { name: "\u0261old Command" })).status).toBe(200)
  })

  it("a PATCH that changes nothing answers 200 and writes no audit entry", async () => {
    const role = await createRole(server, admin, "Unchanged role", ["cad.view"])
    const before = await audit(`targetId=${role.id}`)
    expect(before.map((entry) => entry.action)).toEqual(["role.permissions.changed"])
    const reply = await write(server, admin, "PATCH", `/api/admin/roles/${role.id}`, { permissions: ["cad.view"], name: "Unchanged role" })
    expect(reply.status).toBe(200)
    expect(dataOf(reply)).toEqual(role)
    expect(await audit(`targetId=${role.id}`)).toEqual(before)
    const changed = await write(server, admin, "PATCH", `/api/admin/roles/${role.id}`, { permissions: ["cad.view", "cad.dispatch"] })
    expect(changed.status).toBe(200)
    const after = await audit(`targetId=${role.id}`)
    expect(after.map((entry) => entry.action)).toEqual(["role.permissions.changed", "role.permissions.changed"])
    expect(after[0]!.requestId).toBe(changed.headers.get("x-request-id"))
  })

  it("is needed: GET /audit without audit.view is 403 FORBIDDEN naming audit.view", async () => {
    const member = await signIn(server, { id: "audit-outsider" })
    const error = expectError(await server.request("GET", "/api/audit", { headers: { cookie: member.cookie } }), 403, "FORBIDDEN")
    expect(error.message).toContain("audit.view")
  })

  it("is written in the same transaction: when the audit entry fails, the role is not created", async () => {
    const db = server.database!
    // Installed while the server is idle (PGlite serves one connection).
    await db.query(`
      CREATE FUNCTION test_refuse_role_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'role.permissions.changed' THEN
          RAISE EXCEPTION 'test: audit entry refused';
        END IF;
        RETURN NEW;
      END
      $$`)
    await db.query("CREATE TRIGGER test_refuse_role_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_role_audit()")
    try {
      const reply = await write(server, admin, "POST", "/api/admin/roles", { name: "Never audited", permissions: ["cad.view"] })
      const error = expectError(reply, 500, "INTERNAL_ERROR")
      expect(error.details).toBeUndefined()
      expect(reply.text).not.toContain("test: audit entry refused")
    } finally {
      await db.query("DROP TRIGGER test_refuse_role_audit ON audit_log")
      await db.query("DROP FUNCTION test_refuse_role_audit()")
    }
    const roles = await server.request("GET", "/api/admin/roles?limit=100", { headers: { cookie: admin.cookie } })
    expect(listOf<{ name: string }>(roles).data.map((role) => role.name)).not.toContain("Never audited")
    // Nothing half-done is left behind: the name is free.
    await createRole(server, admin, "Never audited", ["cad.view"])
  })
})
