// A CAD board to measure against, set up through the API as Control would:
// crewed units (each crew member signed in through the development identity
// provider and given a staff profile) and open incidents, written with a
// service credential holding Control's scopes.
import { call, signIn } from "./session.js"

/** Control's CAD permissions: a service credential's scopes, or a dispatcher role's permissions. */
export const CONTROL = ["cad.view", "cad.dispatch", "cad.incidents.create", "cad.incidents.manage", "cad.units.manage", "cad.calls.manage"]
export const PRIORITIES = ["IMMEDIATE", "PRIORITY", "SCHEDULED", "RESOLUTION"]

/** A JSON request with a bearer credential; answers the status and the parsed body. */
export const bearerCall = async (base, token, method, path, body) => {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined
  })
  return { status: answer.status, body: await answer.json() }
}

/** Runs `work(i)` for each item with at most `width` in flight. */
export const pool = async (items, width, work) => {
  let next = 0
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++])
  }))
}

const created = (what, answer) => {
  if (answer.status !== 201 && answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  return answer.body.data
}

/**
 * `units` crewed units (callsigns `B-<i>`, so AVAILABLE) and `incidents` open
 * incidents (locations `Grid <i>`, priorities in turn) on the server at
 * `base`, by the administrator session `admin` and the credential `token`.
 * Answers `{ units, incidents }`: the units as `{ id, callsign, version }`,
 * the incidents as the API answered them.
 */
export async function seedCadBoard(base, admin, token, { units: unitCount, incidents: incidentCount }) {
  const role = await call(base, admin, "POST", "/api/admin/roles", { name: "Crew", permissions: ["cad.unit.self"] })
  const units = []
  await pool(Array.from({ length: unitCount }, (_, i) => i), 8, async (i) => {
    const person = await signIn(base, `bench-crew-${i}`, `Crew ${String(i).padStart(3, "0")}`)
    const account = await call(base, person, "GET", "/api/me")
    await call(base, admin, "POST", "/api/staff", { accountId: account.id, roleIds: [role.id] })
    const unit = created("a unit", await bearerCall(base, token, "POST", "/api/cad/units", { callsign: `B-${i}`, agencyCode: "BENCH", type: "RESPONSE" }))
    const crewed = created("a crew", await bearerCall(base, token, "POST", `/api/cad/units/${unit.id}/crew`, { userId: account.id, identifier: String(i) }))
    units.push({ id: crewed.id, callsign: crewed.callsign, version: crewed.version })
  })
  const incidents = []
  await pool(Array.from({ length: incidentCount }, (_, i) => i), 8, async (i) => {
    incidents.push(created(
      "an incident",
      await bearerCall(base, token, "POST", "/api/cad/incidents", {
        type: "Bench incident",
        priority: PRIORITIES[i % PRIORITIES.length],
        location: `Grid ${i}`
      })
    ))
  })
  return { units, incidents }
}
