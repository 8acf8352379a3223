/**
 * The audit insert failing, for every kind of change (issue 19). For each
 * action of the kernel's one list (`AUDIT_ACTIONS`), a recipe makes what the
 * change needs and sends the request; a trigger on `audit_log` makes the
 * insert of exactly that action fail inside the database. The request
 * fails with `500 INTERNAL_ERROR` and its request id, and nothing changed:
 * every table of the database is fingerprinted before and after. Then the
 * fault is removed and the same request succeeds, writing that action once.
 *
 * A few actions are written outside the request's one transaction by design
 * (a sign-in callback redeems its state first; a moderation record is
 * committed before the game is told): their recipes name the tables that may
 * change, and why, and prove that what was kept is the truth.
 *
 * The list drives the tests: an action without a recipe fails, and so does a
 * recipe for an action that is not listed. On Postgres and on the test PGlite
 * alike (the trigger is plain plpgsql).
 */
import type { GameServerSimulator } from "@bluelight/adapters-game"
import { AUDIT_ACTIONS, type AuditAction } from "@bluelight/core/kernel"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestDatabase } from "../harness/database.js"
import { expectError } from "../harness/expectations.js"
import { startServerWithSimulator } from "../harness/game.js"
import type { Session } from "../harness/identity.js"
import { type Reply, type RunningServer, UNLIMITED_RATES } from "../harness/server.js"
import { cadRecipes } from "./auditRecipes/cad.js"
import { chargeRecipes } from "./auditRecipes/charges.js"
import { civilianRecipes } from "./auditRecipes/civilians.js"
import { gameRecipes } from "./auditRecipes/game.js"
import { DEVELOPER_PASSWORD, identityRecipes } from "./auditRecipes/identity.js"
import { moderationRecipes } from "./auditRecipes/moderation.js"
import type { Recipe, Recipes, World } from "./auditRecipes/recipe.js"
import { shiftRecipes } from "./auditRecipes/shifts.js"
import { webhookRecipes } from "./auditRecipes/webhooks.js"
import { reportCoverage } from "./coverage.js"

const RECIPES: Recipes = {
  ...identityRecipes,
  ...shiftRecipes,
  ...civilianRecipes,
  ...chargeRecipes,
  ...cadRecipes,
  ...moderationRecipes,
  ...gameRecipes,
  ...webhookRecipes
}

let database: TestDatabase
let simulator: GameServerSimulator
let server: RunningServer
let admin: Session
let stop: () => Promise<void>
let covered = 0
beforeAll(async () => {
  ;({ simulator, server, admin, stop } = await startServerWithSimulator({
    admin: "audit-fault-admin",
    // The game's events are signed with the simulator's key (auditRecipes/game.ts).
    webhook: true,
    env: {
      BLUELIGHT_DEVELOPER_PASSWORD: DEVELOPER_PASSWORD,
      // Every recipe on one server, from one address: no budget may run out on the way.
      ...UNLIMITED_RATES
    }
  }))
  database = server.database!
  // The trigger's function; each test makes the trigger that calls it for its one action.
  await database.query(`
    CREATE FUNCTION proof_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'proof: audit insert refused';
    END
    $$`)
})
afterAll(async () => {
  reportCoverage("audit insert failing", `${covered} of ${AUDIT_ACTIONS.length} audit actions`)
  await stop?.()
})

const world = (): World => ({ server, database, admin, simulator })

/**
 * Every table of the database, each as one hash of all its rows. No table is
 * left out: what a failed request may change by design is named per recipe.
 * (Sequences are not tables: a rolled-back insert may spend a reference
 * number, as Postgres sequences do.)
 */
const fingerprint = async (): Promise<Map<string, string>> => {
  const tables = (await database.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name"
  )).rows.map((row) => row.name)
  const hashes = await database.query<{ name: string; hash: string }>(
    tables.map((name) => `SELECT '${name}' AS name, (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM "${name}" t) AS hash`).join(
      " UNION ALL "
    )
  )
  return new Map(hashes.rows.map((row) => [row.name, row.hash]))
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name)).sort()

const timesWritten = async (action: AuditAction) =>
  (await database.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = $1", [action])).rows[0]!.n

/** Sends with the insert of `action` into the audit log failing in the database (installed and removed while the server is idle). */
const withAuditFailing = async (action: AuditAction, send: () => Promise<Reply>): Promise<Reply> => {
  expect(action).toMatch(/^[a-z_.]+$/)
  await database.query(
    `CREATE TRIGGER proof_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.action = '${action}') EXECUTE FUNCTION proof_refuse_audit()`
  )
  try {
    return await send()
  } finally {
    await database.query("DROP TRIGGER proof_refuse_audit ON audit_log")
  }
}

const isListed = (action: string): action is AuditAction => (AUDIT_ACTIONS as ReadonlyArray<string>).includes(action)

const prove = async (action: AuditAction, recipe: Recipe) => {
  const send = await recipe.setup(world())
  const written = await timesWritten(action)
  const before = await fingerprint()

  const failed = await withAuditFailing(action, send)
  if (recipe.failed === undefined) {
    const error = expectError(failed, 500, "INTERNAL_ERROR")
    expect(error.message).not.toMatch(/proof|audit|trigger|sql/i)
  } else recipe.failed(failed)
  const allowed = recipe.mayChange ?? {}
  expect(changedTables(before, await fingerprint()).filter((table) => !(table in allowed)), "tables the failed request changed").toEqual([])
  expect(await timesWritten(action)).toBe(written)
  await recipe.after?.(world(), failed)

  const again = await send()
  if (recipe.succeeded === undefined) expect(again.status >= 200 && again.status < 300, again.text).toBe(true)
  else recipe.succeeded(again)
  expect(await timesWritten(action)).toBe(written + 1)
}

describe("the audit insert failing", () => {
  it("has recipes only for listed audit actions", () => {
    expect(Object.keys(RECIPES).filter((action) => !isListed(action))).toEqual([])
  })

  for (const action of AUDIT_ACTIONS) {
    const recipe = RECIPES[action]
    const kept = recipe?.mayChange === undefined ? "changes nothing" : "keeps only what was committed before it, by design"
    it(`${action}: the failed request ${kept}; it succeeds once the insert works`, async () => {
      if (recipe === undefined) expect.fail(`no recipe for the audit action ${action}: add one in test/proof/auditRecipes/`)
      await prove(action, recipe)
      covered++
    })
  }
})
