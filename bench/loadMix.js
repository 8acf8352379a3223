// What each simulated user does. Officers search the PNC and write records;
// Control reads the board and edits incidents with the version they last
// read (a version race between two controllers is a 409, counted apart);
// crews read their MDT and change their unit's status; moderators read
// players' histories and the moderation log; everyone starts and ends
// shifts. A user does one thing at a time (the next waits for the last:
// versions and shifts stay each user's own), but its requests are due at the
// offered rate all the same, so waiting behind its own backlog counts as
// latency.
import { outcomeOf } from "./latencyStats.js"
import { send, sessionHeaders } from "./loadClient.js"

const pick = (random, list) => list[Math.floor(random() * list.length)]

/** Chooses by weight: `choices` is `[weight, value]` pairs. */
export const weighted = (random, choices) => {
  const total = choices.reduce((sum, [weight]) => sum + weight, 0)
  let at = random() * total
  for (const [weight, value] of choices) if ((at -= weight) < 0) return value
  return choices.at(-1)[1]
}

const read = (name, path) => ({ name, kind: "read", method: "GET", path, expected: 200 })
const write = (name, path, body, expected = 200) => ({ name, kind: "write", method: "POST", path, body, expected })

let controlNote = 0

/** The shift a user starts, or the one it ends. */
const shift = (user, type) =>
  user.shiftId === null
    ? { ...write("shift start", "/api/shifts/start", { type }, 201), after: (body) => (user.shiftId = body.data.id) }
    : { ...write("shift end", "/api/shifts/end", { id: user.shiftId }), after: () => (user.shiftId = null) }

const officer = (user, world, random) => {
  const character = pick(random, world.characters)
  return weighted(random, [
    [30, () => read("pnc vehicle search", `/api/pnc/vehicles?search=${encodeURIComponent(random() < 0.5 ? character.make : character.plate.slice(0, 4))}`)],
    [20, () => read("pnc person search", `/api/pnc/civilians?search=${encodeURIComponent(character.lastName)}`)],
    [15, () => read("pnc person view", `/api/pnc/civilians/${character.id}`)],
    [15, () => read("pnc vehicle record", `/api/pnc/vehicles/${character.vehicleId}`)],
    [8, () => read("pnc person records", `/api/pnc/civilians/${character.id}/records`)],
    [8, () =>
      write("pnc record create", "/api/pnc/records", {
        civilianId: character.id,
        type: "CITATION",
        title: "Speeding",
        description: "Load run",
        location: "High Street",
        occurredAt: new Date(Date.now() - 60_000).toISOString(),
        fineAmount: 100,
        vehicleId: character.vehicleId
      }, 201)],
    [4, () => shift(user, "PATROL")]
  ])()
}

/** Reading an incident remembers its fields and version: the next edit of it starts from them. */
const readIncident = (user, incident) => ({
  ...read("cad incident read", `/api/cad/incidents/${incident.id}`),
  after: (body) => user.incidents.set(incident.id, body.data)
})

const editIncident = (user, incident) => {
  const known = user.incidents.get(incident.id)
  if (known === undefined) return readIncident(user, incident)
  const { type, priority, location, description, controlNotes, version } = known
  return {
    ...write("cad incident update", `/api/cad/incidents/${incident.id}/update`, {
      type,
      priority,
      location,
      description: description ?? "",
      controlNotes: `${controlNotes ?? ""}`.slice(0, 40) + ` ${++controlNote}`,
      version
    }),
    after: (body) => user.incidents.set(incident.id, body.data),
    // Someone else edited it first: read it again before the next edit.
    onConflict: () => user.incidents.delete(incident.id)
  }
}

const control = (user, world, random) => {
  const incident = pick(random, world.incidents)
  return weighted(random, [
    [25, () => read("cad incidents list", "/api/cad/incidents")],
    [25, () => readIncident(user, incident)],
    [20, () => read("cad units list", "/api/cad/units")],
    [10, () => read("cad calls list", "/api/cad/calls")],
    [15, () => editIncident(user, incident)],
    [5, () => shift(user, "CONTROL")]
  ])()
}

const crew = (user, _world, random) =>
  weighted(random, [
    [55, () => read("mdt me", "/api/mdt/me")],
    [30, () => {
      const status = user.unit.status === "AVAILABLE" ? "BUSY" : "AVAILABLE"
      return {
        ...write("mdt status", "/api/mdt/status", { status, version: user.unit.version }),
        after: (body) => Object.assign(user.unit, { version: body.data.unit.version, status: body.data.unit.status })
      }
    }],
    [15, () => shift(user, "PATROL")]
  ])()

const moderator = (user, _world, random) =>
  weighted(random, [
    [45, () => read("player history", `/api/players/${1_000_000 + Math.floor(random() * 500)}/history`)],
    [45, () => read("moderation actions", "/api/moderation/actions")],
    [10, () => shift(user, "MODERATION")]
  ])()

const BEHAVIOUR = { officer, control, crew, moderator }

/** The next thing `user` does. */
export const nextAction = (user, world, random) => BEHAVIOUR[user.kind](user, world, random)

/**
 * Queues `user`'s next action behind its previous one, sends it to `base`
 * and records it in `recorder` with its latency from `scheduledAt`.
 */
export const perform = (user, world, random, base, scheduledAt, recorder, now) => {
  const done = (user.queue ?? Promise.resolve()).then(async () => {
    const action = nextAction(user, world, random)
    const answer = await send(base, { method: action.method, path: action.path, headers: sessionHeaders(base, user.token), body: action.body })
    let outcome = outcomeOf(answer.status, action.expected, answer.body?.error?.code)
    let detail = `${action.method} ${action.path} → ${answer.status} ${answer.error ?? JSON.stringify(answer.body).slice(0, 200)}`
    try {
      if (outcome === "ok") action.after?.(answer.body)
      if (outcome === "conflict") action.onConflict?.()
    } catch (error) {
      // An answer of the expected status the user cannot read is an error too, and must not stop the user.
      outcome = "error"
      detail = `${detail} (${error instanceof Error ? error.message : error})`
    }
    recorder.record(action.name, action.kind, now() - scheduledAt, outcome, detail)
  })
  user.queue = done
  return done
}
