import { type BluelightApiClient, hasCode, isApiError, makeBluelightClient } from "@bluelight/client"
import { IncidentId } from "@bluelight/core/cad"
import { Effect, Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CONTROL_PERMISSIONS } from "../harness/cad.js"
import { issueCredential, type Session, signIn, staffMember } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"

/**
 * The client against the real server: typed answers, and every error kind
 * decoded as its class with its API code, whoever refuses it (the handler,
 * access control, the request path).
 */

let server: RunningServer
let admin: Session
let control: BluelightApiClient
const client = (options: Omit<Parameters<typeof makeBluelightClient>[0], "baseUrl">) =>
  Effect.runPromise(makeBluelightClient({ baseUrl: server.url, ...options }))

/** Runs a call and answers its failure (the test fails if it succeeded). */
const failure = async <A, E>(call: Effect.Effect<A, E>): Promise<E> => {
  const exit = await Effect.runPromiseExit(call)
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`)
  const error = exit.cause.reasons.find((reason) => reason._tag === "Fail")
  if (error === undefined) throw new Error(`expected a typed failure, got ${String(exit.cause)}`)
  return error.error
}

const INCIDENT = { type: "Road traffic collision", priority: "IMMEDIATE", location: "A1 junction 4", description: "", controlNotes: "" } as const

beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "client-admin", ...UNLIMITED_RATES } })
  admin = await signIn(server, { id: "client-admin" })
  control = await client({ credential: (await issueCredential(server, admin, { name: "control", scopes: CONTROL_PERMISSIONS })).token })
})
afterAll(() => server?.stop())

describe("typed answers", () => {
  it("creates an incident and reads it back, typed", async () => {
    const { data: created } = await Effect.runPromise(control.cadIncidents.createIncident({ payload: INCIDENT }))
    expect(created).toMatchObject({ type: INCIDENT.type, priority: "IMMEDIATE", status: "OPEN", version: 1 })
    expect(typeof created.number).toBe("number")
    const { data: read } = await Effect.runPromise(control.cadIncidents.getIncident({ params: { id: created.id } }))
    expect(read.id).toBe(created.id)
  })

  it("lists with paging", async () => {
    for (let i = 0; i < 3; i += 1) await Effect.runPromise(control.cadIncidents.createIncident({ payload: { ...INCIDENT, location: `Paging ${i}` } }))
    const first = await Effect.runPromise(control.cadIncidents.listIncidents({ query: { limit: 2, offset: 0, status: "OPEN" } }))
    expect(first.data).toHaveLength(2)
    expect(first.meta).toEqual({ limit: 2, offset: 0, hasMore: true })
    const rest = await Effect.runPromise(control.cadIncidents.listIncidents({ query: { limit: 100, offset: 2, status: "OPEN" } }))
    expect(rest.meta.hasMore).toBe(false)
    expect(rest.data.map((incident) => incident.id)).not.toContain(first.data[0]!.id)
  })
})

describe("typed errors, by code", () => {
  it("NOT_FOUND", async () => {
    const error = await failure(control.cadIncidents.getIncident({ params: { id: IncidentId.make("01a2180a-840e-7981-845d-379675bcb7ea") } }))
    expect(error).toMatchObject({ _tag: "NotFound", code: "NOT_FOUND" })
    expect(isApiError(error)).toBe(true)
  })

  it("CAD_CONFLICT: a bot matches on the code, or on the tag", async () => {
    const { data: incident } = await Effect.runPromise(control.cadIncidents.createIncident({ payload: INCIDENT }))
    const update = (version: number) =>
      control.cadIncidents.updateIncident({ params: { id: incident.id }, payload: { ...INCIDENT, location: `Moved ${version}`, version } })
    await Effect.runPromise(update(1))
    const stale = update(1)
    expect(await failure(stale)).toMatchObject({ _tag: "CadConflict", code: "CAD_CONFLICT" })
    expect(await Effect.runPromise(stale.pipe(Effect.catchIf(hasCode("CAD_CONFLICT"), (conflict) => Effect.succeed(conflict.code))))).toBe("CAD_CONFLICT")
    expect(await Effect.runPromise(stale.pipe(Effect.catchTag("CadConflict", (conflict) => Effect.succeed(conflict.message))))).toMatch(/version/i)
  })

  it("INVALID_STATE", async () => {
    const { data: incident } = await Effect.runPromise(control.cadIncidents.createIncident({ payload: INCIDENT }))
    const { data: closed } = await Effect.runPromise(control.cadIncidents.closeIncident({ params: { id: incident.id }, payload: { version: 1 } }))
    const error = await failure(control.cadIncidents.closeIncident({ params: { id: incident.id }, payload: { version: closed.version } }))
    expect(error).toMatchObject({ _tag: "InvalidState", code: "INVALID_STATE" })
  })

  it("INVALID_INPUT, with its problems; what the contract's own schema refuses is never sent", async () => {
    // Blank once trimmed: only the server's decoding finds it.
    const error = await failure(control.cadCalls.receiveCall({ payload: { callerName: "Jo", callerNumber: null, location: "   ", description: "   " } }))
    expect(error).toMatchObject({ _tag: "InvalidInput", code: "INVALID_INPUT" })
    const problems = isApiError(error) && Array.isArray(error.details) ? error.details : []
    expect(problems).toEqual(expect.arrayContaining([
      expect.objectContaining({ path: ["location"] }),
      expect.objectContaining({ path: ["description"] })
    ]))
    const tooLong = await failure(
      control.cadCalls.receiveCall({ payload: { callerName: "x".repeat(500), callerNumber: null, location: "A1", description: "Fire" } })
    )
    expect(tooLong).toMatchObject({ _tag: "SchemaError" })
    expect(isApiError(tooLong)).toBe(false)
  })

  it("UNAUTHENTICATED without a valid credential", async () => {
    const stranger = await client({ credential: "bluelight_" + "A".repeat(43) })
    expect(await failure(stranger.cadIncidents.listIncidents({ query: { limit: 1, offset: 0, status: "OPEN" } }))).toMatchObject({
      _tag: "Unauthenticated",
      code: "UNAUTHENTICATED"
    })
  })

  it("FORBIDDEN without the permission, for a credential and for a person's session", async () => {
    const viewer = await client({ credential: (await issueCredential(server, admin, { name: "viewer", scopes: ["cad.view"] })).token })
    expect(await failure(viewer.cadIncidents.createIncident({ payload: INCIDENT }))).toMatchObject({ _tag: "Forbidden", code: "FORBIDDEN" })
    const person = await staffMember(server, admin, { id: "client-reader", displayName: "Reader" }, ["cad.view"])
    const asPerson = await client({ headers: { cookie: person.session.cookie, origin: new URL(server.url).origin } })
    const { data } = await Effect.runPromise(asPerson.cadIncidents.listIncidents({ query: { limit: 1, offset: 0, status: "OPEN" } }))
    expect(Array.isArray(data)).toBe(true)
    expect(await failure(asPerson.cadIncidents.createIncident({ payload: INCIDENT }))).toMatchObject({ _tag: "Forbidden", code: "FORBIDDEN" })
  })
})
