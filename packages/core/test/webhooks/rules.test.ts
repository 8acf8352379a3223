import { afterAttempt, isForbiddenAddress, isIpLiteral, isWebhookUrl, MAX_ATTEMPTS, resolvedAllowed, targetRefusal } from "@bluelight/core/webhooks"
import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"

const production = { production: true, allowPrivate: false }
const development = { production: false, allowPrivate: false }
const lifted = { production: true, allowPrivate: true }

describe("isForbiddenAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.20",
    "169.254.169.254",
    "100.64.0.1",
    "::1",
    "[::1]",
    "::",
    "0:0:0:0:0:0:0:1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.1.2.3",
    "fc00::1",
    "fd12:3456:789a::1",
    "fe80::1",
    "fe80::1%eth0",
    "febf::1"
  ])("refuses %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true)
    expect(isIpLiteral(address)).toBe(true)
  })

  it.each([
    "8.8.8.8",
    "172.15.255.255",
    "172.32.0.0",
    "192.167.1.1",
    "169.253.1.1",
    "100.63.255.255",
    "100.128.0.0",
    "11.0.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "fec0::1".replace("fec0", "ff02")
  ])(
    "allows %s",
    (address) => expect(isForbiddenAddress(address)).toBe(false)
  )

  it.each(["example.com", "256.1.1.1", "1.2.3", "1:2:3:4:5:6:7:8:9", "::1::", "gggg::1"])("reads %s as no address", (text) => {
    expect(isIpLiteral(text)).toBe(false)
    expect(isForbiddenAddress(text)).toBe(false)
  })
})

describe("targetRefusal", () => {
  it("in production refuses http:, literal private addresses and localhost, and allows a public https: host", () => {
    expect(targetRefusal("https://hooks.example.com/in", production)).toBeNull()
    expect(targetRefusal("https://8.8.8.8/in", production)).toBeNull()
    expect(targetRefusal("http://hooks.example.com/in", production)).toMatch(/https/)
    for (
      const url of [
        "https://127.0.0.1/in",
        "https://[::1]:8443/in",
        "https://10.0.0.5/",
        "https://192.168.0.1",
        "https://169.254.169.254/latest",
        "https://[fd00::1]/",
        "https://0.0.0.0/",
        "https://localhost/",
        "https://api.localhost./"
      ]
    ) {
      expect(targetRefusal(url, production), url).toMatch(/loopback, private/)
    }
  })

  it("WEBHOOK_ALLOW_PRIVATE_TARGETS lifts the address rule but not https:", () => {
    expect(targetRefusal("https://127.0.0.1/in", lifted)).toBeNull()
    expect(targetRefusal("https://10.0.0.5/in", lifted)).toBeNull()
    expect(targetRefusal("http://10.0.0.5/in", lifted)).toMatch(/https/)
  })

  it("outside production allows http: and loopback", () => {
    expect(targetRefusal("http://127.0.0.1:9000/in", development)).toBeNull()
    expect(targetRefusal("http://localhost/in", development)).toBeNull()
  })

  it("resolvedAllowed refuses a forbidden resolved address only in production without the lift", () => {
    expect(resolvedAllowed("127.0.0.1", production)).toBe(false)
    expect(resolvedAllowed("::ffff:192.168.1.1", production)).toBe(false)
    expect(resolvedAllowed("93.184.216.34", production)).toBe(true)
    expect(resolvedAllowed("127.0.0.1", development)).toBe(true)
    expect(resolvedAllowed("127.0.0.1", lifted)).toBe(true)
  })
})

describe("isWebhookUrl", () => {
  it.each(["https://hooks.example.com/in?x=1", "http://127.0.0.1:8080/", "https://[::1]/", "HTTPS://Example.com"])(
    "accepts %s",
    (url) => expect(isWebhookUrl(url)).toBe(true)
  )
  it.each([
    "ftp://example.com/",
    "https://user:pw@example.com/",
    "https://example.com/#frag",
    "example.com/in",
    "https:///in",
    " https://example.com",
    "https://exa mple.com/",
    "javascript:alert(1)",
    `https://example.com/${"a".repeat(1981)}`
  ])(
    "refuses %s",
    (url) => expect(isWebhookUrl(url)).toBe(false)
  )
  it("allows 2000 characters and refuses 2001", () => {
    const base = "https://example.com/"
    expect(isWebhookUrl(base + "a".repeat(2000 - base.length))).toBe(true)
    expect(isWebhookUrl(base + "a".repeat(2001 - base.length))).toBe(false)
  })
})

describe("afterAttempt", () => {
  const at = DateTime.makeUnsafe(0)
  const failed = { _tag: "Failed", responseStatus: 500, error: "HTTP 500" } as const
  it("retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then gives up at the 7th", () => {
    const delays = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]
    delays.forEach((delay, index) => {
      const next = afterAttempt(index + 1, failed, at)
      expect(next.status).toBe("FAILED")
      expect(DateTime.toEpochMillis(next.nextAttemptAt!)).toBe(delay)
    })
    expect(MAX_ATTEMPTS).toBe(7)
    expect(afterAttempt(7, failed, at)).toEqual({ status: "GAVE_UP", nextAttemptAt: null })
  })
  it("a 2xx is SUCCEEDED at any attempt", () => {
    expect(afterAttempt(1, { _tag: "Delivered", responseStatus: 204 }, at)).toEqual({ status: "SUCCEEDED", nextAttemptAt: null })
    expect(afterAttempt(7, { _tag: "Delivered", responseStatus: 200 }, at)).toEqual({ status: "SUCCEEDED", nextAttemptAt: null })
  })
})
