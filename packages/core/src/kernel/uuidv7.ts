/**
 * Formats a UUIDv7 (RFC 9562) from a Unix time in milliseconds and ten random
 * bytes. Pure, so the id generator that owns the randomness stays an adapter.
 */
export const formatUuidV7 = (unixMillis: number, random: ArrayLike<number>): string => {
  if (random.length < 10) throw new RangeError("formatUuidV7 needs 10 random bytes")
  const bytes = Array.from({ length: 16 }, () => 0)
  let ms = Math.max(0, Math.floor(unixMillis))
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256
    ms = Math.floor(ms / 256)
  }
  bytes[6] = 0x70 | ((random[0] ?? 0) & 0x0f)
  bytes[7] = (random[1] ?? 0) & 0xff
  bytes[8] = 0x80 | ((random[2] ?? 0) & 0x3f)
  for (let i = 9; i < 16; i++) bytes[i] = (random[i - 6] ?? 0) & 0xff
  const hex = bytes.map((b) => b.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export const UUID_V7_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
