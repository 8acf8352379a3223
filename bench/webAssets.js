// What the web client's first page loads, read from the built files as a
// browser reads them: index.html's module scripts, module preloads and style
// sheets, then each script's static imports (fetched before it runs), but
// not its dynamic `import()`s (the rooms' chunks, fetched when a room opens).

const attributes = (tag) =>
  Object.fromEntries([...tag.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)].map((m) => [m[1].toLowerCase(), m[2] ?? m[3] ?? m[4] ?? ""]))

/** The files `html` makes the browser fetch at once: `{ scripts, styles }`, as the URLs written there. */
export const firstPageFiles = (html) => {
  const scripts = []
  const styles = []
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice(1, -1).replace(/^\w+/, ""))
    if (/^<script/i.test(tag) && attrs.src !== undefined) scripts.push(attrs.src)
    const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/)
    if (/^<link/i.test(tag) && rel.includes("modulepreload") && attrs.href !== undefined) scripts.push(attrs.href)
    if (/^<link/i.test(tag) && rel.includes("stylesheet") && attrs.href !== undefined) styles.push(attrs.href)
  }
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] }
}

const quoted = String.raw`(?:"([^"]+)"|'([^']+)'|` + "`([^`$]+)`)"
const staticImport = new RegExp(String.raw`(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?${quoted}`, "g")
const dynamicImport = new RegExp(String.raw`\bimport\(\s*${quoted}\s*\)`, "g")
const specifier = (m) => m[1] ?? m[2] ?? m[3]

/**
 * The module specifiers of `code` (a built ES module): `static` (import and
 * export … from, fetched before the module runs) and `dynamic` (`import(…)`
 * with a literal specifier, fetched when the code runs it).
 */
export const importsOf = (code) => ({
  static: [...new Set([...code.matchAll(staticImport)].map(specifier))],
  dynamic: [...new Set([...code.matchAll(dynamicImport)].map(specifier))]
})

/** `specifier` written in the file served at `from` (a path such as `/assets/index.js`), as a path. */
export const resolvePath = (from, specifier) => new URL(specifier, new URL(from, "http://origin/")).pathname

/**
 * The scripts loaded with `entries` (paths): each and, transitively, its
 * static imports, in the order found; `read(path)` answers a script's code.
 * Answers `{ scripts, dynamic }`: the paths loaded, and the dynamic imports
 * met on the way that they do not already hold.
 */
export const staticClosure = (entries, read) => {
  const scripts = []
  const dynamic = []
  const visit = (path) => {
    if (scripts.includes(path)) return
    scripts.push(path)
    const found = importsOf(read(path))
    for (const next of found.static) visit(resolvePath(path, next))
    for (const next of found.dynamic) dynamic.push(resolvePath(path, next))
  }
  for (const entry of entries) visit(entry)
  return { scripts, dynamic: [...new Set(dynamic)].filter((path) => !scripts.includes(path)) }
}

/**
 * What Vite's preload helper fetches beside each dynamic import of `code`:
 * `import("./Room.js"),__vite__mapDeps([0,2])` names entries of the module's
 * `m.f=[…]` list (paths from the site's root), the chunk's own CSS among them.
 * Answers, per dynamic import with such a list, its specifier and those paths.
 */
export const preloadsOf = (code) => {
  const list = /m\.f\s*\|\|\s*\(\s*m\.f\s*=\s*\[([^\]]*)\]/.exec(code)
  if (list === null) return []
  const paths = [...list[1].matchAll(new RegExp(quoted, "g"))].map((m) => `/${specifier(m).replace(/^\//, "")}`)
  return [...code.matchAll(new RegExp(String.raw`\bimport\(\s*${quoted}\s*\)\s*,\s*__vite__mapDeps\(\s*\[([\d,\s]*)\]`, "g"))].map((m) => ({
    specifier: specifier(m),
    preloads: m[4].split(",").filter((n) => n.trim() !== "").map((n) => paths[Number(n)])
  }))
}
