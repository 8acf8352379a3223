import { BluelightApi } from "@bluelight/api"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { OpenApi } from "effect/http-api"
import { describe, expect, it } from "vitest"

/**
 * What is published and how (docs/decisions/operations-and-deployment.md, "Packages"), held without packing:
 * the four published packages carry the API description's version and ship their build only; everything
 * else stays private. `npm run check:packages` packs and installs them for real.
 */
interface Manifest {
  readonly name: string
  readonly version: string
  readonly private?: boolean
  readonly license?: string
  readonly files?: ReadonlyArray<string>
  readonly scripts?: Record<string, string>
  readonly publishConfig?: Record<string, string>
}

const manifest = (path: string): Manifest => JSON.parse(readFileSync(fileURLToPath(new URL(`../${path}/package.json`, import.meta.url)), "utf8"))

const PUBLISHED = ["packages/core", "packages/api", "packages/client", "packages/adapters-pg"]
const PRIVATE = ["packages/adapters-game", "packages/adapters-http", "packages/adapters-redis", "packages/dev-providers", "packages/server", "test", "."]

describe("the published packages", () => {
  it("carry the API description's version, all four", () => {
    const described = OpenApi.fromApi(BluelightApi).info.version
    expect(PUBLISHED.map((path) => manifest(path).version)).toEqual(PUBLISHED.map(() => described))
  })

  it("are publishable with restricted access, licensed as the community's own, and pack their build alone", () => {
    for (const path of PUBLISHED) {
      const pkg = manifest(path)
      expect(pkg.private, pkg.name).toBeUndefined()
      expect(pkg.license, pkg.name).toBe("UNLICENSED")
      expect(pkg.publishConfig, pkg.name).toEqual({ access: "restricted" })
      // The contract leaves out the endpoints only a test server serves (`testHooks/`).
      const left = path === "packages/api" ? ["!dist/testHooks"] : []
      expect(pkg.files, pkg.name).toEqual(["dist", "!dist/**/*.map", ...left, "README.md"])
      expect(pkg.scripts?.["prepack"], pkg.name).toBe("tsc --build")
    }
  })

  it("leave the server, the other adapters and the tests private", () => {
    expect(PRIVATE.filter((path) => manifest(path).private !== true)).toEqual([])
  })
})
