#!/usr/bin/env node
// Builds the web client into packages/web/dist (Vite), then writes each hashed file's brotli and gzip
// forms beside it (`.br`, `.gz`), which the server sends as they are. Skipped when the last build is
// newer than everything it is made of (the web client's sources, and the built client, contract and
// core it bundles), so a second `npm start` does not build it again. `--force` builds anyway.
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"

const root = fileURLToPath(new URL("../..", import.meta.url))
const web = join(root, "packages/web")
const dist = join(web, "dist")
const stamp = join(dist, ".built")

/** What the bundle is made of: the app's own files, and what it imports from the workspace, built. */
const INPUTS = [
  join(web, "src"),
  join(web, "index.html"),
  join(web, "vite.config.ts"),
  join(web, "package.json"),
  join(root, "package-lock.json"),
  join(root, "packages/client/dist"),
  join(root, "packages/api/dist"),
  join(root, "packages/core/dist")
]

const newest = async (path) => {
  const info = await stat(path).catch(() => null)
  if (info === null) return 0
  if (!info.isDirectory()) return info.mtimeMs
  const entries = await readdir(path)
  const times = await Promise.all(entries.map((entry) => newest(join(path, entry))))
  return Math.max(info.mtimeMs, ...times)
}

const filesUnder = async (dir) => {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])))
  return nested.flat()
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const started = performance.now()
const built = await stat(stamp).then((info) => info.mtimeMs, () => 0)
if (
  !process.argv.includes("--force") && built > 0 && built >= (await newest(INPUTS[0])) &&
  (await Promise.all(INPUTS.map(newest))).every((time) => time <= built)
) {
  console.log("web client: up to date (packages/web/dist)")
  process.exit(0)
}

const { build } = await import("vite")
await rm(dist, { recursive: true, force: true })
await build({ root: web, logLevel: "warn", configFile: join(web, "vite.config.ts") })

// Brotli at its best (11) and gzip at 9: spent once per build, on a few hundred kilobytes.
const compressible = (await filesUnder(dist)).filter((path) => /\.(js|css|html|svg|json|txt)$/.test(path))
await Promise.all(compressible.map(async (path) => {
  const bytes = await readFile(path)
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipAsync(bytes, { level: 9 })
  ])
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
}))
await mkdir(dist, { recursive: true })
await writeFile(stamp, `${new Date().toISOString()}\n`)
console.log(`web client: built into packages/web/dist in ${Math.round(performance.now() - started)} ms`)
