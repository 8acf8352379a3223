import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"

/**
 * The repository's lint configuration (`.oxlintrc.json`, `npm run lint`) against small files written
 * for the purpose: its own rule `bluelight/no-floating-effect` (scripts/lint/effectPlugin.js) and the
 * type-aware `typescript/no-floating-promises`, which runs oxlint-tsgolint on TypeScript 7.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url))
const directory = mkdtempSync(join(tmpdir(), "bluelight-lint-"))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

writeFileSync(
  join(directory, "tsconfig.json"),
  JSON.stringify({ compilerOptions: { strict: true, module: "NodeNext", target: "ES2022", noEmit: true, types: [] }, include: ["*.ts"] })
)

interface Finding {
  readonly rule: string
  readonly line: number
}

/** Lints one file with the repository's configuration; answers each finding's rule and line. */
const lint = (name: string, source: string): ReadonlyArray<Finding> => {
  writeFileSync(join(directory, name), source)
  const run = spawnSync(
    join(ROOT, "node_modules/.bin/oxlint"),
    ["-c", join(ROOT, ".oxlintrc.json"), "--type-aware", "--format=json", name],
    {
      cwd: directory,
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, OXLINT_TSGOLINT_PATH: join(ROOT, "node_modules/.bin/tsgolint") }
    }
  )
  expect(run.error).toBeUndefined()
  const report = JSON.parse(run.stdout) as {
    readonly diagnostics: ReadonlyArray<{ readonly code: string; readonly labels: ReadonlyArray<{ readonly span: { readonly line: number } }> }>
  }
  // oxlint fails exactly when it found something.
  expect(run.status, run.stderr).toBe(report.diagnostics.length === 0 ? 0 : 1)
  return report.diagnostics.map((d) => ({ rule: d.code, line: d.labels[0]!.span.line }))
}

describe("npm run lint's rules against dropped work", () => {
  it("reports an Effect built as a statement and never run", () => {
    const findings = lint(
      "floating.ts",
      [
        `import { Effect, Queue } from "effect"`,
        `import * as Console from "effect/Console"`,
        `export const program = (queue: Queue.Queue<number>) => Effect.gen(function*() {`,
        `  Effect.log("x")`,
        `  Effect.log("y").pipe(Effect.annotateLogs("k", "v"))`,
        `  Queue.offer(queue, 1)`,
        `  Console.log("z")`,
        `  yield* Effect.void`,
        `})`,
        ``
      ].join("\n")
    )
    expect(findings).toEqual([4, 5, 6, 7].map((line) => ({ rule: "bluelight(no-floating-effect)", line })))
  })

  it("passes an Effect that is yielded, returned, assigned, passed, run or dropped with void", () => {
    const findings = lint(
      "used.ts",
      [
        `import { Effect, Queue } from "effect"`,
        `export const program = (queue: Queue.Queue<number>) => Effect.gen(function*() {`,
        `  yield* Effect.log("x")`,
        `  const logged = Effect.log("y")`,
        `  yield* Effect.forEach([1, 2], (n) => Effect.log(n))`,
        `  Queue.offerUnsafe(queue, 1)`,
        `  Effect.runFork(logged)`,
        `  void Effect.log("on purpose")`,
        `  return yield* Effect.log("z")`,
        `})`,
        `/** Not effect's module: a local object that happens to be named Effect. */`,
        `const Local = { log: (text: string) => text }`,
        `export const other = () => { Local.log("x") }`,
        ``
      ].join("\n")
    )
    expect(findings).toEqual([])
  })

  it("reports a Promise left floating (type-aware, through oxlint-tsgolint) and passes one awaited", () => {
    const findings = lint(
      "promises.ts",
      [
        `const later = async () => 1`,
        `export const dropped = () => {`,
        `  later()`,
        `}`,
        `export const awaited = async () => {`,
        `  await later()`,
        `  void later()`,
        `}`,
        ``
      ].join("\n")
    )
    expect(findings).toEqual([{ rule: "typescript(no-floating-promises)", line: 3 }])
  })
})
