import { Option } from "effect"
import { hasControlCharacter, isSafeText, withoutInvisibles, withoutUnsafeCharacters } from "../kernel/index.js"
import type { IdentityProfile, PlatformProfile } from "./Account.js"

/** The longest display name or username kept from a provider's profile, in characters. */
export const MAX_PROFILE_TEXT = 100
/** A provider id or avatar key longer than this is not one. */
const MAX_PROFILE_KEY = 200

/** Line breaks and tabs: a name that holds one reads best with a space there. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g
/**
 * Provider text made fit to store and show: breaks become spaces; NUL, lone
 * surrogates and what one-line text refuses (controls, zero-width and
 * direction-control characters, other invisibles) are dropped; blanks are
 * collapsed and trimmed, the text put in NFC, and the result is cut to `max` characters (never inside a surrogate pair). May be
 * empty; the caller chooses the fallback.
 */
export const cleanProfileText = (text: string, max: number = MAX_PROFILE_TEXT): string => {
  const cleaned = withoutInvisibles(withoutUnsafeCharacters(text.replace(BREAKS, " "))).replace(/\s+/g, " ").trim().normalize("NFC")
  const characters = Array.from(cleaned)
  return characters.length <= max ? cleaned : characters.slice(0, max).join("").trim()
}

/** Ids are keys: they are used exactly as given or not at all. */
const isUsableKey = (key: string): boolean => key.length > 0 && key.length <= MAX_PROFILE_KEY && isSafeText(key) && !hasControlCharacter(key)

/** The name of someone whose provider gave none that survives cleaning. */
const fallbackName = (id: string): string => cleanProfileText(`user-${id}`)

/**
 * The identity provider's profile as it may be stored: cleaned names that are
 * never empty (display name, else username, else one made from the id) and an
 * avatar key only when it is a plain key. `None` when the id itself is unusable:
 * that sign-in is refused like any other the provider does not confirm.
 */
export const sanitiseIdentityProfile = (profile: IdentityProfile): Option.Option<IdentityProfile> => {
  if (!isUsableKey(profile.id)) return Option.none()
  const username = cleanProfileText(profile.username) || fallbackName(profile.id)
  return Option.some({
    id: profile.id,
    username,
    displayName: cleanProfileText(profile.displayName) || username,
    avatar: profile.avatar !== null && isUsableKey(profile.avatar) ? profile.avatar : null
  })
}

/** The game platform's profile as it may be stored; `None` when its id is unusable. */
export const sanitisePlatformProfile = (profile: PlatformProfile): Option.Option<PlatformProfile> =>
  isUsableKey(profile.id)
    ? Option.some({ id: profile.id, username: cleanProfileText(profile.username) || fallbackName(profile.id) })
    : Option.none()
