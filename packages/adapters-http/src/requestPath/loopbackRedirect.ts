import type { HttpServerRequest } from "effect/http"
import { pathnameOf } from "./routes.js"

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"])

const defaultPort = (protocol: string) => (protocol === "https:" ? "443" : "80")

/** The host name (lower case, IPv6 in brackets) and port of a `Host` header, if it parses. */
const parseHost = (host: string, protocol: string): { readonly name: string; readonly port: string } | undefined => {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d+))?$/i.exec(host.trim())
  return match === null ? undefined : { name: match[1]!.toLowerCase(), port: match[2] ?? defaultPort(protocol) }
}

/**
 * What a person opens in a browser: every page outside `/api`, the reference,
 * and the sign-in and link flows. The JSON API answers on any name: its
 * clients carry no cookie of this origin, and a redirect would only break them.
 */
const isBrowserPage = (method: string, pathname: string) =>
  (method === "GET" || method === "HEAD") &&
  (!pathname.startsWith("/api/") || pathname === "/api/docs" || pathname.startsWith("/api/auth/"))

/**
 * Where to send a request instead of answering it, if anywhere: outside
 * production, when `APP_URL` names a loopback host, a page asked for on the
 * other loopback name at the same port (`127.0.0.1` for `localhost`, or the
 * reverse) goes to the same path on `APP_URL`. Cookies belong to a host
 * name, so otherwise the sign-in state cookie is set on one name and the
 * provider returns to the other, and the session cookie is missing from the
 * pages opened on the first. Only the origin is taken from `APP_URL`, so the
 * redirect cannot leave it. A plain function the request path asks first.
 */
export const loopbackRedirect = (options: { readonly appUrl: string; readonly production: boolean }) => {
  const app = new URL(options.appUrl)
  const appName = app.hostname.toLowerCase()
  const appPort = app.port === "" ? defaultPort(app.protocol) : app.port
  // The usual request names the application's own host exactly: it passes without parsing.
  const appHost = app.host.toLowerCase()
  if (options.production || !LOOPBACK_NAMES.has(appName)) return (): string | undefined => undefined
  return (request: HttpServerRequest.HttpServerRequest): string | undefined => {
    const hostHeader = request.headers["host"] ?? ""
    if (hostHeader === appHost || !request.url.startsWith("/")) return undefined
    const host = parseHost(hostHeader, app.protocol)
    const elsewhere = host !== undefined && host.name !== appName && LOOPBACK_NAMES.has(host.name) && host.port === appPort
    return elsewhere && isBrowserPage(request.method, pathnameOf(request.url)) ? `${app.origin}${request.url}` : undefined
  }
}
