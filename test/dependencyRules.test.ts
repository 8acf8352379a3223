import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

/**
 * The dependency rule (docs/architecture.md, "The dependency rule") for the
 * packages other code builds on: what each may import, and what it declares.
 * The core depends on effect alone; the contract on effect and the core, so a
 * bot or the web client can use it without the server; the client on effect and
 * the contract, and none of them on `node:*` (they run in a browser too).
 */
const RULES = [
  { name: "core", imports: ["effect"], dependencies: { effect: "4.1.0" } },
  { name: "api", imports: ["effect", "@bluelight/core"], dependencies: { "@bluelight/core": "0.1.0", effect: "4.1.0" } },
  { name: "client", imports: ["effect", "@bluelight/api"], dependencies: { "@bluelight/api": "0.1.0", effect: "4.1.0" } }
] as const

const packageDir = (name: string) => fileURLToPath(new URL(`../packages/${name}`, import.meta.url))

const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(path) ? [path] : []
  })

/** Every module specifier in a file: static imports and exports, dynamic imports, require calls. */
const specifiers = (source: string): Array<string> =>
  [
    ...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/import\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...source.matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g)
  ].map((match) => match[1]!)

/** Whether `specifier` is one of the packages in `allowed` (or a subpath of one), or a module of the package's own. */
const permitted = (allowed: ReadonlyArray<string>) => (specifier: string) =>
  specifier.startsWith(".") || allowed.some((name) => specifier === name || specifier.startsWith(`${name}/`))

describe("the dependency rule", () => {
  for (const rule of RULES) {
    it(`${rule.name} imports nothing but ${rule.imports.join(" and ")} and its own modules`, () => {
      const src = join(packageDir(rule.name), "src")
      const offending = sourceFiles(src).flatMap((file) =>
        specifiers(readFileSync(file, "utf8")).filter((s) => !permitted(rule.imports)(s)).map((s) => `${relative(src, file)}: ${s}`)
      )
      expect(offending).toEqual([])
    })

    it(`${rule.name} declares exactly ${Object.keys(rule.dependencies).join(" and ")}, at exact versions, effect as a peer`, () => {
      const pkg = JSON.parse(readFileSync(join(packageDir(rule.name), "package.json"), "utf8")) as {
        dependencies?: Record<string, string>
        peerDependencies?: Record<string, string>
      }
      // effect is a peer (docs/decisions/operations-and-deployment.md, "Packages"): an installing tool holds one copy.
      expect(pkg.peerDependencies).toEqual({ effect: rule.dependencies.effect })
      expect(pkg.dependencies?.effect).toBeUndefined()
      expect({ ...pkg.dependencies, ...pkg.peerDependencies }).toEqual(rule.dependencies)
    })
  }

  it("the check itself catches a foreign import, a node module and a look-alike package name", () => {
    const found = specifiers(`import { Pool } from "pg"\nimport type { X } from "./x.js"\nconst fs = await import("node:fs")\nimport "effect-extra"`)
    expect(found.filter((s) => !permitted(["effect"])(s)).sort()).toEqual(["effect-extra", "node:fs", "pg"])
  })

  /**
   * An adapter imports the core (and the HTTP adapter the contract) and its own libraries, never
   * another adapter: what one needs of another comes through a core port the server provides.
   */
  describe("the adapters", () => {
    const ADAPTERS = readdirSync(fileURLToPath(new URL("../packages", import.meta.url))).filter((name) => name.startsWith("adapters-"))

    it("are the four: Postgres, the game server, HTTP and Redis", () => {
      expect(ADAPTERS.sort()).toEqual(["adapters-game", "adapters-http", "adapters-pg", "adapters-redis"])
    })

    for (const name of ADAPTERS) {
      it(`${name} neither imports nor declares another adapter, in its sources or its tests`, () => {
        const dir = packageDir(name)
        const offending = ["src", "test"].flatMap((part) => {
          const root = join(dir, part)
          return existsSync(root) ? sourceFiles(root).map((file) => [file, relative(dir, file)] as const) : []
        }).flatMap(([file, shown]) =>
          specifiers(readFileSync(file, "utf8")).filter((s) => s.startsWith("@bluelight/adapters-") && !s.startsWith(`@bluelight/${name}`)).map((s) =>
            `${shown}: ${s}`
          )
        )
        expect(offending).toEqual([])
        const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
          dependencies?: Record<string, string>
          devDependencies?: Record<string, string>
        }
        const declared = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
        expect(declared.filter((dep) => dep.startsWith("@bluelight/adapters-"))).toEqual([])
      })
    }
  })

  /**
   * The web client is a client like any other (WEB.md): it reaches the server through
   * `@bluelight/client` alone, never a server package, and runs in a browser (no `node:*`).
   */
  describe("the web client", () => {
    const WEB_IMPORTS = ["@bluelight/client", "@bluelight/api", "@bluelight/core", "effect", "react", "react-dom", "@tanstack/react-query", "wouter"]

    it(`imports nothing but ${WEB_IMPORTS.join(", ")}, its styles and its own modules`, () => {
      const src = join(packageDir("web"), "src")
      const offending = sourceFiles(src).flatMap((file) =>
        specifiers(readFileSync(file, "utf8")).filter((s) => !permitted(WEB_IMPORTS)(s)).map((s) => `${relative(src, file)}: ${s}`)
      )
      expect(offending).toEqual([])
    })

    it("declares the client, and no server package, at exact versions", () => {
      const pkg = JSON.parse(readFileSync(join(packageDir("web"), "package.json"), "utf8")) as {
        dependencies: Record<string, string>
        devDependencies: Record<string, string>
      }
      expect(pkg.dependencies["@bluelight/client"]).toBe("0.1.0")
      const all = { ...pkg.dependencies, ...pkg.devDependencies }
      expect(Object.keys(all).filter((name) => /^@bluelight\/(server|adapters-)/.test(name))).toEqual([])
      expect(Object.entries(all).filter(([, version]) => !/^\d+\.\d+\.\d+$/.test(version))).toEqual([])
    })
  })
})
