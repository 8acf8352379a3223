// Seeds the demo community into a running server through its public API, as the people who would
// do it: the administrator makes roles and staff profiles, marks the stolen car and makes the charges
// catalogue, Dana Dispatcher makes units, calls and an incident, Mo Member makes characters, licences
// and vehicles, Olly Officer records a citation citing a charge. What is there already (by name,
// callsign, plate, code, title) is found, not made again.
import { clientAs } from "./api.mjs"
import { CALLS, CHARACTERS, CHARGES, CITED, INCIDENTS, PEOPLE, ROLES, STAFF, STOLEN, UNITS } from "./community.mjs"
import { signIn } from "./signIn.mjs"
import { DateTime } from "effect"

/** Plates are compared as the server does: ignoring spaces, hyphens and case. */
const plateKey = (plate) => plate.replace(/[\s-]/g, "").toUpperCase()

/**
 * Seeds the server at `baseUrl` (its APP_URL: a cookie write names it as its Origin). Answers
 * `{ items, players }`: every thing with `kind`, `name` and whether this run `created` it, and what
 * the game server said (`{ online }` or `{ problem }`).
 */
export const seed = async (baseUrl) => {
  const items = []
  /** Finds `name` with `find` or makes it with `make`; records which. */
  const ensure = async (kind, name, find, make) => {
    const found = await find()
    if (found !== undefined) {
      items.push({ kind, name, created: false })
      return found
    }
    const made = await make()
    items.push({ kind, name, created: true })
    return made
  }

  // Every person signs in once first: that makes their account, which a staff profile needs.
  const as = {}
  for (const [key, person] of Object.entries(PEOPLE)) as[key] = await clientAs(baseUrl, await signIn(baseUrl, person))
  const admin = as.admin

  const roles = await admin.all((api, query) => api.admin.listRoles({ query }))
  const roleIds = {}
  for (const role of ROLES) {
    const made = await ensure(
      "role",
      role.name,
      () => roles.find((r) => r.name === role.name),
      async () => (await admin.run((api) => api.admin.createRole({ payload: role }))).data
    )
    roleIds[role.name] = made.id
  }

  const staff = await admin.all((api, query) => api.staff.listStaff({ query }))
  for (const { person, roles } of STAFF) {
    const accountId = (await as[person].run((api) => api.auth.me())).data.id
    await ensure(
      "staff profile",
      `${PEOPLE[person].displayName} (${roles.join(", ")})`,
      () => staff.find((s) => s.account.id === accountId),
      async () => (await admin.run((api) => api.staff.createStaff({ payload: { accountId, roleIds: roles.map((role) => roleIds[role]) } }))).data
    )
  }

  const dispatcher = as.dispatcher
  const units = await dispatcher.all((api, query) => api.cadUnits.listUnits({ query }))
  for (const unit of UNITS) {
    await ensure(
      "unit",
      unit.callsign,
      () => units.find((u) => u.callsign === unit.callsign),
      async () => (await dispatcher.run((api) => api.cadUnits.createUnit({ payload: unit }))).data
    )
  }

  const member = as.member
  const characters = await member.all((api, query) => api.civilians.listCivilians({ query }))
  const vehicleIds = {}
  for (const character of CHARACTERS) {
    const name = character.fields.fullName
    const civilian = await ensure(
      "character",
      name,
      () => characters.find((c) => c.fullName === name),
      async () => (await member.run((api) => api.civilians.createCivilian({ payload: character.fields }))).data
    )
    await ensure(
      "licence",
      `${name} (${character.categories.join(", ")})`,
      () => civilian.licence ?? undefined,
      async () => (await member.run((api) => api.civilians.issueLicence({ params: { id: civilian.id }, payload: { categories: character.categories } }))).data
    )
    const kept = civilian.vehicles ?? []
    for (const vehicle of character.vehicles) {
      const made = await ensure(
        "vehicle",
        vehicle.plate,
        () => kept.find((v) => plateKey(v.plate) === plateKey(vehicle.plate)),
        async () => (await member.run((api) => api.civilians.registerVehicle({ params: { id: civilian.id }, payload: vehicle }))).data
      )
      vehicleIds[plateKey(vehicle.plate)] = made.id
    }
  }

  const vehicleId = vehicleIds[plateKey(STOLEN.plate)]
  const markers = await admin.all((api, query) => api.pncRecords.listMarkers({ query: { ...query, vehicleId, type: "STOLEN_VEHICLE", active: true } }))
  await ensure(
    "stolen marker",
    STOLEN.plate,
    () => markers[0],
    async () => (await admin.run((api) => api.pncRecords.createMarker({ payload: { type: "STOLEN_VEHICLE", vehicleId, reason: STOLEN.reason } }))).data
  )

  // Retired charges count as there: the administrator retired them on purpose.
  const charges = await admin.all((api, query) => api.pncCharges.listCharges({ query: { ...query, active: "all" } }))
  const chargeIds = {}
  for (const charge of CHARGES) {
    const made = await ensure(
      "charge",
      `${charge.code} ${charge.title}`,
      () => charges.find((c) => c.code === charge.code),
      async () => (await admin.run((api) => api.pncCharges.createCharge({ payload: charge }))).data
    )
    chargeIds[charge.code] = made.id
  }

  const officer = as.officer
  // The member's characters as they are now (the first run has only just made them).
  const cited = (await member.all((api, query) => api.civilians.listCivilians({ query }))).find((c) => c.fullName === CITED.character)
  const records = await officer.all((api, query) => api.pncRecords.listCivilianRecords({ params: { id: cited.id }, query }))
  await ensure(
    "record",
    `${CITED.record.title} (${CITED.charges.map((c) => c.code).join(", ")})`,
    () => records.find((r) => r.title === CITED.record.title),
    async () =>
      (await officer.run((api) =>
        api.pncRecords.createRecord({
          payload: {
            ...CITED.record,
            civilianId: cited.id,
            // An hour ago, by this machine's clock (the server's too: the demo runs it here).
            occurredAt: DateTime.makeUnsafe(Date.now() - 3_600_000),
            charges: CITED.charges.map(({ code, count }) => ({ chargeId: chargeIds[code], count }))
          }
        })
      )).data
  )

  // A call the dispatcher has since attached or closed still counts as there.
  const calls = []
  for (const status of ["WAITING", "ATTACHED", "CLOSED"]) {
    calls.push(...await dispatcher.all((api, query) => api.cadCalls.listCalls({ query: { ...query, status } })))
  }
  for (const call of CALLS) {
    await ensure(
      "call",
      `${call.callerName}, ${call.location}`,
      () => calls.find((c) => c.source === "API" && c.callerName === call.callerName && c.location === call.location),
      async () => (await dispatcher.run((api) => api.cadCalls.receiveCall({ payload: call }))).data
    )
  }

  const incidents = []
  for (const status of ["OPEN", "CLOSED"]) {
    incidents.push(...await dispatcher.all((api, query) => api.cadIncidents.listIncidents({ query: { ...query, status } })))
  }
  for (const incident of INCIDENTS) {
    await ensure(
      "incident",
      `${incident.type}, ${incident.location}`,
      () => incidents.find((i) => i.type === incident.type && i.location === incident.location),
      async () => (await dispatcher.run((api) => api.cadIncidents.createIncident({ payload: incident }))).data
    )
  }

  // The development defaults run the game-server simulator with its players: nothing to make, only to see.
  const players = await admin.run((api) => api.gameServer.serverPlayers({ query: {} })).then(
    (answer) => ({ online: answer.meta.total }),
    (error) => ({ problem: error.message })
  )
  return { items, players }
}
