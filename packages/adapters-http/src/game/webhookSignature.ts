import { Unauthenticated } from "@bluelight/core/identity"
import { type KeyObject, verify } from "node:crypto"

/** The headers the game signs a delivery with (lower case, as Node hands them over). */
export const SIGNATURE_HEADERS = { signature: "x-signature-ed25519", timestamp: "x-signature-timestamp" } as const

/** An Ed25519 signature in hex: 64 bytes, 128 characters. */
const HEX_SIGNATURE = /^[0-9a-fA-F]{128}$/

/** Unix seconds as the game writes them: digits only, no sign, no fraction (15 digits reach far past any clock). */
const UNIX_SECONDS = /^[0-9]{1,15}$/

/** A delivery's signature headers, read and checked for form. */
export interface SignedHeaders {
  /** The timestamp's text exactly as received: the signed message starts with these bytes. */
  readonly timestamp: string
  readonly seconds: number
  /** The signature in lower-case hex (the replay key: one signature, however its hex is cased). */
  readonly signature: string
}

const refused = (message: string) => new Unauthenticated({ message })

/**
 * The signature headers of a delivery, or `UNAUTHENTICATED` naming what is
 * missing or malformed: the signature as 128 hex characters (not base64),
 * the timestamp as Unix seconds.
 */
export const signedHeadersOf = (headers: Readonly<Record<string, string | undefined>>): SignedHeaders | Unauthenticated => {
  // A header sent twice arrives joined with a comma, which no valid value holds.
  const signature = headers[SIGNATURE_HEADERS.signature]
  const timestamp = headers[SIGNATURE_HEADERS.timestamp]
  if (signature === undefined || timestamp === undefined) {
    return refused("The game's deliveries carry X-Signature-Ed25519 and X-Signature-Timestamp")
  }
  if (!HEX_SIGNATURE.test(signature)) return refused("X-Signature-Ed25519 must be an Ed25519 signature in hex (128 characters)")
  if (!UNIX_SECONDS.test(timestamp)) return refused("X-Signature-Timestamp must be Unix seconds")
  return { timestamp, seconds: Number(timestamp), signature: signature.toLowerCase() }
}

/** Whether `seconds` is within `windowSeconds` of `nowMillis`, either way. */
export const isFresh = (seconds: number, nowMillis: number, windowSeconds: number): boolean => Math.abs(nowMillis / 1000 - seconds) <= windowSeconds

/**
 * Whether the signature verifies with Ed25519 against `key` over the
 * timestamp's bytes followed directly by the body's raw bytes: no separator,
 * nothing parsed or re-serialised.
 */
export const verifiesWith = (key: KeyObject, signed: SignedHeaders, body: Uint8Array): boolean => {
  const message = Buffer.concat([Buffer.from(signed.timestamp, "utf8"), body])
  try {
    return verify(null, message, key, Buffer.from(signed.signature, "hex"))
  } catch {
    // A key of another type than Ed25519 cannot verify anything.
    return false
  }
}
