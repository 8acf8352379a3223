import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, errorCodeOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { ALL_PERMISSIONS, bearer, CREDENTIAL_TOKEN, issueCredential, meData, type Session, signIn, write } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")
const DAY = 24 * 60 * 60 * 1000
const GRANTABLE = ALL_PERMISSIONS.filter((key) => key !== "admin.manage" && key !== "staff.manage")

let server: RunningServer
let admin: Session
let adminId: string
beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "credentials-admin" } })
  admin = await signIn(server, { id: "credentials-admin" })
  adminId = (await meData(server, admin)).id
})
afterAll(() => server?.stop())

const issue = (body: unknown) => write(server, admin, "POST", "/api/admin/services", body)

describe("issuing", () => {
  it("answers 201 with a bluelight_ token once, the scopes and a 30-day expiry by default", async () => {
    const before = Date.now()
    const reply = await issue({ name: "  Discord bot  ", scopes: ["staff.view", "audit.view", "staff.view"] })
    expect(reply.status, reply.text).toBe(201)
    const data = dataOf<{ id: string; name: string; expiresAt: string; token: string; scopes: Array<string> }>(reply)
    expect(Object.keys(data).sort()).toEqual(["expiresAt", "id", "name", "scopes", "token"])
    expect(data.token).toMatch(CREDENTIAL_TOKEN)
    expect(data.name).toBe("Discord bot")
    expect([...data.scopes].sort()).toEqual(["audit.view", "staff.view"])
    const expires = Date.parse(data.expiresAt)
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY - 1000)
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000)
  })

  it("every token is different", async () => {
    const a = await issueCredential(server, admin, { name: "Twin one", scopes: ["staff.view"] })
    const b = await issueCredential(server, admin, { name: "Twin two", scopes: ["staff.view"] })
    expect(a.token).not.toBe(b.token)
  })

  it("takes a lifetime of 1 to 90 days and refuses anything else", async () => {
    for (const lifetimeDays of [1, 90]) {
      const credential = await issueCredential(server, admin, { name: `Lifetime ${lifetimeDays}`, scopes: ["staff.view"], lifetimeDays })
      expect(Math.abs(Date.parse(credential.expiresAt) - (Date.now() + lifetimeDays * DAY))).toBeLessThan(60_000)
    }
    for (const lifetimeDays of [0, 91, 1.5, -1, "30"]) {
      const error = expectError(await issue({ name: "Bad lifetime", scopes: ["staff.view"], lifetimeDays }), 400, "INVALID_INPUT")
      expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: ["lifetimeDays"] })]))
    }
  })

  it("needs at least one scope from the catalogue and a 2-to-80-character name", async () => {
    expectError(await issue({ name: "No scopes", scopes: [] }), 400, "INVALID_INPUT")
    expectError(await issue({ name: "Unknown scope", scopes: ["everything"] }), 400, "INVALID_INPUT")
    expectError(await issue({ name: " x ", scopes: ["staff.view"] }), 400, "INVALID_INPUT")
    expectError(await issue({ name: "x".repeat(81), scopes: ["staff.view"] }), 400, "INVALID_INPUT")
    expect((await issue({ name: "x".repeat(80), scopes: ["staff.view"] })).status).toBe(201)
  })

  it("refuses admin.manage and staff.manage as scopes with 422 INVALID_SCOPE", async () => {
    for (const scopes of [["admin.manage"], ["staff.manage"], ["staff.view", "staff.manage"], GRANTABLE.concat("admin.manage").slice(-32)]) {
      const error = expectError(await issue({ name: "Too powerful", scopes }), 422, "INVALID_SCOPE")
      expect(error.message).toMatch(/admin\.manage|staff\.manage/)
    }
    // Every other key can be granted.
    expect((await issue({ name: "Everything grantable", scopes: GRANTABLE })).status).toBe(201)
  })

  it("refuses a body that names the issuer or another identity field (unknown property)", async () => {
    for (const extra of [{ issuedBy: adminId }, { ownerId: adminId }, { accountId: adminId }]) {
      const error = expectError(await issue({ name: "Impersonator", scopes: ["staff.view"], ...extra }), 400, "INVALID_INPUT")
      expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: Object.keys(extra) })]))
    }
  })

  it("stores only the token's SHA-256, and never shows the token again", async () => {
    const credential = await issueCredential(server, admin, { name: "Hash check", scopes: ["staff.view"] })
    const { rows } = await server.database!.query("SELECT * FROM service_credentials WHERE id = $1", [credential.id])
    expect(rows[0]!["token_hash"]).toBe(sha256(credential.token))
    expect(JSON.stringify((await server.database!.query("SELECT * FROM service_credentials")).rows)).not.toContain(credential.token)

    const list = await server.request("GET", "/api/admin/services?limit=100", { headers: { cookie: admin.cookie } })
    expect(list.status).toBe(200)
    expect(list.text).not.toContain(credential.token)
    expect(list.text).not.toContain(credential.token.slice("bluelight_".length))
    const listed = listOf<{ id: string }>(list).data.find((item) => item.id === credential.id)
    expect(Object.keys(listed ?? {}).sort()).toEqual(["createdAt", "expiresAt", "id", "issuedBy", "name", "revokedAt", "scopes"])
    expect(listed).toMatchObject({ name: "Hash check", scopes: ["staff.view"], revokedAt: null, issuedBy: adminId })

    const audit = await server.request("GET", "/api/audit?limit=100", { headers: { cookie: admin.cookie } })
    expect(audit.text).not.toContain(credential.token)
    expect(JSON.stringify(server.logs) + server.stderr()).not.toContain(credential.token)
  })
})

describe("using a credential", () => {
  it("can do exactly what its scopes allow", async () => {
    const { token } = await issueCredential(server, admin, { name: "Staff reader", scopes: ["staff.view"] })
    expect((await server.request("GET", "/api/staff", { headers: bearer(token) })).status).toBe(200)
    const error = expectError(await server.request("GET", "/api/audit", { headers: bearer(token) }), 403, "FORBIDDEN")
    expect(error.message).toContain("audit.view")
  })

  it("is refused with 403 USER_REQUIRED on every endpoint that needs a person", async () => {
    const { token } = await issueCredential(server, admin, { name: "Not a person", scopes: GRANTABLE })
    const headers = bearer(token)
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/me"],
      ["POST", "/api/auth/logout"],
      ["POST", "/api/auth/developer", { password: "whatever" }],
      ["DELETE", "/api/auth/developer"],
      ["GET", "/api/auth/platform"],
      ["GET", "/api/auth/platform/callback?code=c&state=s"],
      ["GET", "/api/admin/accounts"],
      ["GET", `/api/admin/accounts/${adminId}`],
      ["PATCH", `/api/admin/accounts/${adminId}`, { status: "ACTIVE" }],
      ["GET", "/api/admin/roles"],
      ["POST", "/api/admin/roles", { name: "Bot role", permissions: [] }],
      ["PATCH", "/api/admin/roles/member", { permissions: ["civilians.create"] }],
      ["GET", "/api/admin/services"],
      ["POST", "/api/admin/services", { name: "Bot child", scopes: ["staff.view"] }],
      ["DELETE", "/api/admin/services/whatever"],
      ["POST", "/api/staff", { accountId: adminId, roleIds: [] }],
      ["PATCH", "/api/staff/whatever", { active: false }]
    ]
    for (const [method, path, body] of calls) {
      const reply = await server.request(method, path, { headers, ...(body === undefined ? {} : { body }) })
      expect({ call: `${method} ${path}`, status: reply.status, code: errorCodeOf(reply) }).toEqual({
        call: `${method} ${path}`,
        status: 403,
        code: "USER_REQUIRED"
      })
    }
    // The Member role was not changed by the attempt.
    const member = await server.request("GET", "/api/admin/roles", { headers: { cookie: admin.cookie } })
    expect(listOf<{ id: string; permissions: Array<string> }>(member).data.find((role) => role.id === "member")?.permissions).toEqual([
      "civilians.create",
      "civilians.manage_own"
    ])
  })

  it("malformed, unknown and altered bearer tokens are 401 UNAUTHENTICATED", async () => {
    const { token } = await issueCredential(server, admin, { name: "Alter me", scopes: ["staff.view"] })
    const candidates = [
      "abc",
      "bluelight_",
      "bluelight_short",
      `${token}x`,
      token.slice(0, -1),
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      `other_${token.slice("bluelight_".length)}`,
      `bluelight_${"A".repeat(43)}`,
      `bluelight_${"+".repeat(43)}`
    ]
    for (const candidate of candidates) {
      expectError(await server.request("GET", "/api/staff", { headers: bearer(candidate) }), 401, "UNAUTHENTICATED")
    }
    for (const authorization of [`Token ${token}`, `Bearer ${token} extra`, `Bearer`, `Basic ${Buffer.from("a:b").toString("base64")}`]) {
      expectError(await server.request("GET", "/api/staff", { headers: { authorization } }), 401, "UNAUTHENTICATED")
    }
    expect((await server.request("GET", "/api/staff", { headers: bearer(token) })).status).toBe(200)
  })

  it("an expired credential is 401 (expiry moved into the past in the database)", async () => {
    // The shortest lifetime is a day; rather than wait, the stored expiry is moved.
    const credential = await issueCredential(server, admin, { name: "Expiring", scopes: ["staff.view"], lifetimeDays: 1 })
    expect((await server.request("GET", "/api/staff", { headers: bearer(credential.token) })).status).toBe(200)
    await server.database!.query("UPDATE service_credentials SET expires_at = now() - interval '1 second' WHERE id = $1", [credential.id])
    expectError(await server.request("GET", "/api/staff", { headers: bearer(credential.token) }), 401, "UNAUTHENTICATED")
  })

  it("revocation applies from the next request", async () => {
    const credential = await issueCredential(server, admin, { name: "Revoke me", scopes: ["staff.view"] })
    expect((await server.request("GET", "/api/staff", { headers: bearer(credential.token) })).status).toBe(200)
    const revoked = await write(server, admin, "DELETE", `/api/admin/services/${credential.id}`)
    expect(revoked.status, revoked.text).toBe(200)
    const revokedAt = dataOf<{ revokedAt: string }>(revoked).revokedAt
    expect(dataOf(revoked)).toMatchObject({ id: credential.id, name: "Revoke me" })
    expect(Date.parse(revokedAt)).toBeLessThanOrEqual(Date.now())
    expect(revoked.text).not.toContain(credential.token)
    expectError(await server.request("GET", "/api/staff", { headers: bearer(credential.token) }), 401, "UNAUTHENTICATED")
    // Revoking again changes nothing more.
    const again = await write(server, admin, "DELETE", `/api/admin/services/${credential.id}`)
    expect(again.status).toBe(200)
    expect(dataOf<{ revokedAt: string }>(again).revokedAt).toBe(revokedAt)
    expectError(await write(server, admin, "DELETE", "/api/admin/services/no-such-credential"), 404, "NOT_FOUND")
  })
})
