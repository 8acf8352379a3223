import { targetParts } from "./Webhook.js"

/**
 * Which targets a webhook may be sent to (docs/decisions/integrations.md,
 * "Outbound webhooks"): outside production anything `http(s):`; in
 * production `https:` only, and never an address that reaches the server's
 * own machine or network, unless the deployment allows private targets.
 */
export interface TargetPolicy {
  /** Whether the server runs in production. */
  readonly production: boolean
  /** `WEBHOOK_ALLOW_PRIVATE_TARGETS`: private and loopback addresses allowed even in production. */
  readonly allowPrivate: boolean
}

/** The four numbers of a dotted IPv4 address, or null. */
const ipv4Parts = (text: string): ReadonlyArray<number> | null => {
  const parts = text.split(".")
  if (parts.length !== 4) return null
  const numbers = parts.map((part) => /^\d{1,3}$/.test(part) ? Number(part) : NaN)
  return numbers.every((n) => n >= 0 && n <= 255) ? numbers : null
}

const ipv4Forbidden = ([a, b]: ReadonlyArray<number>): boolean =>
  a === 0 || // unspecified, "this network"
  a === 127 || // loopback
  a === 10 || // private
  (a === 172 && b! >= 16 && b! <= 31) ||
  (a === 192 && b === 168) ||
  (a === 169 && b === 254) || // link-local
  (a === 100 && b! >= 64 && b! <= 127) // carrier-grade NAT, shared address space

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail read as two), or null. */
const ipv6Groups = (text: string): ReadonlyArray<number> | null => {
  let address = text.toLowerCase()
  const zone = address.indexOf("%")
  if (zone >= 0) address = address.slice(0, zone)
  let tail: Array<number> = []
  const lastColon = address.lastIndexOf(":")
  if (address.slice(lastColon + 1).includes(".")) {
    const v4 = ipv4Parts(address.slice(lastColon + 1))
    if (v4 === null) return null
    tail = [v4[0]! * 256 + v4[1]!, v4[2]! * 256 + v4[3]!]
    address = `${address.slice(0, lastColon + 1)}0:0`
  }
  const halves = address.split("::")
  if (halves.length > 2) return null
  const read = (part: string) => part === "" ? [] : part.split(":").map((group) => /^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN)
  const head = read(halves[0]!)
  const rest = halves.length === 2 ? read(halves[1]!) : []
  if ([...head, ...rest].some(Number.isNaN)) return null
  const missing = 8 - head.length - rest.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest]
  if (tail.length === 2) groups.splice(6, 2, tail[0]!, tail[1]!)
  return groups
}

const ipv6Forbidden = (groups: ReadonlyArray<number>): boolean => {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number]
  const zeroUpTo5 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0
  if (zeroUpTo5 && g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) return true // unspecified, loopback
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address's rule.
  if (zeroUpTo5 && (g5 === 0xffff || g5 === 0)) return ipv4Forbidden([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff])
  if ((g0 & 0xfe00) === 0xfc00) return true // unique-local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true // site-local (deprecated) fec0::/10
  return false
}

/** Whether `address` is a literal IP address (IPv4 dotted, or IPv6 with or without brackets). */
export const isIpLiteral = (address: string): boolean => {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address
  return ipv4Parts(bare) !== null || (bare.includes(":") && ipv6Groups(bare) !== null)
}

/**
 * Whether a literal IP address is one a production server must not send to:
 * loopback, private, link-local, unique-local, unspecified (and the shared
 * address space). Text that is not an address answers false.
 */
export const isForbiddenAddress = (address: string): boolean => {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address
  const v4 = ipv4Parts(bare)
  if (v4 !== null) return ipv4Forbidden(v4)
  const v6 = bare.includes(":") ? ipv6Groups(bare) : null
  return v6 !== null && ipv6Forbidden(v6)
}

/** Host names that always name the machine itself. */
const isLocalName = (host: string): boolean => {
  const name = host.toLowerCase().replace(/\.$/, "")
  return name === "localhost" || name.endsWith(".localhost")
}

/**
 * Why a URL cannot be saved as a target under the policy, or null when it
 * can: in production, `http:` is refused, and so is a host that is a
 * forbidden literal address or `localhost` (names are resolved, and checked,
 * at each delivery: `resolvedRefusal`).
 */
export const targetRefusal = (url: string, policy: TargetPolicy): string | null => {
  const parsed = targetParts(url)
  if (parsed === null) return "must be an absolute URL"
  if (!policy.production) return null
  if (parsed.protocol !== "https:") return "must be an https: URL in production"
  if (policy.allowPrivate) return null
  if (isForbiddenAddress(parsed.hostname) || isLocalName(parsed.hostname)) {
    return "must not be a loopback, private, link-local, unique-local or unspecified address"
  }
  return null
}

/** Whether a delivery may go to `address`, the one the target's host resolved to, under the policy. */
export const resolvedAllowed = (address: string, policy: TargetPolicy): boolean => !policy.production || policy.allowPrivate || !isForbiddenAddress(address)
