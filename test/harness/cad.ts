import { type AssignedUnitView, CadEventView, type Incident, IncidentId, UnitId, type UnitView } from "@bluelight/core/cad"
import { AccountId } from "@bluelight/core/identity"
import { Schema } from "effect"
import { Sse } from "effect/encoding"
import { type ApiClient, type TypedCaller, typedCaller } from "./client.js"
import { bearer, cookieWrite, issueCredential, meData, type Session, signIn, staffMember, write } from "./identity.js"
import type { Reply, RunningServer } from "./server.js"

/**
 * Helpers for black-box CAD and MDT tests: Control's credential, crew
 * members, incidents and units made through the typed client (answers
 * decoded and typed by the contract), and the stream as it arrives on the
 * wire, parsed by Effect's own Server-Sent Events parser.
 */

export const CONTROL_PERMISSIONS = ["cad.view", "cad.dispatch", "cad.incidents.create", "cad.incidents.manage", "cad.units.manage", "cad.calls.manage"] as const

/** The contract's answers as sent on the wire (JSON: ids and timestamps as strings). */
export type UnitData = typeof UnitView.Encoded
export type AssignedUnitData = typeof AssignedUnitView.Encoded
export type CrewData = UnitData["crew"][number]
export type IncidentData = typeof Incident.Encoded

/** An incident as the typed client gives it (ids branded, timestamps `DateTime.Utc`): the core's type. */
export type { Incident }

/**
 * A CAD caller: with either a bearer token or a session cookie (and the Origin a cookie write needs),
 * raw (`call`, for the tests of the wire) or through the typed client (`run`).
 */
export interface CadClient extends TypedCaller {
  readonly call: (method: string, path: string, body?: unknown) => Promise<Reply>
}

export const asCredential = (server: RunningServer, token: string): CadClient => ({
  call: (method, path, body) => server.request(method, path, { headers: bearer(token), ...(body === undefined ? {} : { body }) }),
  ...typedCaller(server.url, { credential: token })
})

export const asSession = (server: RunningServer, session: Session): CadClient => ({
  call: (method, path, body) =>
    method === "GET" ? server.request(method, path, { headers: { cookie: session.cookie } }) : write(server, session, method, path, body),
  ...typedCaller(server.url, { headers: cookieWrite(server, session) })
})

/** A credential holding `scopes`, issued by the administrator. */
export const credentialWith = async (server: RunningServer, admin: Session, scopes: ReadonlyArray<string>, name = "cad bot") =>
  asCredential(server, (await issueCredential(server, admin, { name, scopes })).token)

/** An active staff member with `permissions`, signed in: their client, account id and staff profile id. */
export const crewMember = async (
  server: RunningServer,
  admin: Session,
  id: string,
  permissions: ReadonlyArray<string> = ["cad.unit.self"],
  displayName = id
) => {
  const member = await staffMember(server, admin, { id, displayName }, permissions)
  return { ...member, client: asSession(server, member.session) }
}

/** A signed-in account that is not staff. */
export const plainMember = async (server: RunningServer, id: string) => {
  const session = await signIn(server, { id, displayName: id })
  return { session, accountId: (await meData(server, session)).id, client: asSession(server, session) }
}

/** What Control writes of an incident, a unit (as the contract types them, before encoding). */
export type IncidentInput = Parameters<ApiClient["cadIncidents"]["createIncident"]>[0]["payload"]
export type UnitInput = Parameters<ApiClient["cadUnits"]["createUnit"]>[0]["payload"]

export const createIncident = async (control: CadClient, fields: Partial<IncidentInput> = {}) =>
  (await control.run((api) =>
    api.cadIncidents.createIncident({
      payload: { type: "Road traffic collision", priority: "IMMEDIATE", location: "A1", description: "", controlNotes: "", ...fields }
    })
  )).data

let callsigns = 0
export const createUnit = async (control: CadClient, fields: Partial<UnitInput> = {}) =>
  (await control.run((api) =>
    api.cadUnits.createUnit({ payload: { callsign: `U-${++callsigns}-${Date.now() % 100000}`, agencyCode: "MET", type: "RESPONSE", ...fields } })
  )).data

export const addCrew = async (control: CadClient, unitId: string, userId: string, identifier = "1234") =>
  (await control.run((api) => api.cadUnits.addCrew({ params: { id: UnitId.make(unitId) }, payload: { userId: AccountId.make(userId), identifier } }))).data

export const assign = async (control: CadClient, incidentId: string, unit: { id: string; version: number }) =>
  (await control.run((api) =>
    api.cadIncidents.assignUnit({ params: { id: IncidentId.make(incidentId) }, payload: { unitId: UnitId.make(unit.id), version: unit.version } })
  )).data

/** A crewed, AVAILABLE unit. */
export const crewedUnit = async (control: CadClient, userId: string) => addCrew(control, (await createUnit(control)).id, userId)

// ---------------------------------------------------------------- Server-Sent Events

/** A CAD history entry as the stream and `GET /api/cad/events` send it. */
export type CadEventData = typeof CadEventView.Encoded

/** The comment the stream opens with, before anything else: from then on nothing committed is missed. */
export const CONNECTED_COMMENT = ": connected\n\n"

/**
 * The CAD stream as it arrives on the wire: its status and headers, its first
 * bytes as sent, then its entries parsed by Effect's own Server-Sent Events
 * parser (`effect/encoding` `Sse`), which, as the specification says, skips
 * comments (the heartbeats).
 */
export interface EventStream {
  readonly status: number
  readonly headers: Headers
  /** The stream's first bytes, as many as `CONNECTED_COMMENT` has (fewer if it ends first). */
  readonly opening: () => Promise<string>
  /**
   * The next entry: its `id:` and its `data:` as JSON, which must decode as the contract's CAD event;
   * `undefined` once the stream has ended.
   */
  readonly nextMessage: () => Promise<{ readonly id: string | undefined; readonly entry: CadEventData } | undefined>
  /** The next entry, `undefined` once the stream has ended. */
  readonly nextEvent: () => Promise<CadEventData | undefined>
  readonly close: () => void
}

const decodeEntry = Schema.decodeUnknownSync(CadEventView)

/** Opens `GET path` as an event stream and reads it entry by entry. */
export const openStream = async (server: RunningServer, path: string, headers: Record<string, string>): Promise<EventStream> => {
  const abort = new AbortController()
  const response = await fetch(`${server.url}${path}`, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  const parsed: Array<Sse.Event> = []
  const parser = Sse.makeParser((event) => {
    if (event._tag === "Event") parsed.push(event)
  })
  let ended = false
  /** The next chunk of text, `undefined` once the stream has ended (or was closed). */
  const read = async (): Promise<string | undefined> => {
    if (ended) return undefined
    const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }))
    if (chunk.done) ended = true
    return chunk.value
  }
  // The opening bytes are kept as text, and the parser is fed everything from the first byte (it skips the comment).
  let opened: Promise<string> | undefined
  const opening = () => (opened ??= (async () => {
    let text = ""
    while (text.length < CONNECTED_COMMENT.length) {
      const chunk = await read()
      if (chunk === undefined) break
      text += chunk
    }
    const error = parser.feed(text)
    if (error !== undefined) throw error
    return text.slice(0, CONNECTED_COMMENT.length)
  })())
  const nextMessage = async () => {
    await opening()
    for (;;) {
      const event = parsed.shift()
      if (event !== undefined) {
        const entry: unknown = JSON.parse(event.data)
        decodeEntry(entry)
        return { id: event.id, entry: entry as CadEventData }
      }
      const chunk = await read()
      if (chunk === undefined) return undefined
      const error = parser.feed(chunk)
      if (error !== undefined) throw error
    }
  }
  const nextEvent = async () => (await nextMessage())?.entry
  return { status: response.status, headers: response.headers, opening, nextMessage, nextEvent, close: () => abort.abort() }
}
