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

/** Every module specifier in a file: static imports and exports, dynamic imports, require calls. */
const specifiers = (source: string): Array<string> => [
  ...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g),
  ...source.matchAll(/import\s*['"]([^'"]+)['"]/g),
  ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ...source.matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g)
].map((match) => match[1]!)

const allowed = (specifier: string) => specifier === "effect" || specifier.startsWith("effect/") || specifier.startsWith(".")

describe("the dependency rule: core depends on effect alone", () => {
  it("imports nothing but effect and its own modules", () => {
    const offending = sourceFiles(SRC).flatMap((file) =>
      specifiers(readFileSync(file, "utf8")).filter((s) => !allowed(s)).map((s) => `${relative(SRC, file)}: ${s}`)
    )
    expect(offending).toEqual([])
  })

  it("declares no dependency but effect", () => {
    const pkg = JSON.parse(readFileSync(PACKAGE_JSON, "utf8")) as { dependencies?: Record<string, string> }
    expect(Object.keys(pkg.dependencies ?? {})).toEqual(["effect"])
  })

  it("the check itself catches a foreign import", () => {
    const found = specifiers(`import { Pool } from "pg"\nimport type { X } from "./x.js"\nconst fs = await import("node:fs")`)
    expect(found.filter((s) => !allowed(s))).toEqual(["pg", "node:fs"])
  })
})
