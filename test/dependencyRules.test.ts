import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
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
   * The walls between the core's bounded contexts (docs/architecture.md, "The contexts"): a file
   * reaches another context only through what that context publishes, its `index.ts`, so a
   * context's other files are its own to change; and no context depends on itself through others,
   * so each index loads before whatever imports it. Within a context, files import each other freely.
   */
  describe("the core's contexts", () => {
    const src = join(packageDir("core"), "src")
    const CONTEXTS = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory()).sort()

    /**
     * Which contexts each context uses (docs/architecture.md, "The contexts"): the kernel and
     * identity are everyone's; the game builds on CAD and moderation; the testing kit implements
     * every context's ports. A new edge is a design change: it is made here and on that page.
     */
    const USES: Record<string, ReadonlyArray<string>> = {
      audit: ["kernel"],
      cad: ["identity", "kernel"],
      civilians: ["identity", "kernel"],
      game: ["cad", "identity", "kernel", "moderation"],
      identity: ["kernel"],
      kernel: [],
      moderation: ["identity", "kernel"],
      shifts: ["identity", "kernel"],
      system: [],
      testing: ["audit", "cad", "civilians", "game", "identity", "kernel", "moderation", "shifts", "webhooks"],
      webhooks: ["identity", "kernel"]
    }

    /** One import from a file of one context into another: the importing file (under src), the specifier, and the context it lands in. */
    interface Crossing {
      readonly file: string
      readonly specifier: string
      readonly from: string
      readonly to: string
    }

    /** The relative imports of `source` (at `file`, under `root`) that land outside the file's own context. */
    const crossingsOf = (root: string, file: string, source: string): Array<Crossing> => {
      const shown = relative(root, file)
      const from = shown.split(sep)[0]!
      return specifiers(source).filter((s) => s.startsWith(".")).flatMap((specifier) => {
        const to = relative(root, resolve(dirname(file), specifier)).split(sep)[0]!
        return to === from ? [] : [{ file: shown, specifier, from, to }]
      })
    }

    /** Whether a crossing goes through the other context's index, as `../<context>/index.js`. */
    const throughIndex = (crossing: Crossing) => crossing.specifier === `../${crossing.to}/index.js`

    /** Every cycle of the graph, each once, as the contexts it passes through back to its first (`game -> moderation -> game`). */
    const cyclesOf = (graph: ReadonlyMap<string, ReadonlySet<string>>): Array<string> => {
      const found = new Set<string>()
      const visit = (path: ReadonlyArray<string>) => {
        for (const next of graph.get(path.at(-1)!) ?? []) {
          const at = path.indexOf(next)
          if (at >= 0) {
            const cycle = path.slice(at)
            // One name per cycle whichever context it was entered from: started at its least context.
            const least = cycle.indexOf([...cycle].sort()[0]!)
            const turned = [...cycle.slice(least), ...cycle.slice(0, least)]
            found.add([...turned, turned[0]].join(" -> "))
          } else visit([...path, next])
        }
      }
      for (const start of graph.keys()) visit([start])
      return [...found].sort()
    }

    const graphOf = (crossings: ReadonlyArray<Crossing>) => {
      const graph = new Map<string, Set<string>>()
      for (const { from, to } of crossings) graph.set(from, (graph.get(from) ?? new Set()).add(to))
      return graph
    }

    const crossings = sourceFiles(src).flatMap((file) => crossingsOf(src, file, readFileSync(file, "utf8")))

    it("are the ten: kernel, identity, audit, system, civilians, cad, shifts, moderation, game and testing", () => {
      expect(CONTEXTS).toEqual(Object.keys(USES).sort())
    })

    it("a file reaches another context only through its index (../<context>/index.js), never its files", () => {
      expect(crossings.filter((crossing) => !throughIndex(crossing)).map(({ file, specifier }) => `${file}: ${specifier}`)).toEqual([])
    })

    it("the contexts' graph has no cycle", () => {
      expect(cyclesOf(graphOf(crossings))).toEqual([])
    })

    it("each context uses only the contexts docs/architecture.md gives it", () => {
      const used = graphOf(crossings)
      const beyond = CONTEXTS.flatMap((context) =>
        [...(used.get(context) ?? [])].filter((to) => !(USES[context] ?? []).includes(to)).map((to) => `${context} -> ${to}`)
      )
      expect(beyond).toEqual([])
    })

    it("the checks themselves catch a file reached past its index, a way out of src, and a cycle", () => {
      const root = join(sep, "core", "src")
      const found = crossingsOf(
        root,
        join(root, "game", "reads.ts"),
        `import { Accounts } from "../identity/index.js"\nimport type { Caller } from "../identity/Caller.js"\nimport { x } from "./ports.js"\nimport { y } from "../../test/y.js"`
      )
      expect(found.filter((crossing) => !throughIndex(crossing)).map(({ specifier, to }) => `${specifier} (${to})`)).toEqual([
        "../identity/Caller.js (identity)",
        "../../test/y.js (..)"
      ])
      const graph = new Map([["game", new Set(["moderation", "kernel"])], ["moderation", new Set(["game", "kernel"])], ["kernel", new Set<string>()]])
      expect(cyclesOf(graph)).toEqual(["game -> moderation -> game"])
      expect(cyclesOf(new Map([["a", new Set(["b"])], ["b", new Set(["c"])], ["c", new Set(["a"])]]))).toEqual(["a -> b -> c -> a"])
      expect(cyclesOf(new Map([["kernel", new Set<string>()], ["cad", new Set(["kernel"])]]))).toEqual([])
    })
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
   * The development identity provider and game platform are stand-ins for external services, not
   * an adapter (docs/decisions/identity.md): they build on effect and node alone, and only the
   * composition root mounts them (the black-box tests and the server's own tests use them too).
   */
  describe("the development providers", () => {
    const packagesRoot = fileURLToPath(new URL("../packages", import.meta.url))

    it("import nothing but effect, node:* and their own modules", () => {
      const src = join(packageDir("dev-providers"), "src")
      const offending = sourceFiles(src).flatMap((file) =>
        specifiers(readFileSync(file, "utf8")).filter((s) => !permitted(["effect"])(s) && !s.startsWith("node:")).map((s) => `${relative(src, file)}: ${s}`)
      )
      expect(offending).toEqual([])
    })

    it("declare exactly effect and @types/node, at exact versions", () => {
      const pkg = JSON.parse(readFileSync(join(packageDir("dev-providers"), "package.json"), "utf8")) as {
        dependencies?: Record<string, string>
        devDependencies?: Record<string, string>
        peerDependencies?: Record<string, string>
      }
      expect({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies }).toEqual({ "@types/node": "24.19.2", effect: "4.1.0" })
    })

    it("are imported and declared by no package but the server", () => {
      const others = readdirSync(packagesRoot).filter((name) => !["dev-providers", "server"].includes(name))
      const offending = others.flatMap((name) => {
        const dir = packageDir(name)
        const files = ["src", "test"].flatMap((part) => existsSync(join(dir, part)) ? sourceFiles(join(dir, part)) : [])
        const imports = files.flatMap((file) =>
          specifiers(readFileSync(file, "utf8")).filter((s) => s === "@bluelight/dev-providers" || s.startsWith("@bluelight/dev-providers/")).map((s) =>
            `${name}/${relative(dir, file)}: ${s}`
          )
        )
        const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
          dependencies?: Record<string, string>
          devDependencies?: Record<string, string>
        }
        const declared = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((dep) => dep === "@bluelight/dev-providers").map((dep) =>
          `${name}/package.json: ${dep}`
        )
        return [...imports, ...declared]
      })
      expect(offending).toEqual([])
    })
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
