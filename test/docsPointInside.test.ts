/**
 * The documents a newcomer reads stay inside the repository. A clone has no
 * design notes from outside it, so no source, test, script or document may
 * cite them by name; every `docs/…` path a file names must exist; a quoted
 * heading after a `docs/….md` path (`docs/decisions/cad.md, "Versions"`)
 * must be a heading of that page; and every relative link of a Markdown file
 * must reach a file (and, with `#anchor`, a heading of it).
 */
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync, statSync } from "node:fs"
import { dirname, join, normalize, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const ROOT = fileURLToPath(new URL("..", import.meta.url))

/** The outside documents, spelt so that this file does not name them itself. */
const OUTSIDE = new RegExp(`\\b(?:${["API", "DESIGN"].join("|")})\\.md\\b`)

const SCANNED = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|json|md|ya?ml|sh)$/

/** Every file of the repository that git tracks or would track (untracked but not ignored), text only. */
const repositoryFiles = (): ReadonlyArray<string> =>
  execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && (SCANNED.test(file) || file.startsWith(".ci/")))
    .filter((file) => !file.endsWith("package-lock.json") && existsSync(join(ROOT, file)) && statSync(join(ROOT, file)).isFile())

/** A Markdown heading as GitHub makes its anchor: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-")

/** The headings of a Markdown file, as written (without the `#`s and backticks). */
const headingsOf = (file: string): ReadonlyArray<string> =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => /^#{1,6}\s/.test(line))
    .map((line) => line.replace(/^#+\s+/, "").replace(/`/g, "").trim())

/** A file's text with comment continuations joined, so a citation wrapped over two comment lines reads as one. */
const joinedText = (text: string): string => text.replace(/\n\s*(?:\*(?!\/)|\/\/|#(?!#))?\s*/g, " ")

/** Markdown with its fenced blocks and code spans taken out: a `[a](b)` inside code is not a link. */
const withoutCode = (text: string): string => text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "")

/** A `docs/…` path not inside another path or a URL, ending on a letter, digit, `_` or `-`. */
const DOCS_PATH = /(?<![\w/.-])docs\/[\w./-]*[\w-]/g

/** What follows a path when it cites a heading: `, "Heading"`, ` ("Heading"`, `` `, "Heading" ``. */
const CITED_HEADING = /^`?\s*[,(]\s*"([A-Z][^"()]*)"/

const names = (heading: string, headings: ReadonlyArray<string>): boolean =>
  headings.some((candidate) => candidate === heading || candidate.startsWith(`${heading} (`))

describe("documents point inside the repository", () => {
  const files = repositoryFiles()

  it("scans the sources, tests, scripts and documents", () => {
    expect(files).toContain("docs/decisions.md")
    expect(files).toContain("README.md")
    expect(files.some((file) => file.startsWith("packages/core/src/"))).toBe(true)
  })

  it("cites no design note from outside the repository", () => {
    const citing = files.filter((file) => OUTSIDE.test(readFileSync(join(ROOT, file), "utf8")))
    expect(citing, "cite the repository's own page instead (docs/decisions/…)").toEqual([])
  })

  it("names only docs/ paths that exist, and only headings those pages have", () => {
    const broken: Array<string> = []
    for (const file of files) {
      const text = joinedText(readFileSync(join(ROOT, file), "utf8"))
      for (const match of text.matchAll(DOCS_PATH)) {
        const path = match[0]
        const target = join(ROOT, path)
        if (!existsSync(target)) {
          broken.push(`${file}: ${path} does not exist`)
          continue
        }
        const heading = CITED_HEADING.exec(text.slice(match.index + path.length, match.index + path.length + 120))?.[1]
        if (heading !== undefined && path.endsWith(".md") && !names(heading.trim(), headingsOf(target))) {
          broken.push(`${file}: ${path} has no heading "${heading}"`)
        }
      }
    }
    expect(broken).toEqual([])
  })

  it("links, in every Markdown file, only to files and headings that exist", () => {
    const broken: Array<string> = []
    for (const file of files.filter((name) => name.endsWith(".md"))) {
      const text = withoutCode(readFileSync(join(ROOT, file), "utf8"))
      for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (link === undefined || /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith("/")) continue
        const [path = "", anchor] = link.split("#")
        const target = path === "" ? join(ROOT, file) : normalize(join(dirname(join(ROOT, file)), path))
        if (!existsSync(target)) {
          broken.push(`${file}: ${link} (${relative(ROOT, target)} does not exist)`)
          continue
        }
        if (anchor !== undefined && target.endsWith(".md") && !headingsOf(target).some((heading) => anchorOf(heading) === anchor)) {
          broken.push(`${file}: ${link} (no such heading)`)
        }
      }
    }
    expect(broken).toEqual([])
  })

  it("fails on an outside citation and on a missing page (the checks can fail)", () => {
    expect(OUTSIDE.test(`see ${"API"}.md, "History"`)).toBe(true)
    expect(OUTSIDE.test(`see ${"DESIGN"}.md`)).toBe(true)
    expect(OUTSIDE.test("see docs/decisions/cad.md and OPENAPI.md")).toBe(false)
    const nowhere = ` (${["docs", "decisions", "nowhere.md"].join("/")}) `
    expect([...nowhere.matchAll(DOCS_PATH)].map((match) => existsSync(join(ROOT, match[0])))).toEqual([false])
    expect(CITED_HEADING.exec(`, "Versions") on the locked row`)?.[1]).toBe("Versions")
    expect(joinedText("(docs/decisions/cad.md,\n * \"Versions\")")).toBe("(docs/decisions/cad.md, \"Versions\")")
    expect(anchorOf("Errors declared as the wire envelope")).toBe("errors-declared-as-the-wire-envelope")
    expect(withoutCode("`[.f](Z)` and [cad](decisions/cad.md)")).toBe(" and [cad](decisions/cad.md)")
  })
})
