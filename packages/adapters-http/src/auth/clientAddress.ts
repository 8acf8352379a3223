import { Option } from "effect"
import type { HttpServerRequest } from "effect/http"
import { isIP } from "node:net"

/**
 * An IPv6 address cut to its /64 network, which one client commonly holds
 * whole (any of its 2^64 addresses is the same client); `undefined` when the
 * text is not an IPv6 address.
 */
const ipv6Network = (address: string): string | undefined => {
  const bare = address.split("%", 1)[0]!
  if (isIP(bare) !== 6) return undefined
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"))
  const [head, tail] = bare.split("::") as [string, string?]
  const left = groupsOf(head)
  // A dotted IPv4 ending stands for the last two groups; they are past the /64 anyway.
  const right = tail === undefined ? [] : groupsOf(tail).flatMap((group) => (group.includes(".") ? ["0", "0"] : [group]))
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16)).join(":")}::/64`
}

/**
 * What sign-in starts are counted by for one address: IPv4 as it is (an
 * IPv4-mapped IPv6 address as its IPv4), IPv6 by its /64 network, anything
 * else (no socket address) as `unknown`.
 */
export const addressKey = (address: string | undefined): string => {
  if (address === undefined) return "unknown"
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped !== null) return mapped[1]!
  if (isIP(address) === 4) return address
  return ipv6Network(address) ?? "unknown"
}

/**
 * The address of the client behind a request. The socket's peer, unless
 * `trustedProxyHops` (`TRUSTED_PROXY_HOPS`) says that many reverse proxies of
 * our own stand in front: then the address the outermost of them saw, read
 * from the right of `X-Forwarded-For` (each proxy appends the peer it saw;
 * anything further left is whatever the client sent, and never trusted). A
 * header shorter than the hops, or an entry that is not an address, falls
 * back to the socket's peer.
 */
export const clientAddress = (request: HttpServerRequest.HttpServerRequest, trustedProxyHops: number): string => {
  const peer = Option.getOrUndefined(request.remoteAddress)
  if (trustedProxyHops === 0) return addressKey(peer)
  const forwarded = (request.headers["x-forwarded-for"] ?? "").split(",").map((entry) => entry.trim()).filter((entry) => entry !== "")
  const seen = forwarded[forwarded.length - trustedProxyHops]
  return addressKey(seen !== undefined && isIP(seen) !== 0 ? seen : peer)
}
