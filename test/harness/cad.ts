import { expect } from "vitest"
import { dataOf } from "./body.js"
import { bearer, issueCredential, meData, type Session, signIn, staffMember, write } from "./identity.js"
import type { Reply, RunningServer } from "./server.js"

/**
 * Helpers for black-box CAD and MDT tests: Control's credential, crew
 * members, incidents and units made through the API, and a reader of the
 * Server-Sent Events stream.
 */

export const CONTROL_PERMISSIONS = ["cad.view", "cad.dispatch", "cad.incidents.create", "cad.incidents.manage", "cad.units.manage", "cad.calls.manage"] as const

export interface UnitData {
  readonly id: string
  readonly callsign: string
  readonly agencyCode: string
  readonly type: string
  readonly status: string
  readonly incidentId: string | null
  readonly version: number
  readonly createdAt: string
  readonly updatedAt: string
  readonly crew: Array<CrewData>
  readonly incident?: IncidentData
}

export interface CrewData {
  readonly id: string
  readonly unitId: string
  readonly identifier: string
  readonly userId: string
  readonly joinedAt: string
  readonly leftAt: string | null
  readonly user: {
    readonly id: string
    readonly displayName: string
    readonly identity: { id: string; username: string; avatar: string | null } | null
    readonly platform: { id: string; username: string } | null
    readonly staff: { id: string; active: boolean } | null
  }
}

export interface IncidentData {
  readonly id: string
  readonly number: number
  readonly status: string
  readonly priority: string
  readonly type: string
  readonly location: string
  readonly description: string
  readonly controlNotes: string
  readonly version: number
  readonly createdAt: string
  readonly updatedAt: string
  readonly closedAt: string | null
}

/** A CAD caller: sends JSON with either a bearer token or a session cookie (and the Origin a cookie write needs). */
export interface CadClient {
  readonly call: (method: string, path: string, body?: unknown) => Promise<Reply>
}

export const asCredential = (server: RunningServer, token: string): CadClient => ({
  call: (method, path, body) => server.request(method, path, { headers: bearer(token), ...(body === undefined ? {} : { body }) })
})

export const asSession = (server: RunningServer, session: Session): CadClient => ({
  call: (method, path, body) =>
    method === "GET" ? server.request(method, path, { headers: { cookie: session.cookie } }) : write(server, session, method, path, body)
})

/** A credential holding `scopes`, issued by the administrator. */
export const credentialWith = async (server: RunningServer, admin: Session, scopes: ReadonlyArray<string>, name = "cad bot") =>
  asCredential(server, (await issueCredential(server, admin, { name, scopes })).token)

/** An active staff member with `permissions`, signed in: their client, account id and staff profile id. */
export const crewMember = async (server: RunningServer, admin: Session, id: string, permissions: ReadonlyArray<string> = ["cad.unit.self"], displayName = id) => {
  const member = await staffMember(server, admin, { id, displayName }, permissions)
  return { ...member, client: asSession(server, member.session) }
}

/** A signed-in account that is not staff. */
export const plainMember = async (server: RunningServer, id: string) => {
  const session = await signIn(server, { id, displayName: id })
  return { session, accountId: (await meData(server, session)).id, client: asSession(server, session) }
}

const ok = <T>(reply: Reply, status: number, what: string): T => {
  expect(reply.status, `${what}: ${reply.text}`).toBe(status)
  return dataOf<T>(reply)
}

export const createIncident = async (control: CadClient, fields: Partial<Record<string, unknown>> = {}) =>
  ok<IncidentData>(await control.call("POST", "/api/cad/incidents", { type: "Road traffic collision", priority: "IMMEDIATE", location: "A1", ...fields }), 201, "create incident")

let callsigns = 0
export const createUnit = async (control: CadClient, fields: Partial<Record<string, unknown>> = {}) =>
  ok<UnitData>(await control.call("POST", "/api/cad/units", { callsign: `U-${++callsigns}-${Date.now() % 100000}`, agencyCode: "MET", type: "RESPONSE", ...fields }), 201, "create unit")

export const addCrew = async (control: CadClient, unitId: string, userId: string, identifier = "1234") =>
  ok<UnitData>(await control.call("POST", `/api/cad/units/${unitId}/crew`, { userId, identifier }), 201, "add crew")

export const assign = async (control: CadClient, incidentId: string, unit: { id: string; version: number }) =>
  ok<UnitData>(await control.call("POST", `/api/cad/incidents/${incidentId}/assign`, { unitId: unit.id, version: unit.version }), 200, "assign")

/** A crewed, AVAILABLE unit. */
export const crewedUnit = async (control: CadClient, userId: string) => addCrew(control, (await createUnit(control)).id, userId)

// ---------------------------------------------------------------- Server-Sent Events

export interface SseMessage {
  /** `id:` of the message, if any. */
  readonly id: string | undefined
  /** The `data:` lines joined, if any. */
  readonly data: string | undefined
  /** The comment lines (`: heartbeat`), without the colon. */
  readonly comments: Array<string>
}

export interface EventStream {
  readonly status: number
  readonly headers: Headers
  /** The next message (a comment block counts as one); `undefined` once the stream has ended. */
  readonly next: () => Promise<SseMessage | undefined>
  /** The next message carrying data, skipping comment blocks, parsed as JSON. */
  readonly nextEvent: <T = Record<string, unknown>>() => Promise<(T & { seq: number }) | undefined>
  readonly close: () => void
}

/** Opens `GET path` as an event stream and reads it message by message. */
export const openStream = async (server: RunningServer, path: string, headers: Record<string, string>): Promise<EventStream> => {
  const abort = new AbortController()
  const response = await fetch(`${server.url}${path}`, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ""
  let ended = false
  const next = async (): Promise<SseMessage | undefined> => {
    for (;;) {
      const end = buffer.indexOf("\n\n")
      if (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const lines = block.split("\n")
        const data = lines.filter((line) => line.startsWith("data: ")).map((line) => line.slice(6))
        return {
          id: lines.find((line) => line.startsWith("id: "))?.slice(4),
          data: data.length === 0 ? undefined : data.join("\n"),
          comments: lines.filter((line) => line.startsWith(":")).map((line) => line.slice(1).trim())
        }
      }
      if (ended) return undefined
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }))
      if (chunk.done) ended = true
      else buffer += chunk.value
    }
  }
  const nextEvent = async <T>() => {
    for (;;) {
      const message = await next()
      if (message === undefined) return undefined
      if (message.data !== undefined) return JSON.parse(message.data) as T & { seq: number }
    }
  }
  return { status: response.status, headers: response.headers, next, nextEvent, close: () => abort.abort() }
}
