/**
 * The same tool written in TypeScript, type-checked (never run) against the installed tarballs by
 * `scripts/packages/packCheck.mjs`, without `skipLibCheck`: the packages' declarations resolve outside the
 * workspace, `effect`'s types are the tool's own copy, and a deep import of the contract is typed too.
 */
import type { Call } from "@bluelight/api/cad/schemas.js"
import { BluelightApi } from "@bluelight/api"
import { createIncident, type Incident, IncidentId } from "@bluelight/core/cad"
import { admitted } from "@bluelight/core/identity"
import { aPerson, testPorts } from "@bluelight/core/testing"
import { makeBluelightClient } from "@bluelight/client"
import { Effect } from "effect"

/** Control, made by the testing kit from what the tool knows: a person and the permissions they hold. */
const control = aPerson({ displayName: "Control", permissions: ["cad.view", "cad.incidents.create"] })

/** The contract's rule for opening an incident (`POST /cad/incidents`): the keys `createIncident` requires. */
const CREATE_INCIDENT = { access: "session-or-credential", permissions: ["cad.view", "cad.incidents.create"] } as const

/**
 * An incident opened by the real rules on the in-memory ports, Control admitted under the operation's rule as the
 * server admits a caller: no requirement left (the rule's proofs, the ports), no error but the rules'.
 */
export const opened: Effect.Effect<Incident, unknown> = createIncident(control, {
  type: "Fire",
  priority: "IMMEDIATE",
  location: "A1 J4",
  description: "",
  controlNotes: ""
}).pipe(admitted(CREATE_INCIDENT, control), Effect.provide(testPorts()))

/** A bot's relay of one emergency call, answered with the call as the contract types it. */
export const relay = (credential: string): Effect.Effect<Call, unknown> =>
  makeBluelightClient({ baseUrl: "https://bluelight.example.org", credential }).pipe(
    Effect.flatMap((client) =>
      client.cadCalls.receiveCall({ payload: { callerName: "Jo Bloggs", callerNumber: null, location: "Legion Square", description: "Two people fighting" } })
    ),
    Effect.map(({ data }) => data)
  )

/** The contract's description, as a value. */
export const api: typeof BluelightApi = BluelightApi

/** An incident read by an id from outside, a plain string branded first (the client's README, "Ids"). */
export const incidentSummary = (credential: string, id: string): Effect.Effect<string, unknown> =>
  Effect.gen(function*() {
    const client = yield* makeBluelightClient({ baseUrl: "https://bluelight.example.org", credential })
    const { data: incident } = yield* client.cadIncidents.getIncident({ params: { id: IncidentId.make(id) } })
    return `#${incident.number} ${incident.type} at ${incident.location} (${incident.status})`
  })

/** The plain string itself is refused: ids are branded (a type the compiler evaluates, so a change that let it through fails). */
type Accepts<T, V> = [V] extends [T] ? true : false
type GetIncidentId = Parameters<Effect.Success<ReturnType<typeof makeBluelightClient>>["cadIncidents"]["getIncident"]>[0]["params"]["id"]
export const unbranded: [Accepts<GetIncidentId, string>, Accepts<GetIncidentId, IncidentId>] = [false, true]
