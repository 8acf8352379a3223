import { Effect } from "effect"
import { readdir, readFile } from "node:fs/promises"
import { extname, join, relative, sep } from "node:path"
import { type Compressed, compressed } from "../docs/compressed.js"

/** The built web client: its page (with what this server offers written in) and its hashed files by path (`/assets/index-Bx3k.js`). */
export interface WebFiles {
  readonly index: Compressed
  readonly assets: ReadonlyMap<string, Compressed>
}

/** What the page tells the client this server offers, so it shows only what works here. */
export interface WebOffers {
  readonly developerAccess: boolean
  readonly platformLink: boolean
}

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8"
}

const readIfThere = (path: string) => readFile(path).then((bytes) => new Uint8Array(bytes), () => undefined)

/**
 * A file and its compressed forms: the `.br` and `.gz` the build wrote beside it (scripts/web/build.mjs),
 * or, for a build that wrote none, compressed here once.
 */
const webFile = async (path: string, contents?: Uint8Array): Promise<Compressed> => {
  const identity = contents ?? new Uint8Array(await readFile(path))
  const [br, gzip] = contents === undefined ? await Promise.all([readIfThere(`${path}.br`), readIfThere(`${path}.gz`)]) : [undefined, undefined]
  return compressed(identity, TYPES[extname(path)] ?? "application/octet-stream", { quality: 11, br, gzip })
}

const filesUnder = async (dir: string): Promise<Array<string>> => {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  const nested = await Promise.all(entries.map((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path) : Promise.resolve(entry.name.endsWith(".br") || entry.name.endsWith(".gz") ? [] : [path])
  }))
  return nested.flat()
}

/** The page with the server's offers written in as a `<meta>` element (read by the client; no inline script). */
export const withOffers = (html: string, offers: WebOffers): string => {
  const named = [...(offers.developerAccess ? ["developer-access"] : []), ...(offers.platformLink ? ["platform-link"] : [])]
  return html.replace("</head>", `<meta name="bluelight-offers" content="${named.join(" ")}">\n</head>`)
}

/**
 * The built web client in `dir` (`packages/web/dist`), read once at start-up: `null` when it is not
 * there (a server installed without it), so the API still serves and `/` says what is missing.
 */
export const loadWebFiles = (dir: string, offers: WebOffers): Effect.Effect<WebFiles | null> =>
  Effect.promise(async () => {
    const page = await readFile(join(dir, "index.html"), "utf8").catch(() => undefined)
    if (page === undefined) return null
    const index = await webFile(join(dir, "index.html"), new TextEncoder().encode(withOffers(page, offers)))
    const paths = await filesUnder(join(dir, "assets"))
    const assets = await Promise.all(paths.map(async (path) => [`/${relative(dir, path).split(sep).join("/")}`, await webFile(path)] as const))
    return { index, assets: new Map(assets) }
  })
