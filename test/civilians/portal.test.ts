import { DateTime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { detailsOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { dayAfter, latestBirthDateAged } from "../harness/dates.js"
import { advanceClock, meData } from "../harness/identity.js"
import {
  as,
  character,
  type CivilianData,
  createCharacter,
  get,
  issueLicenceFor,
  type LicenceData,
  ok,
  registerVehicleFor,
  send,
  startWorld,
  uniquePlate,
  type World
} from "./world.js"

let world: World
beforeAll(async () => {
  world = await startWorld("portal")
})
afterAll(() => world?.server.stop())

const OWNER_VIEW_KEYS = [
  "address",
  "createdAt",
  "dateOfBirth",
  "fullName",
  "gender",
  "id",
  "identityLocked",
  "imageUrl",
  "licence",
  "notes",
  "occupation",
  "ownerId",
  "phone",
  "records",
  "reference",
  "status",
  "updatedAt",
  "vehicles"
]

describe("characters", () => {
  it("a member creates a character owned by them, with every owner-view field and a CIV- reference", async () => {
    const alice = await meData(world.server, world.alice)
    const created = await createCharacter(world, world.alice, { phone: "07700 900000", notes: "  private  " })
    expect(Object.keys(created).sort()).toEqual(OWNER_VIEW_KEYS)
    expect(created.reference).toMatch(/^CIV-\d{6,}$/)
    expect(created.ownerId).toBe(alice.id)
    expect(created).toMatchObject({
      status: "ACTIVE",
      identityLocked: false,
      licence: null,
      vehicles: [],
      records: [],
      notes: "private",
      occupation: null,
      imageUrl: null
    })
    // Read back through the typed client: the same character, field for field.
    expect((await as(world, world.alice).run((api) => api.civilians.getCivilian({ params: { id: created.id } }))).data).toEqual(created)
  })

  it("the owner comes from the session: a body naming one is refused as an unknown property", async () => {
    const bob = await meData(world.server, world.bob)
    const error = expectError(await send(world, world.alice, "POST", "/api/civilians", character({ ownerId: bob.id })), 400, "INVALID_INPUT")
    expect(detailsOf(error).map((d) => d.path)).toEqual([["ownerId"]])
  })

  it("refuses bad fields, each with its path: wrong types, impossible dates, NUL, lone surrogates, bounds", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fullName: 42 }, "fullName"],
      [{ fullName: " a " }, "fullName"],
      [{ fullName: "x".repeat(101) }, "fullName"],
      [{ fullName: "Jane\u0000Doe" }, "fullName"],
      [{ fullName: "Jane \ud800Doe" }, "fullName"],
      [{ dateOfBirth: "1990-02-30" }, "dateOfBirth"],
      [{ dateOfBirth: "2999-01-01" }, "dateOfBirth"],
      [{ gender: "OTHER" }, "gender"],
      [{ imageUrl: "javascript:alert(1)" }, "imageUrl"],
      [{ address: null }, "address"]
    ]
    for (const [overrides, path] of cases) {
      const error = expectError(await send(world, world.alice, "POST", "/api/civilians", character(overrides)), 400, "INVALID_INPUT")
      expect(detailsOf(error).map((d) => d.path[0]), JSON.stringify(overrides)).toContain(path)
    }
    expect((await send(world, world.alice, "POST", "/api/civilians", character({ fullName: "x".repeat(100) }))).status).toBe(201)
    // A field that may be null is refused once for one mistake: its own rule for text, "text, or null" otherwise.
    for (
      const [overrides, message] of [
        [{ imageUrl: "notaurl" }, "must be an http or https address"],
        [{ phone: "0".repeat(31) }, "must be at most 30 characters"],
        [{ notes: 5 }, "must be text, or null"],
        [{ occupation: "   " }, "must not be blank"]
      ] as const
    ) {
      const error = expectError(await send(world, world.alice, "POST", "/api/civilians", character(overrides)), 400, "INVALID_INPUT")
      expect(detailsOf(error), JSON.stringify(overrides)).toEqual([{ path: [Object.keys(overrides)[0]], message }])
    }
    const huge = await send(world, world.alice, "POST", "/api/civilians", character({ notes: "x".repeat(20_000) }))
    expectError(huge, 413, "PAYLOAD_TOO_LARGE")
  })

  it("lists my characters newest first; another owner's list needs civilians.manage", async () => {
    const first = await createCharacter(world, world.bob, { fullName: "Bob First" })
    const second = await createCharacter(world, world.bob, { fullName: "Bob Second" })
    const mine = listOf<CivilianData>(await get(world, world.bob, "/api/civilians?limit=2"))
    expect(mine.data.map((c) => c.id)).toEqual([second.id, first.id])
    const bob = await meData(world.server, world.bob)
    expect(expectError(await get(world, world.alice, `/api/civilians?ownerId=${bob.id}`), 403, "FORBIDDEN").message).toContain("civilians.manage")
    const managed = listOf<CivilianData>(await get(world, world.admin, `/api/civilians?ownerId=${bob.id}&limit=100`))
    expect(managed.data.map((c) => c.id)).toContain(first.id)
    expectError(await get(world, world.bob, "/api/civilians?owner=x"), 400, "INVALID_INPUT")
  })

  it("another member's character is NOT_FOUND on every portal endpoint; civilians.manage reaches it", async () => {
    const theirs = await createCharacter(world, world.bob)
    const car = await registerVehicleFor(world, world.bob, theirs.id)
    expectError(await get(world, world.alice, `/api/civilians/${theirs.id}`), 404, "NOT_FOUND")
    expectError(await send(world, world.alice, "PATCH", `/api/civilians/${theirs.id}`, { address: "Mine now" }), 404, "NOT_FOUND")
    expectError(await send(world, world.alice, "POST", `/api/civilians/${theirs.id}/licence`, { categories: ["B"] }), 404, "NOT_FOUND")
    expectError(
      await send(world, world.alice, "POST", `/api/civilians/${theirs.id}/vehicles`, { plate: uniquePlate(), make: "A", model: "B", colour: "C", type: "CAR" }),
      404,
      "NOT_FOUND"
    )
    expectError(
      await send(world, world.alice, "POST", `/api/civilians/${theirs.id}/vehicles/${car.id}/transfer`, { toReference: theirs.reference }),
      404,
      "NOT_FOUND"
    )
    expectError(await get(world, world.alice, "/api/civilians/no-such-character"), 404, "NOT_FOUND")
    expect(ok<CivilianData>(await get(world, world.admin, `/api/civilians/${theirs.id}`)).id).toBe(theirs.id)
  })

  it("status: the owner moves ACTIVE and INACTIVE; DECEASED needs civilians.manage", async () => {
    const mine = await createCharacter(world, world.alice)
    expect(ok<CivilianData>(await send(world, world.alice, "PATCH", `/api/civilians/${mine.id}`, { status: "INACTIVE" })).status).toBe("INACTIVE")
    expect(ok<CivilianData>(await send(world, world.alice, "PATCH", `/api/civilians/${mine.id}`, { status: "ACTIVE" })).status).toBe("ACTIVE")
    const refused = expectError(await send(world, world.alice, "PATCH", `/api/civilians/${mine.id}`, { status: "DECEASED" }), 403, "FORBIDDEN")
    expect(refused.message).toContain("civilians.manage")
    expect(ok<CivilianData>(await send(world, world.admin, "PATCH", `/api/civilians/${mine.id}`, { status: "DECEASED" })).status).toBe("DECEASED")
    expectError(await send(world, world.alice, "PATCH", `/api/civilians/${mine.id}`, { status: "ACTIVE" }), 403, "FORBIDDEN")
    expectError(await send(world, world.alice, "POST", `/api/civilians/${mine.id}/licence`, { categories: ["B"] }), 400, "INVALID_INPUT")
  })
})

describe("the licence", () => {
  it("issues the holder view: valid ten years, points 0, no endorsements, a generated number", async () => {
    const mine = await createCharacter(world, world.alice, { fullName: "John Smith", gender: "MALE" })
    const licence = await issueLicenceFor(world, world.alice, mine.id, ["B", "A"])
    expect(Object.keys(licence).sort()).toEqual([
      "categories",
      "endorsements",
      "expiresAt",
      "id",
      "issuedAt",
      "number",
      "points",
      "status",
      "suspendedUntil",
      "suspensionReason"
    ])
    expect(licence).toMatchObject({ categories: ["A", "B"], status: "VALID", points: 0, endorsements: [], suspendedUntil: null, suspensionReason: null })
    expect(licence.number).toMatch(/^SMITH905140J9\d[A-Z]{2}$/)
    expect(DateTime.getPartUtc(licence.expiresAt, "year") - DateTime.getPartUtc(licence.issuedAt, "year")).toBe(10)
    const after = (await as(world, world.alice).run((api) => api.civilians.getCivilian({ params: { id: mine.id } }))).data
    expect(after.identityLocked).toBe(true)
    expect(after.licence).toEqual(licence)
    expectError(await send(world, world.alice, "PATCH", `/api/civilians/${mine.id}`, { fullName: "Jon Smith" }), 409, "INVALID_STATE")
  })

  it("categories: 1 to 4 of A, B, C, D, each once", async () => {
    const mine = await createCharacter(world, world.alice)
    const cases: Array<[unknown, number]> = [
      [[], 400],
      [["A", "B", "C", "D", "A"], 400],
      [["B", "B"], 400],
      [["E"], 400],
      ["B", 400],
      [null, 400]
    ]
    for (const [categories, status] of cases) {
      expectError(await send(world, world.alice, "POST", `/api/civilians/${mine.id}/licence`, { categories }), status, "INVALID_INPUT")
    }
    expectError(await send(world, world.alice, "POST", `/api/civilians/${mine.id}/licence`, { categories: ["B"], number: "X" }), 400, "INVALID_INPUT")
    expect((await issueLicenceFor(world, world.alice, mine.id, ["A", "B", "C", "D"])).categories).toEqual(["A", "B", "C", "D"])
    const one = await createCharacter(world, world.alice)
    expect((await issueLicenceFor(world, world.alice, one.id, ["C"])).categories).toEqual(["C"])
  })

  it("two requests at once issue exactly one licence; the other is LICENCE_EXISTS", async () => {
    const mine = await createCharacter(world, world.alice)
    const replies = await Promise.all([0, 1, 2].map(() => send(world, world.alice, "POST", `/api/civilians/${mine.id}/licence`, { categories: ["B"] })))
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409])
    for (const reply of replies.filter((r) => r.status === 409)) expectError(reply, 409, "LICENCE_EXISTS")
    const winner = ok<LicenceData>(replies.find((r) => r.status === 201)!, 201)
    expect(ok<CivilianData>(await get(world, world.alice, `/api/civilians/${mine.id}`)).licence?.id).toBe(winner.id)
    const rows = await world.server.database!.query("SELECT count(*)::int AS n FROM licences WHERE civilian_id = $1", [mine.id])
    expect(rows.rows[0]).toEqual({ n: 1 })
  })

  it("the holder must be 17 or over and active", async () => {
    // By the server's clock, not the runner's: the youngest date of birth that is 17 today, and the day after it.
    const seventeen = latestBirthDateAged(await advanceClock(world.server, 0), 17)
    const young = dayAfter(seventeen)
    const tooYoung = await createCharacter(world, world.alice, { dateOfBirth: young })
    expectError(await send(world, world.alice, "POST", `/api/civilians/${tooYoung.id}/licence`, { categories: ["B"] }), 400, "INVALID_INPUT")
    const justOld = await createCharacter(world, world.alice, { dateOfBirth: seventeen })
    await issueLicenceFor(world, world.alice, justOld.id)
    const inactive = await createCharacter(world, world.alice)
    ok(await send(world, world.alice, "PATCH", `/api/civilians/${inactive.id}`, { status: "INACTIVE" }))
    expectError(await send(world, world.alice, "POST", `/api/civilians/${inactive.id}/licence`, { categories: ["B"] }), 400, "INVALID_INPUT")
  })
})

describe("vehicles", () => {
  it("registers with the plate in upper case as entered; the same plate with other spacing or case is PLATE_TAKEN", async () => {
    const mine = await createCharacter(world, world.alice)
    const key = uniquePlate()
    const spaced = `${key.slice(0, 4)} ${key.slice(4)}`.toLowerCase()
    const car = await registerVehicleFor(world, world.alice, mine.id, { plate: spaced })
    expect(car.plate).toBe(spaced.toUpperCase())
    expect(Object.keys(car).sort()).toEqual([
      "colour",
      "createdAt",
      "id",
      "insuranceStatus",
      "keeperSince",
      "make",
      "model",
      "motStatus",
      "plate",
      "registrationStatus",
      "taxStatus",
      "type",
      "updatedAt"
    ])
    expect(car).toMatchObject({ registrationStatus: "REGISTERED", insuranceStatus: "INSURED", motStatus: "VALID", taxStatus: "TAXED" })
    const other = await createCharacter(world, world.bob)
    for (const plate of [key, `${key.slice(0, 2)}-${key.slice(2)}`, key.toLowerCase()]) {
      expectError(
        await send(world, world.bob, "POST", `/api/civilians/${other.id}/vehicles`, { plate, make: "Ford", model: "Ka", colour: "Red", type: "CAR" }),
        409,
        "PLATE_TAKEN"
      )
    }
    for (const plate of ["", "AB!12", "A".repeat(11), "AB12\u0000"]) {
      expectError(
        await send(world, world.bob, "POST", `/api/civilians/${other.id}/vehicles`, { plate, make: "Ford", model: "Ka", colour: "Red", type: "CAR" }),
        400,
        "INVALID_INPUT"
      )
    }
    expectError(
      await send(world, world.bob, "POST", `/api/civilians/${other.id}/vehicles`, {
        plate: uniquePlate(),
        make: "Ford",
        model: "Ka",
        colour: "Red",
        type: "TANK"
      }),
      400,
      "INVALID_INPUT"
    )
  })

  it("two registrations of one plate at once store one vehicle", async () => {
    const mine = await createCharacter(world, world.alice)
    const plate = uniquePlate()
    const replies = await Promise.all(
      [plate, plate.toLowerCase(), `${plate.slice(0, 3)} ${plate.slice(3)}`].map((p) =>
        send(world, world.alice, "POST", `/api/civilians/${mine.id}/vehicles`, { plate: p, make: "Ford", model: "Ka", colour: "Red", type: "CAR" })
      )
    )
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409])
  })

  it("transfers to another character by reference; the keeper chain and history follow", async () => {
    const from = await createCharacter(world, world.alice)
    const to = await createCharacter(world, world.bob)
    const car = await registerVehicleFor(world, world.alice, from.id)
    expectError(
      await send(world, world.alice, "POST", `/api/civilians/${from.id}/vehicles/${car.id}/transfer`, { toReference: "CIV-999999999" }),
      400,
      "INVALID_INPUT"
    )
    expectError(
      await send(world, world.alice, "POST", `/api/civilians/${from.id}/vehicles/${car.id}/transfer`, { toReference: "nobody" }),
      400,
      "INVALID_INPUT"
    )
    expectError(
      await send(world, world.alice, "POST", `/api/civilians/${from.id}/vehicles/${car.id}/transfer`, { toReference: from.reference }),
      400,
      "INVALID_INPUT"
    )
    const moved = ok(await send(world, world.alice, "POST", `/api/civilians/${from.id}/vehicles/${car.id}/transfer`, { toReference: to.reference }))
    expect(moved["id"]).toBe(car.id)
    expect(ok<CivilianData>(await get(world, world.alice, `/api/civilians/${from.id}`)).vehicles).toEqual([])
    expect(ok<CivilianData>(await get(world, world.bob, `/api/civilians/${to.id}`)).vehicles.map((v) => v.id)).toEqual([car.id])
    expectError(
      await send(world, world.alice, "POST", `/api/civilians/${from.id}/vehicles/${car.id}/transfer`, { toReference: to.reference }),
      404,
      "NOT_FOUND"
    )
    const record = ok<{ keepers: Array<{ civilian: { id: string }; endedAt: string | null }> }>(await get(world, world.officer, `/api/pnc/vehicles/${car.id}`))
    expect(record.keepers.map((k) => [k.civilian.id, k.endedAt === null])).toEqual([[to.id, true], [from.id, false]])
  })
})

describe("access", () => {
  it("a credential is refused with USER_REQUIRED on every portal endpoint", async () => {
    const mine = await createCharacter(world, world.alice)
    const car = await registerVehicleFor(world, world.alice, mine.id)
    const calls: Array<[string, string, unknown]> = [
      ["GET", "/api/civilians", undefined],
      ["POST", "/api/civilians", character()],
      ["GET", `/api/civilians/${mine.id}`, undefined],
      ["PATCH", `/api/civilians/${mine.id}`, { address: "Elsewhere" }],
      ["POST", `/api/civilians/${mine.id}/licence`, { categories: ["B"] }],
      ["POST", `/api/civilians/${mine.id}/vehicles`, { plate: uniquePlate(), make: "A", model: "B", colour: "C", type: "CAR" }],
      ["POST", `/api/civilians/${mine.id}/vehicles/${car.id}/transfer`, { toReference: mine.reference }]
    ]
    for (const [method, path, body] of calls) {
      expectError(await send(world, world.credential, method, path, body), 403, "USER_REQUIRED")
    }
  })

  it("without civilians.create a person cannot create a character (FORBIDDEN naming it)", async () => {
    const reply = await send(world, world.officer, "POST", "/api/civilians", character())
    // The officer is a member too: Member holds civilians.create.
    expect(reply.status).toBe(201)
    const roles = listOf<{ id: string; name: string; permissions: Array<string> }>(await get(world, world.admin, "/api/admin/roles?limit=100")).data
    const member = roles.find((role) => role.name === "Member")!
    ok(await send(world, world.admin, "PATCH", `/api/admin/roles/${member.id}`, { permissions: ["civilians.manage_own"] }))
    try {
      expect(expectError(await send(world, world.bob, "POST", "/api/civilians", character()), 403, "FORBIDDEN").message).toContain("civilians.create")
    } finally {
      ok(await send(world, world.admin, "PATCH", `/api/admin/roles/${member.id}`, { permissions: ["civilians.create", "civilians.manage_own"] }))
    }
  })
})
