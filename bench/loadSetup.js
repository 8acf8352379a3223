// The world the simulated users work in, made through the API on one
// instance: staff with the roles their work needs, characters with licences
// and vehicles to search, open incidents, a unit per crew member, and the
// probe unit whose status changes time the event stream.
import { bearerHeaders, send, sessionHeaders } from "./loadClient.js"
import { ADMIN_IDENTITY_ID } from "./servers.js"
import { call, signIn } from "./session.js"

/** The permissions of each kind of user, and what a service credential (the CAD board, the probe) holds. */
export const ROLES = {
  officer: ["pnc.view", "pnc.records.manage"],
  control: ["cad.view", "cad.incidents.create", "cad.incidents.manage", "cad.dispatch"],
  crew: ["cad.unit.self"],
  moderator: ["moderation.view", "moderation.history"]
}
const SERVICE_SCOPES = ["cad.view", "cad.dispatch", "cad.incidents.create", "cad.units.manage"]

/** 40 % officers, 15 % Control, 30 % crews, 15 % moderators. */
export const roleOf = (index, users) => {
  const share = index / users
  return share < 0.4 ? "officer" : share < 0.55 ? "control" : share < 0.85 ? "crew" : "moderator"
}

export const FIRST = ["Ann", "Ben", "Cara", "Dan", "Eve", "Finn", "Gail", "Hugh", "Isla", "Jack", "Kate", "Liam"]
export const LAST = ["Smith", "Jones", "Taylor", "Brown", "Wilson", "Patel", "Wright", "Walker", "Evans", "Khan"]
export const MAKES = ["Ford", "Vauxhall", "Volkswagen", "BMW", "Audi", "Toyota", "Nissan", "Honda"]
const letters = (n, count) => Array.from({ length: count }, (_, k) => String.fromCharCode(65 + (Math.floor(n / 26 ** k) % 26))).join("")
/** A unique plate in the current UK form for the `i`th character's vehicle. */
export const plateOf = (i) => `${letters(i, 2)}${String(i % 100).padStart(2, "0")} ${letters(i * 7 + 3, 3)}`

/** Runs `work(item)` for every item with at most `width` in flight. */
const pool = async (items, width, work) => {
  let next = 0
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++])
  }))
}

const expect = async (promise, status, what) => {
  const answer = await promise
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
  return answer.body.data
}

/** Characters, half of them licensed, each keeping a vehicle, owned by one member. */
async function seedCharacters(base, count) {
  const citizen = await signIn(base, "bench-load-citizen", "Load Citizen")
  const headers = sessionHeaders(base, citizen)
  const characters = []
  await pool(Array.from({ length: count }, (_, i) => i), 8, async (i) => {
    const fullName = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`
    const body = { fullName, dateOfBirth: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`, gender: i % 2 ? "MALE" : "FEMALE", address: `${i} High Street` }
    const character = await expect(send(base, { method: "POST", path: "/api/civilians", headers, body }), 201, "creating a character")
    if (i % 2 === 0)
      await expect(
        send(base, { method: "POST", path: `/api/civilians/${character.id}/licence`, headers, body: { categories: ["B"] } }),
        201,
        "issuing a licence"
      )
    const vehicle = { plate: plateOf(i), make: MAKES[i % MAKES.length], model: "Estate", colour: "Blue", type: "CAR" }
    const kept = await expect(
      send(base, { method: "POST", path: `/api/civilians/${character.id}/vehicles`, headers, body: vehicle }),
      201,
      "registering a vehicle"
    )
    characters.push({
      id: character.id,
      lastName: LAST[Math.floor(i / FIRST.length) % LAST.length],
      vehicleId: kept.id,
      plate: vehicle.plate,
      make: vehicle.make
    })
  })
  return characters
}

/**
 * Signs in `users` people on `base` and makes each staff with the role of
 * their kind; crews book on to a unit of their own. Also makes the service
 * credential, one credential per stream client, the open incidents and the probe unit (crewed by one more
 * person, its status changed by the credential).
 */
export async function setUpWorld(base, { users, characters: characterCount, incidents: incidentCount, streams }) {
  const admin = await signIn(base, ADMIN_IDENTITY_ID, "Bench Administrator")
  const roleIds = {}
  for (const [kind, permissions] of Object.entries(ROLES))
    roleIds[kind] = (await call(base, admin, "POST", "/api/admin/roles", { name: `Load ${kind}`, permissions })).id
  const { token: serviceToken } = await call(base, admin, "POST", "/api/admin/services", { name: "load board", scopes: SERVICE_SCOPES })
  const service = bearerHeaders(serviceToken)
  // A caller may hold 5 streams open at once: every stream client is a board screen with a credential of its own.
  const streamTokens = []
  for (let i = 0; i < streams; i++)
    streamTokens.push((await call(base, admin, "POST", "/api/admin/services", { name: `load screen ${i}`, scopes: ["cad.view"] })).token)

  const characters = await seedCharacters(base, characterCount)
  const incidents = []
  const priorities = ["IMMEDIATE", "PRIORITY", "SCHEDULED", "RESOLUTION"]
  for (let i = 0; i < incidentCount; i++) {
    const body = { type: "Load incident", priority: priorities[i % 4], location: `Grid ${i}`, description: "", controlNotes: "" }
    incidents.push(await expect(send(base, { method: "POST", path: "/api/cad/incidents", headers: service, body }), 201, "creating an incident"))
  }

  const staffMember = async (identityId, name, kind) => {
    const token = await signIn(base, identityId, name)
    const account = await call(base, token, "GET", "/api/me")
    await call(base, admin, "POST", "/api/staff", { accountId: account.id, roleIds: [roleIds[kind]] })
    return { token, accountId: account.id }
  }
  const newUnit = (callsign) =>
    expect(
      send(base, { method: "POST", path: "/api/cad/units", headers: service, body: { callsign, agencyCode: "LOAD", type: "RESPONSE" } }),
      201,
      "creating a unit"
    )

  const people = []
  await pool(Array.from({ length: users }, (_, i) => i), 8, async (index) => {
    const kind = roleOf(index, users)
    const person = { index, kind, ...(await staffMember(`bench-load-${index}`, `Load ${kind} ${index}`, kind)), shiftId: null, incidents: new Map() }
    if (kind === "crew") {
      const unit = await newUnit(`L-${index}`)
      const mdt = await expect(
        send(base, {
          method: "POST",
          path: "/api/mdt/book-on",
          headers: sessionHeaders(base, person.token),
          body: { unitId: unit.id, identifier: String(index) }
        }),
        200,
        "booking on"
      )
      person.unit = { id: mdt.unit.id, version: mdt.unit.version, status: mdt.unit.status }
    }
    people.push(person)
  })
  people.sort((a, b) => a.index - b.index)

  const prober = await staffMember("bench-load-probe", "Load probe crew", "crew")
  const probeUnit = await newUnit("PROBE")
  const crewed = await expect(
    send(base, { method: "POST", path: `/api/cad/units/${probeUnit.id}/crew`, headers: service, body: { userId: prober.accountId, identifier: "PROBE" } }),
    201,
    "crewing the probe unit"
  )
  return { serviceToken, streamTokens, characters, incidents, people, probe: { id: crewed.id, version: crewed.version, status: crewed.status } }
}
