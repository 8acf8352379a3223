import { type HttpServerRequest, HttpServerResponse } from "effect/http"
import { createHash } from "node:crypto"

/** Escapes text for an HTML element or a double- or single-quoted attribute. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" })[c]!)

/**
 * Whether the client asked for HTML: a browser's navigation names `text/html`
 * in `Accept`, an API client (fetch, curl, the reference) does not, and keeps
 * the JSON envelope. A `q=0` entry refuses the type.
 */
export const wantsHtml = (request: HttpServerRequest.HttpServerRequest): boolean =>
  (request.headers["accept"] ?? "").split(",").some((range) => {
    const [type = "", ...params] = range.split(";").map((part) => part.trim().toLowerCase())
    return type === "text/html" && !params.some((param) => /^q=0(?:\.0{0,3})?$/.test(param))
  })

const STYLE = `
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1b1f24;line-height:1.45}
h1{font-size:1.5rem;margin-bottom:.2rem}h2{font-size:1.1rem;margin-top:1.6rem}
.lead{color:#444}.muted{color:#5b6470;font-size:.9rem}
a.button,button{display:inline-block;padding:.5rem .9rem;border:1px solid #1f4f8f;border-radius:.4rem;background:#1f4f8f;color:#fff;
text-decoration:none;font:inherit;cursor:pointer}
a.button.secondary,button.secondary{background:#fff;color:#1f4f8f}
.actions{display:flex;flex-wrap:wrap;gap:.6rem;align-items:center;margin:1rem 0}.actions form{margin:0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}dt{font-weight:600}dd{margin:0}
ul.permissions{columns:2;padding-left:1.2rem}code{font-size:.9em}
.problem{border-left:4px solid #b3261e;padding:.4rem .8rem;background:#fdf3f2}
`

const STYLE_HASH = createHash("sha256").update(STYLE, "utf8").digest("base64")

/**
 * The policy of every page Bluelight renders: nothing loads from anywhere
 * (no scripts at all), the one inline style is allowed by its hash, forms post
 * only to this origin, and no other site may frame the page.
 */
export const PAGE_POLICY = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`

/**
 * A whole page around `main` (already escaped HTML). `Referrer-Policy` is
 * `same-origin`, not `no-referrer`: under `no-referrer` a browser sends
 * `Origin: null` with a form post, which the origin check refuses.
 */
export const page = (
  title: string,
  main: string,
  options: { readonly status?: number; readonly headers?: Readonly<Record<string, string>> } = {}
): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${main}
</body>
</html>
`,
    { contentType: "text/html; charset=utf-8", status: options.status ?? 200, headers: { ...pageHeaders, ...options.headers } }
  )

/** The headers a rendered page carries beside the ones every response has. */
export const pageHeaders: Readonly<Record<string, string>> = {
  "content-security-policy": PAGE_POLICY,
  "referrer-policy": "same-origin"
}
