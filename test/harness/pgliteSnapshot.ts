import { PGlite } from "@electric-sql/pglite"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { TestProject } from "vitest/node"
import { testDatabaseUrl } from "./settings.js"

/**
 * Vitest's global set-up: when the tests run on PGlite, initdb runs once for
 * the whole run, here, and every test database starts from a copy of its
 * directory (`freshPglite` in database.ts). Answers the clean-up.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testDatabaseUrl !== undefined) {
    project.provide("pgliteSnapshot", undefined)
    return async () => {}
  }
  const directory = await mkdtemp(join(tmpdir(), "bluelight-pglite-"))
  const db = await PGlite.create()
  const tar = await db.dumpDataDir("none")
  await db.close()
  const path = join(directory, "initdb.tar")
  await writeFile(path, new Uint8Array(await tar.arrayBuffer()))
  project.provide("pgliteSnapshot", path)
  return () => rm(directory, { recursive: true, force: true })
}
