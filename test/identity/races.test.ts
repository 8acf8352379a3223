import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuditEntryWith } from "../harness/audit.js"
import { dataOf, listOf } from "../harness/body.js"
import { createRole, createStaff, meData, type Session, signIn, type StaffData, staffMember, write } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

/**
 * Many edits of one record at once, against the real server: every edit must
 * run on the state the previous one left (one audit entry per effective
 * change, each `before` the previous `after`), and no access rule may be
 * checked on a state that changes before the write commits.
 */

/** An audit entry, its `data` as the action records it. */
type AuditEntry<Data> = AuditEntryWith<Data>

/** One effective change as its audit entry tells it. */
interface Step {
  readonly at: string
  readonly before: string
  readonly after: string
}

let server: RunningServer
let admin: Session
beforeAll(async () => {
  server = await startServer({
    env: {
      BLUELIGHT_ADMIN_IDENTITY_IDS: "race-admin",
      // Hundreds of requests in a few seconds: the budgets are not what is tested here.
      RATE_LIMIT_WRITES_PER_MINUTE: "100000",
      RATE_LIMIT_READS_PER_MINUTE: "100000"
    }
  })
  admin = await signIn(server, { id: "race-admin" })
})
afterAll(() => server?.stop())

const auditOf = async <Data>(targetId: string, action: string): Promise<Array<AuditEntry<Data>>> => {
  const reply = await server.request("GET", `/api/audit?targetId=${targetId}&action=${action}&limit=100`, { headers: { cookie: admin.cookie } })
  expect(reply.status, reply.text).toBe(200)
  const { data, meta } = listOf<AuditEntry<Data>>(reply)
  expect(meta.hasMore).toBe(false)
  return data
}

/**
 * Whether the steps, in some order their timestamps allow (entries written in
 * the same millisecond may come in either order), lead from `from` to `to`,
 * each starting where the previous one ended and none changing nothing.
 */
const formOneChain = (steps: ReadonlyArray<Step>, from: string, to: string): boolean => {
  const follow = (remaining: ReadonlyArray<Step>, current: string): boolean => {
    if (remaining.length === 0) return current === to
    const earliest = remaining[0]!.at
    return remaining.some((step, index) =>
      step.at === earliest && step.before === current && step.before !== step.after &&
      follow(remaining.filter((_, other) => other !== index), step.after)
    )
  }
  return follow([...steps].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)), from)
}

/** The steps, oldest first, for a failure message. */
const told = (steps: ReadonlyArray<Step>) =>
  [...steps].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).map((step) => `${step.before} → ${step.after}`).join("; ")

const parallel = <A>(count: number, f: (index: number) => Promise<A>): Promise<Array<A>> => Promise.all(Array.from({ length: count }, (_, index) => f(index)))

describe("parallel edits of one record", () => {
  it("renames of one role: every one applies in turn, one audit entry each, chained", async () => {
    const role = await createRole(server, admin, "Race role 0", ["cad.view"])
    const replies = await parallel(50, (i) => write(server, admin, "PATCH", `/api/admin/roles/${role.id}`, { name: `Race role ${i + 1}` }))
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200))
    const final = listOf<{ id: string; name: string }>(await server.request("GET", "/api/admin/roles?limit=100", { headers: { cookie: admin.cookie } }))
      .data.find((listed) => listed.id === role.id)?.name ?? "the role is gone"
    const entries = await auditOf<{ previousName: string; name: string }>(role.id, "role.renamed")
    const steps = entries.map((entry) => ({ at: entry.at, before: entry.data.previousName, after: entry.data.name }))
    expect(entries).toHaveLength(50)
    expect(formOneChain(steps, "Race role 0", final), told(steps)).toBe(true)
  })

  it("role changes of one staff profile: one audit entry per effective change, chained", async () => {
    const target = await signIn(server, { id: "race-staff-target" })
    const roles = await Promise.all([1, 2, 3, 4].map((n) => createRole(server, admin, `Race staff role ${n}`, ["staff.view"])))
    const ids = roles.map((role) => role.id)
    // Role lists as their roles' numbers ("1,3"), so that a failure reads well.
    const named = (list: ReadonlyArray<string>) => list.map((id) => ids.indexOf(id) + 1).join()
    // Forty different role lists (orderings count), none the starting one.
    const lists: Array<Array<string>> = []
    const extend = (prefix: Array<string>) => {
      if (prefix.length > 0 && named(prefix) !== "1") lists.push(prefix)
      for (const id of ids) if (!prefix.includes(id)) extend([...prefix, id])
    }
    extend([])
    const profile = await createStaff(server, admin, (await meData(server, target)).id, [ids[0]!])
    const replies = await parallel(40, (i) => write(server, admin, "PATCH", `/api/staff/${profile.id}`, { roleIds: lists[i] }))
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200))
    const final = dataOf<StaffData>(await server.request("GET", `/api/staff/${profile.id}`, { headers: { cookie: admin.cookie } }))
      .roles.map((role) => role.id)
    const entries = await auditOf<{ roleIds: { before: Array<string>; after: Array<string> } }>(profile.id, "staff.updated")
    const steps = entries.map((entry) => ({
      at: entry.at,
      before: named(entry.data.roleIds.before),
      after: named(entry.data.roleIds.after)
    }))
    expect(entries).toHaveLength(40)
    expect(formOneChain(steps, "1", named(final)), told(steps)).toBe(true)
  })

  it("status changes of one account: one audit entry per effective change, chained", async () => {
    const target = await signIn(server, { id: "race-account-target" })
    const accountId = (await meData(server, target)).id
    const statuses = ["SUSPENDED", "ACTIVE", "DISABLED"] as const
    const replies = await parallel(30, (i) => write(server, admin, "PATCH", `/api/admin/accounts/${accountId}`, { status: statuses[i % 3] }))
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200))
    const final = dataOf<{ status: string }>(await server.request("GET", `/api/admin/accounts/${accountId}`, { headers: { cookie: admin.cookie } })).status
    const entries = await auditOf<{ before: string; after: string }>(accountId, "account.status.changed")
    const steps = entries.map((entry) => ({ at: entry.at, before: entry.data.before, after: entry.data.after }))
    expect(formOneChain(steps, "ACTIVE", final), told(steps)).toBe(true)
  })
})

describe("an access rule under a race", () => {
  it("granting Administrator while a staff.manage holder edits the same profile: the rule is never bypassed", async () => {
    const manager = await staffMember(server, admin, { id: "race-manager" }, ["staff.manage", "staff.view"])
    const target = await signIn(server, { id: "race-grant-target" })
    const plain = await createRole(server, admin, "Race plain", ["staff.view"])
    const other = await createRole(server, admin, "Race other", ["cad.view"])
    const profile = await createStaff(server, admin, (await meData(server, target)).id, [plain.id])
    const rolesOf = async () =>
      dataOf<StaffData>(await server.request("GET", `/api/staff/${profile.id}`, { headers: { cookie: admin.cookie } }))
        .roles.map((role) => role.id)

    for (let round = 0; round < 40; round++) {
      const [grant, edit] = await Promise.all([
        write(server, admin, "PATCH", `/api/staff/${profile.id}`, { roleIds: [plain.id, "administrator"] }),
        write(server, manager.session, "PATCH", `/api/staff/${profile.id}`, { roleIds: [other.id] })
      ])
      const roles = await rolesOf()
      expect(grant.status, grant.text).toBe(200)
      // Either the manager went first (and the grant after), or the manager saw the grant and was refused.
      expect([200, 403]).toContain(edit.status)
      expect(roles, `round ${round}: the manager answered ${edit.status}`).toEqual([plain.id, "administrator"])
      const reset = await write(server, admin, "PATCH", `/api/staff/${profile.id}`, { roleIds: [plain.id] })
      expect(reset.status, reset.text).toBe(200)
    }
  })
})
