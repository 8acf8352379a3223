/**
 * The packages as an outside tool gets them: `@bluelight/core`, `@bluelight/api`, `@bluelight/client` and
 * `@bluelight/adapters-pg` are packed (each `prepack` builds its package), their tarballs are listed (built JavaScript and declarations only,
 * no sources, no tests), then installed with `effect` into a fresh folder outside the workspace. There
 * `examples/outside/check.mjs` imports them and runs the real rules on the in-memory ports, and
 * `examples/outside/types.ts`, the same tool in TypeScript, type-checks against the packages' declarations with no
 * Node types (as a browser has none), and `examples/outside/tool.ts`, an internal tool on the Postgres layer, with them.
 *
 * Also held here: the four carry the API description's version (`packages/api/src/Api.ts`), and the folder
 * holds one copy of `effect` (the packages take it as a peer). Any failure ends the run with the reason.
 *
 * `npm run check:packages`; `.ci/run` runs it after the type check. `KEEP_OUTSIDE=1` keeps the folder.
 */
import { execFileSync } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { runExamples } from "./examples.mjs"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..")
const PACKAGES = ["core", "api", "client", "adapters-pg"]

/** Stops the check with `message`: the CI stage fails and says why. */
const fail = (message) => {
  console.error(`check:packages: ${message}`)
  process.exit(1)
}

/** Runs `command`, its output shown, and answers what it printed when `capture` is set; its failure ends the check. */
const run = (command, args, cwd, capture = false) => {
  try {
    return execFileSync(command, args, { cwd, encoding: "utf8", stdio: capture ? ["ignore", "pipe", "inherit"] : "inherit" })
  } catch (error) {
    // A captured output (the packing's, with its builds) is what says why: show it before ending.
    if (capture && error.stdout) process.stderr.write(error.stdout)
    return fail(`\`${[command, ...args].join(" ")}\` in ${cwd} failed (exit ${error.status ?? error.signal ?? error.code}): see above`)
  }
}

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"))

// The version rule: the four packages carry the API description's version, and depend on each other exactly.
const apiSource = readFileSync(join(root, "packages/api/src/Api.ts"), "utf8")
const apiVersion = /OpenApi\.annotations\(\{[^}]*?version: "([^"]+)"/s.exec(apiSource)?.[1]
if (apiVersion === undefined) fail("no version found in the API description (packages/api/src/Api.ts)")
const manifests = Object.fromEntries(PACKAGES.map((name) => [name, readJson(join(root, "packages", name, "package.json"))]))
const effectVersion = readJson(join(root, "node_modules/effect/package.json")).version
const nodeTypesVersion = readJson(join(root, "node_modules/@types/node/package.json")).version
for (const [name, manifest] of Object.entries(manifests)) {
  if (manifest.version !== apiVersion) fail(`${manifest.name} is ${manifest.version}, the API description ${apiVersion}`)
  if (manifest.private) fail(`${manifest.name} is private`)
  if (manifest.peerDependencies?.effect !== effectVersion) {
    fail(`${manifest.name} must take effect ${effectVersion} (the workspace's) as a peer`)
  }
  if (manifest.dependencies?.effect !== undefined) fail(`${manifest.name} depends on effect: a tool would load two copies`)
  for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
    if (dependency.startsWith("@bluelight/") && range !== apiVersion) fail(`${manifest.name} depends on ${dependency} ${range}, not ${apiVersion}`)
  }
  console.log(`${manifest.name} ${manifest.version} (packages/${name})`)
}

const outside = mkdtempSync(join(tmpdir(), "bluelight-packages-"))
if (resolve(outside).startsWith(root)) fail(`${outside} is inside the workspace`)
console.log(`packing into ${outside}`)

// Packing runs each package's prepack (its build); the listing says what a tool would receive.
const packed = JSON.parse(
  run("npm", ["pack", "--json", "--pack-destination", outside, ...PACKAGES.flatMap((name) => ["--workspace", `packages/${name}`])], root, true)
)
const tarballs = {}
for (const entry of packed) {
  const paths = entry.files.map((file) => file.path)
  const stray = paths.filter((path) => !(path.startsWith("dist/") || path === "package.json" || path === "README.md"))
  if (stray.length > 0) fail(`${entry.name} packs more than its build: ${stray.join(", ")}`)
  if (paths.some((path) => path.endsWith(".map") || path.endsWith(".tsbuildinfo"))) fail(`${entry.name} packs maps or build state`)
  if (paths.some((path) => path.includes("testHooks"))) fail(`${entry.name} packs the test server's endpoints (testHooks)`)
  const manifest = Object.values(manifests).find((candidate) => candidate.name === entry.name)
  for (const target of Object.values(manifest.exports).flatMap((conditions) => Object.values(conditions))) {
    if (target.includes("*")) continue
    if (!paths.includes(target.replace(/^\.\//, ""))) fail(`${entry.name} exports ${target}, which is not in its tarball`)
  }
  tarballs[entry.name] = join(outside, entry.filename)
  console.log(`${entry.filename}: ${paths.length} files, ${entry.size} bytes`)
}
for (const manifest of Object.values(manifests)) {
  if (tarballs[manifest.name] === undefined) fail(`${manifest.name} was not packed`)
}

// A fresh tool: its own package.json, the four tarballs and effect, nothing from the workspace.
const tool = join(outside, "tool")
mkdirSync(tool)
writeFileSync(
  join(tool, "package.json"),
  JSON.stringify(
    {
      name: "bluelight-outside-check",
      private: true,
      type: "module",
      dependencies: { ...Object.fromEntries(Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`])), effect: effectVersion },
      devDependencies: { "@types/node": nodeTypesVersion }
    },
    null,
    2
  )
)
run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], tool)

// One copy of effect: every path npm knows it at is the top-level one.
const effects = run("npm", ["ls", "effect", "--all", "--parseable"], tool, true).split("\n").filter((line) => line.trim() !== "")
const copies = [...new Set(effects)]
if (copies.length !== 1 || copies[0] !== join(tool, "node_modules/effect")) fail(`effect is installed ${copies.length} times: ${copies.join(", ")}`)
const nested = PACKAGES.filter((name) => readdirSync(join(tool, "node_modules/@bluelight", name)).includes("node_modules"))
if (nested.length > 0) fail(`@bluelight/${nested.join(", @bluelight/")} installed dependencies of their own`)

// The tool runs its program on the installed build, and its TypeScript twin type-checks against the declarations
// (with the workspace's compiler: it resolves modules from the tool's folder, not from the workspace).
for (const file of ["check.mjs", "types.ts", "tool.ts", "tsconfig.json", "tsconfig.node.json"]) {
  copyFileSync(join(root, "examples/outside", file), join(tool, file))
}
run(process.execPath, ["check.mjs"], tool)
for (const [project, file] of [["tsconfig.json", "types.ts"], ["tsconfig.node.json", "tool.ts"]]) {
  run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", project], tool)
  console.log(`examples/outside/${file} type-checks against the installed declarations (${project})`)
}

// The examples on the installed packages: the harness on the in-memory ports, the bot against a real server, the
// internal tool on that server's database.
try {
  await runExamples({ root, tool })
} catch (error) {
  fail(`the examples failed: ${error.message}`)
}

if (process.env.KEEP_OUTSIDE === "1") console.log(`kept ${outside}`)
else rmSync(outside, { recursive: true, force: true })
console.log("check:packages: the four packages install and run outside the workspace")
