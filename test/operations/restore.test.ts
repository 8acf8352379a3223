/**
 * Issue 19: the backup and restore commands of docs/operations.md, run as
 * written. The commands are read out of the document (the shell block after
 * each `<!-- tested: … -->` marker), so a wrong command there fails here.
 *
 * On Postgres (`TEST_DATABASE_URL` set): a server on a fresh database writes
 * an audit entry, a CAD event and PNC history through the API; the database
 * is dumped with the documented `pg_dump`, restored with the documented
 * commands into a new database, and a server on the restored database reads
 * the same records back. On PGlite (unset): the same with the embedded
 * default, its DATA_DIR copied while the server is stopped.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { randomBytes } from "node:crypto"
import pg from "pg"
import { describe, expect, it } from "vitest"
import { listOf } from "../harness/body.js"
import { asSession, CONTROL_PERMISSIONS, createIncident, credentialWith } from "../harness/cad.js"
import type { TestDatabase } from "../harness/database.js"
import { cookieRead, type Session, signIn, write } from "../harness/identity.js"
import { type RunningServer, type StartOptions, startServer } from "../harness/server.js"
import { testDatabaseUrl } from "../harness/settings.js"

const OPERATIONS = fileURLToPath(new URL("../../docs/operations.md", import.meta.url))

/** The shell block that follows `<!-- tested: name -->` in docs/operations.md. */
const documented = (name: string): string => {
  const text = readFileSync(OPERATIONS, "utf8")
  const match = new RegExp(`<!-- tested: ${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(text)
  if (match === null) throw new Error(`docs/operations.md has no shell block marked "tested: ${name}"`)
  return match[1]!
}

/** Runs a documented block with bash, stopping at the first failing command. */
const run = (name: string, env: Record<string, string>) =>
  execFileSync("bash", ["-euo", "pipefail", "-c", documented(name)], {
    env: { PATH: process.env["PATH"] ?? "", ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"]
  })

const ADMIN = "restore-admin"
const ENV = { BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN, RATE_LIMIT_WRITES_PER_MINUTE: "1000", RATE_LIMIT_READS_PER_MINUTE: "1000" }

interface Written {
  readonly civilianId: string
  readonly incidentId: string
}

/** An audit entry, a CAD event and PNC history, written through the API. */
const writeRecords = async (server: RunningServer, admin: Session): Promise<Written> => {
  const control = asSession(server, admin)
  await credentialWith(server, admin, CONTROL_PERMISSIONS, "restore control")
  const incident = await createIncident(control, { location: "Restore Road" })
  const civilian = await write(server, admin, "POST", "/api/civilians", {
    fullName: "Rita Restore",
    dateOfBirth: "1990-05-14",
    gender: "FEMALE",
    address: "1 Backup Lane"
  })
  expect(civilian.status, civilian.text).toBe(201)
  return { civilianId: (civilian.body as { data: { id: string } }).data.id, incidentId: incident.id }
}

/** What the API answers for those records: read before the backup and again after the restore. */
const readRecords = async (server: RunningServer, admin: Session, written: Written) => {
  const read = async (path: string) => {
    const reply = await server.request("GET", path, { headers: cookieRead(admin) })
    expect(reply.status, `${path}: ${reply.text}`).toBe(200)
    return listOf<Record<string, unknown>>(reply).data
  }
  return {
    audit: await read("/api/audit?limit=100"),
    cad: await read(`/api/cad/events?limit=100&incidentId=${written.incidentId}`),
    pnc: await read(`/api/pnc/events?civilianId=${written.civilianId}`),
    civilian: (await server.request("GET", `/api/pnc/civilians/${written.civilianId}`, { headers: cookieRead(admin) })).body
  }
}

const expectMeaningful = (records: Awaited<ReturnType<typeof readRecords>>) => {
  const actions = records.audit.map((entry) => entry["action"])
  expect(actions).toContain("service.issued")
  expect(records.cad.map((event) => event["type"])).toContain("INCIDENT_CREATED")
  expect(records.pnc.map((event) => event["type"])).toContain("CIVILIAN_CREATED")
}

/**
 * Starts a server, signs the administrator in, writes the records and reads
 * them back, runs `whileUp` (a backup taken live), then stops it cleanly.
 */
const seededServer = async (options: StartOptions, whileUp: () => void = () => {}) => {
  const first = await startServer(options)
  try {
    const admin = await signIn(first, { id: ADMIN, displayName: "Admin" })
    const written = await writeRecords(first, admin)
    const before = await readRecords(first, admin, written)
    expectMeaningful(before)
    whileUp()
    return { admin, written, before }
  } finally {
    expect(await first.stop()).toBe(0)
  }
}

if (testDatabaseUrl !== undefined) {
  const serverUrl = testDatabaseUrl
  const urlOf = (name: string) => {
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    return url.toString()
  }
  /** A database this test made and drops itself, for a server to start on. */
  const existing = (name: string): TestDatabase => {
    const url = urlOf(name)
    const unused = () => Promise.reject(new Error("this test drops its databases itself"))
    return { kind: "postgres", url, poolSize: 5, query: unused, makeUnreachable: unused, dispose: async () => {} }
  }
  const onServer = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }

  describe("backup and restore on Postgres", () => {
    it("pg_dump, then pg_restore into a new database: a server on it reads the same audit, CAD and PNC records", async () => {
      const suffix = randomBytes(6).toString("hex")
      const source = `bluelight_backup_${suffix}`
      const restored = `bluelight_restored_${suffix}`
      const dir = mkdtempSync(join(tmpdir(), "bluelight-backup-"))
      const backupFile = join(dir, "bluelight.dump")
      await onServer(`CREATE DATABASE ${source}`)
      try {
        const database = existing(source)
        // The documented backup runs while the server is up.
        const { admin, written, before } = await seededServer(
          { database, env: ENV },
          () => run("postgres-backup", { DATABASE_URL: database.url, BACKUP_FILE: backupFile })
        )

        run("postgres-restore", { POSTGRES_URL: serverUrl, RESTORE_DB: restored, RESTORE_URL: urlOf(restored), BACKUP_FILE: backupFile })

        const second = await startServer({ database: existing(restored), env: ENV })
        try {
          // The session cookie is a row of the restored database too: the same administrator reads.
          expect(await readRecords(second, admin, written)).toEqual(before)
          // It takes new writes: the schema, sequences and triggers came back whole.
          const history = await write(second, admin, "POST", "/api/civilians", {
            fullName: "Rita After",
            dateOfBirth: "1990-05-14",
            gender: "FEMALE",
            address: "2 Backup Lane"
          })
          expect(history.status, history.text).toBe(201)
        } finally {
          expect(await second.stop()).toBe(0)
        }
        const client = new pg.Client({ connectionString: urlOf(restored) })
        await client.connect()
        try {
          for (const table of ["audit_log", "cad_events", "pnc_events"]) {
            await expect(client.query(`DELETE FROM ${table}`), table).rejects.toThrow(/append-only/)
            await expect(client.query(`TRUNCATE ${table}`), table).rejects.toThrow(/append-only|truncate/i)
          }
        } finally {
          await client.end()
        }
      } finally {
        rmSync(dir, { recursive: true, force: true })
        await onServer(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`)
        await onServer(`DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`)
      }
    })
  })
} else {
  describe("backup and restore of the embedded default", () => {
    it("DATA_DIR copied while stopped: a server on the copy reads the same audit, CAD and PNC records", async () => {
      const dir = mkdtempSync(join(tmpdir(), "bluelight-backup-"))
      const dataDir = join(dir, "data")
      const backupDir = join(dir, "backup")
      const restoredDir = join(dir, "restored")
      try {
        const { admin, written, before } = await seededServer({ database: null, env: { ...ENV, DATA_DIR: dataDir } })
        run("pglite-backup", { DATA_DIR: dataDir, BACKUP_DIR: backupDir })
        run("pglite-restore", { DATA_DIR: restoredDir, BACKUP_DIR: backupDir })

        const second = await startServer({ database: null, env: { ...ENV, DATA_DIR: restoredDir } })
        try {
          expect(await readRecords(second, admin, written)).toEqual(before)
        } finally {
          expect(await second.stop()).toBe(0)
        }
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })
}
