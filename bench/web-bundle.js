// The web client's first page, by weight (WEB.md's budget: its JavaScript at
// most 200 kB gzip-compressed). Read from the build: packages/web/dist/index.html,
// the scripts and style sheets it loads and the scripts those import
// statically; each file raw, gzip (level 9, as the build precompresses) and
// brotli (quality 11). The rooms' chunks (dynamic imports, fetched when a room
// opens) are listed apart. Then the real way: `/` loaded signed out in headless
// Chromium against a started server, the JavaScript bytes it transferred summed.
//
//   npm run bench:web-bundle
//   npm run bench:web-bundle -- --no-browser     # the files only, no server and no browser
//
// Postgres for the server: TEST_DATABASE_URL, else DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres (a fresh database, dropped at the end).
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parseArgs } from "node:util"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import { launchChromium, recordTransfers } from "./browser.js"
import { runBench } from "./cleanup.js"
import { pinningPlan } from "./cpu.js"
import { freshPostgres, postgresServerUrl } from "./database.js"
import { root, startBluelight } from "./servers.js"
import { firstPageFiles, preloadsOf, resolvePath, staticClosure } from "./webAssets.js"

const { values: flags } = parseArgs({ options: { "no-browser": { type: "boolean", default: false } } })
/** WEB.md's budget, in bytes (kB of 1000 bytes: the stricter reading). */
export const BUDGET_GZIP_BYTES = 200_000
const dist = join(root, "packages/web/dist")

const read = (path) => readFileSync(join(dist, path))
const weigh = (path) => {
  const bytes = read(path)
  return {
    path,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length
  }
}
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
const total = (files, field) => files.reduce((sum, file) => sum + file[field], 0)
const row = (file) => `  ${file.path.padEnd(40)} ${kB(file.raw).padStart(10)} ${kB(file.gzip).padStart(10)} ${kB(file.brotli).padStart(10)}`
const table = (title, files) => [
  title,
  `  ${"file".padEnd(40)} ${"raw".padStart(10)} ${"gzip -9".padStart(10)} ${"brotli 11".padStart(10)}`,
  ...files.map(row),
  ...(files.length > 1 ? [row({ path: "total", raw: total(files, "raw"), gzip: total(files, "gzip"), brotli: total(files, "brotli") })] : [])
]

/** The first page read from the build: its scripts (static closure), style sheets and the rooms' chunks. */
const fromBuild = () => {
  const html = readFileSync(join(dist, "index.html"), "utf8")
  const page = firstPageFiles(html)
  const readCode = (path) => read(path).toString("utf8")
  const first = staticClosure(page.scripts.map((src) => new URL(src, "http://origin/").pathname), readCode)
  const rooms = first.dynamic.map((chunk) => ({ chunk, ...staticClosure([chunk], readCode) }))
  // A room's CSS is not imported by its script: Vite's preload helper fetches it beside the chunk.
  const preloads = first.scripts.flatMap((path) => preloadsOf(readCode(path)).map((p) => ({ ...p, chunk: resolvePath(path, p.specifier) })))
  const roomStyles = (chunk) => [...new Set(preloads.filter((p) => p.chunk === chunk).flatMap((p) => p.preloads))].filter((path) => path.endsWith(".css"))
  return {
    scripts: first.scripts.map(weigh),
    styles: page.styles.map((href) => weigh(new URL(href, "http://origin/").pathname)),
    rooms: rooms.map((room) => ({
      chunk: room.chunk,
      files: [...room.scripts.filter((path) => !first.scripts.includes(path)), ...roomStyles(room.chunk)].map(weigh)
    }))
  }
}

/**
 * `/` signed out in Chromium, as it asks (`acceptEncoding` undefined) or
 * asking for one coding only: the JavaScript and CSS responses and their
 * transferred body bytes.
 */
async function inChromium(base, browser, acceptEncoding) {
  const context = await browser.newContext(acceptEncoding === undefined ? {} : { extraHTTPHeaders: { "accept-encoding": acceptEncoding } })
  const page = await context.newPage()
  const transfers = recordTransfers(page)
  await page.goto(`${base}/`, { waitUntil: "networkidle" })
  await page.getByRole("button", { name: "Sign in" }).first().waitFor()
  const seen = await transfers.all()
  await context.close()
  return seen.map((t) => ({ ...t, path: new URL(t.url).pathname })).filter((t) => t.type === "script" || t.type === "stylesheet")
}

/** The files the browser loaded against the build's first page: answers whether they agree, after printing them. */
const compare = (title, loaded, build, gzipTotal) => {
  console.log(`\n${title}:`)
  for (const t of loaded) console.log(`  ${t.path.padEnd(40)} ${t.type.padEnd(10)} ${t.coding.padEnd(8)} ${kB(t.bodyBytes).padStart(10)}`)
  const scripts = loaded.filter((t) => t.type === "script")
  const transferred = total(scripts, "bodyBytes")
  const codings = [...new Set(scripts.map((t) => t.coding))]
  const expected = scripts.reduce((sum, t) => {
    const file = build.scripts.find((f) => f.path === t.path)
    return sum + (file === undefined ? NaN : t.coding === "br" ? read(`${t.path}.br`).length : t.coding === "gzip" ? read(`${t.path}.gz`).length : file.raw)
  }, 0)
  const sameFiles = scripts.length === build.scripts.length && scripts.every((t) => build.scripts.some((f) => f.path === t.path))
  const agree = sameFiles && transferred === expected
  console.log(
    `  JavaScript transferred: ${kB(transferred)} (${codings.join(", ")}) in ${scripts.length} file(s); the build's precompressed files of the same coding: ` +
      `${kB(expected)}; ${agree ? "they agree" : "they DISAGREE"}` + (codings.includes("gzip") ? ` (gzip -9 above: ${kB(gzipTotal)})` : "")
  )
  return agree
}

runBench(async () => {
  const build = fromBuild()
  const lines = [
    ...table("first page, JavaScript (index.html's module scripts and preloads, and their static imports):", build.scripts),
    ...table("first page, CSS:", build.styles),
    ...build.rooms.flatMap((room) => table(`after opening ${room.chunk} (its chunk, what it imports that the first page has not loaded, its CSS):`, room.files))
  ]
  for (const line of lines) console.log(line)
  const gzipTotal = total(build.scripts, "gzip")
  const verdict = gzipTotal <= BUDGET_GZIP_BYTES ? "OK" : "MISSED"
  console.log(
    `\nfirst page JavaScript: ${kB(gzipTotal)} gzip (budget ${kB(BUDGET_GZIP_BYTES)}, ${
      (100 * gzipTotal / BUDGET_GZIP_BYTES).toFixed(0)
    } % of it) ${verdict}; ` +
      `${kB(total(build.scripts, "brotli"))} brotli, ${kB(total(build.scripts, "raw"))} raw`
  )
  if (!flags["no-browser"]) {
    const database = await freshPostgres(postgresServerUrl)
    const server = await startBluelight(pinningPlan(), database, { name: "bluelight-web-bundle" })
    const browser = await launchChromium()
    const asItAsks = await inChromium(server.base, browser, undefined)
    const gzipOnly = await inChromium(server.base, browser, "gzip")
    const agree = [
      compare("in Chromium, `/` signed out, as it asks (transferred body bytes, in the coding the server chose)", asItAsks, build, gzipTotal),
      compare("in Chromium asking for gzip only (Accept-Encoding: gzip)", gzipOnly, build, gzipTotal)
    ]
    if (agree.includes(false)) throw new Error("the browser loaded other JavaScript than the build's first page")
  }
  if (verdict !== "OK") throw new Error(`the first page's JavaScript is over its budget: ${kB(gzipTotal)} gzip`)
})
