/**
 * A server killed with `kill -9` mid-write (issue 19). Many incidents are
 * opened at once; each is one transaction writing the incident, its CAD
 * history entry (`INCIDENT_CREATED`) and its audit entry
 * (`cad.incident.created`). Once a quarter of them have been answered, the
 * server is killed at one of two moments, made certain by a proxy between it
 * and its database (`connectionCutter`):
 * - the instant a write sends its audit entry: that transaction has written
 *   its incident and history entry, the statement is withheld, and it never
 *   commits;
 * - the instant a write's `COMMIT` has been done by the database: its answer
 *   is withheld, so the write is kept and never answered.
 * A new server on the same database then shows every write answered `201`
 * with its history and audit entry, and every unanswered write either wholly
 * there or wholly absent: no incident without both entries, no entry without
 * its incident; the first moment's write is absent, the second's there. On
 * Postgres and on the test PGlite alike (the PGlite is served by the test
 * process, so it outlives the server).
 */
import type { CadEventView } from "@bluelight/core/cad"
import { afterAll, expect, it } from "vitest"
import type { AuditEntryData } from "../harness/audit.js"
import { dataOf, listOf } from "../harness/body.js"
import type { IncidentData } from "../harness/cad.js"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { bearer, cookieRead, issueCredential, type Session, signIn } from "../harness/identity.js"
import { type Reply, type RunningServer, startServer } from "../harness/server.js"
import { testDatabaseUrl } from "../harness/settings.js"
import { connectionCutter } from "./connectionCutter.js"
import { reportCoverage } from "./coverage.js"

/** Writes in flight together. */
const WRITES = 40
/** How many are answered before the kill is armed. */
const ANSWERED_FIRST = 10

const cleanup: Array<() => Promise<unknown>> = []
const coverage: Array<string> = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
  reportCoverage(`kill -9 mid-write (${testDatabaseUrl === undefined ? "pglite" : "postgres"})`, coverage.join("; "))
})

/** Every item of a list, page by page. */
const everyItem = async <T>(server: RunningServer, path: string, headers: Record<string, string>): Promise<Array<T>> => {
  const items: Array<T> = []
  for (let offset = 0;; offset += 100) {
    const page = listOf<T>(await server.request("GET", `${path}${path.includes("?") ? "&" : "?"}limit=100&offset=${offset}`, { headers }))
    items.push(...page.data)
    if (!page.meta.hasMore) return items
  }
}

type CadEventData = typeof CadEventView.Encoded

type Cutter = Awaited<ReturnType<typeof connectionCutter>>

/** When the server is killed, and what that proves of the write caught then, by the incidents found and the writes answered. */
const MOMENTS: ReadonlyArray<
  { readonly name: string; readonly hold: (cutter: Cutter) => Promise<void>; readonly caught: (found: number, answered: number) => void }
> = [
  {
    name: "as a write sends its audit entry",
    hold: (cutter) => cutter.holdWhen("INSERT INTO audit_log"),
    // The caught write is absent: fewer incidents than writes.
    caught: (found) => expect(found).toBeLessThan(WRITES)
  },
  {
    name: "as a write's COMMIT is done",
    hold: (cutter) => cutter.holdAfter("COMMIT"),
    // The caught write is there, unanswered: more incidents than answers.
    caught: (found, answered) => expect(found).toBeGreaterThan(answered)
  }
]

for (const moment of MOMENTS) {
  it(`kill -9 ${moment.name}: every answered write is there with its history and audit entry, no unanswered write is half there`, async () => {
    const database: TestDatabase = await freshDatabase()
    cleanup.push(() => database.dispose())
    const cutter = await connectionCutter(database.url)
    cleanup.push(() => cutter.close())
    const env = { BLUELIGHT_ADMIN_IDENTITY_IDS: "crash-admin", RATE_LIMIT_WRITES_PER_MINUTE: "1000" }
    // The database is passed in, so stopping a server leaves it be.
    const first = await startServer({ process: true, database: { ...database, url: cutter.url }, env })
    cleanup.push(() => first.stop("SIGKILL"))
    const admin: Session = await signIn(first, { id: "crash-admin" })
    const control = bearer((await issueCredential(first, admin, { name: "Crash control", scopes: ["cad.incidents.create", "cad.view"] })).token)

    const locations = Array.from({ length: WRITES }, (_, i) => `Crash write ${i}`)
    let count = 0
    let enoughAnswered: () => void = () => {}
    const answered = new Promise<void>((resolve) => (enoughAnswered = resolve))
    const writes = locations.map((location) =>
      first.request("POST", "/api/cad/incidents", { headers: control, body: { type: "Road traffic collision", priority: "IMMEDIATE", location } }).then(
        (reply): Reply | undefined => {
          if (reply.status === 201 && ++count === ANSWERED_FIRST) enoughAnswered()
          return reply
        },
        () => undefined
      )
    )
    const settled = Promise.all(writes)
    await Promise.race([answered, settled])
    const held = moment.hold(cutter)
    await Promise.race([held, settled.then(() => Promise.reject(new Error("every write ended before one could be caught mid-write")))])
    await first.stop("SIGKILL")
    const replies = await settled

    // Every write that was answered was answered 201; the others got no answer at all.
    const answers = replies.filter((reply) => reply !== undefined)
    for (const reply of answers) expect(reply.status, reply.text).toBe(201)
    const answeredIds = new Set(answers.map((reply) => dataOf<IncidentData>(reply).id))
    expect(answeredIds.size).toBeGreaterThanOrEqual(ANSWERED_FIRST)
    expect(answeredIds.size).toBeLessThan(WRITES)

    const second = await startServer({ database, env })
    cleanup.push(() => second.stop())
    const incidents = (await everyItem<IncidentData>(second, "/api/cad/incidents?status=OPEN", control))
      .filter((incident) => incident.location.startsWith("Crash write "))
    const history = (await everyItem<CadEventData>(second, "/api/cad/events", control)).filter((entry) => entry.type === "INCIDENT_CREATED")
    const audit = await everyItem<AuditEntryData>(second, "/api/audit?action=cad.incident.created", cookieRead(admin))

    const ids = new Set(incidents.map((incident) => incident.id))
    for (const id of answeredIds) expect(ids.has(id), `answered incident ${id} is there`).toBe(true)
    // Each incident there has exactly one history entry and one audit entry, and every entry its incident.
    expect(history.map((entry) => entry.incidentId).sort()).toEqual([...ids].sort())
    expect(audit.map((entry) => entry.targetId).sort()).toEqual([...ids].sort())
    // No write was made twice; the one caught is absent or there, as the moment says.
    expect(new Set(incidents.map((incident) => incident.location)).size).toBe(incidents.length)
    moment.caught(incidents.length, answeredIds.size)
    // The new server writes as before.
    const after = await second.request("POST", "/api/cad/incidents", {
      headers: control,
      body: { type: "After the crash", priority: "SCHEDULED", location: "A2" }
    })
    expect(after.status, after.text).toBe(201)
    coverage.push(
      `killed ${moment.name}: ${WRITES} writes, ${answeredIds.size} answered, ` +
        `${incidents.length - answeredIds.size} unanswered wholly there, ${WRITES - incidents.length} wholly absent`
    )
  })
}
