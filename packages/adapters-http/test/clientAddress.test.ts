import { Option } from "effect"
import { HttpServerRequest } from "effect/http"
import { describe, expect, it } from "vitest"
import { addressKey, clientAddress } from "../src/auth/clientAddress.js"

/** A request as node:http would hand it over, from `peer`, with these headers. */
const requestFrom = (peer: string | undefined, headers: Record<string, string> = {}) =>
  HttpServerRequest.fromWeb(new Request("http://127.0.0.1/api/auth/idp", { headers })).modify(
    peer === undefined ? {} : { remoteAddress: Option.some(peer) }
  )

describe("addressKey", () => {
  it("keeps IPv4, unwraps IPv4-mapped IPv6, and cuts IPv6 to its /64 network", () => {
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7")
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7")
    expect(addressKey("2001:db8:1:2::7")).toBe("2001:db8:1:2::/64")
    expect(addressKey("2001:0db8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64")
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64")
    expect(addressKey("::1")).toBe("0:0:0:0::/64")
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64")
    expect(addressKey("64:ff9b::198.51.100.7")).toBe("64:ff9b:0:0::/64")
  })

  it("answers unknown for no address or something that is not one", () => {
    expect(addressKey(undefined)).toBe("unknown")
    expect(addressKey("not an address")).toBe("unknown")
  })
})

describe("clientAddress", () => {
  it("is the socket's peer by default, whatever X-Forwarded-For says", () => {
    expect(clientAddress(requestFrom("198.51.100.7", { "x-forwarded-for": "203.0.113.1" }), 0)).toBe("198.51.100.7")
  })

  it("with trusted proxies, is the entry the outermost of them appended, never one the client wrote", () => {
    const viaOne = requestFrom("10.0.0.2", { "x-forwarded-for": "203.0.113.66, 198.51.100.7" })
    expect(clientAddress(viaOne, 1)).toBe("198.51.100.7")
    expect(clientAddress(viaOne, 2)).toBe("203.0.113.66")
    expect(clientAddress(requestFrom("10.0.0.2", { "x-forwarded-for": "198.51.100.7 ,2001:db8:1:2::5" }), 1)).toBe("2001:db8:1:2::/64")
  })

  it("falls back to the peer when the header is missing, too short or not an address", () => {
    expect(clientAddress(requestFrom("10.0.0.2"), 1)).toBe("10.0.0.2")
    expect(clientAddress(requestFrom("10.0.0.2", { "x-forwarded-for": "198.51.100.7" }), 2)).toBe("10.0.0.2")
    expect(clientAddress(requestFrom("10.0.0.2", { "x-forwarded-for": "nonsense" }), 1)).toBe("10.0.0.2")
    expect(clientAddress(requestFrom(undefined), 0)).toBe("unknown")
  })
})
