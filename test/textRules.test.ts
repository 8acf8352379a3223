import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, detailsOf } from "./harness/body.js"
import { expectError } from "./harness/expectations.js"
import { startServerWithSimulator } from "./harness/game.js"
import { cookieRead, createRole, type Session, write } from "./harness/identity.js"
import { moderate, newKey } from "./harness/moderation.js"
import type { Reply, RunningServer } from "./harness/server.js"

/**
 * Issue 18: invisible, direction-control and control characters and
 * look-alike names, generated against every identifier and one-line field
 * and every multi-line field of the API. Bad text is `400 INVALID_INPUT` at
 * the field's path and nothing is stored; a look-alike of a reserved or taken
 * name is answered as the name itself is. Generated cases run from a fixed
 * seed (`FC_SEED` overrides it), a few per field; fast-check prints the seed
 * and path of a failure.
 */

const SEED = Number(process.env["FC_SEED"] ?? 18)
const RUNS = { seed: SEED, numRuns: 3 } as const

let server: RunningServer
let admin: Session
let stop: () => Promise<void>
beforeAll(async () => {
  ;({ server, admin, stop } = await startServerWithSimulator({
    admin: "text-admin",
    env: {
      // Hundreds of refused requests come from one person here; the budgets are not what is tested.
      RATE_LIMIT_READS_PER_MINUTE: "100000",
      RATE_LIMIT_WRITES_PER_MINUTE: "100000"
    }
  }))
})
afterAll(() => stop?.())

// ---------------------------------------------------------------- characters

const INVISIBLE = "must not contain invisible or direction-control characters"
const ONE_LINE = "must be one line, without control characters"

const DIRECTION_CONTROLS = ["\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]
const ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u180e", "\ufe0f", "\u{e0041}"]
const BLANK_LOOKING = ["\u2800", "\u115f", "\u1160", "\u3164", "\uffa0", "\u034f"]
const CONTROLS = ["\n", "\r", "\r\n", "\t", "\u0001", "\u001b", "\u007f", "\u0085", "\u2028", "\u2029"]

/** `valid` with one of `characters` strictly inside it (trimming cannot take it away). */
const inserted = (valid: string, characters: ReadonlyArray<string>) =>
  fc.tuple(fc.constantFrom(...characters), fc.integer({ min: 1, max: valid.length - 1 })).map(([bad, at]) => valid.slice(0, at) + bad + valid.slice(at))

/** A value made only of invisibles (and blanks). */
const onlyInvisible = fc.array(fc.constantFrom(...ZERO_WIDTH.filter((c) => c !== "\ufeff"), ...BLANK_LOOKING, ...DIRECTION_CONTROLS, " "), {
  minLength: 1,
  maxLength: 6
})
  .map((parts) => parts.join(""))
  .filter((text) => text.trim().length > 0)

// ---------------------------------------------------------------- the fields

/** Ids of the right form that name nothing: the body is decoded (and refused) before anything is looked up. */
const NONE = "0190a7f2-3c4d-7e5f-8a6b-1c2d3e4f5a6b"
const LATER = "2026-06-01T10:00:00.000Z"

interface Field {
  readonly name: string
  /** Where the API reports the field: its body path, or `["query", name]`. */
  readonly path: ReadonlyArray<string>
  readonly valid: string
  readonly send: (value: string) => Promise<Reply>
}

const body = (method: string, path: string, make: (value: string) => Record<string, unknown>) => (value: string) =>
  write(server, admin, method, path, make(value))
const query = (path: string, parameter: string) => (value: string) =>
  server.request("GET", `${path}?${parameter}=${encodeURIComponent(value)}`, { headers: cookieRead(admin) })
const moderation = (make: (value: string) => Record<string, unknown>) => (value: string) =>
  moderate(server, { session: admin }, "warnings", newKey(), make(value))

const unit = { callsign: "LK5OC", agencyCode: "MET", type: "RESPONSE" }
const incident = { type: "Road traffic collision", priority: "IMMEDIATE", location: "Legion Square" }
const call = { callerName: "Jo Bloggs", callerNumber: "07700 900123", location: "Legion Square", description: "Two people fighting" }
const civilian = {
  fullName: "Jane Doe",
  dateOfBirth: "1990-05-14",
  gender: "FEMALE",
  address: "1 High Street",
  phone: "0123",
  occupation: "Baker",
  notes: "Likes cats"
}
const vehicle = { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" }
const record = { civilianId: NONE, type: "CITATION", title: "Speeding", description: "Forty in a thirty", location: "High Street", occurredAt: LATER }
const warrant = { civilianId: NONE, reason: "Failed to appear", details: "Court date missed" }
const marker = { type: "GENERAL", civilianId: NONE, reason: "Known to carry knives", details: "Seen twice" }
const rpSession = { title: "Bank heist night", description: "Bring radios", scheduledFor: LATER }
const warning = { targetPlatformId: "900000001", reason: "Random deathmatch", evidence: "Clip at 02:10" }

/** One field of a body: the request with `value` in it, everything else valid. */
const inBody = (method: string, path: string, base: Record<string, unknown>, field: string): Field => ({
  name: `${method} ${path} ${field}`.replace(NONE, ":id"),
  path: [field],
  valid: String(base[field]),
  send: body(method, path, (value) => ({ ...base, [field]: value }))
})

const ONE_LINE_FIELDS: ReadonlyArray<Field> = [
  inBody("POST", "/api/admin/roles", { name: "Dispatcher", permissions: [] }, "name"),
  inBody("PATCH", `/api/admin/roles/${NONE}`, { name: "Dispatcher" }, "name"),
  inBody("POST", "/api/admin/services", { name: "Discord bot", scopes: ["cad.view"] }, "name"),
  ...["callsign", "agencyCode"].map((f) => inBody("POST", "/api/cad/units", unit, f)),
  ...["callsign", "agencyCode"].map((f) => inBody("POST", `/api/cad/units/${NONE}/update`, { ...unit, version: 1 }, f)),
  inBody("POST", `/api/cad/units/${NONE}/crew`, { userId: NONE, identifier: "4521" }, "identifier"),
  inBody("POST", "/api/mdt/book-on", { unitId: NONE, identifier: "4521" }, "identifier"),
  ...["type", "location"].map((f) => inBody("POST", "/api/cad/incidents", incident, f)),
  ...["type", "location"].map((f) => inBody("POST", `/api/cad/incidents/${NONE}/update`, { ...incident, description: "", controlNotes: "", version: 1 }, f)),
  ...["callerName", "callerNumber", "location"].map((f) => inBody("POST", "/api/cad/calls", call, f)),
  inBody("POST", `/api/cad/calls/${NONE}/close`, { reason: "Duplicate call" }, "reason"),
  ...["fullName", "address", "phone", "occupation"].map((f) => inBody("POST", "/api/civilians", civilian, f)),
  ...["fullName", "address", "phone", "occupation"].map((f) =>
    inBody("PATCH", `/api/civilians/${NONE}`, { fullName: "Jane Doe", address: "1 High Street", phone: "0123", occupation: "Baker" }, f)
  ),
  ...["make", "model", "colour"].map((f) => inBody("POST", `/api/civilians/${NONE}/vehicles`, vehicle, f)),
  inBody("PATCH", `/api/pnc/vehicles/${NONE}`, { reason: "Insurance lapsed", insuranceStatus: "UNINSURED" }, "reason"),
  inBody("PATCH", `/api/pnc/licences/${NONE}`, { reason: "Renewal at the counter" }, "reason"),
  ...["suspend", "revoke", "reinstate"].map((action) => inBody("POST", `/api/pnc/licences/${NONE}/${action}`, { reason: "Court order" }, "reason")),
  inBody("POST", `/api/pnc/licences/${NONE}/endorsements`, { code: "SP30", reason: "Speeding in town", points: 3 }, "reason"),
  inBody("POST", `/api/pnc/licences/${NONE}/endorsements/${NONE}/remove`, { reason: "Appeal upheld" }, "reason"),
  ...["title", "location"].map((f) => inBody("POST", "/api/pnc/records", record, f)),
  ...["close", "void"].map((action) => inBody("POST", `/api/pnc/records/${NONE}/${action}`, { reason: "Fine paid" }, "reason")),
  inBody("POST", "/api/pnc/warrants", warrant, "reason"),
  inBody("POST", `/api/pnc/warrants/${NONE}/close`, { outcome: "EXECUTED", note: "Arrested at home" }, "note"),
  inBody("POST", "/api/pnc/markers", marker, "reason"),
  inBody("POST", `/api/pnc/markers/${NONE}/clear`, { reason: "Vehicle recovered" }, "reason"),
  inBody("POST", "/api/sessions", rpSession, "title"),
  { name: "moderation reason", path: ["reason"], valid: warning.reason, send: moderation((reason) => ({ ...warning, reason })) },
  { name: "?search of accounts", path: ["query", "search"], valid: "Jane Doe", send: query("/api/admin/accounts", "search") },
  { name: "?search of eligible crew", path: ["query", "search"], valid: "Jane Doe", send: query("/api/cad/units/eligible-crew", "search") },
  { name: "?action of the audit log", path: ["query", "action"], valid: "role.renamed", send: query("/api/audit", "action") }
]

const MULTI_LINE_FIELDS: ReadonlyArray<Field> = [
  ...["description", "controlNotes"].map((f) => inBody("POST", "/api/cad/incidents", incident, f)),
  inBody("POST", "/api/cad/calls", call, "description"),
  inBody("POST", "/api/civilians", civilian, "notes"),
  inBody("POST", "/api/pnc/records", record, "description"),
  inBody("POST", "/api/pnc/warrants", warrant, "details"),
  inBody("POST", "/api/pnc/markers", marker, "details"),
  inBody("POST", "/api/sessions", rpSession, "description"),
  { name: "moderation evidence", path: ["evidence"], valid: warning.evidence, send: moderation((evidence) => ({ ...warning, evidence })) }
]

// ---------------------------------------------------------------- checks

const read = (path: string) => server.request("GET", path, { headers: cookieRead(admin) })

/** What a refused request could have changed: the audit log (every change writes to it) and the lists of what these fields create. */
const storedState = async () => {
  const lists = [
    "/api/audit?limit=5",
    "/api/admin/roles?limit=100",
    "/api/admin/services?limit=100",
    "/api/cad/units?limit=100",
    "/api/cad/incidents?limit=100",
    "/api/sessions?limit=100"
  ]
  const replies = await Promise.all(lists.map(read))
  for (const reply of replies) expect(reply.status, reply.text).toBe(200)
  return replies.map((reply) => dataOf<unknown>(reply))
}

/** `400 INVALID_INPUT` with one problem, at the field's path, with one of `messages`. */
const expectRefusedAt = (reply: Reply, field: Field, messages: ReadonlyArray<string>) => {
  expect(reply.status, `${field.name}: ${reply.text.slice(0, 400)}`).toBe(400)
  const details = detailsOf(expectError(reply, 400, "INVALID_INPUT"))
  expect(details, `${field.name}: ${reply.text.slice(0, 400)}`).toHaveLength(1)
  expect(details[0]?.path, field.name).toEqual(field.path)
  expect(messages, `${field.name}: ${details[0]?.message}`).toContain(details[0]?.message)
}

describe("one-line text and identifiers", () => {
  it("generated: an invisible, direction-control or control character inside a valid value is refused at the field, nothing stored", async () => {
    const before = await storedState()
    for (const field of ONE_LINE_FIELDS) {
      await fc.assert(
        fc.asyncProperty(inserted(field.valid, [...DIRECTION_CONTROLS, ...ZERO_WIDTH, ...BLANK_LOOKING, ...CONTROLS]), async (value) => {
          expectRefusedAt(await field.send(value), field, [INVISIBLE, ONE_LINE])
        }),
        RUNS
      )
    }
    expect(await storedState()).toEqual(before)
  })

  it("generated: a value of only invisibles and blanks is refused at the field, nothing stored", async () => {
    const before = await storedState()
    for (const field of ONE_LINE_FIELDS) {
      await fc.assert(
        fc.asyncProperty(onlyInvisible, async (value) => {
          expectRefusedAt(await field.send(value), field, [INVISIBLE])
        }),
        RUNS
      )
    }
    expect(await storedState()).toEqual(before)
  })

  it("the findings as reported: Administrator with a zero-width space, names of only invisibles, callsigns with CR LF or U+202E", async () => {
    const before = await storedState()
    const roles = ONE_LINE_FIELDS[0]!
    expectRefusedAt(await roles.send("Administrator\u200b"), roles, [INVISIBLE])
    const fullName = ONE_LINE_FIELDS.find((f) => f.name === "POST /api/civilians fullName")!
    for (const name of ["\u200b\u200b\u200b", "\u2800\u2800\u2800", "\u200e\u200f\u200e", "\u3164\u3164"])
      expectRefusedAt(await fullName.send(name), fullName, [INVISIBLE])
    const callsign = ONE_LINE_FIELDS.find((f) => f.name === "POST /api/cad/units callsign")!
    expectRefusedAt(await callsign.send("LK5OC\u200b"), callsign, [INVISIBLE])
    expectRefusedAt(await callsign.send("LK\u202e5OC"), callsign, [INVISIBLE])
    expectRefusedAt(await callsign.send("LK5\r\nOC"), callsign, [ONE_LINE])
    expect(await storedState()).toEqual(before)
  })
})

describe("multi-line text", () => {
  it("generated: a direction control or other invisible inside is refused at the field, nothing stored", async () => {
    const before = await storedState()
    for (const field of MULTI_LINE_FIELDS) {
      await fc.assert(
        fc.asyncProperty(inserted(field.valid, [...DIRECTION_CONTROLS, "\u200b", "\u2060", "\u2800", "\u3164"]), async (value) => {
          expectRefusedAt(await field.send(value), field, [INVISIBLE])
        }),
        RUNS
      )
    }
    expect(await storedState()).toEqual(before)
  })

  it("keeps line breaks (CR LF read as LF) and tabs; one-line fields beside them refuse them", async () => {
    const created = await write(server, admin, "POST", "/api/cad/incidents", {
      ...incident,
      description: "Two cars.\r\nOne driver hurt.\n\n\tAmbulance called.",
      controlNotes: "ARV requested\rTraffic informed"
    })
    expect(created.status, created.text).toBe(201)
    expect(dataOf(created)).toMatchObject({
      description: "Two cars.\nOne driver hurt.\n\n\tAmbulance called.",
      controlNotes: "ARV requested\nTraffic informed"
    })
    const before = await storedState()
    const location = ONE_LINE_FIELDS.find((f) => f.name === "POST /api/cad/incidents location")!
    expectRefusedAt(await location.send("Legion\nSquare"), location, [ONE_LINE])
    expect(await storedState()).toEqual(before)
  })
})

// ---------------------------------------------------------------- look-alikes

/** The same status and error code. */
const sameAnswer = (reply: Reply, exact: Reply, what: string) => {
  expect(reply.status, `${what}: ${reply.text}`).toBe(exact.status)
  expect((JSON.parse(reply.text) as { error: { code: string } }).error.code, what).toBe((JSON.parse(exact.text) as { error: { code: string } }).error.code)
}

/** Look-alikes of a Latin name: other-script letters, full-width forms, case and NFKC styles; fixed examples and generated ones. */
const LOOK_ALIKE_LETTERS: Readonly<Record<string, ReadonlyArray<string>>> = {
  A: ["\u0410", "\u0391", "\uff21"],
  a: ["\u0430", "\u03b1"],
  C: ["\u0421", "\u03f9"],
  c: ["\u0441"],
  D: ["\uff24"],
  e: ["\u0435"],
  i: ["\u0456", "\u03b9"],
  K: ["\u041a", "\u039a", "\u212a"],
  L: ["\uff2c"],
  m: ["\uff4d"],
  n: ["\uff4e"],
  O: ["\u041e", "\u039f", "\uff2f"],
  o: ["\u043e", "\u03bf"],
  r: ["\uff52"],
  s: ["\u0455"],
  t: ["\uff54"],
  "5": ["\uff15"]
}
const lookAlike = (name: string) =>
  fc.array(fc.nat(), { minLength: name.length, maxLength: name.length }).map((picks) =>
    [...name].map((letter, i) => {
      const alikes = LOOK_ALIKE_LETTERS[letter]
      const pick = picks[i]!
      return alikes !== undefined && pick % 3 !== 0 ? alikes[Math.floor(pick / 3) % alikes.length]!
        : pick % 2 === 0 ? letter.toUpperCase() : letter.toLowerCase()
    }).join("")
  ).filter((alike) => alike !== name)

describe("look-alike names", () => {
  it("a look-alike of Administrator is the reserved name, on create and on rename", async () => {
    const other = await createRole(server, admin, "Renamable", [])
    const before = await storedState()
    const exactCreate = await write(server, admin, "POST", "/api/admin/roles", { name: "Administrator", permissions: [] })
    const exactRename = await write(server, admin, "PATCH", `/api/admin/roles/${other.id}`, { name: "Administrator" })
    expectError(exactCreate, 422, "RESERVED_ROLE")
    for (
      const alike of [
        "\u0410dministrator",
        "Administr\u0430t\u043er",
        "\uff21\uff44\uff4d\uff49\uff4e\uff49\uff53\uff54\uff52\uff41\uff54\uff4f\uff52",
        "\u{1d400}dministrator",
        "ADM\u0399NISTRATOR"
      ]
    ) {
      sameAnswer(await write(server, admin, "POST", "/api/admin/roles", { name: alike, permissions: [] }), exactCreate, alike)
      sameAnswer(await write(server, admin, "PATCH", `/api/admin/roles/${other.id}`, { name: alike }), exactRename, alike)
    }
    await fc.assert(
      fc.asyncProperty(lookAlike("Administrator"), async (alike) => {
        sameAnswer(await write(server, admin, "POST", "/api/admin/roles", { name: alike, permissions: [] }), exactCreate, alike)
      }),
      { seed: SEED, numRuns: 10 }
    )
    expect(await storedState()).toEqual(before)
  })

  it("a look-alike of an existing role's name is that name", async () => {
    await createRole(server, admin, "Control Room", [])
    const before = await storedState()
    const exact = await write(server, admin, "POST", "/api/admin/roles", { name: "control room", permissions: [] })
    expectError(exact, 409, "INVALID_STATE")
    for (const alike of ["C\u043entr\u043el R\u043e\u043em", "\uff23ontrol Room", "Control\u00a0Room", "CONTROL  ROOM"]) {
      sameAnswer(await write(server, admin, "POST", "/api/admin/roles", { name: alike, permissions: [] }), exact, alike)
    }
    expect(await storedState()).toEqual(before)
  })

  it("a look-alike of an existing callsign is that callsign, on create and on edit", async () => {
    const created = await write(server, admin, "POST", "/api/cad/units", unit)
    expect(created.status, created.text).toBe(201)
    const second = dataOf<{ id: string; version: number }>(await write(server, admin, "POST", "/api/cad/units", { ...unit, callsign: "ARV 2" }))
    const before = await storedState()
    const exactCreate = await write(server, admin, "POST", "/api/cad/units", { ...unit, callsign: "lk5oc" })
    const exactEdit = await write(server, admin, "POST", `/api/cad/units/${second.id}/update`, { ...unit, callsign: "lk5oc", version: second.version })
    expect(detailsOf(expectError(exactCreate, 400, "INVALID_INPUT"))).toEqual([{ path: ["callsign"], message: "another unit has the callsign lk5oc" }])
    for (const alike of ["LK5\u041eC", "L\u041a5OC", "L\u039a5\u039fC", "\uff2c\uff2b\uff15\uff2f\uff23"]) {
      sameAnswer(await write(server, admin, "POST", "/api/cad/units", { ...unit, callsign: alike }), exactCreate, alike)
      sameAnswer(
        await write(server, admin, "POST", `/api/cad/units/${second.id}/update`, { ...unit, callsign: alike, version: second.version }),
        exactEdit,
        alike
      )
    }
    await fc.assert(
      fc.asyncProperty(lookAlike("LK5OC"), async (alike) => {
        sameAnswer(await write(server, admin, "POST", "/api/cad/units", { ...unit, callsign: alike }), exactCreate, alike)
      }),
      { seed: SEED, numRuns: 10 }
    )
    expect(await storedState()).toEqual(before)
    // Digits are not letters: LK50C is another callsign.
    expect((await write(server, admin, "POST", "/api/cad/units", { ...unit, callsign: "LK50C" })).status).toBe(201)
  })
})
