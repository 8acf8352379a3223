import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const SRC = fileURLToPath(new URL("../src", import.meta.url))
const PACKAGE_JSON = fileURLToPath(new URL("../package.json", import.meta.url))

const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : []
  })

/** Every module specifier in a file: static imports and exports, dynamic imports. */
const specifiers = (source: string): Array<string> => [
  ...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g),
  ...source.matchAll(/import\s*['"]([^'"]+)['"]/g),
  ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)
].map((match) => match[1]!)

const allowed = (specifier: string) =>
  specifier === "effect" || specifier.startsWith("effect/") || specifier.startsWith("@bluelight/core/") || specifier.startsWith(".")

describe("the contract depends on effect and the core alone", () => {
  it("imports nothing but effect, the core and its own modules (no server code, no node:*)", () => {
    const offending = sourceFiles(SRC).flatMap((file) =>
      specifiers(readFileSync(file, "utf8")).filter((s) => !allowed(s)).map((s) => `${relative(SRC, file)}: ${s}`)
    )
    expect(offending).toEqual([])
  })

  it("declares no dependency but effect and @bluelight/core", () => {
    const pkg = JSON.parse(readFileSync(PACKAGE_JSON, "utf8")) as { dependencies?: Record<string, string> }
    expect(Object.keys(pkg.dependencies ?? {}).sort()).toEqual(["@bluelight/core", "effect"])
  })
})
