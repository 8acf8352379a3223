/**
 * SHA-256 (FIPS 180-4) and base64url in plain TypeScript. Core depends on
 * effect alone, so the kit cannot reach for a crypto library; a real digest
 * (rather than a stand-in) keeps the kit's `Tokens` what the port promises:
 * a token cannot be read back out of its hash, and a PKCE challenge the kit
 * computes is one a real provider accepts. Speed is no concern in a test.
 */

// dprint-ignore: the round constants stay eight to a line, as FIPS 180-4 prints them
const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
])

const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]

/** UTF-8 bytes of the text; a lone surrogate becomes U+FFFD, as Node's and the WHATWG encoders do. */
export const utf8Bytes = (text: string): Uint8Array => {
  const bytes: Array<number> = []
  for (const char of text) {
    const point = char.codePointAt(0)!
    const cp = point >= 0xd800 && point <= 0xdfff ? 0xfffd : point
    if (cp < 0x80) bytes.push(cp)
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f))
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f))
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f))
  }
  return Uint8Array.from(bytes)
}

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n))

/** The 32-byte SHA-256 digest of `message`. */
export const sha256 = (message: Uint8Array): Uint8Array => {
  const bitLength = message.length * 8
  const padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64)
  padded.set(message)
  padded[message.length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x1_0000_0000))
  view.setUint32(padded.length - 4, bitLength >>> 0)

  const h = [...INITIAL]
  const w = new Uint32Array(64)
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block + t * 4)
    for (let t = 16; t < 64; t++) {
      const w15 = w[t - 15]!
      const w2 = w[t - 2]!
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3)
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10)
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) >>> 0
    }
    let [a, b, c, d, e, f, g, hh] = h as [number, number, number, number, number, number, number, number]
    for (let t = 0; t < 64; t++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t]! + w[t]!) >>> 0
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0
      hh = g
      g = f
      f = e
      e = (d + t1) >>> 0
      d = c
      c = b
      b = a
      a = (t1 + t2) >>> 0
    }
    ;[a, b, c, d, e, f, g, hh].forEach((value, i) => (h[i] = (h[i]! + value) >>> 0))
  }
  const digest = new Uint8Array(32)
  const out = new DataView(digest.buffer)
  h.forEach((value, i) => out.setUint32(i * 4, value))
  return digest
}

export const toHex = (bytes: Uint8Array): string => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("")

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

/** base64url without padding (RFC 4648 section 5). */
export const toBase64Url = (bytes: Uint8Array): string => {
  let out = ""
  for (let i = 0; i < bytes.length; i += 3) {
    const [b0, b1, b2] = [bytes[i]!, bytes[i + 1], bytes[i + 2]]
    const n = (b0 << 16) | ((b1 ?? 0) << 8) | (b2 ?? 0)
    out += BASE64URL[(n >> 18) & 63]! + BASE64URL[(n >> 12) & 63]!
    if (b1 !== undefined) out += BASE64URL[(n >> 6) & 63]!
    if (b2 !== undefined) out += BASE64URL[n & 63]!
  }
  return out
}
