import type { ShiftView } from "@bluelight/api/shifts/schemas.js"
import { expect } from "vitest"
import type { AuditEntryData } from "../harness/audit.js"
import { dataOf, listOf } from "../harness/body.js"
import { bearer, cookieRead, type Session, write } from "../harness/identity.js"
import type { Reply, RunningServer } from "../harness/server.js"

/** The API document's Shift, as sent on the wire. */
export type ShiftData = typeof ShiftView.Encoded

export const SHIFT_KEYS = ["durationSeconds", "endedAt", "id", "source", "staffId", "startedAt", "status", "type"]

export type AuditData = AuditEntryData

/** Who calls: a browser session (cookie, with the Origin a write needs) or a credential's token. */
export type Caller = Session | { readonly token: string; readonly credential: true }

export const credentialCaller = (token: string): Caller => ({ token, credential: true })

const headersOf = (server: RunningServer, caller: Caller, writing: boolean): Record<string, string> =>
  "credential" in caller ? bearer(caller.token) : writing ? { cookie: caller.cookie, origin: server.url } : cookieRead(caller)

export const post = (server: RunningServer, caller: Caller, path: string, body?: unknown): Promise<Reply> =>
  "credential" in caller
    ? server.request("POST", path, { headers: headersOf(server, caller, true), ...(body === undefined ? {} : { body }) })
    : write(server, caller, "POST", path, body)

export const get = (server: RunningServer, caller: Caller, path: string): Promise<Reply> =>
  server.request("GET", path, { headers: headersOf(server, caller, false) })

export const startShift = (server: RunningServer, caller: Caller, body: unknown) => post(server, caller, "/api/shifts/start", body)
export const endShift = (server: RunningServer, caller: Caller, id: string) => post(server, caller, "/api/shifts/end", { id })

export const started = (reply: Reply): ShiftData => {
  expect(reply.status, reply.text).toBe(201)
  return dataOf<ShiftData>(reply)
}

export const ok = <T>(reply: Reply): T => {
  expect(reply.status, reply.text).toBe(200)
  return dataOf<T>(reply)
}

/** The audit entries about one record, oldest first. */
export const auditOf = async (server: RunningServer, reader: Caller, targetId: string): Promise<Array<AuditData>> => {
  const reply = await get(server, reader, `/api/audit?targetId=${targetId}&limit=100`)
  expect(reply.status, reply.text).toBe(200)
  return listOf<AuditData>(reply).data.reverse()
}

/**
 * The calendar day `days` from today (UTC), `YYYY-MM-DD`: sessions are scheduled within a year of
 * now, so the tests' dates move with the day they run on.
 */
export const dayAhead = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
