/**
 * The authorization matrix, generated from the served API description
 * (issue 19): for every operation of `/api/openapi.json`, a valid request is
 * built from its schemas and examples and sent as
 *
 * - nobody: `401` (a public operation: anything but `401`/`403`);
 * - a signed-in member without the declared permissions: `403 FORBIDDEN`, naming one it lacks;
 * - a person holding all the declared keys but one (Control's `cad.view` among them): `403 FORBIDDEN` naming it;
 * - a service credential on a session-only operation: `403 USER_REQUIRED`;
 * - a service credential without the declared scopes: `403`;
 * - a caller holding exactly the declared permissions (a person, and, where credentials are
 *   accepted, a credential with exactly those scopes): never `401`/`403`.
 *
 * A new operation is covered without touching this file; an operation without the
 * `x-bluelight-access`/`x-bluelight-permissions` extensions fails the first test. After the
 * access check the request may well fail (`404` for the fresh ids, `409`, `400`, the game's `503`):
 * the matrix is about who is let in.
 *
 * Then the object-level checks of the civilian portal: another member's character, licence and
 * vehicle answer `404` on every id-taking route, and nothing changes.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, errorCodeOf, isJsonObject, type JsonObject, listOf, parsedJson } from "../harness/body.js"
import {
  ALL_PERMISSIONS,
  approve,
  bearer,
  callback,
  createRole,
  createStaff,
  issueCredential,
  meData,
  MEMBER_PERMISSIONS,
  type Session,
  sessionFromReply,
  signIn,
  startFlow,
  STATE_COOKIE,
  write
} from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"
import { reportCoverage } from "./coverage.js"
import { buildRequest, type Operation, operationsOf, servedDocument } from "./openapiRequests.js"

const ADMIN = "matrix-admin"
/** Scopes a credential can never hold (`INVALID_SCOPE`). */
const UNGRANTABLE = new Set(["admin.manage", "staff.manage"])
/** Refusals of the access check; any other answer means the caller was let in. */
const ACCESS_REFUSALS = new Set(["UNAUTHENTICATED", "FORBIDDEN", "USER_REQUIRED", "INVALID_ORIGIN", "ACCOUNT_DISABLED"])

let server: RunningServer
let admin: Session
let document: JsonObject
let operations: Array<Operation>

interface Answer {
  readonly status: number
  readonly code: unknown
  readonly message: string
  readonly text: string
}

/**
 * Sends an operation's request as a caller. An event stream's answer is not read to its end (it
 * would not end): its status is all the matrix needs.
 */
const send = async (operation: Operation, caller: { readonly session?: Session; readonly token?: string }): Promise<Answer> => {
  const built = buildRequest(document, operation)
  const headers: Record<string, string> = { ...built.headers }
  if (caller.token !== undefined) Object.assign(headers, bearer(caller.token))
  else if (caller.session !== undefined) {
    headers["cookie"] = caller.session.cookie
    headers["origin"] = server.url
  }
  const controller = new AbortController()
  const response = await fetch(`${server.url}${built.url}`, {
    method: operation.method,
    headers,
    redirect: "manual",
    signal: controller.signal,
    ...(built.body === undefined ? {} : { body: built.body })
  })
  if ((response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    controller.abort()
    return { status: response.status, code: undefined, message: "", text: "(event stream)" }
  }
  const text = await response.text()
  const body = parsedJson(text)
  const error = isJsonObject(body) && isJsonObject(body["error"]) ? body["error"] : undefined
  return {
    status: response.status,
    code: errorCodeOf({ body }),
    message: typeof error?.["message"] === "string" ? error["message"] : "",
    text: text.slice(0, 300)
  }
}

const nameOf = (operation: Operation) => `${operation.method} ${operation.path}`
const access = (operation: Operation) => operation.operation["x-bluelight-access"]
const stringList = (value: unknown): Array<string> => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [])
const permissions = (operation: Operation) => stringList(operation.operation["x-bluelight-permissions"])
const alternatives = (operation: Operation) => stringList(operation.operation["x-bluelight-permissions-alternative"])

/** Let in: neither an access refusal nor a server failure (the game's 503 aside). */
const expectLetIn = (operation: Operation, who: string, answer: Answer) => {
  const refused = (answer.status === 401 || answer.status === 403) && typeof answer.code === "string" && ACCESS_REFUSALS.has(answer.code)
  expect(refused, `${nameOf(operation)} as ${who}: ${answer.status} ${answer.text}`).toBe(false)
  // 401 AUTHENTICATION_FAILED is Developer Access refusing the password, after the caller was let in.
  if (answer.status === 401) expect(answer.code, `${nameOf(operation)} as ${who}: ${answer.text}`).toBe("AUTHENTICATION_FAILED")
  // STAFF_REQUIRED is a business rule after the access check (booking on needs a real staff profile).
  if (answer.status === 403) expect(answer.code, `${nameOf(operation)} as ${who}: ${answer.text}`).toBe("STAFF_REQUIRED")
  expect(answer.status >= 500 && answer.status !== 503, `${nameOf(operation)} as ${who}: ${answer.status} ${answer.text}`).toBe(false)
}

let identities = 0
const freshMember = async (): Promise<{ session: Session; accountId: string }> => {
  const session = await signIn(server, { id: `matrix-person-${++identities}` })
  return { session, accountId: (await meData(server, session)).id }
}

/** One active staff member per distinct permission set (an empty set: staff with a role holding none). */
const staffBySet = new Map<string, Session>()
const staffHolding = async (held: ReadonlyArray<string>): Promise<Session> => {
  const key = [...held].sort().join(",")
  const cached = staffBySet.get(key)
  if (cached !== undefined) return cached
  const { session, accountId } = await freshMember()
  const role = await createRole(server, admin, `Matrix ${staffBySet.size + 1}`, held)
  await createStaff(server, admin, accountId, [role.id])
  expect((await meData(server, session)).permissions).toEqual([...new Set([...held, ...MEMBER_PERMISSIONS])].sort())
  staffBySet.set(key, session)
  return session
}

const credentialBySet = new Map<string, string>()
const credentialHolding = async (scopes: ReadonlyArray<string>): Promise<string> => {
  const key = [...scopes].sort().join(",")
  const cached = credentialBySet.get(key)
  if (cached !== undefined) return cached
  const token = (await issueCredential(server, admin, { name: `Matrix ${credentialBySet.size + 1}`, scopes })).token
  credentialBySet.set(key, token)
  return token
}

/** A grantable scope outside `held` (and outside the operation's alternatives). */
const otherScope = (avoid: ReadonlyArray<string>) => ["server.view", "audit.view", "players.view"].find((scope) => !avoid.includes(scope))!

type Check = "extensions" | "anonymous" | "member" | "allButOne" | "userRequired" | "credentialWithoutScope" | "exactPerson" | "exactCredential"
const zero = (): Record<Check, number> => ({
  extensions: 0,
  anonymous: 0,
  member: 0,
  allButOne: 0,
  userRequired: 0,
  credentialWithoutScope: 0,
  exactPerson: 0,
  exactCredential: 0
})
/** Operations a check sent a request for and asserted on. */
const covered = zero()
/** Operations a check does not apply to (a public operation has no member or credential row; a credential row applies to session-or-credential operations only, the USER_REQUIRED row to session-only ones). */
const notApplicable = zero()
/** The statuses the exact-permission callers got, for the summary. */
const exactStatuses = new Map<number, number>()

beforeAll(async () => {
  // Without the test hooks: the document is the one production serves (the hooks add `/api/__test/*`).
  server = await startServer({
    testHooks: false,
    env: {
      BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN,
      ...UNLIMITED_RATES
    }
  })
  admin = await signIn(server, { id: ADMIN })
  document = await servedDocument(server)
  operations = operationsOf(document)
}, 240_000)

afterAll(async () => {
  if (operations !== undefined) {
    reportCoverage(
      "authorization matrix",
      `${covered.anonymous} of ${operations.length} operations, ${
        Object.values(covered).reduce((sum, count) => sum + count, 0)
      } operation × check cells asserted`
    )
    console.log(
      `authorization matrix: ${operations.length} operations\n` +
        `  asserted per check:       ${JSON.stringify(covered)}\n` +
        `  not applicable per check: ${JSON.stringify(notApplicable)}\n` +
        `  statuses of the exact-permission person: ${JSON.stringify(Object.fromEntries([...exactStatuses].sort(([x], [y]) => x - y)))}`
    )
  }
  await server?.stop()
})

describe("the authorization matrix, from the served API description", () => {
  it("every operation declares its access and its permissions", () => {
    expect(operations.length).toBeGreaterThan(50)
    const missing = operations.filter((operation) => {
      const declared = access(operation)
      return !(declared === "session" || declared === "session-or-credential" || declared === "public") ||
        !Array.isArray(operation.operation["x-bluelight-permissions"])
    })
    expect(missing.map(nameOf), "operations without x-bluelight-access / x-bluelight-permissions").toEqual([])
    const unknown = operations.flatMap((operation) =>
      [...permissions(operation), ...alternatives(operation)].filter((key) => !ALL_PERMISSIONS.includes(key)).map((key) => `${nameOf(operation)}: ${key}`)
    )
    expect(unknown, "declared keys outside the permission catalogue").toEqual([])
    covered.extensions = operations.length
  })

  it("nobody: 401 everywhere but the public operations, which are let in", async () => {
    for (const operation of operations) {
      if (access(operation) === "public" && operation.path.endsWith("/callback")) {
        // A sign-in callback with no code is a failed sign-in (401), so it is driven the way a
        // browser does, with nothing but the state cookie: it signs the browser in.
        const started = await startFlow(server, operation.path.replace(/\/callback$/, "") as "/api/auth/idp")
        const { callbackPath } = await approve(server, started.authorizeUrl, { id: `matrix-callback-${++identities}` })
        expect(callbackPath.startsWith(operation.path), callbackPath).toBe(true)
        sessionFromReply(await callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie }))
        covered.anonymous++
        continue
      }
      const answer = await send(operation, {})
      if (nameOf(operation) === "POST /api/game/events") {
        // Public to accounts, guarded by the game's signature instead (docs/decisions/game.md, "The event webhook").
        expect([answer.status, answer.code], answer.text).toEqual([401, "UNAUTHENTICATED"])
      } else if (access(operation) === "public") {
        expect(answer.status === 401 || answer.status === 403, `${nameOf(operation)} is public: ${answer.status} ${answer.text}`).toBe(false)
        expect(answer.status >= 500 && answer.status !== 503, `${nameOf(operation)}: ${answer.text}`).toBe(false)
      } else {
        expect(answer.status, `${nameOf(operation)} without credentials: ${answer.text}`).toBe(401)
        expect(answer.code).toBe("UNAUTHENTICATED")
      }
      covered.anonymous++
    }
  }, 120_000)

  it("a signed-in member: 403 FORBIDDEN naming a permission it lacks; let in where it holds them", async () => {
    const member = (await freshMember()).session
    for (const operation of operations) {
      const lacking = permissions(operation).filter((key) => !(MEMBER_PERMISSIONS as ReadonlyArray<string>).includes(key))
      if (access(operation) === "public") {
        notApplicable.member++
        continue
      }
      if (lacking.length > 0) {
        const answer = await send(operation, { session: member })
        expect([answer.status, answer.code], `${nameOf(operation)} as a member: ${answer.text}`).toEqual([403, "FORBIDDEN"])
        expect(lacking.some((key) => answer.message.includes(key)), `${nameOf(operation)}: "${answer.message}" names one of ${lacking.join(", ")}`).toBe(true)
      } else if (permissions(operation).length > 0) {
        // The civilian portal (civilians.create / civilians.manage_own): a member holds exactly the
        // declared permissions, so it is let in (a fresh id is then simply not theirs: 404).
        expectLetIn(operation, "a member", await send(operation, { session: member }))
      }
      // Operations with no declared permissions ("any signed-in user": /me, logout, Developer Access,
      // platform linking, own shifts) have no member row: the member holds what they declare, and they
      // are sent by a throwaway caller in the exact-permission row, because some end or rotate the session.
      if (permissions(operation).length === 0) notApplicable.member++
      else covered.member++
    }
  }, 120_000)

  it("every declared key is required: a person holding all but one is FORBIDDEN, and the message names the missing one", async () => {
    // This is where Control's `cad.view` shows: `cad.incidents.create` alone does not let anyone in.
    for (const operation of operations) {
      const declared = permissions(operation)
      if (access(operation) === "public" || declared.length < 2) {
        notApplicable.allButOne++
        continue
      }
      for (const missing of declared) {
        const held = declared.filter((key) => key !== missing)
        const answer = await send(operation, { session: await staffHolding(held) })
        expect([answer.status, answer.code], `${nameOf(operation)} holding ${held.join(", ")}: ${answer.text}`).toEqual([403, "FORBIDDEN"])
        expect(answer.message, nameOf(operation)).toContain(missing)
      }
      covered.allButOne++
    }
  }, 120_000)

  it("a service credential: USER_REQUIRED on session-only operations, 403 without the scope, let in with exactly the scopes", async () => {
    for (const operation of operations) {
      const declared = permissions(operation)
      const grantable = declared.filter((key) => !UNGRANTABLE.has(key))
      if (access(operation) === "public") {
        notApplicable.userRequired++
        notApplicable.credentialWithoutScope++
        notApplicable.exactCredential++
        continue
      }
      if (access(operation) === "session") {
        // Session only: whatever the credential holds (the declared scopes where grantable, else
        // another one), it is not a person.
        const token = await credentialHolding(grantable.length > 0 ? grantable : [otherScope(declared)])
        const answer = await send(operation, { token })
        expect([answer.status, answer.code], `${nameOf(operation)} with a credential: ${answer.text}`).toEqual([403, "USER_REQUIRED"])
        covered.userRequired++
        notApplicable.credentialWithoutScope++
        notApplicable.exactCredential++
        continue
      }
      notApplicable.userRequired++
      // Session or credential: a credential holding some other scope is refused.
      const other = await credentialHolding([otherScope([...declared, ...alternatives(operation)])])
      const refused = await send(operation, { token: other })
      expect(refused.status, `${nameOf(operation)} with a credential lacking ${declared.join(", ")}: ${refused.text}`).toBe(403)
      if (declared.length > 0) {
        expect(refused.code, `${nameOf(operation)}: ${refused.text}`).toBe("FORBIDDEN")
        expect(declared.some((key) => refused.message.includes(key)), `${nameOf(operation)}: "${refused.message}" names one of ${declared.join(", ")}`).toBe(
          true
        )
      } else {
        // "Own shift" operations (nothing declared, the alternative for anyone else's). Starting a shift
        // without naming a profile asks for the caller's own, which needs active staff first: a
        // credential has none (STAFF_REQUIRED, as the API document lists for it). Anything else is
        // FORBIDDEN naming the alternative it lacks.
        if (nameOf(operation) === "POST /api/shifts/start") expect(refused.code, refused.text).toBe("STAFF_REQUIRED")
        else {
          expect(refused.code, `${nameOf(operation)}: ${refused.text}`).toBe("FORBIDDEN")
          expect(
            alternatives(operation).some((key) => refused.message.includes(key)),
            `${nameOf(operation)}: "${refused.message}" names one of ${alternatives(operation).join(", ")}`
          ).toBe(true)
        }
      }
      covered.credentialWithoutScope++
      // Exactly the declared scopes; where none are declared (own shifts), a credential has no shift of
      // its own, so the declared alternative (shifts.view / shifts.manage) is what lets it in.
      const exact = declared.length > 0 ? declared : alternatives(operation)
      expectLetIn(operation, `a credential with ${exact.join(", ")}`, await send(operation, { token: await credentialHolding(exact) }))
      covered.exactCredential++
    }
  }, 180_000)

  it("a person holding exactly the declared permissions is never refused 401/403", async () => {
    for (const operation of operations) {
      if (access(operation) === "public") {
        notApplicable.exactPerson++
        continue
      }
      const declared = permissions(operation)
      // Any signed-in user (no declared permissions): a throwaway person who is active staff with a
      // role holding nothing (own shifts need a staff profile; logout and Developer Access end or
      // rotate the session, so it is used once). Otherwise one staff member per permission set.
      const session = declared.length === 0 ? await (async () => {
        const { session: throwaway, accountId } = await freshMember()
        const role = await createRole(server, admin, `Matrix none ${identities}`, [])
        await createStaff(server, admin, accountId, [role.id])
        return throwaway
      })() : await staffHolding(declared)
      const answer = await send(operation, { session })
      exactStatuses.set(answer.status, (exactStatuses.get(answer.status) ?? 0) + 1)
      expectLetIn(operation, `a person with ${declared.join(", ") || "no permissions"}`, answer)
      covered.exactPerson++
    }
  }, 180_000)

  it("every check covered every operation", () => {
    for (const check of Object.keys(covered) as Array<Check>) expect(covered[check] + notApplicable[check], check).toBe(operations.length)
    // Every non-public operation was asserted by the anonymous, member and exact-person rows, and by
    // one of the two credential rows (USER_REQUIRED or the scope rows).
    const guarded = operations.filter((operation) => access(operation) !== "public").length
    const declaring = operations.filter((operation) => access(operation) !== "public" && permissions(operation).length > 0).length
    expect([covered.member, covered.exactPerson, covered.userRequired + covered.exactCredential]).toEqual([declaring, guarded, guarded])
    expect(covered.anonymous).toBe(operations.length)
  })
})

/** Every item of a listing, page by page, as the administrator sees it. */
const everything = async (path: string): Promise<Array<unknown>> => {
  const items: Array<unknown> = []
  for (let offset = 0;; offset += 100) {
    const reply = await server.request("GET", `${path}${path.includes("?") ? "&" : "?"}limit=100&offset=${offset}`, { headers: { cookie: admin.cookie } })
    const page = listOf(reply)
    expect(reply.status, `${path}: ${reply.text}`).toBe(200)
    items.push(...page.data)
    if (!page.meta.hasMore) return items
  }
}

describe("the civilian portal's objects: another member's records are not there", () => {
  it("member B gets 404 on every id-taking route for member A's character, licence and vehicle, and nothing changes", async () => {
    const a = (await freshMember()).session
    const b = (await freshMember()).session
    const created = await write(server, a, "POST", "/api/civilians", {
      fullName: "Alice Matrix",
      dateOfBirth: "1990-05-14",
      gender: "FEMALE",
      address: "1 High Street"
    })
    expect(created.status, created.text).toBe(201)
    const character = dataOf<{ id: string; reference: string; status: string }>(created)
    expect(character.status).toBe("ACTIVE")
    const licence = await write(server, a, "POST", `/api/civilians/${character.id}/licence`, { categories: ["B"] })
    expect(licence.status, licence.text).toBe(201)
    const plate = `MX${randomUUID().replace(/[^0-9]/g, "").slice(0, 4)}`
    const vehicle = await write(server, a, "POST", `/api/civilians/${character.id}/vehicles`, {
      plate,
      make: "Ford",
      model: "Focus",
      colour: "Blue",
      type: "CAR"
    })
    expect(vehicle.status, vehicle.text).toBe(201)
    const vehicleId = dataOf<{ id: string }>(vehicle).id
    const own = await write(server, b, "POST", "/api/civilians", {
      fullName: "Bob Matrix",
      dateOfBirth: "1991-06-15",
      gender: "MALE",
      address: "2 High Street"
    })
    expect(own.status, own.text).toBe(201)
    const bobs = dataOf<{ id: string; reference: string }>(own)

    const snapshot = async () => ({
      character: (await server.request("GET", `/api/civilians/${character.id}`, { headers: { cookie: admin.cookie } })).text,
      record: (await server.request("GET", `/api/pnc/civilians/${character.id}`, { headers: { cookie: admin.cookie } })).text,
      bobs: (await server.request("GET", `/api/civilians/${bobs.id}`, { headers: { cookie: admin.cookie } })).text,
      pnc: await everything("/api/pnc/events"),
      audit: await everything("/api/audit")
    })
    const before = await snapshot()
    expect(JSON.parse(before.character)).toMatchObject({ data: { id: character.id, vehicles: [{ id: vehicleId }] } })

    // Every id-taking route of the portal, from the document: A's character id and vehicle id in place
    // of the path's ids, the body from the operation's example (a transfer goes to B's own character).
    const routes = operations.filter((operation) => operation.path.startsWith("/api/civilians/{id}"))
    expect(routes.map(nameOf).sort()).toEqual(expect.arrayContaining([
      "GET /api/civilians/{id}",
      "PATCH /api/civilians/{id}",
      "POST /api/civilians/{id}/licence",
      "POST /api/civilians/{id}/vehicles",
      "POST /api/civilians/{id}/vehicles/{vehicleId}/transfer"
    ]))
    const tried: Array<string> = []
    for (const operation of routes) {
      const built = buildRequest(document, operation)
      const example = built.body === undefined ? undefined : JSON.parse(built.body) as JsonObject
      const body = example !== undefined && "toReference" in example ? { ...example, toReference: bobs.reference } : example
      const targets = [character.id, ...(operation.path.includes("{vehicleId}") ? [bobs.id] : [])]
      for (const civilianId of targets) {
        // On A's character; for the transfer, also on B's own character with A's vehicle.
        const path = operation.path.replace("{id}", civilianId).replace("{vehicleId}", vehicleId)
        const reply = await server.request(operation.method, path, {
          headers: { cookie: b.cookie, origin: server.url },
          ...(body === undefined ? {} : { body })
        })
        expect([reply.status, errorCodeOf(reply)], `${operation.method} ${path} as another member: ${reply.text}`).toEqual([404, "NOT_FOUND"])
        tried.push(`${operation.method} ${path}`)
      }
    }
    // Nor is A's character in B's own listing.
    const listed = await server.request("GET", "/api/civilians?limit=100", { headers: { cookie: b.cookie } })
    expect(listOf<{ id: string }>(listed).data.map((entry) => entry.id)).toEqual([bobs.id])
    expect(tried.length).toBe(routes.length + routes.filter((operation) => operation.path.includes("{vehicleId}")).length)
    expect(await snapshot()).toEqual(before)
  }, 120_000)
})
