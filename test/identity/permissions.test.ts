import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { ALL_PERMISSIONS, createRole, createStaff, me, meData, MEMBER_PERMISSIONS, type Session, signIn, staffMember, write } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

let server: RunningServer
let admin: Session
beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "perm-admin" } })
  admin = await signIn(server, { id: "perm-admin" })
})
afterAll(() => server?.stop())

const rolesList = async () => {
  const reply = await server.request("GET", "/api/admin/roles?limit=100", { headers: { cookie: admin.cookie } })
  expect(reply.status).toBe(200)
  return listOf<{ id: string; name: string; permissions: Array<string> }>(reply).data
}

describe("what people may do", () => {
  it("a member without a staff profile is FORBIDDEN, and the message names the missing permission", async () => {
    const member = await signIn(server, { id: "plain-member" })
    expect((await meData(server, member)).permissions).toEqual([...MEMBER_PERMISSIONS])
    const cases: Array<[string, string, string]> = [
      ["GET", "/api/admin/roles", "admin.manage"],
      ["GET", "/api/admin/accounts", "admin.manage"],
      ["GET", "/api/staff", "staff.view"],
      ["GET", "/api/audit", "audit.view"]
    ]
    for (const [method, path, permission] of cases) {
      const error = expectError(await server.request(method, path, { headers: { cookie: member.cookie } }), 403, "FORBIDDEN")
      expect(error.message).toContain(permission)
    }
    const error = expectError(await write(server, member, "POST", "/api/staff", { accountId: "x", roleIds: [] }), 403, "FORBIDDEN")
    expect(error.message).toContain("staff.manage")
  })

  it("the roles of an active staff profile add to the Member permissions, and /me lists them", async () => {
    const { session, role, staff } = await staffMember(server, admin, { id: "staff-viewer" }, ["staff.view", "audit.view"])
    const data = await meData(server, session)
    expect(data.permissions).toEqual(["audit.view", "civilians.create", "civilians.manage_own", "staff.view"])
    expect(data.roles).toEqual([{ id: role.id, name: role.name }])
    expect(data.staff).toEqual({ id: staff.id, active: true })
    expect((await server.request("GET", "/api/staff", { headers: { cookie: session.cookie } })).status).toBe(200)
  })

  it("deactivating a staff profile drops its permissions from the next request; reactivating restores them", async () => {
    const { session, staff } = await staffMember(server, admin, { id: "deactivated-staff" }, ["staff.view"])
    expect((await server.request("GET", "/api/staff", { headers: { cookie: session.cookie } })).status).toBe(200)

    const off = await write(server, admin, "PATCH", `/api/staff/${staff.id}`, { active: false })
    expect(off.status, off.text).toBe(200)
    expect(dataOf(off)["active"]).toBe(false)
    const error = expectError(await server.request("GET", "/api/staff", { headers: { cookie: session.cookie } }), 403, "FORBIDDEN")
    expect(error.message).toContain("staff.view")
    const data = await meData(server, session)
    expect(data).toMatchObject({ staff: { id: staff.id, active: false }, roles: [], permissions: [...MEMBER_PERMISSIONS] })

    expect((await write(server, admin, "PATCH", `/api/staff/${staff.id}`, { active: true })).status).toBe(200)
    expect((await server.request("GET", "/api/staff", { headers: { cookie: session.cookie } })).status).toBe(200)
  })

  it("removing a role from a staff profile takes its permissions away from the next request", async () => {
    const { session, staff } = await staffMember(server, admin, { id: "role-removed" }, ["audit.view"])
    expect((await server.request("GET", "/api/audit", { headers: { cookie: session.cookie } })).status).toBe(200)
    const reply = await write(server, admin, "PATCH", `/api/staff/${staff.id}`, { roleIds: [] })
    expect(reply.status, reply.text).toBe(200)
    expectError(await server.request("GET", "/api/audit", { headers: { cookie: session.cookie } }), 403, "FORBIDDEN")
    expect(await meData(server, session)).toMatchObject({ roles: [], staff: { id: staff.id, active: true } })
  })

  it("staff profiles: one per account (409), unknown roles are 400 with their index, unknown accounts 404", async () => {
    const person = await signIn(server, { id: "staff-rules" })
    const accountId = (await meData(server, person)).id
    const error = expectError(
      await write(server, admin, "POST", "/api/staff", { accountId, roleIds: ["member", "no-such-role"] }),
      400,
      "INVALID_INPUT"
    )
    expect(error.details).toEqual([expect.objectContaining({ path: ["roleIds", "1"] })])
    await createStaff(server, admin, accountId, [])
    expectError(await write(server, admin, "POST", "/api/staff", { accountId, roleIds: [] }), 409, "INVALID_STATE")
    const unknown = expectError(await write(server, admin, "POST", "/api/staff", { accountId: "no-such-account", roleIds: [] }), 404, "NOT_FOUND")
    expect(unknown.message).toBe(
      "No account has the id no-such-account. Account ids are Bluelight's own (GET /api/admin/accounts, or the person's home page), not the identity provider's"
    )
    // The identity provider's id of a person who has signed in: the answer names the account id to use.
    const providerId = expectError(await write(server, admin, "POST", "/api/staff", { accountId: "staff-rules", roleIds: [] }), 404, "NOT_FOUND")
    expect(providerId.message).toBe(
      "No account has the id staff-rules. Account ids are Bluelight's own (GET /api/admin/accounts, or the person's home page), not the identity provider's; " +
        `the account of identity-provider id staff-rules is ${accountId}`
    )
    expectError(await write(server, admin, "PATCH", "/api/staff/no-such-profile", { active: false }), 404, "NOT_FOUND")
  })

  it("a change to a role's permissions applies to its holders from the next request", async () => {
    const { session, role } = await staffMember(server, admin, { id: "role-edited" }, ["staff.view"])
    expect((await server.request("GET", "/api/audit", { headers: { cookie: session.cookie } })).status).toBe(403)
    const patched = await write(server, admin, "PATCH", `/api/admin/roles/${role.id}`, { permissions: ["staff.view", "audit.view"] })
    expect(patched.status, patched.text).toBe(200)
    expect((await server.request("GET", "/api/audit", { headers: { cookie: session.cookie } })).status).toBe(200)
  })

  it("a staff role holding admin.manage administers; the Administrator role holds every permission", async () => {
    const holder = await staffMember(server, admin, { id: "role-admin" }, ["admin.manage"])
    expect((await server.request("GET", "/api/admin/roles", { headers: { cookie: holder.session.cookie } })).status).toBe(200)

    const chief = await signIn(server, { id: "chief" })
    await createStaff(server, admin, (await meData(server, chief)).id, ["administrator"])
    const data = await meData(server, chief)
    expect(data.permissions).toEqual(ALL_PERMISSIONS)
    expect(data.roles).toEqual([{ id: "administrator", name: "Administrator" }])
    const administrator = (await rolesList()).find((role) => role.id === "administrator")!
    expect([...administrator.permissions].sort()).toEqual(ALL_PERMISSIONS)
  })
})

describe("no escalation through staff.manage", () => {
  let manager: Session
  let adminRoleId: string
  let plainRoleId: string
  beforeAll(async () => {
    manager = (await staffMember(server, admin, { id: "staff-manager" }, ["staff.manage", "staff.view"])).session
    adminRoleId = (await createRole(server, admin, "Deputy administrator", ["admin.manage", "staff.view"])).id
    plainRoleId = (await createRole(server, admin, "Dispatcher", ["cad.view", "cad.dispatch"])).id
  })

  it("staff.manage can make staff with ordinary roles", async () => {
    const target = await signIn(server, { id: "ordinary-hire" })
    const profile = await createStaff(server, manager, (await meData(server, target)).id, [plainRoleId])
    expect(profile.roles).toEqual([{ id: plainRoleId, name: "Dispatcher", source: "MANUAL" }])
    expect((await meData(server, target)).permissions).toEqual(["cad.dispatch", "cad.view", ...MEMBER_PERMISSIONS].sort())
  })

  it("granting a role that contains admin.manage is 403 FORBIDDEN naming admin.manage", async () => {
    const target = await signIn(server, { id: "would-be-admin" })
    const targetId = (await meData(server, target)).id
    for (const roleIds of [[adminRoleId], [plainRoleId, adminRoleId], ["administrator"]]) {
      const error = expectError(await write(server, manager, "POST", "/api/staff", { accountId: targetId, roleIds }), 403, "FORBIDDEN")
      expect(error.message).toContain("admin.manage")
    }
    expect((await meData(server, target)).staff).toBeNull()

    const profile = await createStaff(server, manager, targetId, [plainRoleId])
    const error = expectError(await write(server, manager, "PATCH", `/api/staff/${profile.id}`, { roleIds: [adminRoleId] }), 403, "FORBIDDEN")
    expect(error.message).toContain("admin.manage")
    expect((await meData(server, target)).permissions).not.toContain("admin.manage")
  })

  it("staff.manage cannot grant itself admin either", async () => {
    const own = (await meData(server, manager)).staff!
    expectError(await write(server, manager, "PATCH", `/api/staff/${own.id}`, { roleIds: [adminRoleId] }), 403, "FORBIDDEN")
    expect((await meData(server, manager)).permissions).not.toContain("admin.manage")
  })

  it("staff.manage cannot deactivate or change someone who holds an administering role", async () => {
    const deputy = await signIn(server, { id: "deputy" })
    const profile = await createStaff(server, admin, (await meData(server, deputy)).id, [adminRoleId])
    const error = expectError(await write(server, manager, "PATCH", `/api/staff/${profile.id}`, { active: false }), 403, "FORBIDDEN")
    expect(error.message).toContain("admin.manage")
    expect((await meData(server, deputy)).permissions).toContain("admin.manage")
  })

  it("an administrator can grant administering roles", async () => {
    const target = await signIn(server, { id: "promoted" })
    await createStaff(server, admin, (await meData(server, target)).id, [adminRoleId])
    expect((await meData(server, target)).permissions).toContain("admin.manage")
  })
})

describe("role rules", () => {
  it("a role holds at most 32 permissions: a 33rd is 400 INVALID_INPUT", async () => {
    const thirtyThree = [...ALL_PERMISSIONS, "staff.view"]
    expect(thirtyThree).toHaveLength(33)
    const error = expectError(await write(server, admin, "POST", "/api/admin/roles", { name: "Thirty-three", permissions: thirtyThree }), 400, "INVALID_INPUT")
    expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: ["permissions"] })]))
    const full = await createRole(server, admin, "Thirty-two", ALL_PERMISSIONS)
    expect(full.permissions).toHaveLength(32)
    expectError(await write(server, admin, "PATCH", `/api/admin/roles/${full.id}`, { permissions: thirtyThree }), 400, "INVALID_INPUT")
    expect((await rolesList()).map((role) => role.name)).not.toContain("Thirty-three")
  })

  it("an unknown permission key is 400 INVALID_INPUT", async () => {
    const error = expectError(
      await write(server, admin, "POST", "/api/admin/roles", { name: "Unknown key", permissions: ["staff.view", "root"] }),
      400,
      "INVALID_INPUT"
    )
    expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: ["permissions", "1"] })]))
  })

  it("a name is 2 to 60 characters after trimming", async () => {
    expectError(await write(server, admin, "POST", "/api/admin/roles", { name: " a ", permissions: [] }), 400, "INVALID_INPUT")
    expectError(await write(server, admin, "POST", "/api/admin/roles", { name: "n".repeat(61), permissions: [] }), 400, "INVALID_INPUT")
    const trimmed = await createRole(server, admin, "   Trimmed role   ", [])
    expect(trimmed.name).toBe("Trimmed role")
  })

  it("the name Administrator is reserved, whatever the case and spacing (422 RESERVED_ROLE)", async () => {
    for (const name of ["Administrator", " administrator ", "ADMINISTRATOR"]) {
      expectError(await write(server, admin, "POST", "/api/admin/roles", { name, permissions: ["staff.view"] }), 422, "RESERVED_ROLE")
    }
    const role = await createRole(server, admin, "Renamable", [])
    expectError(await write(server, admin, "PATCH", `/api/admin/roles/${role.id}`, { name: "administrator" }), 422, "RESERVED_ROLE")
    expectError(await write(server, admin, "PATCH", "/api/admin/roles/administrator", { permissions: [] }), 422, "RESERVED_ROLE")
    expect((await rolesList()).filter((r) => r.name.trim().toLowerCase() === "administrator")).toHaveLength(1)
  })

  it("role names are unique regardless of case (409)", async () => {
    await createRole(server, admin, "Control", ["cad.view"])
    expectError(await write(server, admin, "POST", "/api/admin/roles", { name: "control", permissions: [] }), 409, "INVALID_STATE")
  })

  it("a body that names an owner or another identity field is 400 INVALID_INPUT (unknown property)", async () => {
    const member = await signIn(server, { id: "owner-claimer" })
    const memberId = (await meData(server, member)).id
    const roleError = expectError(
      await write(server, admin, "POST", "/api/admin/roles", { name: "Owned", permissions: [], ownerId: memberId }),
      400,
      "INVALID_INPUT"
    )
    expect(roleError.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: ["ownerId"] })]))
    expectError(await write(server, admin, "PATCH", "/api/admin/roles/member", { createdBy: memberId }), 400, "INVALID_INPUT")
    expectError(
      await write(server, admin, "PATCH", `/api/admin/accounts/${memberId}`, { status: "ACTIVE", identity: { id: "someone-else" } }),
      400,
      "INVALID_INPUT"
    )
    expectError(await write(server, admin, "POST", "/api/staff", { accountId: memberId, roleIds: [], grantedBy: memberId }), 400, "INVALID_INPUT")
    expect((await rolesList()).map((role) => role.name)).not.toContain("Owned")
    expect((await meData(server, member)).staff).toBeNull()
  })

  it("five parallel creations of the same role name create exactly one role; the others are 409", async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => write(server, admin, "POST", "/api/admin/roles", { name: "Raced role", permissions: ["cad.view"] }))
    )
    const statuses = replies.map((reply) => reply.status).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409])
    for (const reply of replies.filter((r) => r.status === 409)) expectError(reply, 409, "INVALID_STATE")
    expect((await rolesList()).filter((role) => role.name === "Raced role")).toHaveLength(1)
  })

  it("the Member role can be edited and applies to everyone; it cannot be renamed", async () => {
    const member = await signIn(server, { id: "member-role-watcher" })
    expectError(await write(server, admin, "PATCH", "/api/admin/roles/member", { name: "Citizen" }), 409, "INVALID_STATE")
    try {
      const reply = await write(server, admin, "PATCH", "/api/admin/roles/member", { permissions: [...MEMBER_PERMISSIONS, "staff.view"] })
      expect(reply.status, reply.text).toBe(200)
      expect((await meData(server, member)).permissions).toContain("staff.view")
    } finally {
      await write(server, admin, "PATCH", "/api/admin/roles/member", { permissions: [...MEMBER_PERMISSIONS] })
    }
    expect((await meData(server, member)).permissions).toEqual([...MEMBER_PERMISSIONS])
    expect((await me(server, member)).status).toBe(200)
  })
})
