import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8")

describe("the README", () => {
  it("shows the example bot exactly as examples/relayBot.ts has it (which the tests compile and run)", () => {
    const readme = read("../README.md")
    const example = read("../examples/relayBot.ts")
    const shown = /## Example: a bot relaying emergency calls\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1]
    expect(shown).toBe(example)
  })

  it("names only exports the package has", async () => {
    const exported = new Set(Object.keys(await import("@bluelight/client")))
    const named = [...read("../README.md").matchAll(/import \{([^}]+)\} from "@bluelight\/client"/g)]
      .flatMap((match) => match[1]!.split(",").map((name) => name.replace(/^\s*type\s+/, "").trim()))
      .filter((name) => name !== "" && name !== "type")
    expect(named.length).toBeGreaterThan(0)
    // Types leave nothing at run time: only values are checked.
    expect(named.filter((name) => !exported.has(name) && !["RetryOptions", "BluelightApiClient", "ApiError", "ApiErrorCode"].includes(name))).toEqual([])
  })
})
