/**
 * A tool outside the repository, as `scripts/packages/packCheck.mjs` installs it from the packed tarballs: it
 * imports every entry point it relies on (a file missing from a tarball fails here with ERR_MODULE_NOT_FOUND),
 * opens an incident with the real rules on the in-memory ports and reads it back from the CAD history (each use case
 * once its caller is admitted under the operation's access rule, as the server admits it), makes
 * a typed client (no server needed to make one), and finds the Postgres layer refusing a database it cannot reach. Plain JavaScript, so it runs on the installed build as is.
 */
import { DatabaseSchemaMismatch, layerBluelightPostgres } from "@bluelight/adapters-pg"
import { createIncident, listCadEvents, listCalls } from "@bluelight/core/cad"
import { AccountId, admitted } from "@bluelight/core/identity"
import { testPorts } from "@bluelight/core/testing"
import { BluelightApi } from "@bluelight/api"
import { callFields } from "@bluelight/api/cad/schemas.js"
import { makeBluelightClient } from "@bluelight/client"
import { DateTime, Effect, Exit } from "effect"
import assert from "node:assert/strict"

const EPOCH = DateTime.makeUnsafe(0)

/** A dispatcher signed in through the browser, built as a tool that knows its person would. */
const control = {
  _tag: "User",
  account: {
    id: AccountId.make("control"),
    displayName: "Control",
    status: "ACTIVE",
    identity: { id: "idp-control", username: "control", avatar: null },
    platform: null,
    createdAt: EPOCH,
    updatedAt: EPOCH
  },
  session: {
    id: "session-control",
    accountId: AccountId.make("control"),
    tokenHash: "hash",
    createdAt: EPOCH,
    expiresAt: EPOCH,
    revokedAt: null,
    revokedReason: null,
    developerAccess: false
  },
  staff: null,
  roles: [],
  permissions: new Set(["cad.view", "cad.incidents.create", "cad.incidents.manage"]),
  developerAccess: false
}

/** The contract's rules for opening an incident (`POST /cad/incidents`) and reading CAD (`GET /cad/events`, `GET /cad/calls`). */
const CREATE_INCIDENT = { access: "session-or-credential", permissions: ["cad.view", "cad.incidents.create"] }
const CAD_VIEW = { access: "session-or-credential", permissions: ["cad.view"] }

const program = Effect.gen(function*() {
  const incident = yield* createIncident(control, {
    type: "Fire",
    priority: "IMMEDIATE",
    location: "A1 J4",
    description: "Smoke from a warehouse",
    controlNotes: ""
  }).pipe(admitted(CREATE_INCIDENT, control))
  assert.equal(incident.status, "OPEN")
  assert.equal(incident.type, "Fire")
  const history = yield* listCadEvents({}, { limit: 10, offset: 0 }).pipe(admitted(CAD_VIEW, control))
  assert.deepEqual(history.items.map((event) => event.type), ["INCIDENT_CREATED"])

  const client = yield* makeBluelightClient({ baseUrl: "http://127.0.0.1:1" })
  assert.equal(typeof client.cadIncidents.createIncident, "function")
  assert.equal(typeof client.cadEvents.listCadEvents, "function")
  return incident
}).pipe(Effect.provide(testPorts()))

// The tool's layer on a database nobody serves: building it fails with the driver's error, before any port is used.
const unreachable = await Effect.runPromiseExit(
  listCalls("WAITING", { limit: 1, offset: 0 }).pipe(
    admitted(CAD_VIEW, control),
    Effect.provide(layerBluelightPostgres({ url: "postgres://bluelight@127.0.0.1:1/none" }))
  )
)
assert.ok(Exit.isFailure(unreachable), "no database, no ports")
assert.equal(unreachable.cause.reasons.find((reason) => reason._tag === "Fail")?.error._tag, "SqlError")
assert.equal(typeof DatabaseSchemaMismatch, "function")

assert.equal(typeof BluelightApi, "function")
assert.ok("callerNumber" in callFields, "the contract's call fields come from a deep import")
const incident = await Effect.runPromise(program)
console.log(`outside the workspace: incident ${incident.number} opened on the in-memory ports; the client is made`)
